"""15 Días: The Spanish Golden Age (rulebook: shared/rules/quince-dias.txt). ``QuinceDias`` is the game class the
registry builds; ``GAME`` is one instance with the packaged content."""

from engines.quince_dias.game import QuinceDias

GAME = QuinceDias()

__all__ = ["GAME", "QuinceDias"]
