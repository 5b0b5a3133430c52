"""Ultima Ratio Regis — 19. Economy: unrest (19.1), commerce (19.2, with the accounts of 23.1.1), technology (19.3)."""
