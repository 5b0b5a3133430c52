"""Ultima Ratio Regis — the scenarios of Playbook 9: one module each behind ``base.Scenario``; ``registry`` lists them
by id and is read by the game alone, so the generic rules (which import ``base`` only) import no scenario."""
