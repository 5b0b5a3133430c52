"""Events of the Court: INSTABILITY, TRAITOR, THE TWILIGHT OF LIFE, FALL FROM GRACE, RIVALRY, LIBERTINES, PATRON,
SPANISH GOLDEN AGE, ROYAL MARRIAGE, and the events that grant an action: THE ENSIGN NUN, HIS MAJESTY THE KING,
DIPLOMACY (Events)."""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.core.types import Words, text
from engines.planet_king import actions, actions_political, actions_royal, actions_simple, council, court
from engines.planet_king.events import not_played, p
from engines.planet_king.events_common import draw_notable
from engines.planet_king.flow import choose
from engines.planet_king.fortune import CROW, PIGEON, draw_test
from engines.planet_king.scoring import enlightenment


def instability(g: Ctx, card: str) -> None:
    """Remove a ducat, then a random notable in play (drawn from the cup) leaves the game unless charismatic."""
    council.lose(g, p(card, "ducats", 1), text("why.instability"), "events.instability")
    nid = draw_notable(g)
    if nid is None:
        g.log("log.no_notable_is_in_play", rule="events.instability")
    elif court.has(nid, "charismatic"):
        g.log("log.is_drawn_but_is_charismatic", nid=nid, rule="events.instability")
    else:
        court.remove_from_game(g, nid, text("why.instability"), "events.instability", eliminated=True)


def traitor(g: Ctx, card: str) -> None:
    nid = draw_notable(g, geniuses=False)
    if nid is None:
        not_played(g, text("why.no_noble_and_no_royal"))
        return
    g.log("log.traitor_is_drawn", nid=nid, rule="events.traitor")
    loyalty_test(g, nid, text("why.traitor"))


def loyalty_test(g: Ctx, nid: str, why: Words) -> None:
    """Mercenary: removed without a test; loyal: immune; else negative = removed, neutral = exiled."""
    rule = "events.traitor"
    if court.has(nid, "mercenary"):
        court.remove_from_game(g, nid, text("why.mercenary", why=why), rule)
        return
    if court.has(nid, "loyal"):
        g.log("log.is_loyal_immune", nid=nid, rule=rule)
        return
    symbol, _ = draw_test(g, text("why.s_loyalty", nid=nid))
    if symbol == CROW:
        court.remove_from_game(g, nid, why, rule)
    elif symbol == PIGEON:
        court.exile(g, nid, why, rule)
    else:
        g.log("log.stays_loyal", nid=nid, rule=rule)


def twilight_of_life(g: Ctx, card: str) -> None:
    nid = draw_notable(g)
    if nid is None:
        not_played(g, text("why.no_notable_in_play"))
        return
    court.remove_from_game(g, nid, text("why.the_twilight_of_life"), "events.the_twilight_of_life", death=True)


def exposed_geniuses(s: dict) -> list[str]:
    return [n for n in court.court_geniuses(s) if n != s["court"]["painter"]]


def fall_from_grace(g: Ctx, card: str) -> None:
    """A random genius at Court (not the Court painter) is shuffled back into the genius deck."""
    s = g.s
    cands = exposed_geniuses(s)
    if not cands:
        not_played(g, text("why.no_genius_at_court_but"))
        return
    nid = g.choice(cands)
    court.take_out(s, nid)
    s["decks"]["geniuses"].append(nid)
    g.shuffle(s["decks"]["geniuses"])
    g.log("log.falls_from_grace_and_returns", nid=nid, rule="events.fall_from_grace")


def rivalry(g: Ctx, card: str) -> None:
    cands = exposed_geniuses(g.s)
    if not cands:
        not_played(g, text("why.no_genius_at_court_but"))
        return
    court.exile(g, g.choice(cands), text("why.rivalry"), "events.rivalry")


def libertines(g: Ctx, card: str) -> None:
    cands = [n for n in court.nobles_in_play(g.s) if court.has(n, "libertine")]
    if not cands:
        not_played(g, text("why.no_libertine_notable_in_play"))
        return
    choose(
        g,
        council.manager(g.s, "king"),
        text("prompt.libertines_choose_a_libertine_notable"),
        [("notable", n) for n in cands],
        "libertine_chosen",
    )


def libertine_chosen(g: Ctx, verb: str, arg: str) -> None:
    symbol, _ = draw_test(g, text("why.the_libertine", arg=arg))
    if symbol == CROW:
        court.exile(g, arg, text("why.libertines"), "events.libertines")
    else:
        g.log("log.escapes_scandal", arg=arg, rule="events.libertines")


def patron(g: Ctx, card: str) -> None:
    s = g.s
    slot = court.free_court_slot(s, "genius")
    if slot is None or not s["decks"]["geniuses"]:
        not_played(
            g, text("why.the_four_genius_spaces_are_occupied" if slot is None else "why.the_genius_deck_is_empty")
        )
        return
    nid = s["decks"]["geniuses"].pop(0)
    g.show(council.everyone(s), [nid])
    court.place(g, nid, ("genius", slot))
    g.log("log.patron_joins_the_court", nid=nid, rule="events")


def spanish_golden_age(g: Ctx, card: str) -> None:
    """Ruling R-GOLDEN-AGE (open question 5): the threshold is the top row of the enlightenment table."""
    points = enlightenment(g.s)
    if points >= p(card, "enlightenment", 6):
        council.victory_points(
            g, p(card, "vp", 1), text("why.spanish_golden_age_enlightenment", points=points), "king", "events"
        )
    else:
        g.log("log.spanish_golden_age_only_enlightenment", points=points, rule="events")


def royal_marriage(g: Ctx, card: str) -> None:
    """Reconstructed (open question 33): no Queen, the King marries (a happiness point); else an Infanta's
    marriage brings a prestige point."""
    s = g.s
    if s["court"]["queen"] is None and actions_royal.queen_candidates(s):
        council.mark(g, "happiness", p(card, "happiness", 1), text("why.royal_marriage"), "events")
        actions_royal.choose_queen(g)
    else:
        council.mark(g, "prestige", p(card, "prestige", 1), text("why.royal_marriage_of_an_infanta"), "events")


# ----- events that grant an action ---------------------------------------------------------------------------
def ensign_nun(g: Ctx, card: str) -> None:
    """An exploration as by a noble with Military 2, or a political action without a cube."""
    s = g.s
    opts = []
    if s["options"]["scenario"] != "hothead" and actions_simple.can_explore(s):
        opts.append(("explore", None))
    if actions.available(g, "political", "event"):
        opts.append(("political", None))
    if not opts:
        not_played(g, text("why.neither_action_is_possible"))
        return
    choose(
        g,
        council.manager(s, "valido"),
        text("prompt.the_ensign_nun_choose"),
        [*opts, ("pass", None)],
        "ensign_nun_choice",
        n=p(card, "exploration_military", 2),
    )


def ensign_nun_choice(g: Ctx, verb: str, arg, n: int) -> None:
    if verb == "explore":
        actions_simple.explore(g, n, text("who.ensign_nun"))
    elif verb == "political":
        actions.pick_action(g, "political", "event")


def his_majesty(g: Ctx, card: str) -> None:
    s = g.s
    opts = [("type", k) for k in ("government", "royal") if actions.available(g, k, "event")]
    if not opts:
        not_played(g, text("why.no_government_or_royal_action"))
        return
    choose(
        g,
        council.manager(s, "king"),
        text("prompt.his_majesty_the_king_choose"),
        [*opts, ("pass", None)],
        "his_majesty_choice",
    )


def his_majesty_choice(g: Ctx, verb: str, arg) -> None:
    if verb == "type":
        actions.pick_action(g, arg, "event")


def diplomacy(g: Ctx, card: str) -> None:
    """An embassy without a cube and without the unique action marker (the ducat is still paid)."""
    if not actions_political.legal_embassy(g, "event"):
        not_played(g, text("why.no_embassy_can_be_sent"))
        return
    choose(
        g,
        council.manager(g.s, "valido"),
        text("prompt.diplomacy_send_an_embassy"),
        [("embassy", None), ("pass", None)],
        "diplomacy_choice",
    )


def diplomacy_choice(g: Ctx, verb: str, arg) -> None:
    if verb == "embassy":
        actions_political.embassy(g)


DECISIONS = ((libertine_chosen, None), (ensign_nun_choice, None), (his_majesty_choice, None), (diplomacy_choice, None))

# the cards' effects this module carries out (the game's table, PlanetKing.effects)
EFFECTS = {
    "instability": instability,
    "traitor": traitor,
    "the_twilight_of_life": twilight_of_life,
    "fall_from_grace": fall_from_grace,
    "rivalry": rivalry,
    "libertines": libertines,
    "patron": patron,
    "spanish_golden_age": spanish_golden_age,
    "royal_marriage": royal_marriage,
    "ensign_nun": ensign_nun,
    "his_majesty_the_king": his_majesty,
    "diplomacy": diplomacy,
}
