"""Ultima Ratio Regis — logistics."""
