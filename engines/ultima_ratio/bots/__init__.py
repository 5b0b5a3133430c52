"""Ultima Ratio Regis — The bots that play a seat from its view: the heuristic bot of 9.1 (``heuristic``) and its plans (``plans``)."""
