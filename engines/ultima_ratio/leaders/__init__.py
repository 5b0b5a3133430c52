"""Ultima Ratio Regis — 17. Leaders: the pure rules, the state seen as counters, the build-a-leader action and a leader's changes of
unit (17.1-17.3), reattachment at a combat's end."""
