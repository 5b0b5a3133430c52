"""Ultima Ratio Regis — 9. Actions: the construction actions (9.1-9.4) and the regroup (9.5)."""
