"""The Planet King's tests call rule procedures directly: the default game's components are the active ones."""

from engines.planet_king import GAME, components

components.use(GAME.components)
