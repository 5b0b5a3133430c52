"""Events of the Court: INSTABILITY, TRAITOR, THE TWILIGHT OF LIFE, FALL FROM GRACE, RIVALRY, LIBERTINES, PATRON,
SPANISH GOLDEN AGE, ROYAL MARRIAGE, and the events that grant an action: THE ENSIGN NUN, HIS MAJESTY THE KING,
DIPLOMACY (Events)."""
from __future__ import annotations

from engines.core.machine import Ctx
from engines.planet_king import actions, actions_political, actions_royal, actions_simple, council, court
from engines.planet_king.events import handler, not_played, p
from engines.planet_king.events_common import draw_notable
from engines.planet_king.flow import choose, proc
from engines.planet_king.fortune import CROW, PIGEON, draw_test
from engines.planet_king.scoring import enlightenment


@handler("instability")
def instability(g: Ctx, card: str) -> None:
    """Remove a ducat, then a random notable in play (drawn from the cup) leaves the game unless charismatic."""
    council.lose(g, p(card, "ducats", 1), "INSTABILITY", "Events › Instability")
    nid = draw_notable(g)
    if nid is None:
        g.log("No notable is in play.", rule="Events › Instability")
    elif court.has(nid, "charismatic"):
        g.log(f"{court.name(nid)} is drawn, but is charismatic: immune.", rule="Events › Instability")
    else:
        court.remove_from_game(g, nid, "INSTABILITY", "Events › Instability", death=True)


@handler("traitor")
def traitor(g: Ctx, card: str) -> None:
    nid = draw_notable(g, geniuses=False)
    if nid is None:
        not_played(g, "No noble and no Royal Mistress in play")
        return
    g.log(f"TRAITOR: {court.name(nid)} is drawn.", rule="Events › Traitor")
    loyalty_test(g, nid, "TRAITOR")


def loyalty_test(g: Ctx, nid: str, why: str) -> None:
    """Mercenary: removed without a test; loyal: immune; else negative = removed, neutral = exiled."""
    rule = "Events › Traitor"
    if court.has(nid, "mercenary"):
        court.remove_from_game(g, nid, f"{why} (mercenary)", rule)
        return
    if court.has(nid, "loyal"):
        g.log(f"{court.name(nid)} is loyal: immune.", rule=rule)
        return
    symbol, _ = draw_test(g, f"{court.name(nid)}'s loyalty")
    if symbol == CROW:
        court.remove_from_game(g, nid, why, rule)
    elif symbol == PIGEON:
        court.exile(g, nid, why, rule)
    else:
        g.log(f"{court.name(nid)} stays loyal.", rule=rule)


@handler("the_twilight_of_life")
def twilight_of_life(g: Ctx, card: str) -> None:
    nid = draw_notable(g)
    if nid is None:
        not_played(g, "No notable in play")
        return
    court.remove_from_game(g, nid, "THE TWILIGHT OF LIFE", "Events › The Twilight of Life", death=True)


def exposed_geniuses(s: dict) -> list[str]:
    return [n for n in court.court_geniuses(s) if n != s["court"]["painter"]]


@handler("fall_from_grace")
def fall_from_grace(g: Ctx, card: str) -> None:
    """A random genius at Court (not the Court painter) is shuffled back into the genius deck."""
    s = g.s
    cands = exposed_geniuses(s)
    if not cands:
        not_played(g, "No genius at Court but the Court painter")
        return
    nid = g.choice(cands)
    court.take_out(s, nid)
    s["decks"]["geniuses"].append(nid)
    g.shuffle(s["decks"]["geniuses"])
    g.log(f"{court.name(nid)} falls from grace and returns to the genius deck.", rule="Events › Fall from Grace")


@handler("rivalry")
def rivalry(g: Ctx, card: str) -> None:
    cands = exposed_geniuses(g.s)
    if not cands:
        not_played(g, "No genius at Court but the Court painter")
        return
    court.exile(g, g.choice(cands), "RIVALRY", "Events › Rivalry")


@handler("libertines")
def libertines(g: Ctx, card: str) -> None:
    cands = [n for n in court.nobles_in_play(g.s) if court.has(n, "libertine")]
    if not cands:
        not_played(g, "No libertine notable in play")
        return
    choose(g, council.manager(g.s, "king"), "LIBERTINES: choose a libertine notable.",
           [("notable", n, court.name(n)) for n in cands], "libertine_chosen")


@proc
def libertine_chosen(g: Ctx, verb: str, arg: str) -> None:
    symbol, _ = draw_test(g, f"the libertine {court.name(arg)}")
    if symbol == CROW:
        court.exile(g, arg, "LIBERTINES", "Events › Libertines")
    else:
        g.log(f"{court.name(arg)} escapes scandal.", rule="Events › Libertines")


@handler("patron")
def patron(g: Ctx, card: str) -> None:
    s = g.s
    slot = court.free_court_slot(s, "genius")
    if slot is None or not s["decks"]["geniuses"]:
        not_played(g, "The four genius spaces are occupied" if slot is None else "The genius deck is empty")
        return
    nid = s["decks"]["geniuses"].pop(0)
    g.reveal()
    court.place(g, nid, ("genius", slot))
    g.log(f"PATRON: {court.name(nid)} joins the Court.", rule="Events")


@handler("spanish_golden_age")
def spanish_golden_age(g: Ctx, card: str) -> None:
    """Ruling R-GOLDEN-AGE (open question 5): the threshold is the top row of the enlightenment table."""
    points = enlightenment(g.s)
    if points >= p(card, "enlightenment", 6):
        council.victory_points(g, p(card, "vp", 1), f"SPANISH GOLDEN AGE ({points} enlightenment)", "king",
                               "Events")
    else:
        g.log(f"SPANISH GOLDEN AGE: only {points} enlightenment points at Court.", rule="Events")


@handler("royal_marriage")
def royal_marriage(g: Ctx, card: str) -> None:
    """Reconstructed (open question 33): no Queen, the King marries (a happiness point); else an Infanta's
    marriage brings a prestige point."""
    s = g.s
    if s["court"]["queen"] is None and actions_royal.queen_candidates(s):
        council.mark(g, "happiness", p(card, "happiness", 1), "ROYAL MARRIAGE", "Events")
        actions_royal.choose_queen(g)
    else:
        council.mark(g, "prestige", p(card, "prestige", 1), "ROYAL MARRIAGE of an Infanta", "Events")


# ----- events that grant an action ---------------------------------------------------------------------------
@handler("ensign_nun")
def ensign_nun(g: Ctx, card: str) -> None:
    """An exploration as by a noble with Military 2, or a political action without a cube."""
    s = g.s
    opts = []
    if s["options"]["scenario"] != "hothead" and actions_simple.can_explore(s):
        opts.append(("explore", None, "Conduct an exploration (Military 2)"))
    if actions.available(g, "political", "event"):
        opts.append(("political", None, "Perform a political action without a cube"))
    if not opts:
        not_played(g, "Neither action is possible")
        return
    choose(g, council.manager(s, "valido"), "THE ENSIGN NUN: choose.", opts + [("pass", None, "Do nothing")],
           "ensign_nun_choice", n=p(card, "exploration_military", 2))


@proc
def ensign_nun_choice(g: Ctx, verb: str, arg, n: int) -> None:
    if verb == "explore":
        actions_simple.explore(g, n, "Catalina de Erauso, the Ensign Nun")
    elif verb == "political":
        actions.pick_action(g, "political", "event")


@handler("his_majesty_the_king")
def his_majesty(g: Ctx, card: str) -> None:
    s = g.s
    royal_ok = not (s["king_dead"] or council.war_only(s))
    opts = [("type", k, f"Perform a {actions.TYPE_NAMES[k]} without a cube") for k in ("government", "royal")
            if (k == "government" or royal_ok) and actions.available(g, k, "event")]
    if not opts:
        not_played(g, "No government or royal action is possible")
        return
    choose(g, council.manager(s, "king"), "HIS MAJESTY THE KING: choose.", opts + [("pass", None, "Do nothing")],
           "his_majesty_choice")


@proc
def his_majesty_choice(g: Ctx, verb: str, arg) -> None:
    if verb == "type":
        actions.pick_action(g, arg, "event")


@handler("diplomacy")
def diplomacy(g: Ctx, card: str) -> None:
    """An embassy without a cube and without the unique action marker (the ducat is still paid)."""
    if not actions_political.legal_embassy(g, "event"):
        not_played(g, "No embassy can be sent")
        return
    choose(g, council.manager(g.s, "valido"), "DIPLOMACY: send an embassy?",
           [("embassy", None, "Send an embassy"), ("pass", None, "Do nothing")], "diplomacy_choice")


@proc
def diplomacy_choice(g: Ctx, verb: str, arg) -> None:
    if verb == "embassy":
        actions_political.embassy(g)

