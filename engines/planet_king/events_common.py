"""The opaque cups of markers drawn blind, revolts and raids (Setup › Tokens; Events › Uprising, Raid Events)."""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.core.types import Words, text
from engines.planet_king import council, court, military
from engines.planet_king.components import SPAIN, C
from engines.planet_king.fortune import CROW, PIGEON, draw_test

R_RAID = "events.raid_events"


def notable_markers(s: dict, geniuses: bool = True) -> list[list]:
    """The notables cup: one marker per noble at Court (1-4), genius at Court (1-4), office, army commander, and
    the Royal Mistress (never the Valido nor the Queen)."""
    out = [["noble", i] for i, n in enumerate(s["court"]["nobles"]) if n]
    if geniuses:
        out += [["genius", i] for i, n in enumerate(s["court"]["geniuses"]) if n]
    out += [["office", o] for o, n in s["offices"].items() if n]
    out += [["army", w] for w, war in s["wars"].items() if war["leader"]]
    if s["court"]["mistress"]:
        out.append(["mistress"])
    return out


def draw_notable(g: Ctx, geniuses: bool = True) -> str | None:
    """Draw a notable marker at random (TRAITOR draws again on a genius: the same as leaving them out)."""
    markers = notable_markers(g.s, geniuses)
    if not markers:
        return None
    return court.holder(g.s, tuple(g.choice(markers)))


def europe_markers() -> list[str]:
    return [t for t, d in C.TERRITORIES.items() if d["location_marker"] == "europe"]


def indies_markers(s: dict) -> list[str]:
    """Only the locations in use: a settlement once established (Setup › Tokens)."""
    return [
        t
        for t, d in C.TERRITORIES.items()
        if d["location_marker"] == "indies" and (not d["settlement"] or s["territories"][t]["settled"])
    ]


def revolt(g: Ctx, why: Words) -> None:
    """A revolt marker on a random location in Europe, resolved in the End of Turn phase."""
    where = g.choice(europe_markers())
    g.s["territories"][where]["revolt"] = True
    g.log("log.a_revolt_breaks_out_in", why=why, where=where, rule="end_of_turn_phase.revolts")


def raid(g: Ctx, why: Words, spain_ducats: int = 0) -> str | None:
    """A raid on a random location of the Indies or Spain; returns the location if the raid succeeds."""
    s = g.s
    where = g.choice([*indies_markers(s), SPAIN])
    here = s["territories"][where]
    name = C.TERRITORIES[where]["name"]
    g.log("log.the_raid_strikes", why=why, name=name, rule=R_RAID)
    if here["raid"]:
        g.log("log.already_has_a_raid_marker", name=name, rule=R_RAID)
        return None
    if C.TERRITORIES[where]["portuguese"] and s["flags"]["portugal_independent"]:
        g.log("log.is_portuguese_and_portugal_is", name=name, rule=R_RAID)
        return None
    fleet = military.has_fleet(s, where)
    level = here["fort"]
    symbol, _ = draw_test(g, text("why.the_defence_of", name=name))
    if fleet or level >= 2:
        success = symbol == CROW
    elif level == 1:
        success = symbol in (CROW, PIGEON)
    else:
        success = True
    if not success:
        g.log("log.repels_the_raid", name=name, rule=R_RAID)
        return None
    if where == SPAIN:
        # line 306: a successful raid places a raid marker; line 309's "if there is no fleet in Spain" is
        # COUNTER-ARMADA's own exception, with its two ducats
        if spain_ducats:
            council.lose(g, spain_ducats, text("why.the_raid_on_spain"), R_RAID)
        if not (spain_ducats and fleet):
            here["raid"] = True
            g.log("log.a_raid_marker_is_placed", rule=R_RAID)
        return where
    here["ducats"] = 0
    if C.TERRITORIES[where]["settlement"]:
        here.update(settled=False, fort=0)
        council.mark(g, "prestige", -1, text("why.the_settlement_of_is_destroyed", name=name), R_RAID)
        return where
    here["raid"] = True
    g.log("log.the_raid_succeeds_the_ducats", name=name, rule=R_RAID)
    return where
