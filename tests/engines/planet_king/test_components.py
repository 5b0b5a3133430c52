"""Components and Setup as the engine reads them: seals, leader counters, the cups (Components; Setup) —
examples."""

from engines.planet_king import campaigns, court, events_common, organisation, wars
from engines.planet_king.components import F_ITALY, C
from tests.engines.planet_king.support import ev, fresh, nb, rigged, run


def test_example_seals_the_fronde_and_lutzen():
    """THE FRONDE is used as of turn 6; LÜTZEN only on turns 2, 3 and 4."""
    s = fresh("planet_king")
    for turn, fronde, lutzen in (
        (1, False, False),
        (2, False, True),
        (4, False, True),
        (5, False, False),
        (6, True, False),
    ):
        s["turn"] = turn
        assert organisation.in_seal(s, C.EVENTS[ev("THE FRONDE")]) is fronde
        assert organisation.in_seal(s, C.EVENTS[ev("LÜTZEN")]) is lutzen


def test_example_notable_seal_francisco_de_moura_turn_5():
    s = fresh("planet_king")
    moura = C.NOTABLES[nb("FRANCISCO DE MOURA")]
    s["turn"] = 4
    assert not organisation.in_seal(s, moura)
    s["turn"] = 5
    assert organisation.in_seal(s, moura)


def test_example_turenne_available_turns_3_to_8():
    s = fresh("planet_king")
    s["wars"][F_ITALY]["status"] = "war"
    s["turn"] = 2
    assert not wars.leader_fits(s, "pk:leader:turenne", "pk:war:picardy")
    s["turn"] = 3
    assert wars.leader_fits(s, "pk:leader:turenne", "pk:war:picardy")


def test_example_leader_counter_follows_the_card():
    """DIEGO MEXÍA GUZMÁN removed by THE TWILIGHT OF LIFE: his counter leaves the game with his card."""
    from engines.planet_king import events
    from tests.engines.planet_king.support import empty_court

    s = fresh("planet_king")
    empty_court(s)
    mexia = nb("DIEGO MEXÍA GUZMÁN")
    s["wars"]["pk:war:palatinate"]["leader"] = mexia
    s = rigged(s, events.resolve, lambda t: mexia in t["gone"], ev("THE TWILIGHT OF LIFE"))
    assert s["wars"]["pk:war:palatinate"]["leader"] is None and not court.in_play(s, mexia)


def test_example_settlements_not_in_the_cup_until_established():
    s = fresh("planet_king")
    assert "pk:territory:formosa" not in events_common.indies_markers(s)
    s["territories"]["pk:territory:formosa"]["settled"] = True
    assert "pk:territory:formosa" in events_common.indies_markers(s)


def test_example_raid_in_the_indies_in_the_first_deck():
    """RAID IN THE INDIES is in the turn-1 deck of every scenario but Hothead, the United Provinces being at war."""
    assert ev("RAID IN THE INDIES") in fresh("iupiter_hispano")["decks"]["events"]
    assert ev("RAID IN THE INDIES") not in fresh("hothead")["decks"]["events"]


def test_question_mark_rating_tested_once():
    """JUAN JOSÉ OF AUSTRIA's '?' Military rating: the first use draws a fortune test (negative 1, neutral 2,
    positive 3), then it stays."""
    s = fresh("anni_horribiles")
    jj = nb("JUAN JOSÉ OF AUSTRIA")
    from tests.engines.planet_king.support import stack

    stack(s, [ev("PATRON")])
    assert run(s, court.rating, jj, "military") == 3
    assert run(s, court.rating, jj, "military") == 3 and s["ratings"][f"{jj}:military"] == 3
    assert campaigns.campaign_cost(type("G", (), {"s": s})(), jj) == 2


def test_father_replaced_by_son():
    s = fresh("planet_king")
    father, son = nb("FERNÁNDEZ DE CASTRO (father)"), nb("FERNÁNDEZ DE CASTRO (son)")
    s["offices"]["viceroy_of_italy"] = father
    run(s, court.remove_from_game, father, "test")
    assert s["offices"]["viceroy_of_italy"] == son


def test_example_spinola_counter_only_turns_1_and_2():
    """Errata: the back of the Spinola counter reads 1-2: from turn 3 he cannot command an army."""
    from engines.planet_king import organisation

    s = fresh("planet_king")
    spinola = nb("AMBROSIO DE SPINOLA")
    assert s["wars"]["pk:war:flanders"]["leader"] == spinola and court.can_lead(s, spinola)
    s["turn"] = 3
    assert not court.can_lead(s, spinola)
    run(s, organisation.build_notable_decks)
    assert s["wars"]["pk:war:flanders"]["leader"] != spinola
