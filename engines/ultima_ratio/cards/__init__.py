"""Ultima Ratio Regis — 3. Cards: the deck and the hands (8.1.4, 8.2.2, morale 13.1.8 / 21.3.4), card play (8.2.2, 8.2.3) and the
events (3.1)."""
