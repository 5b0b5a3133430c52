import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engines import registry  # noqa: E402
from tests.support.toy_game import GAME as TOY  # noqa: E402

registry.register(TOY)
