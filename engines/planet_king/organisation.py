"""The Organisation phase: the notable decks, the event deck, the action cubes, the player actions, the Royal
Mistress (and a Queen when needed), the Secret Memorials (Organisation Phase; Setup › Cards)."""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.core.types import text
from engines.planet_king import actions, actions_royal, council, court, wars
from engines.planet_king.components import PALATINATE, C
from engines.planet_king.flow import choose

R_DECKS = "organisation_phase.creating_the_notable_decks"
R_EVENTS = "organisation_phase.creating_the_event_decks"
DECKS = {"nobles": "noble", "geniuses": "genius", "ladies": "lady"}


def vp_total(s: dict) -> int:
    return s["vp"]["king"] + s["vp"]["valido"]


def ended(s: dict, wid: str, result: str | None = None) -> bool:
    return any(w == wid and (result is None or r == result) for w, r, *_ in s["war_results"])


def condition_met(s: dict, cond: str) -> bool:
    """The '?' seal conditions and the red-text conditions of content_items.py (CONDITIONS)."""
    key, _, arg = cond.partition(":")
    args = arg.split("|") if arg else []
    if key == "at_war":
        return wars.at_war(s, args[0])
    if key == "victory_points_or_war_ended":
        return vp_total(s) >= int(args[0]) or ended(s, args[1]) or s["flags"]["palatinate_ended"]
    if key == "victory_points_or_prestige":
        return vp_total(s) >= int(args[0]) or s["last_scores"].get("prestige", 99) <= int(args[1])
    if key == "war_in_progress_from_turn":
        return s["turn"] >= int(args[0]) and wars.active(s, args[1])
    if key == "union_of_arms_adds":
        return s["segadors_in_deck"]
    if key == "hunt":
        return s["hunting"]
    if key == "union_of_arms_completed":
        return s["union"] >= 2
    if key == "father_removed":
        return False  # the son enters only in his father's place (Father/Son trait)
    if key == "turn_or_valido_dismissed":
        return s["turn"] >= int(args[0]) or args[1] in s["dismissed"]
    if key == "the_fronde":
        return False  # Condé enters only through THE FRONDE
    if key == "war_won":
        return ended(s, args[0], "win")
    if key == "war_lost":
        return ended(s, args[0], "loss")
    if key == "war_ended":
        return ended(s, args[0]) or (args[0] == PALATINATE and s["flags"]["palatinate_ended"])
    if key == "guerra_dels_segadors_played":
        return s["flags"]["segadors"]
    raise ValueError(f"unknown condition {cond}")


def in_seal(s: dict, item: dict) -> bool:
    t = s["turn"]
    if item["conditional"]:
        return condition_met(s, item["condition"])
    return (item["turn_in"] or 1) <= t and (item["turn_out"] is None or t <= item["turn_out"])


# ----- notable decks -----------------------------------------------------------------------------------------
def build_notable_decks(g: Ctx) -> None:
    """Each deck holds the cards of its turns (and the '?' cards whose condition is met) that are not in play;
    notables past their turn of exit leave the Court, offices and armies."""
    s = g.s
    for nid, d in C.NOTABLES.items():
        if (
            d["turn_out"] is not None
            and s["turn"] > d["turn_out"]
            and court.in_play(s, nid)
            and (place := court.position_of(s, nid)) is not None
            and place[0] != "valido"
        ):
            court.remove_from_game(g, nid, text("why.past_the_turn_of_exit"), R_DECKS)
    for wid, war in s["wars"].items():
        if war["leader"] and not court.can_lead(s, war["leader"]):
            nid = war["leader"]
            g.log("log.s_leader_counter_is_not", nid=nid, turn=s["turn"], rule="tokens.military_leaders")
            court.to_court_or_deck(g, nid)
            court.vacancy(g, ("army", wid))
    for deck, kind in DECKS.items():
        if kind != "noble" and s["ignores_court_life"]:
            s["decks"][deck] = []
            continue
        cards = [
            n
            for n, d in C.NOTABLES.items()
            if d["kind"] == kind
            and n not in s["gone"]
            and n not in s["exiled"]
            and not court.in_play(s, n)
            and in_seal(s, d)
            and n != s["genius_waiting"]
        ]
        fresh = [
            n
            for n in cards
            if C.NOTABLES[n]["turn_in"] == s["turn"] or (C.NOTABLES[n]["conditional"] and n not in s["seen_notables"])
        ]
        s["seen_notables"] += fresh
        s["entered_now"] += fresh
        g.shuffle(cards)
        s["decks"][deck] = cards


def org_notable_decks(g: Ctx) -> None:
    g.s["entered_now"] = []
    build_notable_decks(g)
    for deck in reversed(list(DECKS)):
        org_offer_removal(g, deck)


def org_offer_removal(g: Ctx, deck: str) -> None:
    """From turn 2, the player may permanently remove one card from each notable deck (not one entered now)."""
    s = g.s
    cards = [n for n in s["decks"][deck] if n not in s["entered_now"]]
    if not cards or s["turn"] < 2:
        return
    if deck != "ladies":  # the player looks through the face-down deck to choose
        g.show(council.everyone(s), sorted(cards))
    choose(
        g,
        council.manager(s, "king" if deck == "ladies" else "valido"),
        text("prompt.you_may_remove_one_card", deck=deck),
        [("remove", n) for n in sorted(cards)] + [("keep", None)],
        "notable_removed",
        deck=deck,
    )


def notable_removed(g: Ctx, verb: str, arg, deck: str) -> None:
    if verb == "remove":
        court.remove_from_game(g, arg, text("why.removed_from_the_deck"), R_DECKS)


# ----- event deck --------------------------------------------------------------------------------------------
def build_event_deck(g: Ctx) -> None:
    """The cards of this turn, the '?' cards whose condition is met, as many INSTABILITY cards as active wars minus
    one plus the one added by UNION OF ARMS; red-text removals first (Creating the Event Decks)."""
    s = g.s
    for card in s["pending_removals"]:
        if card not in s["gone_events"]:
            s["gone_events"].append(card)
            g.log("log.red_text_is_removed_from", card=card, rule=R_EVENTS)
    s["pending_removals"] = []
    deck = []
    for card, d in sorted(C.EVENTS.items(), key=lambda x: x[1]["number"]):
        if card in s["gone_events"] or d["effect"] == "instability":
            continue
        if d["removed_if"] and condition_met(s, d["removed_if"]):
            s["gone_events"].append(card)
            g.log("log.red_text_is_removed_from", card=card, rule=R_EVENTS)
            continue
        if in_seal(s, d):
            deck.append(card)
    want = max(0, wars.count_for_instability(s) - 1)
    extra = [c for c in C.INSTABILITY if c not in s["instability_permanent"] and c not in s["gone_events"]][:want]
    deck += s["instability_permanent"] + extra
    g.shuffle(deck)
    s["decks"]["events"] = deck
    s["decks"]["discard"] = []
    g.log("log.the_event_deck_holds_cards", n=len(deck), n2=len(s["instability_permanent"]) + len(extra), rule=R_EVENTS)


def org_event_deck(g: Ctx) -> None:
    build_event_deck(g)


# ----- cubes, player actions, ladies -------------------------------------------------------------------------
def place_cubes(g: Ctx) -> None:
    """Four yellow cubes; red and blue as the Valido's Government and Political ratings; a green cube for an
    industrious Valido and one "if there is a notable with the advisor trait at Court" (line 240: a noble, the Queen
    or the Royal Mistress, ladies having the trait too, line 120), and SOR MARÍA DE ÁGREDA's extra government
    action when the Valido is not Olivares, ruling R-AGREDA."""
    s = g.s
    c = s["court"]
    valido = c["valido"]
    nobles = court.court_nobles(s)
    notables = nobles + court.court_geniuses(s) + [n for n in (c["queen"], c["mistress"]) if n]
    green = (1 if court.has(valido, "industrious") else 0) + (
        1 if any(court.has(n, "advisor") for n in notables) else 0
    )
    gov = court.rating(g, valido, "government")
    if (
        any(C.NOTABLES[n].get("special") == "sor_maria_de_agreda" for n in nobles)
        and C.NOTABLES[valido].get("special") != "olivares"
        and "gaspar-de-guzman" not in (valido or "")
    ):
        gov += 1
    s["cubes"] = {
        "royal": 0 if council.war_only(s) or s["king_dead"] else 4,
        "government": gov,
        "political": court.rating(g, valido, "political"),
        "green": green,
    }
    g.log(
        "log.action_cubes_red_blue_yellow",
        government=s["cubes"]["government"],
        political=s["cubes"]["political"],
        royal=s["cubes"]["royal"],
        green=green,
        rule="organisation_phase.placing_action_cubes",
    )


def org_cubes(g: Ctx) -> None:
    place_cubes(g)


def org_actions(g: Ctx) -> None:
    actions.action_round(g, "org")


def org_ladies(g: Ctx) -> None:
    """From the second turn the King replaces the Royal Mistress; a missing Queen is replaced."""
    s = g.s
    if s["ignores_court_life"]:
        return
    if s["court"]["queen"] is None:
        actions_royal.choose_queen(g)
    if s["turn"] != s["first_turn"] and actions_royal.mistress_candidates(s):
        actions_royal.choose_mistress(g, happiness=False)


PROCEDURES = (org_notable_decks, org_event_deck, org_cubes, org_actions, org_ladies)
DECISIONS = ((notable_removed, None),)
