"""Ultima Ratio Regis — leaders."""
