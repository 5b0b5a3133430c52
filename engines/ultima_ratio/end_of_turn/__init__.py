"""Ultima Ratio Regis — 22-23. Victory points and the end of turn: the turn end as steps, its pure rules, the victory objectives."""
