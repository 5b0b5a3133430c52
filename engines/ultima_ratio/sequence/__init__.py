"""Ultima Ratio Regis — 8. Game sequence: the turn (8.1, 8.3), the half turn and its impulses (8.2), the entry of new powers (8.1.2)."""
