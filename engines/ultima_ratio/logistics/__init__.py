"""Ultima Ratio Regis — 14-15. Repatriations and logistics: the pure rules, stacking (15.1), supply (15.2), the overstack decision
(15.1.1), repatriations as steps (14)."""
