"""The common game-session interface shared by every engine (DESIGN.md › engines/; docs/ARCHITECTURE.md)."""

from engines.core.game import Game, flat, random_bot
from engines.core.machine import Ctx, Step, StepGame
from engines.core.types import ContentError, Entry, IllegalAction, Legal, OptionsError, Played, Reveal, Text, text

__all__ = [
    "ContentError",
    "Ctx",
    "Entry",
    "Game",
    "IllegalAction",
    "Legal",
    "OptionsError",
    "Played",
    "Reveal",
    "Step",
    "StepGame",
    "Text",
    "flat",
    "random_bot",
    "text",
]
