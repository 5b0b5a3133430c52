"""Example First Game Turn (Anni Mirabiles, turn 1), played through the engine's own flow with the event deck
stacked card by card and the cups' draws set as the example tells them."""

import pytest

from engines.core.machine import Ctx
from engines.planet_king import GAME
from engines.planet_king.components import F_ITALY, FLANDERS_WAR, ITALY, PALATINATE, C
from tests.engines.planet_king.support import empty_court, ev, fresh, nb, pick, seat, units


@pytest.fixture
def cups(monkeypatch):
    """The markers drawn blind from the cups, in the order the example names them."""
    wanted: list = []
    original = Ctx.choice

    def choice(self, items):
        for want in list(wanted):
            if want in items:
                wanted.remove(want)
                return want
        return original(self, items)

    monkeypatch.setattr(Ctx, "choice", choice)
    return wanted


def child(name):
    return next(c for c in C.TABLES["children"] if c["name"] == name)


def test_example_first_game_turn(cups):
    s = fresh("anni_mirabiles", seed=11)
    empty_court(s)
    seat(
        s,
        valido="GASPAR DE GUZMÁN",
        queen="ELISABETH OF FRANCE",
        mistress="MARÍA CALDERÓN",
        governor_of_flanders="ISABEL CLARA EUGENIA",
        viceroy_of_the_indies="DIEGO CARRILLO",
        viceroy_of_italy="FERNÁNDEZ DE CASTRO (father)",
        ambassador_in_austria="MANUEL DE MELO",
        nobles=["FRANCISCO PIMENTEL", "BARTOLOMÉ DE FONTE"],
        geniuses=["DIEGO VELÁZQUEZ", "BALTASAR GRACIÁN"],
    )
    s["wars"][FLANDERS_WAR].update(leader=nb("AMBROSIO DE SPINOLA"), enemy="pk:leader:nassau")
    s["wars"][PALATINATE]["leader"] = nb("GONZALO FDEZ. DE CÓRDOBA")
    gomez, quevedo = nb("GÓMEZ SUÁREZ"), nb("FRANCISCO DE QUEVEDO")
    s["decks"]["nobles"] = [gomez] + [n for n in s["decks"]["nobles"] if n != gomez]
    s["decks"]["geniuses"] = [quevedo] + [n for n in s["decks"]["geniuses"] if n != quevedo]
    assert s["cubes"] == {"royal": 4, "government": 3, "political": 2, "green": 1}
    assert len(s["decks"]["events"]) == 50 and s["treasury"] == 10

    # Organisation phase: Hunt, Build a Fleet (9 ducats left), Appoint Noble GÓMEZ SUÁREZ to the Court
    s = pick(s, "Perform a royal action")
    s = pick(s, "Hunt")
    assert len(s["decks"]["events"]) == 51
    s = pick(s, "Perform a government action")
    s = pick(s, "Build a Fleet")
    assert s["treasury"] == 9
    deck = [
        ev("WALLENSTEIN"),
        ev("EXCELLENT HARVESTS"),
        ev("ACTION"),
        ev("SPANISH ROAD"),  # de Fonte's exploration: positive
        ev("FALL FROM GRACE"),
        ev("THE PLAGUE"),  # the Queen: neutral, negative
        ev("DIPLOMACY"),
        ev("ROYAL MARRIAGE"),  # the Royal Mistress: positive, positive
        ev("BARBARA VAN BECK"),
        ev("STORMS"),
        ev("TRAITOR"),  # Spinola: one positive, one SP symbol
        ev("PATRON"),
        ev("SPANISH GOLDEN AGE"),
        ev("INSTABILITY"),
        ev("THE TWILIGHT OF LIFE"),
        ev("WEST INDIES FLEET"),
        ev("GALLEON OF MANILA"),
        ev("THE ENSIGN NUN"),
        ev("CORSAIRS OF DUNKIRK"),  # the Ensign Nun's exploration: positive (one test)
        ev("FRANCO-SPANISH WAR"),
        ev("CORRUPTION"),  # the declaration test: negative
        ev("TOTAL WAR"),
        ev("RIVALRY"),
        ev("BARBARY PIRATES"),  # Italy: neutral, negative
        ev("CONSTRUCTION"),
        ev("LIBERTINES"),  # Flanders: positive, neutral: Nassau fails
    ]
    rest = [c for c in s["decks"]["events"] if c not in deck]
    s["decks"]["events"] = deck + rest
    cups += [
        child("Baltasar Carlos"),
        child("Juan"),
        child("María Margarita"),
        ["army", FLANDERS_WAR],
        ["mistress"],
        "pk:leader:la-motte",
    ]
    s = pick(s, "Perform a political action")
    s = pick(s, "Appoint Noble")
    s = pick(s, "the Court")
    assert gomez in s["court"]["nobles"] and s["cubes"]["royal"] == 4

    # WALLENSTEIN: spend the ducat, the Palatinate marker one space in the player's favour
    pos = s["wars"][PALATINATE]["pos"]
    s = pick(s, "Spend the ducat")
    # EXCELLENT HARVESTS follows at once: +1 ducat (8 + 1)
    assert s["wars"][PALATINATE]["pos"] == pos + 1 and s["treasury"] == 9
    # ACTION: exploration with de Fonte's military 1 -> the Amazon River
    s = pick(s, "Perform a simple action")
    s = pick(s, "Conduct an Exploration")
    s = pick(s, "BARTOLOMÉ DE FONTE with his military")
    assert s["exploration"] == 1
    # Issue: a sickly son, heir; two bastards, a boy (a happiness marker) and a girl
    s = pick(s, "Perform a royal action")
    s = pick(s, "Issue")
    heir = next(c for c in s["children"] if c["legit"])
    assert heir["sickly"] and s["heir"] == heir["id"]
    assert sorted(c["male"] for c in s["children"] if not c["legit"]) == [False, True]
    assert s["marks"]["happiness"] == 1 and "issue" in s["unique"] and s["cubes"]["royal"] == 3
    # Military campaign in Flanders: two ducats (Spinola), one positive: one space; the veteran flipped (Nassau 2)
    s = pick(s, "Perform a government action")
    s = pick(s, "Military Campaign")
    s = pick(s, "Campaign in Flanders War")
    assert s["wars"][FLANDERS_WAR]["pos"] == 0 and s["cubes"]["government"] == 2
    assert [u["damaged"] for u in s["units"] if u["loc"] == FLANDERS_WAR and u["type"] == "old_tercio"] == [True]
    # PATRON: QUEVEDO; SPANISH GOLDEN AGE: 8 enlightenment points, a VP
    assert quevedo in s["court"]["geniuses"] and s["vp"]["king"] == 1
    # INSTABILITY: a ducat, SPINOLA removed; GÓMEZ SUÁREZ takes command of the army of Flanders
    assert nb("AMBROSIO DE SPINOLA") in s["gone"] and s["treasury"] == 9 - 2 - 1
    s = pick(s, "GÓMEZ SUÁREZ")
    assert s["wars"][FLANDERS_WAR]["leader"] == gomez
    # THE TWILIGHT OF LIFE: MARÍA CALDERÓN and her two bastards leave; a happiness point lost
    assert s["court"]["mistress"] is None and all(c["legit"] for c in s["children"])
    assert s["marks"]["happiness"] == 0
    # WEST INDIES FLEET, GALLEON OF MANILA; THE ENSIGN NUN: exploration to Formosa (a ducat, a VP, a prestige point)
    assert s["plus_ultra"]["indies_fleets"] == 1 and s["plus_ultra"]["galleon"]
    s = pick(s, "Conduct an exploration")
    # 9 − 2 (Spinola) − 1 (INSTABILITY) − 1 (Formosa), + 1 if GÓMEZ SUÁREZ has the fortune trait (first command)
    fortune = 1 if "fortune" in C.NOTABLES[gomez]["traits"] else 0
    assert (
        s["exploration"] == 2 and s["treasury"] == 5 + fortune and s["vp"]["king"] == 2 and s["marks"]["prestige"] == 1
    )
    # FRANCO-SPANISH WAR: negative, war in Italy; Pimentel takes command, the Italian troops move in; La Motte
    assert s["wars"][F_ITALY]["status"] == "war" and s["wars"][F_ITALY]["enemy"] == "pk:leader:la-motte"
    assert s["wars_declared"] == 1
    s = pick(s, "FRANCISCO PIMENTEL takes command")
    s = pick(s, "Spanish tercio in Italy")
    s = pick(s, "provincial tercio in Italy")
    assert units(s, ITALY) == []
    s = pick(s, "Done mustering")
    # TOTAL WAR: Italy (1.5 SP against 3) moves one space against the player; Nassau fails and is relieved
    assert s["wars"][F_ITALY]["pos"] == -1
    assert s["wars"][FLANDERS_WAR]["pos"] == 0 and s["wars"][FLANDERS_WAR]["enemy"] != "pk:leader:nassau"
    assert GAME.outcome(s) is None
