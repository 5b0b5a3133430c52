"""Events of the realm and its wars: UPRISING, STORMS, UNION OF ARMS, GUERRA DELS SEGADORS, THE FRONDE, the raids,
the Palatinate events, WALLENSTEIN, OLD TERCIO, SPANISH ROAD, AUSTRIAN ALLIANCE, CONSPIRACY OF NOBLES, CORSAIRS OF
DUNKIRK (Events; Wars)."""

from __future__ import annotations

from engines.core.machine import Ctx
from engines.core.types import text
from engines.planet_king import council, court, military, wars
from engines.planet_king.components import (
    CONDE,
    CONDE_LEADER,
    F_CATALONIA,
    F_PICARDY,
    FLANDERS,
    FLANDERS_WAR,
    FRANCE,
    FRANCHE_COMTE,
    ITALY,
    PALATINATE,
    PLUS_ULTRA,
    SPAIN,
    C,
)
from engines.planet_king.events import not_played, p
from engines.planet_king.events_common import raid, revolt
from engines.planet_king.events_court import loyalty_test
from engines.planet_king.flow import choose
from engines.planet_king.fortune import CROW, EAGLE, draw_test, tests


def uprising(g: Ctx, card: str) -> None:
    if not wars.active_wars(g.s):
        not_played(g, text("why.spain_is_not_at_war"))
        return
    revolt(g, text("why.uprising"))


def storms(g: Ctx, card: str) -> None:
    """A fortune test for each fleet, pirate and Indies fleet in Plus Ultra; a negative result removes it."""
    s = g.s
    pu = s["plus_ultra"]
    fleets = [u for u in military.units_at(s, PLUS_ULTRA) if u["type"] == "fleet"]
    if not fleets and not pu["pirates"] and not pu["indies_fleets"]:
        not_played(g, text("why.nothing_sails_in_the_plus"))
        return
    for u in fleets:
        if draw_test(g, text("why.a_fleet_in_the_storm"))[0] == CROW:
            military.remove_unit(s, u["id"])
            g.log("log.a_fleet_is_lost_in", rule="events.storms")
    for key in ("pirates", "indies_fleets"):
        for _ in range(pu[key]):
            if draw_test(g, text("why.a_marker_in_the_storm", what=key))[0] == CROW:
                pu[key] -= 1
                g.log("log.a_marker_is_lost_in", what=key, rule="events.storms")


# ----- Union of Arms, Guerra dels Segadors -------------------------------------------------------------------
def union_of_arms(g: Ctx, card: str) -> None:
    n = g.s["union"]
    what = text("union.first" if n == 0 else "union.second")
    choose(
        g,
        council.manager(g.s, "valido"),
        text("prompt.union_of_arms_is_optional", what=what),
        [("play", None), ("pass", None)],
        "union_choice",
        card=card,
    )


def union_choice(g: Ctx, verb: str, arg, card: str) -> None:
    s = g.s
    rule = "events.union_of_arms"
    if verb == "pass":
        g.log("log.the_union_of_arms_is_not_played", rule=rule)
        return
    s["union"] += 1
    if s["union"] == 1:
        council.gain(g, p(card, "ducats", 1), text("why.union_of_arms"), rule)
        used = set(s["decks"]["events"]) | set(s["decks"]["discard"]) | set(s["instability_permanent"])
        spare = [c for c in C.INSTABILITY_CARDS if c not in used and c not in s["gone_events"]]
        added = spare[0] if spare else C.SEGADORS
        if spare:
            s["instability_permanent"].append(added)
        else:
            s["segadors_in_deck"] = True
        s["decks"]["events"].append(added)
        g.shuffle(s["decks"]["events"])
        g.log("log.is_added_to_the_event", added=added, rule=rule)
        return
    s["gone_events"].append(card)
    g.log("log.the_union_of_arms_is", rule=rule)


def guerra_dels_segadors(g: Ctx, card: str) -> None:
    s = g.s
    rule = "wars.guerra_dels_segadors"
    s["flags"]["segadors"] = True
    s["flags"]["catalan_tercio"] = True
    if C.UNION not in s["gone_events"]:
        s["pending_removals"].append(C.UNION)
    if wars.at_war(s, FRANCE):
        s["flags"]["catalonia_four"] = True
        s["wars"][F_CATALONIA]["black"] = C.WARS[F_CATALONIA]["black"]
        g.log("log.the_guerra_dels_segadors_marker", rule=rule)
    elif s["wars_declared"] >= 2 or wars.ended_this_turn(s, FRANCE):
        # a war event card like any other: "a maximum of two new wars" (line 386), none that ended this turn (409)
        g.log(
            "log.two_wars_have_already_been" if s["wars_declared"] >= 2 else "log.the_war_with_ended_this",
            power=FRANCE,
            rule="wars.declaration_of_war",
        )
    else:
        g.log("log.catalonia_rises_war_with_france", rule=rule)
        s["wars_declared"] += 1
        war = s["wars"][F_CATALONIA]
        war.update(
            status="war",
            pos=0,
            truce=False,
            leader=None,
            enemy=None,
            black=C.WARS[F_CATALONIA]["black_before"] or C.WARS[F_CATALONIA]["black"],
        )
        wars.appoint_enemy(g, F_CATALONIA)
        wars.muster(g, F_CATALONIA)
    g.log("log.margarit_joins_the_french_leaders", rule=rule)


# ----- The Fronde --------------------------------------------------------------------------------------------
def the_fronde(g: Ctx, card: str) -> None:
    s = g.s
    if not wars.at_war(s, FRANCE):
        not_played(g, text("why.spain_is_not_at_war_with_france"))
        return
    fronts = [w for w in wars.FRENCH_FRONTS if wars.active(s, w)]
    if military.supply_left(s, "french_tercio"):
        choose(
            g,
            council.manager(s, "valido"),
            text("prompt.the_fronde_on_which_french"),
            [("front", w) for w in fronts],
            "fronde_tercio",
        )
        return
    fronde_conde(g)


def fronde_tercio(g: Ctx, verb: str, arg: str) -> None:
    military.new_unit(g.s, "french_tercio", arg)
    g.log("log.a_french_tercio_joins_the", arg=arg, rule="events.the_fronde")
    fronde_conde(g)


def fronde_conde(g: Ctx) -> None:
    """LOUIS II CONDÉ, if not in play for Spain, takes command of the Picardy or Catalonia army."""
    s = g.s
    if s["conde"] == "spain" or s["conde"] == "gone":
        return
    armies = [w for w in (F_PICARDY, F_CATALONIA) if wars.active(s, w)]
    if not armies:
        g.log("log.neither_the_picardy_nor_the", rule="special_rules.cond")
        return
    choose(
        g,
        council.manager(s, "valido"),
        text("prompt.the_fronde_which_army_does"),
        [("army", w) for w in armies],
        "conde_army",
    )


def conde_army(g: Ctx, verb: str, arg: str) -> None:
    s = g.s
    rule = "special_rules.cond"
    for w in wars.FRENCH_FRONTS:
        if s["wars"][w]["enemy"] == CONDE_LEADER:
            s["wars"][w]["enemy"] = None
            s["conde"] = "spain"
            wars.appoint_enemy(g, w)
    s["conde"] = "spain"
    if CONDE in s["gone"]:
        s["gone"].remove(CONDE)
    if CONDE in s["decks"]["nobles"]:
        s["decks"]["nobles"].remove(CONDE)
    old = s["wars"][arg]["leader"]
    court.place(g, CONDE, ("army", arg))
    g.log("log.takes_command", arg=CONDE, wid=arg, rule=rule)
    if old:
        court.to_court_or_deck(g, old)


# ----- raids -------------------------------------------------------------------------------------------------
def raid_card(g: Ctx, card: str) -> None:
    raid(g, C.EVENTS[card]["name"])


def pirates(g: Ctx, card: str) -> None:
    raid(g, text("why.pirates"))
    g.s["plus_ultra"]["pirates"] += 1
    g.log("log.a_pirates_marker_is_placed", rule="events.raid_events")


def counter_armada(g: Ctx, card: str) -> None:
    raid(g, text("why.counter_armada"), spain_ducats=p(card, "ducats", 2))


def barbary_pirates(g: Ctx, card: str) -> None:
    """Reconstructed (CONTENT.md): a fleet in Spain keeps the ducat unless its fortune test is negative."""
    if military.has_fleet(g.s, SPAIN) and draw_test(g, text("why.the_fleet_of_spain_against"))[0] != CROW:
        g.log("log.the_fleet_of_spain_drives", rule="events")
        return
    council.lose(g, p(card, "ducats", 1), text("why.barbary_pirates"), "events")


# ----- the Palatinate ----------------------------------------------------------------------------------------
def palatinate(g: Ctx, card: str) -> None:
    s = g.s
    if p(card, "strength"):
        s["flags"]["breitenfeld"] = True
        g.log("log.the_protestant_armies_have_strength", rule="wars.war_of_the_palatinate")
    if not wars.active(s, PALATINATE) or s["wars"][PALATINATE]["truce"]:
        not_played(g, text("why.the_palatinate_war_is_not"))
        return
    wars.move(g, PALATINATE, p(card, "palatinate", -1), card)


def wallenstein(g: Ctx, card: str) -> None:
    s = g.s
    if not wars.active(s, PALATINATE) or s["wars"][PALATINATE]["truce"] or not council.can_pay(s, p(card, "ducats")):
        not_played(g, text("why.the_palatinate_marker_cannot_be"))
        return
    choose(
        g,
        council.manager(s, "valido"),
        text("prompt.wallenstein_spend_a_ducat_to"),
        [("pay", None), ("pass", None)],
        "wallenstein_choice",
        card=card,
    )


def wallenstein_choice(g: Ctx, verb: str, arg, card: str) -> None:
    if verb == "pay":
        council.spend(g, p(card, "ducats"), text("why.wallenstein"), "events")
        wars.move(g, PALATINATE, p(card, "palatinate"), card)


def old_tercio(g: Ctx, card: str) -> None:
    s = g.s
    tercios = [u for u in s["units"] if u["type"] == "spanish_tercio" and u["loc"] != military.CONSTRUCTION]
    if not tercios or not military.supply_left(s, "old_tercio") or not council.can_pay(s, p(card, "ducats", 1)):
        not_played(g, text("why.no_spanish_tercio_can_be"))
        return
    choose(
        g,
        council.manager(s, "valido"),
        text("prompt.old_tercio_exchange_a_spanish"),
        [("spanish_tercio", u["id"]) for u in tercios] + [("pass", None)],
        "old_tercio_choice",
        card=card,
    )


def old_tercio_choice(g: Ctx, verb: str, arg, card: str) -> None:
    if verb == "spanish_tercio":
        council.spend(g, p(card, "ducats", 1), text("why.old_tercio"), "events.old_tercio")
        military.unit(g.s, arg)["type"] = "old_tercio"
        g.log("log.a_spanish_tercio_becomes_an", rule="events.old_tercio")


def spanish_road(g: Ctx, card: str) -> None:
    s = g.s
    rule = "events.spanish_road"
    if not s["flags"]["valtellina_closed"]:
        s["flags"]["valtellina_closed"] = True
        g.log("log.the_valtellina_pass_is_closed", rule=rule)
    elif council.can_pay(s, p(card, "ducats", 1)):
        choose(
            g,
            council.manager(s, "valido"),
            text("prompt.spanish_road_spend_a_ducat"),
            [("pay", None), ("pass", None)],
            "road_choice",
            card=card,
        )
    else:
        g.log("log.the_valtellina_pass_stays_closed", rule=rule)


def road_choice(g: Ctx, verb: str, arg, card: str) -> None:
    if verb == "pay":
        council.spend(g, p(card, "ducats", 1), text("why.spanish_road"), "events.spanish_road")
        g.s["flags"]["valtellina_closed"] = False
        g.log("log.the_valtellina_pass_is_open", rule="events.spanish_road")


# ----- Austria and Flanders ----------------------------------------------------------------------------------
def austrian_alliance(g: Ctx, card: str) -> None:
    s = g.s
    rule = "events.austrian_alliance"
    amb = s["offices"].get("ambassador_in_austria")
    n = court.rating(g, amb, "political")
    eagles = sum(1 for sym, _ in tests(g, n, text("why.the_austrian_alliance")) if sym == EAGLE)
    if eagles >= 2:
        if wars.active(s, PALATINATE) and military.new_unit(s, "habsburg_tercio", PALATINATE):
            g.log("log.a_habsburg_tercio_joins_the", rule=rule)
        else:
            g.log("log.no_habsburg_tercio_can_be", rule=rule)
        return
    if eagles == 1:
        g.log("log.nothing_happens", rule=rule)
        return
    opts = [
        ("spanish_tercio", u["id"])
        for u in s["units"]
        if u["loc"] in (FLANDERS, FRANCHE_COMTE, ITALY) and u["type"] in military.LAND
    ]
    opts += [("leader", n) for n in court.army_leaders(s) if court.known_rating(s, n, "military") == 2]
    if council.can_pay(s, 2):
        opts.append(("ducats", None))
    if not opts:
        council.lose(g, 2, text("why.austrian_alliance_nothing_to_give"), "special_rules.bankruptcy")
        return
    choose(
        g, council.manager(s, "valido"), text("prompt.austrian_alliance_the_emperor_demands"), opts, "austria_demand"
    )


def austria_demand(g: Ctx, verb: str, arg) -> None:
    rule = "events.austrian_alliance"
    if verb == "spanish_tercio":
        military.remove_unit(g.s, arg)
        g.log("log.a_tercio_marches_off_to", rule=rule)
    elif verb == "leader":
        court.remove_from_game(g, arg, text("why.austrian_alliance"), rule)
    else:
        council.spend(g, 2, text("why.austrian_alliance"), rule)


def conspiracy_of_nobles(g: Ctx, card: str) -> None:
    s = g.s
    if wars.active(s, FLANDERS_WAR):
        wars.move(g, FLANDERS_WAR, -p(card, "flanders", 1), card)
    governor = s["offices"].get("governor_of_flanders")
    if governor:
        loyalty_test(g, governor, text("why.conspiracy_of_nobles"))
    elif not wars.active(s, FLANDERS_WAR):
        not_played(g, text("why.no_war_in_flanders_and"))


def corsairs_of_dunkirk(g: Ctx, card: str) -> None:
    g.s["flags"]["corsairs"] = True
    g.log("log.the_united_provinces_strength_is", rule="events.corsairs_of_dunkirk")


DECISIONS = (
    (union_choice, None),
    (fronde_tercio, None),
    (conde_army, None),
    (wallenstein_choice, None),
    (old_tercio_choice, None),
    (road_choice, None),
    (austria_demand, None),
)

# the cards' effects this module carries out (the game's table, PlanetKing.effects)
EFFECTS = {
    "uprising": uprising,
    "storms": storms,
    "union_of_arms": union_of_arms,
    "guerra_dels_segadors": guerra_dels_segadors,
    "the_fronde": the_fronde,
    "raid": raid_card,
    "pirates": pirates,
    "counter_armada": counter_armada,
    "barbary_pirates": barbary_pirates,
    "palatinate": palatinate,
    "wallenstein": wallenstein,
    "old_tercio": old_tercio,
    "spanish_road": spanish_road,
    "austrian_alliance": austrian_alliance,
    "conspiracy_of_nobles": conspiracy_of_nobles,
    "corsairs_of_dunkirk": corsairs_of_dunkirk,
}
