"""Ultima Ratio Regis — 10-12. Movement: strategic (10), naval (11: bases, fleets, tactical moves, interceptions, piracy) and land
tactical movement (12: areas, armies, landings, reactions)."""
