"""The Planet King content (issue 4, Content; engines/planet_king/CONTENT.md): the counts of the Components, every
value the rulebook states, the worked examples' arithmetic on the data, references, and the owner's override."""

from __future__ import annotations

import itertools
import unicodedata
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from engines.core.types import ContentError
from engines.planet_king import GAME, PlanetKing, content, content_items
from engines.planet_king.content_items import Genius, Lady, Noble

RULEBOOK = Path(__file__).resolve().parents[4] / "shared" / "rules" / "planet-king.txt"


@pytest.fixture(scope="module")
def c():
    return content.load()[0]


@pytest.fixture(scope="module")
def ids(c):
    return c.by_id()


def pk(group: str, slug: str) -> str:
    return f"pk:{group}:{slug}"


def available(card, turn: int) -> bool:
    """A card with a turn seal that is used on this turn (Creating the Notable Decks / the Event Decks)."""
    return card.turn_in is not None and card.turn_in <= turn and (card.turn_out is None or card.turn_out >= turn)


# ----- counts --------------------------------------------------------------------------------------------
def test_components_counts(c):
    """Components: 76 Notable cards, 68 Event cards, 14 Secret Memorial cards."""
    assert len(c.notables) == 76
    assert len(c.events) == 68
    assert len(c.memorials) == 14
    assert Counter(m.owner for m in c.memorials) == {"council": 7, "hm": 7}


def test_fortune_symbols_match_the_printed_percentages(c):
    """Events Phase › Overview: eagle 41 %, pigeon 19 %, crow 40 % -> 28 / 13 / 27 of the 68 cards."""
    counts = Counter(e.fortune for e in c.events)
    assert counts == {"eagle": 28, "pigeon": 13, "crow": 27}
    for symbol, percent in {"eagle": 41, "pigeon": 19, "crow": 40}.items():
        assert round(100 * counts[symbol] / 68) == percent == c.tables.fortune[symbol]["percent"]


def test_card_copies(c):
    """Eight ACTION cards, ACTION (14) the conditional eighth; one TOTAL WAR; three FRANCO-SPANISH WAR."""
    names = Counter(e.name for e in c.events)
    assert names["ACTION"] == 8 and names["TOTAL WAR"] == 1 and names["FRANCO-SPANISH WAR"] == 3
    assert names["INSTABILITY"] >= 3 and names["PIRATES"] >= 2
    actions = [e for e in c.events if e.kind == "action"]
    assert [e.number for e in actions if e.conditional] == [14]
    assert sorted(e.number for e in c.events) == list(range(1, 69))


# ----- ids and references ----------------------------------------------------------------------------------
def test_ids_unique_and_well_formed(c):
    all_ids = [item.id for item in c.items()]
    assert len(all_ids) == len(set(all_ids))
    groups = {"noble": Noble, "genius": Genius, "lady": Lady}
    for n in c.notables:
        assert n.id.startswith(f"pk:{n.kind}:") and isinstance(n, groups[n.kind])
    for e in c.events:
        assert e.id.startswith("pk:event:")


def test_every_reference_resolves(c, ids):
    """Son / father, leaders' nobles and fronts, red text, war cards, lines, scenarios: all exist."""
    for n in c.notables:
        if isinstance(n, Noble) and n.son:
            assert ids[n.son].father == n.id
    for e in c.events:
        assert all(r in ids for r in e.removes)
        if e.war:
            assert e.war.startswith("pk:power:") and e.war in ids
    for line in c.lines:
        assert all(end in ids for end in line.ends)
    for s in c.scenarios:
        for ws in s.wars:
            assert ws.war in ids and (ws.commander is None or ws.commander in ids)


def test_a_broken_reference_is_refused(c):
    data = c.model_dump()
    data["events"][0]["removes"] = ["pk:event:no-such-card"]
    with pytest.raises(ValueError, match="no-such-card"):
        content.Content.model_validate(data)


def test_sources_are_traceable(c):
    """Reconstructed items state nothing; rulebook items cite real lines of the 1110-line rulebook."""
    for item in c.items():
        if item.source == "reconstructed":
            assert not item.stated
        else:
            assert item.lines and all(1 <= line <= 1110 for line in item.lines)


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the shared rulebook is not checked out")
def test_rulebook_items_are_named_in_the_rulebook(c):
    """Every `source: rulebook` item's name (or one of its aliases) is on one of the lines it cites."""

    def fold(text: str) -> str:
        return "".join(ch for ch in unicodedata.normalize("NFD", text.lower()) if not unicodedata.combining(ch))

    lines = [fold(line) for line in RULEBOOK.read_text(encoding="utf-8").split("\n")]
    generic = ("War ", "War in ", "War with ", "War of ", "Viceroyalty of ", "The ", " front")
    for item in c.items():
        if item.source != "rulebook" or item.kind == "line":
            continue
        names = [item.name, *item.aliases]
        names = [fold(n.replace(g, "")).strip() for n in names for g in ("", *generic)]
        assert any(n in lines[at - 1] for at in item.lines for n in names), item.id


# ----- values the rulebook states ----------------------------------------------------------------------
STATED: dict[str, dict[str, Any]] = {
    pk("noble", "gaspar-de-guzman"): {"government": 3, "political": 2, "traits": ["industrious"]},
    pk("noble", "diego-carrillo"): {"government": 2},
    pk("noble", "ambrosio-de-spinola"): {"military": 3, "special": "spinola"},
    pk("noble", "bartolome-de-fonte"): {"military": 1, "traits": ["explorer"], "turn_in": 1},
    pk("noble", "leopold-of-habsburg"): {"political": 2},
    pk("noble", "gaspar-de-borja"): {"prestige": 1, "traits": ["patron"]},
    pk("noble", "antoine-brun"): {"prestige": 1, "traits": ["writer"]},
    pk("noble", "francisco-pimentel"): {"traits": ["patron"]},
    pk("noble", "juan-jose-of-austria"): {"military": None, "special": "juan_jose_of_austria"},
    pk("noble", "rodrigo-pacheco"): {"government": None},
    pk("noble", "francisco-de-moura"): {"turn_in": 5},
    pk("noble", "louis-ii-conde"): {"conditional": True, "turn_in": None, "condition": "the_fronde"},
    pk("noble", "sor-maria-de-agreda"): {"conditional": True, "special": "sor_maria_de_agreda"},
    pk("noble", "fernandez-de-castro-son"): {"conditional": True, "traits": ["son"]},
    pk("noble", "isabel-clara-eugenia"): {"special": "isabel_clara_eugenia"},
    pk("genius", "diego-velazquez"): {"enlightenment": 3, "art": "painting"},
    pk("genius", "francisco-de-quevedo"): {"enlightenment": 2, "art": "literature"},
    pk("genius", "lope-de-vega"): {"enlightenment": 2, "art": "literature"},
    pk("genius", "luis-de-gongora"): {"enlightenment": 1, "art": "literature"},
    pk("genius", "francisco-de-zubaran"): {"enlightenment": 2},
    pk("genius", "baltasar-gracian"): {"enlightenment": 1},
    pk("genius", "juan-caramuel"): {"turn_in": 3},
    pk("lady", "elisabeth-of-france"): {"prestige": 2, "happiness": 1, "fertility": 2},
    pk("lady", "casilda-manrique"): {"prestige": -1, "happiness": 2},
    pk("lady", "maria-calderon"): {"mistress_enlightenment": 1, "mistress_art": "music"},
    pk("event", "action-8"): {"number": 14, "conditional": True, "condition": "union_of_arms_completed"},
    pk("event", "franco-spanish-war-32"): {"number": 32, "params": {"palatinate": -1}},
    pk("event", "franco-spanish-war-33"): {
        "number": 33,
        "conditional": True,
        "params": {"strength": 4},
        "condition": "victory_points_or_war_ended:8|pk:war:palatinate",
    },
    pk("event", "flanders-war-34"): {"number": 34, "condition": "victory_points_or_prestige:4|4"},
    pk("event", "anglo-spanish-war-37"): {"number": 37, "condition": "victory_points_or_prestige:10|4"},
    pk("event", "portuguese-war"): {"number": 39, "params": {"strength": 4}},
    pk("event", "lutzen"): {
        "number": 49,
        "flame": True,
        "turn_in": 2,
        "turn_out": 4,
        "removes": [pk("event", "danish-intervention"), pk("event", "breitenfeld-1631")],
    },
    pk("event", "beaten-to-a-pulp"): {
        "number": 53,
        "text": "The player loses a Royal Action but gains a Happiness marker.",
    },
    pk("event", "the-fronde"): {"turn_in": 6},
    pk("event", "fall-from-grace"): {"fortune": "pigeon", "sp_elimination": True},
    pk("event", "excellent-harvests"): {"fortune": "eagle", "params": {"ducats": 1}},
    pk("event", "hunting-day"): {"fortune": "eagle", "conditional": True, "condition": "hunt"},
    pk("event", "pirates-1"): {"fortune": "crow"},
    pk("event", "raid-in-the-indies"): {"condition": "at_war:pk:power:united-provinces"},
    pk("event", "union-of-arms"): {"optional": True, "manager": "valido"},
    pk("event", "the-ensign-nun"): {"manager": "valido", "params": {"exploration_military": 2}},
    pk("event", "his-majesty-the-king"): {"manager": "king"},
    pk("event", "royal-marriage"): {"manager": "king"},
    pk("event", "barbary-pirates"): {"removed_if": "war_won:pk:war:barbary"},
    pk("event", "corsairs-of-dunkirk"): {"removed_if": "war_lost:pk:war:picardy", "params": {"strength": 3}},
    pk("event", "austrian-alliance"): {"removed_if": "war_ended:pk:war:palatinate"},
    pk("event", "guerra-dels-segadors"): {"removes": [pk("event", "union-of-arms")]},
    pk("memorial", "te-deum"): {"vp_black": 1, "vp_red": 2, "vp_white": 1, "immediate": False},
    pk("leader", "antonio-de-oquendo"): {"turn_in": 1, "turn_out": 4},
    pk("leader", "ambrosio-de-spinola"): {"turn_in": 1, "turn_out": 2, "strategy": 3},
    pk("leader", "bartolome-de-fonte"): {"turn_in": 1, "turn_out": 5, "strategy": 1},
    pk("leader", "turenne"): {"turn_in": 3, "turn_out": 8},
    pk("leader", "conde"): {"turn_in": 3},
    pk("leader", "la-motte"): {"strategy": 2},
    pk("leader", "nassau"): {"strategy": 2},
    pk("leader", "tromp"): {"strategy": 2},
    pk("leader", "emmanuel-of-savoy"): {"fronts": [pk("war", "italy")]},
    pk("leader", "margarit"): {"fronts": [pk("war", "catalonia")], "condition": "guerra_dels_segadors_played"},
    pk("leader", "meneses"): {"power": pk("power", "portugal")},
    pk("power", "france"): {"strength": 3, "naval": False},
    pk("power", "united-provinces"): {"strength": 4},
    pk("power", "england"): {"naval": True},
    pk("power", "ottoman-empire"): {"naval": True},
    pk("power", "barbary-pirates"): {"naval": True},
    pk("war", "italy"): {"vp_loss": 2, "fleets": "one"},
    pk("war", "catalonia"): {"black": 4, "black_before": 3},
    pk("war", "palatinate"): {"fleets": "none", "provincial_tercios": False},
    pk("war", "england"): {"fleets": "required", "declared_from": pk("territory", "plus-ultra")},
    pk("war", "barbary"): {"declared_by_events": False, "vp_win": 1},
    pk("territory", "spain"): {"fortification": 1},
    pk("territory", "peru"): {"fortification": 1, "kind": "viceroyalty"},
    pk("territory", "new-spain"): {"fortification": 1, "kind": "viceroyalty"},
    pk("territory", "franche-comte"): {"fleets": False},
}


@pytest.mark.parametrize("item_id", sorted(STATED))
def test_rulebook_value(ids, item_id):
    item = ids[item_id]
    for field, value in STATED[item_id].items():
        got = getattr(item, field)
        if field == "traits":
            assert set(value) <= set(got), (item_id, got)
        else:
            assert got == value, (item_id, field, got)


def test_checked_values_are_declared_stated(ids):
    """Each value checked above is declared `stated` by a `source: rulebook` item (so an owner sees it is printed)."""
    for item_id, fields in STATED.items():
        item = ids[item_id]
        assert item.source == "rulebook", item_id
        assert set(fields) <= set(item.stated), (item_id, set(fields) - set(item.stated))


def test_strength_changes(ids):
    """FRANCO-SPANISH WAR (33), BREITENFELD 1631, PORTUGUESE WAR (39): 4 for the game; CORSAIRS OF DUNKIRK: 3 for
    the turn."""
    expected = {
        "france": ("franco-spanish-war-33", 4, "end_of_game"),
        "protestants": ("breitenfeld-1631", 4, "end_of_game"),
        "portugal": ("portuguese-war", 4, "end_of_game"),
        "united-provinces": ("corsairs-of-dunkirk", 3, "end_of_turn"),
    }
    for power, (card, strength, until) in expected.items():
        (change,) = ids[pk("power", power)].strength_changes
        assert (change.card, change.strength, change.until) == (pk("event", card), strength, until)


def test_palatinate_cards(c):
    """The cards that move the Palatinate marker; only WALLENSTEIN moves it in the player's favour (lines 312, 438)."""
    movers = {e.id.split(":")[2]: e.params["palatinate"] for e in c.events if "palatinate" in e.params}
    assert movers == {
        "wallenstein": 1,
        "danish-intervention": -1,
        "lutzen": -1,
        "breitenfeld-1631": -1,
        "breitenfeld-1643": -1,
        "franco-spanish-war-32": -1,
    }


def test_war_cards_and_war_only_discards(c):
    wars = {e.name for e in c.events if e.kind in ("war", "total_war")}
    assert wars == {
        "FRANCO-SPANISH WAR",
        "ANGLO-SPANISH WAR",
        "FLANDERS WAR",
        "TURKISH WAR",
        "GUERRA DELS SEGADORS",
        "PORTUGUESE WAR",
        "TOTAL WAR",
    }
    discards = {e.name for e in c.events if e.war_only_discard}
    assert discards == {
        "FALL FROM GRACE",
        "BEATEN TO A PULP",
        "CORRALES AND BROTHELS",
        "RIVALRY",
        "SÉBASTIÁN DE MORRA",
        "BARBARA VAN BECK",
        "SPANISH GOLDEN AGE",
    }
    assert set(c.tables.modes["war_only"]["discard_unplayed"]) == {e.id for e in c.events if e.war_only_discard}


def test_memorials(c):
    """Immediate claims: GOLDEN AGE, US AGAINST ALL, ALL AGAINST US, CARPE DIEM, REPUTATION (line 757)."""
    assert {m.name for m in c.memorials if m.immediate} == {
        "GOLDEN AGE",
        "US AGAINST ALL",
        "ALL AGAINST US",
        "CARPE DIEM",
        "REPUTATION",
    }
    for m in c.memorials:
        assert m.vp_black >= 1 and m.vp_red >= 1 and m.vp_white >= 1


# ----- the Example First Game Turn (Anni Mirabiles, turn 1) ------------------------------------------------------
def turn_one(c, kind):
    return {n.id for n in c.notables if n.kind == kind and not n.conditional and available(n, 1)}


def test_example_first_game_turn_notable_decks(c):
    """Lines 1002-1006: the turn-1 decks, plus the Valido, Governor of Flanders, Queen, Mistress and set-aside cards."""
    nobles = [
        "gaspar-de-bracamonte",
        "castel-rodrigo",
        "diego-carrillo",
        "diego-mexia-guzman",
        "gomez-suarez",
        "manuel-de-melo",
        "fernandez-de-castro-father",
        "francisco-pimentel",
        "antonio-de-oquendo",
        "alvarez-de-toledo",
        "bartolome-de-fonte",
    ]
    placed = ["gaspar-de-guzman", "isabel-clara-eugenia", "ambrosio-de-spinola", "gonzalo-fdez-de-cordoba"]
    assert turn_one(c, "noble") == {pk("noble", n) for n in nobles + placed}
    geniuses = [
        "vincente-carducho",
        "diego-velazquez",
        "baltasar-gracian",
        "lope-de-vega",
        "francisco-de-quevedo",
        "jose-de-ribera",
        "francisco-de-zubaran",
        "luis-de-gongora",
    ]
    assert turn_one(c, "genius") == {pk("genius", g) for g in geniuses}
    ladies = ["casilda-manrique", "maria-de-chirel", "elisabeth-of-france", "maria-calderon"]
    assert turn_one(c, "lady") == {pk("lady", x) for x in ladies}


def test_example_first_game_turn_event_deck(c):
    """Line 1005: 39 cards without turn indication + DANISH INTERVENTION + WALLENSTEIN + RAID IN THE INDIES
    + 7 ACTION + 1 INSTABILITY = 50 event cards (RAID IN THE INDIES: at war with the United Provinces)."""
    no_seal = [e for e in c.events if e.turn_in is None and not e.conditional and e.kind != "action"]
    assert len(no_seal) == 39
    sealed_now = {e.name for e in c.events if available(e, 1)}
    assert sealed_now == {"DANISH INTERVENTION", "WALLENSTEIN"}
    raid = [e for e in c.events if e.conditional and e.condition == "at_war:pk:power:united-provinces"]
    assert [e.name for e in raid] == ["RAID IN THE INDIES"]
    actions = [e for e in c.events if e.kind == "action" and not e.conditional]
    assert len(actions) == 7
    assert len(no_seal) + len(sealed_now) + len(raid) + len(actions) + 1 == 50
    drawn_on_turn_one = {
        "EXCELLENT HARVESTS",
        "PATRON",
        "SPANISH GOLDEN AGE",
        "THE TWILIGHT OF LIFE",
        "WEST INDIES FLEET",
        "GALLEON OF MANILA",
        "THE ENSIGN NUN",
        "FRANCO-SPANISH WAR",
        "TOTAL WAR",
        "TRAITOR",
        "PIRATES",
    }
    assert drawn_on_turn_one <= {e.name for e in no_seal}


def test_example_first_game_turn_values(ids):
    """Lines 1007-1025: Carrillo's Government 2 as Viceroy of the Indies; Italy + Flanders yield 3 (Castro, Isabel
    minus 1); Olivares gives 3 red, 2 blue and a green cube; Spinola's 3 tests; de Fonte explores with Military 1;
    SPANISH GOLDEN AGE with 8 points: Velázquez 3, Quevedo 2, Gracián 1, Pimentel's patronage 1, Calderón's music
    1."""
    olivares = ids[pk("noble", "gaspar-de-guzman")]
    assert (olivares.government, olivares.political, "industrious" in olivares.traits) == (3, 2, True)
    assert ids[pk("noble", "diego-carrillo")].government == 2
    castro, isabel = ids[pk("noble", "fernandez-de-castro-father")], ids[pk("noble", "isabel-clara-eugenia")]
    assert castro.government + isabel.government - 1 == 3 and not {"corrupt"} & {*castro.traits, *isabel.traits}
    points = (
        sum(ids[pk("genius", g)].enlightenment for g in ("diego-velazquez", "francisco-de-quevedo", "baltasar-gracian"))
        + ("patron" in ids[pk("noble", "francisco-pimentel")].traits)
        + ids[pk("lady", "maria-calderon")].mistress_enlightenment
    )
    assert points == 8 >= ids[pk("event", "spanish-golden-age")].params["enlightenment"]
    for army_leader in ("francisco-pimentel", "gomez-suarez", "ambrosio-de-spinola", "gonzalo-fdez-de-cordoba"):
        assert ids[pk("noble", army_leader)].military >= 1
    assert ids[pk("lady", "elisabeth-of-france")].fertility == 2 and ids[pk("lady", "maria-calderon")].fertility >= 2


def test_example_first_game_turn_treasury_leaves_no_fortune_ducat(ids):
    """Line 1010: 10 ducats, one paid for the fleet, "9 remain": the notables placed in offices, armies or as Queen
    at set-up and during that turn (Gómez Suárez to Flanders, Pimentel to Italy) had no Fortune ducat to give."""
    placed = [
        pk("noble", n)
        for n in (
            "diego-carrillo",
            "fernandez-de-castro-father",
            "manuel-de-melo",
            "isabel-clara-eugenia",
            "ambrosio-de-spinola",
            "gonzalo-fdez-de-cordoba",
            "gomez-suarez",
            "francisco-pimentel",
        )
    ] + [pk("lady", "elisabeth-of-france")]
    assert not [n for n in placed if "fortune" in ids[n].traits]


# ----- the other worked examples ---------------------------------------------------------------------------------
def score_enlightenment(ids, geniuses, nobles, per_art=2):
    by_art: dict[str, list[int]] = {}
    for g in geniuses:
        by_art.setdefault(ids[g].art, []).append(ids[g].enlightenment)
    patrons = 0
    for n in nobles:
        traits = ids[n].traits
        if "writer" in traits:
            by_art.setdefault("literature", []).append(1)
        patrons += "patron" in traits
    return sum(sum(sorted(v, reverse=True)[:per_art]) for v in by_art.values()) + patrons


def test_example_enlightenment_end_of_turn_3(ids):
    """Lines 650-651: Quevedo 2, Lope 2, Góngora 1, Zurbarán 2 + Brun (literature) and Borja (patron) = 7."""
    geniuses = [
        pk("genius", g) for g in ("francisco-de-quevedo", "lope-de-vega", "luis-de-gongora", "francisco-de-zubaran")
    ]
    nobles = [pk("noble", "antoine-brun"), pk("noble", "gaspar-de-borja")]
    assert score_enlightenment(ids, geniuses, nobles) == 7


def test_example_prestige_and_happiness_end_of_turn_3(ids):
    """Lines 673-695: Brun 1 + Borja 1 + Queen Elisabeth 2 - Casilda 1 (+1 from enlightenment) = 4; happiness
    Elisabeth 1 + Casilda 2 = 3. The Valido (Olivares on turn 3) adds nothing."""
    court = sum(
        ids[pk(*x)].prestige
        for x in (
            ("noble", "antoine-brun"),
            ("noble", "gaspar-de-borja"),
            ("lady", "elisabeth-of-france"),
            ("lady", "casilda-manrique"),
        )
    )
    assert court + 1 == 4 and ids[pk("noble", "gaspar-de-guzman")].prestige == 0
    assert ids[pk("lady", "elisabeth-of-france")].happiness + ids[pk("lady", "casilda-manrique")].happiness == 3


def test_example_instability_and_traitor_turn_4(ids):
    """Lines 324-326: everyone named is in play on turn 4; Cardinal Infante is not charismatic; Borja is neither
    loyal nor mercenary; Pimentel commands an army; Velázquez is a genius."""
    for n in (
        "cardinal-infante",
        "rodrigo-pacheco",
        "leopold-of-habsburg",
        "francisco-pimentel",
        "garcia-de-avellaneda",
        "fernandez-de-la-cueva",
        "gaspar-de-borja",
    ):
        assert available(ids[pk("noble", n)], 4), n
    for g in ("diego-velazquez", "baltasar-gracian"):
        assert available(ids[pk("genius", g)], 4)
    assert available(ids[pk("lady", "mariana-perez")], 4) and ids[pk("lady", "mariana-perez")].prestige <= 0
    assert "charismatic" not in ids[pk("noble", "cardinal-infante")].traits
    assert not {"loyal", "mercenary"} & set(ids[pk("noble", "gaspar-de-borja")].traits)
    assert ids[pk("noble", "francisco-pimentel")].military >= 1


def test_example_indies_income_turn_5(c):
    """Line 606: three raid markers on three territories leave only 4 ducats in the Indies."""
    incomes = [t.income for t in c.territories if t.region == "indies" and not t.settlement]
    assert len(incomes) == 6
    assert any(sum(incomes) - sum(raided) == 4 for raided in itertools.combinations(incomes, 3))
    assert max(incomes) >= 1 and sum(incomes) >= 5  # the turn-1 example collects 5
    assert sum(incomes) + c.tables.limits["treasury"] <= c.tables.limits["coins"]  # 25 coins (Components)


def test_example_deck_removal_turn_3(ids):
    """Line 217: SOR JUANA DE LA CRUZ may be removed on turn 3, JUAN CARAMUEL entered on turn 3."""
    assert ids[pk("genius", "sor-juana-de-la-cruz")].turn_in < 3
    assert ids[pk("genius", "juan-caramuel")].turn_in == 3


def test_royal_mistress_and_queen_choices(c, ids):
    """Ladies: Queen prestige >= 0, Royal Mistress <= 0 (line 119); the scenario choices fit."""
    for s in c.scenarios:
        if s.queen:
            assert ids[s.queen].prestige >= 0
        for lady in s.mistress_choices:
            assert ids[lady].prestige <= 0
    assert any(isinstance(n, Lady) and n.prestige < 0 for n in c.notables)
    for n in c.notables:
        if isinstance(n, Lady):
            assert set(n.traits) <= {"patron", "advisor", "fortune"}


# ----- leaders -------------------------------------------------------------------------------------------------
def test_spanish_counters_follow_their_nobles(c, ids):
    """Tokens › Military Leaders: one counter per noble with a military rating; strategy = military rating; red
    circle = tactician, anchor = admiral."""
    counters = {x.noble: x for x in c.leaders if x.side == "spanish"}
    for n in c.notables:
        if isinstance(n, Noble):
            assert (n.id in counters) == (n.military != 0), n.id
            if n.id in counters:
                x = counters[n.id]
                assert x.strategy == n.military
                assert (x.tactician, x.admiral) == ("tactician" in n.traits, "admiral" in n.traits)


def test_every_war_has_an_enemy_leader_each_turn(c):
    """Declaration of War: a random leader available for the turn; the Palatinate has none (line 384)."""
    foreign = [x for x in c.leaders if x.side == "foreign"]
    assert not [x for x in foreign if x.power == pk("power", "protestants")]
    for war in c.wars:
        if war.power == pk("power", "protestants"):
            continue
        turns = range(1, 4) if war.id == pk("war", "italy") else range(1, 9)
        if war.id == pk("war", "portugal"):
            turns = range(4, 9)
        for turn in turns:
            pool = [
                x
                for x in foreign
                if x.turn_in <= turn <= x.turn_out
                and x.condition is None
                and ((x.fronts is None and x.power == war.power) or (x.fronts and war.id in x.fronts))
            ]
            assert pool, (war.id, turn)


# ----- board ------------------------------------------------------------------------------------------------
def test_location_markers(c):
    """Tokens: Europe markers Spain, Italy, Flanders; 8 Indies markers (line 980)."""
    europe = {t.name for t in c.territories if t.location_marker == "europe"}
    assert europe == {"Spain", "Italy", "Flanders"}
    assert len([t for t in c.territories if t.location_marker == "indies"]) == 8
    assert {t.id for t in c.territories if t.portuguese} == {
        pk("territory", x) for x in ("brazil", "mozambique", "portuguese-indies")
    }


def test_lines_of_communication(c):
    """Plus Ultra is adjacent to every territory and war except the Palatinate and Franche-Comté (line 552); the
    Valtellina is the Franche-Comté–Italy line (line 334); provincial-tercio wars touch Spain or Italy (line 593)."""
    plus = pk("territory", "plus-ultra")
    around = {e for line in c.lines if plus in line.ends for e in line.ends} - {plus}
    everything = {t.id for t in c.territories} | {w.id for w in c.wars}
    assert around == everything - {plus, pk("war", "palatinate"), pk("territory", "franche-comte")}
    (valtellina,) = [line for line in c.lines if line.valtellina]
    assert set(valtellina.ends) == {pk("territory", "italy"), pk("territory", "franche-comte")}
    home = {pk("territory", "spain"), pk("territory", "italy")}
    near = {e for line in c.lines for e in line.ends if home & set(line.ends)}
    for war in c.wars:
        if war.provincial_tercios:
            assert war.id in near, war.id
    pairs = [frozenset(line.ends) for line in c.lines]
    assert len(pairs) == len(set(pairs))


# ----- tables ------------------------------------------------------------------------------------------------
def test_printed_tables(c):
    t = c.tables
    assert t.enlightenment[0] == {"min": 6, "victory_points": 1, "prestige": 1, "ducats": -1}
    assert t.enlightenment[-1] == {"max": 1, "defeat": True}
    assert t.prestige[0] == {"min": 8, "victory_points": 2, "ducats": 1}
    assert t.prestige[2] == {"min": 2, "max": 3, "victory_points": -1, "happiness": -1, "ducats": -1}
    assert t.happiness[0] == {"min": 5, "victory_points": 1, "ducats": -1} and t.happiness[-1]["max"] == 0
    assert t.question_mark_rating == {"crow": 1, "pigeon": 2, "eagle": 3}
    assert (t.limits["treasury"], t.limits["court_nobles"], t.limits["court_geniuses"]) == (12, 4, 4)
    cubes = [t.limits[f"{colour}_cubes"] for colour in ("red", "blue", "yellow", "green")]
    assert cubes == [4, 4, 4, 2]
    assert (
        t.income["castile"],
        t.income["castile_portugal_independent"],
        t.income["aragon"],
        t.income["aragon_union_of_arms"],
    ) == (3, 2, 1, 2)
    assert t.units["old_tercio"]["sp"] == 2 and t.units["provincial_tercio"]["sp"] == 0.5
    unique = {a["name"] for a in t.actions if a.get("unique")}
    assert len(unique) == 9 and {"Issue", "Cortes", "Embassy", "Build a Fleet", "Hunt"} <= unique
    assert [s["vp"] for s in t.exploration if "vp" in s] == [1, 1, 1]


def test_battle_name_generator(c):
    """Lines 919-947: three 6x6 tables; '6 and 5' gives Aire-sur-la-Lys."""
    names = c.tables.battle_names
    assert set(names) == {"picardy", "flanders", "catalonia"}
    assert all(len(rows) == 6 and all(len(r) == 6 for r in rows) for rows in names.values())
    first, second = 6, 5
    row, col = (second, first) if c.tables.battle_names_rows == "second_die" else (first, second)
    assert names["picardy"][row - 1][col - 1] == "Aire-sur-la-Lys"
    assert names["flanders"][0][0] == "1st Breda" and names["catalonia"][5][5] == "Camprodón"
    assert {w.battle_names for w in c.wars if w.battle_names} == set(names)


# ----- scenarios -------------------------------------------------------------------------------------------------
def scenario(c, slug):
    return next(s for s in c.scenarios if s.id == pk("scenario", slug))


def test_scenario_victory_tables(c):
    expected = {
        "iupiter-hispano": (7, 4, 2),
        "anni-mirabiles": (15, 11, 7),
        "anni-horribiles": (11, 8, 4),
        "the-planet-king": (20, 15, 11),
    }
    for slug, (major, historical, defeat) in expected.items():
        levels = {v.level: v for v in scenario(c, slug).victory}
        assert levels["major_victory"].min_vp == major
        assert levels["historical_outcome"].min_vp == historical and levels["historical_outcome"].max_vp == major - 1
        assert levels["defeat"].min_vp == defeat and levels["defeat"].max_vp == historical - 1
        assert levels["neither_king_nor_planet"].max_vp == defeat - 1
    turns = {s.id.split(":")[2]: (s.first_turn, s.last_turn) for s in c.scenarios}
    assert turns["anni-mirabiles"] == (1, 4) and turns["anni-horribiles"] == (5, 8)
    assert turns["the-planet-king"] == (1, 8) and turns["iupiter-hispano"] == (1, 1)
    years = {s.id.split(":")[2]: s.years for s in c.scenarios}
    assert years == {
        "hothead": None,
        "iupiter-hispano": (1621, 1626),
        "anni-mirabiles": (1621, 1645),
        "anni-horribiles": (1647, 1665),
        "the-planet-king": (1621, 1665),
    }


def test_hothead(c):
    """Lines 797-817: the 13-card deck, the three-noble deck, the Court, 5 ducats, Italy at 0, two leaders."""
    s = scenario(c, "hothead")
    deck = Counter(
        e.split(":")[2].rsplit("-", 1)[0] if e.split(":")[2][-1].isdigit() else e.split(":")[2] for e in s.event_deck
    )
    assert len(s.event_deck) == 13
    assert deck["action"] == 3 and deck["instability"] == 2 and deck["franco-spanish-war"] == 2
    assert {
        "hunting-day",
        "barbary-pirates",
        "the-plague",
        "excellent-harvests",
        "the-twilight-of-life",
        "total-war",
    } <= set(deck)
    assert s.noble_deck == [
        pk("noble", n) for n in ("ambrosio-de-spinola", "castel-rodrigo", "fernandez-de-castro-father")
    ]
    assert (s.treasury, s.phases, s.last_turn - s.first_turn) == (5, ["events"], 0)
    assert [(w.war, w.position) for w in s.wars] == [(pk("war", "italy"), 0)]
    assert s.enemy_leaders == [pk("leader", "emmanuel-of-savoy"), pk("leader", "la-motte")]
    assert s.offices == {"viceroy_of_italy": pk("noble", "garcia-de-avellaneda")}
    leaders = {x.id: x for x in c.leaders}
    for leader in s.enemy_leaders:
        assert leaders[leader].turn_in <= s.first_turn <= leaders[leader].turn_out


def test_iupiter_hispano(c, ids):
    """Lines 821-837."""
    s = scenario(c, "iupiter-hispano")
    assert (s.valido, s.queen, s.treasury, s.instability) == (
        pk("noble", "gaspar-de-guzman"),
        pk("lady", "elisabeth-of-france"),
        10,
        1,
    )
    assert (s.draw_nobles, s.draw_geniuses) == (5, 2)
    wars = {w.war: w for w in s.wars}
    assert wars[pk("war", "palatinate")].position == 1 and wars[pk("war", "flanders")].position == -1
    flanders = wars[pk("war", "flanders")]
    assert flanders.enemy_leader == pk("leader", "nassau") and flanders.commander == pk("noble", "ambrosio-de-spinola")
    sp = sum(c.tables.units[u]["sp"] * n for u, n in flanders.units.items())
    assert sp == 4 == ids[pk("power", "united-provinces")].strength  # line 1016: "SP of 4 is equal to ... 4"
    assert scenario(c, "anni-mirabiles").setup_from == scenario(c, "the-planet-king").setup_from == s.id


def test_anni_horribiles(c, ids):
    """Lines 858-881: the Court, 13 eliminated nobles and 4 geniuses (all still available on turn 5), wars."""
    s = scenario(c, "anni-horribiles")
    assert (s.valido, s.queen, s.treasury, s.instability) == (
        pk("noble", "luis-de-haro"),
        pk("lady", "maria-anna-of-austria"),
        9,
        3,
    )
    assert s.heir == {"child": pk("child", "carlos"), "sickly": True}
    assert Counter(i.split(":")[1] for i in s.eliminated) == {"noble": 13, "genius": 4}
    for item in [*s.eliminated, s.valido, *s.court_geniuses, *s.offices.values()]:
        assert available(ids[item], 5), item
    assert {(w.war.split(":")[2], w.position) for w in s.wars} == {
        ("flanders", -3),
        ("catalonia", 1),
        ("portugal", 0),
        ("picardy", -1),
    }
    assert (s.valtellina_closed, s.union_of_arms, s.portugal_independent) == (True, True, True)
    placed = {
        s.valido,
        s.queen,
        *s.mistress_choices,
        *s.offices.values(),
        *s.court_geniuses,
        *(w.commander for w in s.wars if w.commander),
    }
    pool = [n for n in c.notables if available(n, 5) and n.id not in s.eliminated and n.id not in placed]
    assert sum(n.kind == "noble" for n in pool) >= s.draw_nobles
    assert sum(n.kind == "genius" for n in pool) >= s.draw_geniuses


# ----- the owner's override ----------------------------------------------------------------------------------------
def test_content_dir_override(tmp_path):
    """<content_dir>/planet-king/: a file with a packaged file's name replaces it, validated the same way, and a
    game built with that folder plays with it (its digest differs from the packaged content's)."""
    owner = tmp_path / "planet-king"
    owner.mkdir()
    packaged = yaml.safe_load((content.DATA_DIR / "geniuses.yaml").read_text(encoding="utf-8"))
    packaged[1]["enlightenment"] = 2
    (owner / "geniuses.yaml").write_text(yaml.safe_dump(packaged, allow_unicode=True), encoding="utf-8")
    loaded, digest = content.load(tmp_path)
    replaced = {n.id: n for n in loaded.notables}
    velazquez = replaced[pk("genius", "diego-velazquez")]
    assert isinstance(velazquez, Genius) and velazquez.enlightenment == 2
    assert digest != content.load()[1]
    game = PlanetKing(tmp_path)
    assert game.content_digest == digest and game.components.NOTABLES[velazquez.id]["enlightenment"] == 2
    assert GAME.components.NOTABLES[pk("genius", "diego-velazquez")]["enlightenment"] != 2
    assert game.setup(1, {"scenario": "planet_king"})["content"] == digest
    packaged[1]["art"] = "alchemy"
    (owner / "geniuses.yaml").write_text(yaml.safe_dump(packaged, allow_unicode=True), encoding="utf-8")
    with pytest.raises(ContentError, match=r"geniuses\.yaml.*item 'pk:genius:"):
        content.load(tmp_path)


def test_a_missing_rule_id_is_a_content_error(tmp_path):
    """The ids the rules name are checked against the content: a territory file without Spain is refused."""
    owner = tmp_path / "planet-king"
    owner.mkdir()
    territories = yaml.safe_load((content.DATA_DIR / "territories.yaml").read_text(encoding="utf-8"))
    (owner / "territories.yaml").write_text(
        yaml.safe_dump([t for t in territories if t["id"] != "pk:territory:spain"], allow_unicode=True),
        encoding="utf-8",
    )
    with pytest.raises(ContentError, match="spain"):
        PlanetKing(tmp_path)


def test_reconstructed_item_cannot_claim_stated_values():
    raw = {
        "id": "pk:genius:x",
        "name": "X",
        "kind": "genius",
        "source": "reconstructed",
        "art": "music",
        "enlightenment": 1,
        "turn_in": 2,
        "stated": ["art"],
    }
    with pytest.raises(ValueError, match="reconstructed"):
        content_items.Genius.model_validate(raw)


def test_table_rows_and_seals_are_strict(c):
    """A misspelt key in a printed table, or a '?' card with a turn, is refused."""
    tables = c.tables.model_dump()
    tables["enlightenment"][0]["victory_point"] = 1
    with pytest.raises(ValueError, match="victory_point"):
        content_items.Tables.model_validate(tables)
    card = c.events[0].model_dump() | {"conditional": True, "condition": "hunt", "turn_in": 2}
    with pytest.raises(ValueError, match="no turns"):
        content_items.EventCard.model_validate(card)
    with pytest.raises(ValueError, match="unknown effect"):
        content_items.EventCard.model_validate(c.events[0].model_dump() | {"effect": "plague"})
    assert {e.effect for e in c.events} == content_items.EFFECTS


def test_every_effect_the_content_allows_has_a_rule_in_the_engine():
    """content_items.EFFECTS (the effects a card may name) is exactly the engine's table of effects."""
    assert set(GAME.effects) == set(content_items.EFFECTS)
