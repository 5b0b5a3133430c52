"""Bots for 15 Días: the random-legal bot and a heuristic one."""
from __future__ import annotations

from engines.core.game import random_bot

BOTS = {"random": random_bot}
