"""Game Sequence › 3. Family Confrontation and 4. Individual Confrontation: the face-down choice, the turn order,
the totals and the Prince card (quince_dias/confrontation.py)."""

from __future__ import annotations

from engines.quince_dias import GAME
from engines.quince_dias.cards import player_total

from .helpers import cid, confrontation, ctx, fresh, offered, play, readable, run, set_families, set_hand

SIX = ["player1", "player2", "player3", "player4", "player5", "player6"]
GONZO, MARIAN, OSCAR, NACHO, PACO, ROSA = SIX


def six_players() -> dict:
    s = fresh(players=6)
    set_families(s, olivares=[GONZO, MARIAN, OSCAR], lerma=[NACHO, PACO, ROSA])
    return s


def test_example_family_confrontation_totals_18_against_7():
    """Family Confrontation example: Olivares (Clerical) Cardinal 8 + Visionary Nun 6 + Successful Playwright 4 = 18;
    Lerma (Society) The King's Grand Huntsman 1 + The King's Grand Master of the Hunt 6 + English Ambassador 0 = 7."""
    s = six_players()
    confrontation(
        s,
        "family",
        powers={"olivares": "clerical", "lerma": "society", "individual": "government"},
        mains={
            GONZO: cid("Cardinal"),
            MARIAN: cid("Visionary Nun"),
            OSCAR: cid("Successful Playwright"),
            NACHO: cid("The King's Grand Huntsman"),
            PACO: cid("The King's Grand Master of the Hunt"),
            ROSA: cid("English Ambassador"),
        },
    )
    for role in SIX:
        set_hand(s, role, [], filler=3)  # everyone is down to 3 cards: the phase ends
    princes_before = len(s["princes"])
    run(s)
    result = s["results"][-1]
    assert result["totals"] == {"olivares": 18, "lerma": 7}
    assert result["winner"] == "olivares"
    assert s["family_princes"] == {"olivares": 1, "lerma": 0}
    assert len(s["princes"]) == princes_before - 1
    assert s["starting"] == "lerma"  # the losing side starts the next Election of Powers
    assert s["phase"] == "individual" and s["stack"][-1]["step"] == "choose_main"
    assert cid("Cardinal") in s["hands"][GONZO]  # Main Characters go back to their hands
    assert all(s["main"][r] is None for r in SIX)
    view = GAME.view(s, None)["public"]
    assert view["families"]["olivares"]["points"] == 5


def test_family_confrontation_tie_discards_a_prince_and_keeps_the_starting_family():
    s = six_players()
    confrontation(
        s,
        "family",
        powers={"olivares": "clerical", "lerma": "society", "individual": "government"},
        mains={GONZO: cid("Cardinal"), NACHO: cid("Grand Upholder"), PACO: cid("The King's Grand Huntsman")},
    )
    for role in SIX:
        set_hand(s, role, [], filler=3)
    run(s)
    assert s["results"][-1]["totals"] == {"olivares": 8, "lerma": 8}
    assert s["results"][-1]["winner"] is None
    assert s["family_princes"] == {"olivares": 0, "lerma": 0}
    assert s["prince_discards"] == [{"side": "family"}]
    assert s["starting"] == "olivares"


def test_example_turn_order_15_7_1_then_the_chooser():
    """1.1 example: Rosa (Grand Upholder, 15), Marian (Grand Chaplain, 7), Óscar (Constable of Castile, 1), then
    Óscar chooses among Gonzo, Nacho and Paco, who lost their Main Characters; he picks Paco, who must play a new
    Main Character and then chooses between Nacho and Gonzo."""
    s = six_players()
    confrontation(
        s,
        "family",
        powers={"olivares": "clerical", "lerma": "society", "individual": "government"},
        mains={ROSA: cid("Grand Upholder"), MARIAN: cid("Grand Chaplain"), OSCAR: cid("Constable of Castile")},
    )
    for role in SIX:
        set_hand(s, role, [], filler=6)
    run(s)
    order = []
    for _ in range(3):
        role = GAME.active_roles(s)[0]
        order.append(role)
        s = play(s, role, "skip")
        s = play(s, role, "pass", s["hands"][role][0])
    assert order == [ROSA, MARIAN, OSCAR]
    assert GAME.active_roles(s) == [OSCAR]
    assert sorted(a for _, a in offered(s, OSCAR, "next")) == sorted([GONZO, NACHO, PACO])
    s = play(s, OSCAR, "next", PACO)
    assert GAME.active_roles(s) == [PACO]
    mains = offered(s, PACO)
    assert mains and all(verb == "main" for verb, _ in mains)  # a new Main Character first, mandatory
    s = play(s, PACO, "main", mains[0][1])
    s = play(s, PACO, "pass", s["hands"][PACO][0])
    assert GAME.active_roles(s) == [PACO]
    assert sorted(a for _, a in offered(s, PACO, "next")) == sorted([GONZO, NACHO])
    s = play(s, PACO, "next", NACHO)
    assert GAME.active_roles(s) == [NACHO]


def test_initiative_ties_go_to_the_higher_power_at_stake():
    """Game Sequence › 3: English Ambassador and Apostolic Nuncio both have Initiative 15; in Government the
    Ambassador (8) plays before the Nuncio (6)."""
    s = fresh(players=4)
    confrontation(
        s,
        "individual",
        powers={"olivares": "clerical", "lerma": "society", "individual": "government"},
        mains={"player1": cid("Apostolic Nuncio"), "player2": cid("English Ambassador")},
    )
    for role in s["roles"]:
        set_hand(s, role, [], filler=5)
    run(s)
    assert s["conf"]["queue"] == ["player1"]  # both Initiative 15: the Ambassador first, the Nuncio next
    assert GAME.active_roles(s) == ["player2"]


def test_face_down_choices_are_hidden_until_everyone_has_chosen():
    s = fresh(players=4)
    while s["stack"][-1]["step"] != "choose_main":
        role = GAME.active_roles(s)[0]
        s = play(s, role, *offered(s, role)[0])
    assert sorted(GAME.active_roles(s)) == s["roles"]
    first = offered(s, "player1")[0][1]
    played = GAME.play(s, "player1", "choose", first)
    s = played.state
    assert GAME.secrets(s)[first] == ["player1"]
    for viewer in ["player2", "player3", "player4", None]:
        assert first not in str(GAME.view(s, viewer)) + str(readable(played.log, viewer))
    assert first in str(readable(played.log, "player1"))
    assert GAME.view(s, None)["public"]["players"][0]["has_chosen"] is True
    for role in ["player2", "player3", "player4"]:
        s = play(s, role, "choose", offered(s, role)[0][1])
    assert s["main"]["player1"] == first
    assert first in str(GAME.view(s, "player2")["public"])


def test_individual_confrontation_tie_discards_face_up_and_its_bells_count():
    s = fresh(players=4)
    confrontation(
        s,
        "individual",
        powers={"olivares": "clerical", "lerma": "society", "individual": "government"},
        mains={"player1": cid("Apostolic Nuncio"), "player2": cid("Secretary of the Treasury")},
    )
    for role in s["roles"]:
        set_hand(s, role, [])
    s["princes"].append(cid("Philip, Prince of Asturias"))  # 2 Bells on top of the Affection deck
    run(s)
    assert s["results"][-1]["totals"]["player1"] == 6 == s["results"][-1]["totals"]["player2"]
    assert s["results"][-1]["winner"] is None
    assert s["prince_discards"][-1] == {"side": "individual", "id": cid("Philip, Prince of Asturias")}
    assert s["bells"] == 2


def test_individual_winner_takes_the_prince_card_with_its_points():
    s = fresh(players=4)
    confrontation(
        s,
        "individual",
        powers={"olivares": "clerical", "lerma": "society", "individual": "government"},
        mains={"player1": cid("English Ambassador"), "player2": cid("Secretary of the Treasury")},
        covered={"player2": cid("Grand Commissioner for Oaths")},
    )
    for role in s["roles"]:
        set_hand(s, role, [])
    s["princes"].append(cid("Infante Carlos"))
    assert player_total(ctx(s), "player2") == 11
    run(s)
    assert s["own_princes"]["player2"] == [cid("Infante Carlos")]
    assert s["bells"] == 2  # Infante Carlos shows 2 Bells
