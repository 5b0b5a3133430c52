"""Ultima Ratio Regis — 20-21. Diplomacy: war between powers (21.3, forced peace 21.5.4); minors, alliances and peace are to come."""
