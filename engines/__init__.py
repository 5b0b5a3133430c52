"""Siglo de Oro game engines: pure, deterministic rules modules behind one game-session interface.

Nothing here imports ``app``; see ``engines.core`` for the interface and ``engines.registry`` for the list
of games.
"""
