"""The app names no game (DESIGN.md › engines/; issue 26): whatever it needs to know of a game — cooperative or not,
how its seats are rated, its presentation and extra pages — the game declares through ``engines.core.game.Game``,
and ``app/`` reaches the engines through ``engines.registry`` and ``engines.core`` only. Read from the source:
every module under ``app/`` parsed with ``ast``, every template outside ``templates/games/<id>/``."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from engines import registry

ROOT = Path(__file__).resolve().parents[2]
ALLOWED = ("engines.registry", "engines.core")  # what app/ may import of engines/ (and what lies below them)


def games_words() -> dict[str, str]:
    """What names a registered game: its id, and an engine package's name (``quince_dias``), each -> the id."""
    registry.configure(None)
    words = {}
    for game in registry.all_games():
        words[game.id] = game.id
        module = type(game).__module__.split(".")
        if module[0] == "engines":  # a shipped game (a test's own games live in tests/)
            words[module[1]] = game.id
    return words


def _allowed(module: str) -> bool:
    return any(module == a or module.startswith(a + ".") for a in ALLOWED)


def imports_of(tree: ast.AST) -> list[str]:
    """Every engines module a tree imports, as ``engines.x.y`` (``from engines import x`` reads as ``engines.x``)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] == "engines"]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "engines":
                found += [f"engines.{a.name}" for a in node.names]
            elif node.module.startswith("engines."):
                found.append(node.module)
    return found


def problems_of(source: str, where: str, words: dict[str, str]) -> list[str]:
    """What a module of app/ does that it must not: import an engine package but through the registry or the
    core, or name a game (its id or its package) in any string — a docstring, an f-string's text, a template's
    name or a dotted path to import."""
    tree = ast.parse(source, where)
    out = [f"{where}: imports {m}" for m in imports_of(tree) if not _allowed(m)]
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            out += [f"{where}:{node.lineno}: names {w!r}" for w in words if w in node.value]
    return out


def test_the_app_imports_engines_through_the_registry_and_the_core_only_and_names_no_game():
    words = games_words()
    assert {ref.split(":")[0].split(".")[1] for ref in registry.BUILTIN} <= set(words)  # every shipped game read
    problems = []
    for path in sorted((ROOT / "app").rglob("*.py")):
        problems += problems_of(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)), words)
    assert problems == []


def test_no_template_names_a_game_but_the_games_own():
    """A template outside ``templates/games/<id>/`` names no game; a game's own templates name no other game."""
    words = games_words()
    folder = ROOT / "templates"
    problems = []
    for path in sorted(folder.rglob("*")):
        if not path.is_file():
            continue
        parts = path.relative_to(folder).parts
        own = parts[1] if parts[0] == "games" and len(parts) > 2 else None
        text = path.read_text(encoding="utf-8")
        problems += [f"{path.relative_to(ROOT)} names {w!r}" for w, gid in words.items() if gid != own and w in text]
    assert problems == []


def test_the_check_sees_what_it_forbids():
    """The reader of the source is not blind: a game's package imported any way, a game's id in a string."""
    words = {"15-dias": "15-dias", "quince_dias": "15-dias"}
    bad = (
        "import engines.quince_dias.cards\n"
        "from engines import quince_dias, registry\n"
        "from engines.quince_dias.game import QuinceDias\n"
        "from engines.core import Game\n"
        "TEMPLATE = f'games/15-dias/{1}.html'\n"
        "MODULE = 'engines.quince_dias:QuinceDias'\n"
    )
    found = problems_of(bad, "x.py", words)
    assert len([p for p in found if "imports" in p]) == 3
    assert len([p for p in found if "names" in p]) == 2
    assert problems_of("from engines import registry\nfrom engines.core.text import Renderer\n", "y.py", words) == []


def test_the_engines_import_no_app():
    """The other way round: an engine never imports the app (engines stay pure; a presentation module too)."""
    problems = []
    for path in sorted((ROOT / "engines").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom) and node.level == 0
                else []
            )
            problems += [f"{path.relative_to(ROOT)} imports {n}" for n in names if re.match(r"app(\.|$)", n)]
    assert problems == []
