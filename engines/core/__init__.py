"""The common game-session interface shared by every engine (see DESIGN.md, engines/)."""
from engines.core.types import Action, IllegalAction, OptionsError
from engines.core.game import Game
from engines.core.machine import Ctx, Step, StepGame

__all__ = ["Action", "IllegalAction", "OptionsError", "Game", "Ctx", "Step", "StepGame"]
