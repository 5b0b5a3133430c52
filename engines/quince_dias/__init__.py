"""15 Días: The Spanish Golden Age (rulebook: shared/rules/quince-dias.txt). ``GAME`` is the registered game."""
from engines.quince_dias.bots import BOTS
from engines.quince_dias.game import QuinceDias

GAME = QuinceDias()
GAME.bots = BOTS

__all__ = ["GAME", "QuinceDias"]
