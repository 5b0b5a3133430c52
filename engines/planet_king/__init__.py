"""The Planet King (El Rey Planeta): the solo and cooperative game engine (issue 4). See RULINGS.md and README.md."""

from engines.planet_king.game import GAME, PlanetKing

__all__ = ["GAME", "PlanetKing"]
