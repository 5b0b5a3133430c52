"""The Player Turn › 2.1 Playing a Court Ability: Cancel, Replace, Attract, Manipulate (quince_dias/court.py)."""

from __future__ import annotations

from engines.quince_dias.cards import player_total

from .helpers import attach, cid, confrontation, ctx, fresh, offered, play, set_hand, take

IND = {"olivares": "clerical", "lerma": "society", "individual": "government"}
GONZO, OSCAR = "player1", "player3"


def individual(mains: dict, hand: list[str], turn: str = "player1", filler: int = 3) -> dict:
    s = fresh(players=4)
    confrontation(s, "individual", powers=IND, mains=mains, turn=turn, stage="common")
    set_hand(s, turn, hand, filler=filler)
    return s


def test_example_replace_swaps_the_english_ambassador():
    """2.1 example: Gonzo (Grand Commissioner for Oaths, 5) discards Secretary of the Treasury (Replace, Government
    range 4-8) on Óscar's English Ambassador (8): Gonzo has 8, Óscar 5."""
    secretary = cid("Secretary of the Treasury")
    s = individual({GONZO: cid("Grand Commissioner for Oaths"), OSCAR: cid("English Ambassador")}, [secretary])
    assert ("court", [secretary, OSCAR]) in offered(s, GONZO)
    s = play(s, GONZO, "court", [secretary, OSCAR])
    assert s["main"][GONZO] == cid("English Ambassador") and player_total(ctx(s), GONZO) == 8
    assert s["main"][OSCAR] == cid("Grand Commissioner for Oaths") and player_total(ctx(s), OSCAR) == 5
    assert secretary in s["discard"]


def test_influence_range_is_inclusive_and_checked_on_the_target():
    """Content Overview 1.4: Constable of Castile's Clerical range 3-7 covers 3..7 only."""
    from engines.quince_dias.cards import in_range

    s = fresh()
    constable = cid("Constable of Castile")
    assert in_range(ctx(s), constable, cid("Visionary Nun"), "clerical")  # 6
    assert in_range(ctx(s), constable, cid("Successful Playwright"), "clerical")  # 4
    assert not in_range(ctx(s), constable, cid("Cardinal"), "clerical")  # 8


def test_example_family_reference_power_for_abilities():
    """2.1 Reminder: in the Family Confrontation the attacker's family power sets range and target value."""
    s = fresh(players=4)
    s["family"] = {"player1": "olivares", "player2": "olivares", "player3": "lerma", "player4": "lerma"}
    confrontation(
        s,
        "family",
        powers={"olivares": "clerical", "lerma": "government", "individual": "society"},
        mains={"player1": cid("Cardinal"), "player3": cid("Visionary Nun")},
        turn="player1",
        stage="common",
    )
    nun_killer = cid("Grand Chaplain")  # Cancel, Clerical range 4-8: reaches the Nun's Clerical 6
    set_hand(s, "player1", [nun_killer], filler=4)
    assert ("court", [nun_killer, "player3"]) in offered(s, "player1")


def test_cancel_discards_the_target_and_grandee_of_spain_prevents_it():
    killer = cid("English Ambassador")  # Cancel, Government range 5-9
    s = individual({GONZO: cid("Cardinal"), OSCAR: cid("Apostolic Nuncio")}, [killer])
    s = play(s, GONZO, "court", [killer, OSCAR])
    assert s["main"][OSCAR] is None and cid("Apostolic Nuncio") in s["discard"]
    s = individual({GONZO: cid("Cardinal"), OSCAR: cid("Apostolic Nuncio")}, [killer])
    attach(s, cid("Apostolic Nuncio"), "Grandee of Spain")
    assert ("court", [killer, OSCAR]) not in offered(s, GONZO)


def test_double_agent_owner_chooses_the_replacement_from_the_discard_pile():
    """2.3.4 (line 252): "he is replaced by another Character from the Court discard pile": any Character of the
    pile, chosen by the Double Agent's owner (not the Cancelled one, nor the card that cancelled him)."""
    killer = cid("English Ambassador")
    s = individual({GONZO: cid("Cardinal"), OSCAR: cid("Apostolic Nuncio")}, [killer])
    attach(s, cid("Apostolic Nuncio"), "Double Agent")
    for name in ("Royal Page", "Lord High Steward"):
        take(s, cid(name))
        s["discard"].append(cid(name))
    s = play(s, GONZO, "court", [killer, OSCAR])
    assert s["stack"][-1]["step"] == "double_agent"
    choices = {a for _, a in offered(s, OSCAR, "take")}
    assert choices == {cid("Royal Page"), cid("Lord High Steward")}
    assert offered(s, GONZO) == []
    s = play(s, OSCAR, "take", cid("Royal Page"))  # not the latest: his choice
    assert s["main"][OSCAR] == cid("Royal Page") and cid("Lord High Steward") in s["discard"]
    assert cid("Apostolic Nuncio") in s["discard"] and cid("Double Agent") in s["discard"]
    assert s["conf"]["last"] == GONZO  # his turn is over


def test_loyal_to_the_cause_stops_replace_attract_and_manipulate_but_not_cancel():
    nuncio = cid("Apostolic Nuncio")
    hand = [cid("Secretary of the Treasury"), cid("Lord High Steward"), cid("English Ambassador")]
    s = individual({GONZO: cid("Cardinal"), OSCAR: nuncio}, hand)
    attach(s, nuncio, "Loyal to the Cause")
    attacks = {a[1][0] for a in offered(s, GONZO, "court") if a[1][1] == OSCAR}
    assert attacks == {cid("English Ambassador")}  # the Cancel only


def test_special_situation_travels_with_its_character_through_replace():
    ambassador, secretary = cid("English Ambassador"), cid("Secretary of the Treasury")
    s = individual({GONZO: cid("Grand Commissioner for Oaths"), OSCAR: ambassador}, [secretary])
    attach(s, ambassador, "Charged and Accused")
    s = play(s, GONZO, "court", [secretary, OSCAR])
    assert s["main"][GONZO] == ambassador and s["sit"][ambassador] == cid("Charged and Accused")
    assert player_total(ctx(s), GONZO) == 5


def test_attract_takes_the_target_and_gives_a_character_or_a_ducat_back():
    steward = cid("Lord High Steward")  # Attract, Government range 5-9
    s = individual({GONZO: cid("Cardinal"), OSCAR: cid("Apostolic Nuncio")}, [steward], filler=2)
    s = play(s, GONZO, "court", [steward, OSCAR])
    assert cid("Apostolic Nuncio") in s["hands"][GONZO] and s["main"][OSCAR] is None
    gives = offered(s, GONZO, "give")
    assert ("give", cid("Apostolic Nuncio")) not in gives and len(gives) == 2
    before = (s["ducats"][GONZO], s["ducats"][OSCAR])
    s = play(s, GONZO, "pay")
    assert (s["ducats"][GONZO], s["ducats"][OSCAR]) == (before[0] - 1, before[1] + 1)


def test_bureaucratic_incompetent_doubles_the_payments():
    steward = cid("Lord High Steward")
    s = individual({GONZO: cid("Cardinal"), OSCAR: cid("Apostolic Nuncio")}, [steward], filler=2)
    attach(s, cid("Cardinal"), "Bureaucratic Incompetent")
    s = play(s, GONZO, "court", [steward, OSCAR])
    s = play(s, GONZO, "pay")
    assert s["ducats"][GONZO] == 0 and s["ducats"][OSCAR] == 4


def test_manipulate_uses_the_targets_ability_never_against_itself():
    """2.1.4: Manipulate the Nuncio (Cancel): its Cancel reaches other Main Characters, never the Nuncio."""
    puppeteer = cid("The King's Grand Master of the Hunt")  # Manipulate, Government range 1-5
    s = individual(
        {GONZO: cid("Cardinal"), "player2": cid("Grand Commissioner for Oaths"), OSCAR: cid("Grand Chaplain")},
        [puppeteer],
    )
    take(s, cid("English Ambassador"))
    s["main"]["player4"] = cid("English Ambassador")
    s = play(s, GONZO, "court", [puppeteer, "player2"])  # Commissioner: Government 5, Attract 4-8
    assert s["stack"][-1]["step"] == "manipulate"
    uses = offered(s, GONZO, "use_court")
    assert ("use_court", "player2") not in uses
    assert ("use_court", "player4") in uses  # Ambassador, Government 8 in 4-8
    assert ("use_admin", None) in offered(s, GONZO)


def test_manipulate_chain_and_free_administrative_ability():
    puppeteer = cid("The King's Grand Master of the Hunt")
    s = individual({GONZO: cid("Cardinal"), "player2": cid("Grand Commissioner for Oaths")}, [puppeteer])
    s["control_free"] = False
    s["discard"].append(s["deck"].pop())
    ducats = s["ducats"][GONZO]
    hand = len(s["hands"][GONZO])
    s = play(s, GONZO, "court", [puppeteer, "player2"])
    s = play(s, GONZO, "use_admin")  # the Commissioner's Enhance: free
    assert s["ducats"][GONZO] == ducats and s["control_free"] is False
    assert s["stack"][-1]["step"] == "enhance"
    assert ("take", puppeteer) in offered(s, GONZO)  # 2.2.4: "searches the Court discard pile"
    s = play(s, GONZO, "take", offered(s, GONZO)[0][1])
    assert len(s["hands"][GONZO]) == hand


def test_a_character_lends_its_administrative_ability_once_per_confrontation():
    """RULINGS › Manipulate: a free Administrative Ability keeps the hand as large as it was, so each Character
    lends it once per Confrontation; it can still be Manipulated (2.1.4) for its Court Ability."""
    puppeteer, again = cid("The King's Grand Master of the Hunt"), cid("Royal Almoner")
    commissioner = cid("Grand Commissioner for Oaths")
    s = individual({GONZO: cid("Cardinal"), "player2": commissioner}, [puppeteer, again])
    s["discard"].append(s["deck"].pop())
    s = play(s, GONZO, "court", [puppeteer, "player2"])
    s = play(s, GONZO, "use_admin")
    s = play(s, GONZO, "take", puppeteer)  # the Manipulate card back: allowed, once
    s["stack"] = [*s["stack"][:1], {"step": "turn", "role": GONZO, "stage": "common"}]
    assert ("court", [puppeteer, "player2"]) in offered(s, GONZO)
    s = play(s, GONZO, "court", [puppeteer, "player2"])
    assert ("use_admin", None) not in offered(s, GONZO)


def test_manipulated_manipulate_chains_to_a_further_character():
    puppeteer = cid("The King's Grand Master of the Hunt")  # Manipulate 1-5 (Government)
    second = cid("Royal Almoner")  # Manipulate, Government 3
    s = individual({GONZO: cid("Cardinal"), "player2": second, OSCAR: cid("Grand Commissioner for Oaths")}, [puppeteer])
    s = play(s, GONZO, "court", [puppeteer, "player2"])
    chain = offered(s, GONZO, "use_court")
    assert chain, "the Almoner's Manipulate reaches a further Main Character"
    s = play(s, GONZO, "use_court", chain[0][1])
    assert s["stack"][-1]["step"] == "manipulate" and second in s["stack"][-1]["used"]


def test_family_confrontation_attract_at_three_cards_is_paid_with_a_ducat():
    """2.5 Attention / RULINGS: at 3 cards (after the Special Action) an Attract must be compensated with a Ducat."""
    s = fresh(players=4)
    s["family"] = {"player1": "olivares", "player2": "olivares", "player3": "lerma", "player4": "lerma"}
    confrontation(
        s,
        "family",
        powers={"olivares": "government", "lerma": "government", "individual": "society"},
        mains={GONZO: cid("Cardinal"), OSCAR: cid("Apostolic Nuncio")},
        turn=GONZO,
        stage="common",
    )
    thief = cid("Lord High Steward")  # Attract, Government 5-9
    set_hand(s, GONZO, [thief], filler=2)
    assert ("court", [thief, OSCAR]) in offered(s, GONZO)
    s = play(s, GONZO, "court", [thief, OSCAR])
    assert offered(s, GONZO) == [("pay", None)]
    s = play(s, GONZO, "pay")
    assert len(s["hands"][GONZO]) == 3
    s2 = fresh(players=4)
    confrontation(
        s2,
        "family",
        powers={"olivares": "government", "lerma": "government", "individual": "society"},
        mains={GONZO: cid("Cardinal"), OSCAR: cid("Apostolic Nuncio")},
        turn=GONZO,
        stage="common",
    )
    set_hand(s2, GONZO, [thief], filler=2)
    s2["ducats"][GONZO] = 0
    assert ("court", [thief, OSCAR]) not in offered(s2, GONZO)
