"""Ultima Ratio Regis (game id ``ultima-ratio-regis``): the board (map.py, drawn by mapdraw.py) and the world data
(powers, minor powers, event cards, scenarios) validated on load; content.py exports both."""
