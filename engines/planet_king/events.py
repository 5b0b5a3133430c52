"""The Events phase: draw and resolve event cards one at a time until 5 ACTION cards (or 4 ACTION and TOTAL WAR)
have been played as events or the deck is empty (Events Phase; Events; War Event Cards; Action Event Cards).

Each card's ``effect`` names the procedure that carries it out in the game's table ``PlanetKing.effects``, built
from each module's ``EFFECTS``; the simple ones are here, the others in events_court.py
and events_realm.py.
"""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.core.types import Words, text
from engines.planet_king import actions, campaigns, council, military, wars
from engines.planet_king.components import PALATINATE, C
from engines.planet_king.flow import call, game_of

R_PHASE = "events_phase.end_of_the_event_phase"


def phase_over(s: dict) -> bool:
    """5 ACTION cards, or 4 ACTION and the TOTAL WAR card, played as events."""
    return s["played"]["action"] + s["played"]["total_war"] >= 5


def events_phase(g: Ctx) -> None:
    g.log("log.turn_the_events_phase_begins", turn=g.s["turn"], rule="game_sequence.events_phase")
    call(g, "next_event")


def next_event(g: Ctx) -> None:
    s = g.s
    if phase_over(s):
        g.log("log.five_action_total_war_cards", rule=R_PHASE)
        return
    if not s["decks"]["events"]:
        g.log("log.the_event_deck_is_empty", rule=R_PHASE)
        return
    card = s["decks"]["events"].pop(0)
    s["current_event"] = card
    s["last_tests"] = []
    g.show(council.everyone(s), [card])
    g.log("log.event", card=card, rule="events_phase.overview")
    call(g, "next_event")
    call(g, "event_done", card=card)
    resolve(g, card)


def resolve(g: Ctx, card: str) -> None:
    info = C.EVENTS[card]
    if council.war_only(g.s) and info["war_only_discard"]:
        g.log("log.war_only_mode_the_card", rule="scenarios.war_only_mode")
        return
    game_of(g).effects[info["effect"]](g, card)


def event_done(g: Ctx, card: str) -> None:
    """A one-use card (flame) leaves the game; red text is set aside for the next Organisation phase."""
    s = g.s
    info = C.EVENTS[card]
    if info["flame"]:
        s["gone_events"].append(card)
        g.log("log.is_a_one_use_card", name=info["name"], rule="events.overview")
    else:
        s["decks"]["discard"].append(card)
    s["pending_removals"] += [r for r in info["removes"] if r not in s["pending_removals"]]


def not_played(g: Ctx, why: Words) -> None:
    g.log("log.the_card_is_discarded_without", why=why, rule="events.overview")


def p(card: str, key: str, default=None):
    return C.EVENTS[card]["params"].get(key, default)


# ----- ACTION, war cards -------------------------------------------------------------------------------------
def action_card(g: Ctx, card: str) -> None:
    g.s["played"]["action"] += 1
    actions.action_round(g, "card")


def total_war_card(g: Ctx, card: str) -> None:
    g.s["played"]["total_war"] += 1
    campaigns.total_war(g)


def _war_card(g: Ctx, card: str) -> None:
    info = C.EVENTS[card]
    s = g.s
    if p(card, "palatinate") and wars.active(s, PALATINATE):
        wars.move(g, PALATINATE, p(card, "palatinate"), card)
    if p(card, "strength"):
        s["flags"]["fsw33" if info["effect"] == "franco_spanish_war" else "pw39"] = True
        g.log("log.the_enemy_armies_have_strength", name=info["name"], p=p(card, "strength"), rule="wars")
    campaigns.war_event(g, info["war"], turkish=info["effect"] == "turkish_war")


# ----- ducats, cubes, markers --------------------------------------------------------------------------------
def excellent_harvests(g: Ctx, card: str) -> None:
    council.gain(g, p(card, "ducats"), C.EVENTS[card]["name"], "events")


def the_plague(g: Ctx, card: str) -> None:
    council.lose(g, p(card, "ducats"), C.EVENTS[card]["name"], "events")


def mercenaries(g: Ctx, card: str) -> None:
    _per_trait(g, card, "mercenary", "events.mercenaries")


def corruption(g: Ctx, card: str) -> None:
    _per_trait(g, card, "corrupt", "events.corruption")


def _per_trait(g: Ctx, card: str, trait: str, rule: str) -> None:
    """One ducat for every two nobles (or fraction) in play with the trait."""
    from engines.planet_king import court

    n = sum(1 for x in court.nobles_in_play(g.s) if court.has(x, trait))
    if not n:
        not_played(g, text("why.no_noble_in_play", trait=trait))
        return
    council.lose(g, -(-n // p(card, "per", 2)), text("why.noble_s", card=card, n=n, trait=trait), rule)


def _royal_cube(g: Ctx, card: str, n: int) -> None:
    c = g.s["cubes"]
    before = c["royal"]
    c["royal"] = max(0, c["royal"] + n)
    if c["royal"] != before:
        g.log("log.royal_action_left", card=card, n=c["royal"] - before, royal=c["royal"], rule="actions.royal_actions")


def beaten_to_a_pulp(g: Ctx, card: str) -> None:
    """Errata: the player loses a Royal Action but gains a Happiness marker."""
    _royal_cube(g, card, -p(card, "royal_actions", 1))
    council.mark(g, "happiness", p(card, "happiness", 1), C.EVENTS[card]["name"], "events.beaten_to_a_pulp")


def corrales_and_brothels(g: Ctx, card: str) -> None:
    _royal_cube(g, card, -p(card, "royal_actions", 1))
    council.mark(g, "happiness", p(card, "happiness", 1), C.EVENTS[card]["name"], "events.corrales_and_brothels")


def barbara_van_beck(g: Ctx, card: str) -> None:
    _royal_cube(g, card, p(card, "royal_actions", 1))


def sebastian_de_morra(g: Ctx, card: str) -> None:
    council.mark(g, "happiness", p(card, "happiness", 1), C.EVENTS[card]["name"], "events")


def hunting_day(g: Ctx, card: str) -> None:
    g.s["hunting"] = False
    council.mark(g, "happiness", p(card, "happiness", 1), C.EVENTS[card]["name"], "actions.royal_actions_hunt")


# ----- Plus Ultra ---------------------------------------------------------------------------------------------
def west_indies_fleet(g: Ctx, card: str) -> None:
    g.s["plus_ultra"]["indies_fleets"] += 1
    g.log("log.an_indies_fleet_marker_is", rule="events")


def galleon_of_manila(g: Ctx, card: str) -> None:
    g.s["plus_ultra"]["galleon"] = True
    g.log("log.the_manila_galleon_marker_is", rule="events")


def shipwreck(g: Ctx, card: str) -> None:
    pu = g.s["plus_ultra"]
    if not pu["indies_fleets"]:
        not_played(g, text("why.no_indies_fleet_in_the"))
        return
    pu["indies_fleets"] -= 1
    g.log("log.an_indies_fleet_sinks", rule="events")


def construction(g: Ctx, card: str) -> None:
    from engines.planet_king.end_of_turn import deploy_construction

    if not military.units_at(g.s, military.CONSTRUCTION) and not g.s["forts_building"]:
        not_played(g, text("why.nothing_is_under_construction"))
        return
    deploy_construction(g)


PROCEDURES = (events_phase, next_event, event_done)

# the cards' effects this module carries out (the game's table, PlanetKing.effects)
EFFECTS = {
    "franco_spanish_war": _war_card,
    "flanders_war": _war_card,
    "anglo_spanish_war": _war_card,
    "turkish_war": _war_card,
    "portuguese_war": _war_card,
    "action": action_card,
    "total_war": total_war_card,
    "excellent_harvests": excellent_harvests,
    "the_plague": the_plague,
    "mercenaries": mercenaries,
    "corruption": corruption,
    "beaten_to_a_pulp": beaten_to_a_pulp,
    "corrales_and_brothels": corrales_and_brothels,
    "barbara_van_beck": barbara_van_beck,
    "sebastian_de_morra": sebastian_de_morra,
    "hunting_day": hunting_day,
    "west_indies_fleet": west_indies_fleet,
    "galleon_of_manila": galleon_of_manila,
    "shipwreck": shipwreck,
    "construction": construction,
}
