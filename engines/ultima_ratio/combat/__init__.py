"""Ultima Ratio Regis — 13. Combat: the pure procedure (13.1) and combats by kind (13.2-13.5), combat as steps of the flow (``battles``),
the combat cards' window (13.1.2-13.1.4), sorties and relief battles (13.3.1, 13.3.5), 16. Veterans."""
