"""The common game-session interface shared by every engine (DESIGN.md › engines/; docs/ARCHITECTURE.md)."""
from engines.core.types import ContentError, Entry, IllegalAction, Legal, OptionsError, Played, Reveal, Text, text
from engines.core.game import Game, flat, random_bot
from engines.core.machine import Ctx, Step, StepGame

__all__ = ["ContentError", "Entry", "IllegalAction", "Legal", "OptionsError", "Played", "Reveal", "Text", "text",
           "Game", "flat", "random_bot", "Ctx", "Step", "StepGame"]
