"""Events of the realm and its wars: UPRISING, STORMS, UNION OF ARMS, GUERRA DELS SEGADORS, THE FRONDE, the raids,
the Palatinate events, WALLENSTEIN, OLD TERCIO, SPANISH ROAD, AUSTRIAN ALLIANCE, CONSPIRACY OF NOBLES, CORSAIRS OF
DUNKIRK (Events; Wars)."""
from __future__ import annotations

from engines.core.machine import Ctx
from engines.planet_king import council, court, military, wars
from engines.planet_king.components import (
    CONDE, CONDE_LEADER, EVENTS, F_CATALONIA, F_PICARDY, FLANDERS, FLANDERS_WAR, FRANCE, FRANCHE_COMTE, ITALY,
    PALATINATE, SPAIN, WARS,
)
from engines.planet_king.events import handler, not_played, p
from engines.planet_king.events_common import raid, revolt
from engines.planet_king.events_court import loyalty_test
from engines.planet_king.flow import choose, proc
from engines.planet_king.fortune import CROW, EAGLE, draw_test, tests

INSTABILITY = [e for e, d in EVENTS.items() if d["effect"] == "instability"]
SEGADORS = next(e for e, d in EVENTS.items() if d["effect"] == "guerra_dels_segadors")
UNION = next(e for e, d in EVENTS.items() if d["effect"] == "union_of_arms")


@handler("uprising")
def uprising(g: Ctx, card: str) -> None:
    if not wars.active_wars(g.s):
        not_played(g, "Spain is not at war")
        return
    revolt(g, "UPRISING")


@handler("storms")
def storms(g: Ctx, card: str) -> None:
    """A fortune test for each fleet, pirate and Indies fleet in Plus Ultra; a negative result removes it."""
    s = g.s
    pu = s["plus_ultra"]
    fleets = [u for u in military.units_at(s, military.PLUS_ULTRA) if u["type"] == "fleet"]
    if not fleets and not pu["pirates"] and not pu["indies_fleets"]:
        not_played(g, "Nothing sails in the Plus Ultra box")
        return
    for u in fleets:
        if draw_test(g, "a fleet in the storm")[0] == CROW:
            military.remove_unit(s, u["id"])
            g.log("A fleet is lost in the storm.", rule="Events › Storms")
    for key, what in (("pirates", "pirate"), ("indies_fleets", "Indies fleet")):
        for _ in range(pu[key]):
            if draw_test(g, f"a {what} marker in the storm")[0] == CROW:
                pu[key] -= 1
                g.log(f"A {what} marker is lost in the storm.", rule="Events › Storms")


# ----- Union of Arms, Guerra dels Segadors -------------------------------------------------------------------
@handler("union_of_arms")
def union_of_arms(g: Ctx, card: str) -> None:
    n = g.s["union"]
    what = "gain a ducat and add an INSTABILITY card" if n == 0 else "complete the Union of Arms"
    choose(g, council.manager(g.s, "valido"), f"UNION OF ARMS is optional: play it ({what})?",
           [("play", None, "Play the UNION OF ARMS"), ("pass", None, "Do not play it")], "union_choice", card=card)


@proc
def union_choice(g: Ctx, verb: str, arg, card: str) -> None:
    s = g.s
    rule = "Events › Union of Arms"
    if verb == "pass":
        g.log("The UNION OF ARMS is not played.", rule=rule)
        return
    s["union"] += 1
    if s["union"] == 1:
        council.gain(g, p(card, "ducats", 1), "UNION OF ARMS", rule)
        used = set(s["decks"]["events"]) | set(s["decks"]["discard"]) | set(s["instability_permanent"])
        spare = [c for c in INSTABILITY if c not in used and c not in s["gone_events"]]
        added = spare[0] if spare else SEGADORS
        if spare:
            s["instability_permanent"].append(added)
        else:
            s["segadors_in_deck"] = True
        s["decks"]["events"].append(added)
        g.shuffle(s["decks"]["events"])
        g.log(f"{EVENTS[added]['name']} is added to the event deck for the rest of the game.", rule=rule)
        return
    s["gone_events"].append(card)
    g.log("The UNION OF ARMS is completed: the eighth ACTION card joins the deck from the next Organisation phase, "
          "Aragon yields 2 ducats and two provincial tercios are raised in Spain.", rule=rule)


@handler("guerra_dels_segadors")
def guerra_dels_segadors(g: Ctx, card: str) -> None:
    s = g.s
    rule = "Wars › Guerra dels Segadors"
    s["flags"]["segadors"] = True
    s["flags"]["catalan_tercio"] = True
    if UNION not in s["gone_events"]:
        s["pending_removals"].append(UNION)
    if wars.at_war(s, FRANCE):
        s["flags"]["catalonia_four"] = True
        s["wars"][F_CATALONIA]["black"] = WARS[F_CATALONIA]["black"]
        g.log("The Guerra dels Segadors marker is removed: the Catalan front has four black spaces.", rule=rule)
    else:
        g.log("Catalonia rises: war with France on the Catalan front only.", rule=rule)
        war = s["wars"][F_CATALONIA]
        war.update(status="war", pos=0, truce=False, leader=None, enemy=None,
                   black=WARS[F_CATALONIA]["black_before"] or WARS[F_CATALONIA]["black"])
        wars.appoint_enemy(g, F_CATALONIA)
        wars.muster(g, F_CATALONIA)
    g.log("Margarit joins the French leaders and the Catalan tercio the French army of Catalonia (+1 SP).",
          rule=rule)


# ----- The Fronde --------------------------------------------------------------------------------------------
@handler("the_fronde")
def the_fronde(g: Ctx, card: str) -> None:
    s = g.s
    if not wars.at_war(s, FRANCE):
        not_played(g, "Spain is not at war with France")
        return
    fronts = [w for w in wars.FRENCH_FRONTS if wars.active(s, w)]
    if military.supply_left(s, "french_tercio"):
        choose(g, council.manager(s, "valido"), "THE FRONDE: on which French front does the French tercio join "
               "your army?", [("front", w, WARS[w]["name"]) for w in fronts], "fronde_tercio")
        return
    fronde_conde(g)


@proc
def fronde_tercio(g: Ctx, verb: str, arg: str) -> None:
    military.new_unit(g.s, "french_tercio", arg)
    g.log(f"A French tercio joins the army of {WARS[arg]['name']}.", rule="Events › The Fronde")
    fronde_conde(g)


def fronde_conde(g: Ctx) -> None:
    """LOUIS II CONDÉ, if not in play for Spain, takes command of the Picardy or Catalonia army."""
    s = g.s
    if s["conde"] == "spain" or s["conde"] == "gone":
        return
    armies = [w for w in (F_PICARDY, F_CATALONIA) if wars.active(s, w)]
    if not armies:
        g.log("Neither the Picardy nor the Catalonia army is in the field: Condé stays in France.",
              rule="Special Rules › Condé")
        return
    choose(g, council.manager(s, "valido"), "THE FRONDE: which army does Condé command?",
           [("army", w, WARS[w]["name"]) for w in armies], "conde_army")


@proc
def conde_army(g: Ctx, verb: str, arg: str) -> None:
    s = g.s
    rule = "Special Rules › Condé"
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
    g.log(f"{court.name(CONDE)} takes command of the army of {WARS[arg]['name']}.", rule=rule)
    if old:
        court.to_court_or_deck(g, old)


# ----- raids -------------------------------------------------------------------------------------------------
@handler("raid")
def raid_card(g: Ctx, card: str) -> None:
    raid(g, EVENTS[card]["name"])


@handler("pirates")
def pirates(g: Ctx, card: str) -> None:
    raid(g, "PIRATES")
    g.s["plus_ultra"]["pirates"] += 1
    g.log("A Pirates marker is placed in the Plus Ultra box.", rule="Events › Raid Events")


@handler("counter_armada")
def counter_armada(g: Ctx, card: str) -> None:
    raid(g, "COUNTER-ARMADA", spain_ducats=p(card, "ducats", 2))


@handler("barbary_pirates")
def barbary_pirates(g: Ctx, card: str) -> None:
    """Reconstructed (CONTENT.md): a fleet in Spain keeps the ducat unless its fortune test is negative."""
    if military.has_fleet(g.s, SPAIN) and draw_test(g, "the fleet of Spain against the Barbary pirates")[0] != CROW:
        g.log("The fleet of Spain drives the Barbary pirates off.", rule="Events")
        return
    council.lose(g, p(card, "ducats", 1), "BARBARY PIRATES", "Events")


# ----- the Palatinate ----------------------------------------------------------------------------------------
@handler("palatinate")
def palatinate(g: Ctx, card: str) -> None:
    s = g.s
    if p(card, "strength"):
        s["flags"]["breitenfeld"] = True
        g.log("The Protestant armies have strength 4 for the rest of the game.", rule="Wars › War of the Palatinate")
    if not wars.active(s, PALATINATE) or s["wars"][PALATINATE]["truce"]:
        not_played(g, "The Palatinate War is not being fought")
        return
    wars.move(g, PALATINATE, p(card, "palatinate", -1), EVENTS[card]["name"])


@handler("wallenstein")
def wallenstein(g: Ctx, card: str) -> None:
    s = g.s
    if not wars.active(s, PALATINATE) or s["wars"][PALATINATE]["truce"] or not council.can_pay(s, p(card, "ducats")):
        not_played(g, "The Palatinate marker cannot be moved now")
        return
    choose(g, council.manager(s, "valido"), "WALLENSTEIN: spend a ducat to move the Palatinate marker one space "
           "in your favour?", [("pay", None, "Spend the ducat"), ("pass", None, "Keep the ducat")],
           "wallenstein_choice", card=card)


@proc
def wallenstein_choice(g: Ctx, verb: str, arg, card: str) -> None:
    if verb == "pay":
        council.spend(g, p(card, "ducats"), "WALLENSTEIN", "Events")
        wars.move(g, PALATINATE, p(card, "palatinate"), "WALLENSTEIN")


@handler("old_tercio")
def old_tercio(g: Ctx, card: str) -> None:
    s = g.s
    tercios = [u for u in s["units"] if u["type"] == "spanish_tercio" and u["loc"] != military.CONSTRUCTION]
    if not tercios or not military.supply_left(s, "old_tercio") or not council.can_pay(s, p(card, "ducats", 1)):
        not_played(g, "No Spanish tercio can be exchanged")
        return
    choose(g, council.manager(s, "valido"), "OLD TERCIO: exchange a Spanish tercio for an old tercio (a ducat)?",
           [("spanish_tercio", u["id"], f"The {military.unit_label(u)}") for u in tercios] +
           [("pass", None, "No exchange")], "old_tercio_choice", card=card)


@proc
def old_tercio_choice(g: Ctx, verb: str, arg, card: str) -> None:
    if verb == "spanish_tercio":
        council.spend(g, p(card, "ducats", 1), "OLD TERCIO", "Events › Old Tercio")
        military.unit(g.s, arg)["type"] = "old_tercio"
        g.log("A Spanish tercio becomes an old (veteran) tercio.", rule="Events › Old Tercio")


@handler("spanish_road")
def spanish_road(g: Ctx, card: str) -> None:
    s = g.s
    rule = "Events › Spanish Road"
    if not s["flags"]["valtellina_closed"]:
        s["flags"]["valtellina_closed"] = True
        g.log("The Valtellina pass is closed.", rule=rule)
    elif council.can_pay(s, p(card, "ducats", 1)):
        choose(g, council.manager(s, "valido"), "SPANISH ROAD: spend a ducat to reopen the Valtellina pass?",
               [("pay", None, "Spend the ducat"), ("pass", None, "Leave it closed")], "road_choice", card=card)
    else:
        g.log("The Valtellina pass stays closed.", rule=rule)


@proc
def road_choice(g: Ctx, verb: str, arg, card: str) -> None:
    if verb == "pay":
        council.spend(g, p(card, "ducats", 1), "SPANISH ROAD", "Events › Spanish Road")
        g.s["flags"]["valtellina_closed"] = False
        g.log("The Valtellina pass is open.", rule="Events › Spanish Road")


# ----- Austria and Flanders ----------------------------------------------------------------------------------
@handler("austrian_alliance")
def austrian_alliance(g: Ctx, card: str) -> None:
    s = g.s
    rule = "Events › Austrian Alliance"
    amb = s["offices"].get("ambassador_in_austria")
    n = court.rating(g, amb, "political")
    eagles = sum(1 for sym, _ in tests(g, n, "the Austrian alliance") if sym == EAGLE)
    if eagles >= 2:
        if wars.active(s, PALATINATE) and military.new_unit(s, "habsburg_tercio", PALATINATE):
            g.log("A Habsburg tercio joins the Palatinate army.", rule=rule)
        else:
            g.log("No Habsburg tercio can be deployed.", rule=rule)
        return
    if eagles == 1:
        g.log("Nothing happens.", rule=rule)
        return
    opts = [("spanish_tercio", u["id"], f"Lose the {military.unit_label(u)}") for u in s["units"]
            if u["loc"] in (FLANDERS, FRANCHE_COMTE, ITALY) and u["type"] in military.LAND]
    opts += [("leader", n, f"Lose {court.name(n)}") for n in court.army_leaders(s)
             if court.known_rating(s, n, "military") == 2]
    if council.can_pay(s, 2):
        opts.append(("ducats", None, "Pay 2 ducats"))
    if not opts:
        council.lose(g, 2, "AUSTRIAN ALLIANCE: nothing to give", "Special Rules › Bankruptcy")
        return
    choose(g, council.manager(s, "valido"), "AUSTRIAN ALLIANCE: the Emperor demands a tercio, a general or two "
           "ducats.", opts, "austria_demand")


@proc
def austria_demand(g: Ctx, verb: str, arg) -> None:
    rule = "Events › Austrian Alliance"
    if verb == "spanish_tercio":
        military.remove_unit(g.s, arg)
        g.log("A tercio marches off to the Emperor.", rule=rule)
    elif verb == "leader":
        court.remove_from_game(g, arg, "AUSTRIAN ALLIANCE", rule)
    else:
        council.spend(g, 2, "AUSTRIAN ALLIANCE", rule)


@handler("conspiracy_of_nobles")
def conspiracy_of_nobles(g: Ctx, card: str) -> None:
    s = g.s
    if wars.active(s, FLANDERS_WAR):
        wars.move(g, FLANDERS_WAR, -p(card, "flanders", 1), "CONSPIRACY OF NOBLES")
    governor = s["offices"].get("governor_of_flanders")
    if governor:
        loyalty_test(g, governor, "CONSPIRACY OF NOBLES")
    elif not wars.active(s, FLANDERS_WAR):
        not_played(g, "No war in Flanders and no Governor")


@handler("corsairs_of_dunkirk")
def corsairs_of_dunkirk(g: Ctx, card: str) -> None:
    g.s["flags"]["corsairs"] = True
    g.log("The United Provinces' strength is 3 for the rest of the turn.", rule="Events › Corsairs of Dunkirk")
