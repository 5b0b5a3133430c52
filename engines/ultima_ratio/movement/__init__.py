"""Ultima Ratio Regis — movement."""
