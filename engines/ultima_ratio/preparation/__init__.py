"""Ultima Ratio Regis — 7. Preparation of the game and 24. Deployment of a major power."""
