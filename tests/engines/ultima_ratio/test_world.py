"""The world data of Ultima Ratio Regis: powers, minors, events, scenarios and turns (Playbook 9 and 10)."""

from __future__ import annotations

import pathlib
import re

import pytest
import yaml
from pydantic import ValidationError

from engines.core import ContentError
from engines.ultima_ratio import world as world_module
from engines.ultima_ratio import world_base, world_effects, world_items
from engines.ultima_ratio.world import load_world, scenario_owners
from engines.ultima_ratio.world_base import THEATER_KEYS

ROOT = pathlib.Path(__file__).resolve().parents[3]
FACTS = ROOT.parent / "shared" / "facts" / "ultima-ratio-regis.yaml"
MAP_REQUESTS = ROOT / "engines" / "ultima_ratio" / "MAP_REQUESTS.md"


@pytest.fixture(scope="module")
def world():
    return load_world()


@pytest.fixture(scope="module")
def facts():
    if not FACTS.is_file():
        pytest.skip("the facts sheet is not next to the repository")
    return yaml.safe_load(FACTS.read_text(encoding="utf-8"))


def power_id(world, printed: str) -> str:
    """The id of a power as the playbook spells it ("BARBARY C.", "Protestant U.")."""
    for power in world.powers:
        if printed.upper() in {power.name.upper(), *(v.upper() for v in power.variants)}:
            return power.id
    raise AssertionError(f"no power spelled {printed!r}")


# ---------------------------------------------------------------------------------------------- contents
def test_sixteen_theaters():
    assert len(THEATER_KEYS) == 16
    assert set(THEATER_KEYS) == {
        "WM",
        "CM",
        "EM",
        "WE",
        "CE",
        "EE",
        "SEE",
        "BT",
        "TE",
        "Si",
        "Na",
        "Ca",
        "Sa",
        "Af",
        "In",
        "As",
    }


def test_all_24_major_powers(world):
    names = {p.name for p in world.powers}
    assert names == {
        "Spain",
        "France",
        "England",
        "Austria",
        "Venice",
        "Poland",
        "Hungary",
        "Ottomans",
        "Mamluks",
        "Persia",
        "Russia",
        "Crimea",
        "Barbary Coast",
        "Sweden",
        "Denmark",
        "Netherlands",
        "Portugal",
        "Mughals",
        "Schmalkaldic League",
        "Huguenots",
        "Catholic League",
        "Protestant Union",
        "Royalists",
        "Parliamentarians",
    }


def test_every_power_has_interest_objectives_and_a_colour(world):
    colours = [p.colour for p in world.powers] + [m.colour for m in world.minors]
    assert len(colours) == len(set(colours))
    for power in world.powers:
        assert power.interests and power.objectives and power.home_areas, power.id
        assert power.capital in power.home_areas, power.id
        assert power.protestant_cross == (power.religion == "protestant"), power.id


def test_domains_are_marked_in_one_colour_only(world):
    seen: dict[str, str] = {}
    for power in world.powers:
        for area in power.domains:
            assert area not in seen, f"{area} is a domain of {seen.get(area)} and {power.id}"
            seen[area] = power.id


def test_vitality_implied_by_mamluks_and_hungary(world):
    """Turn 1: 'Mamluks and Hungarians start with an initial unrest of 6 (instead of 2)' — unrest = vitality (24)."""
    turn_1 = {row.power: row for row in world.turn(1).deployment}
    for pid in ("power:mamluks", "power:hungary"):
        assert world.power(pid).vitality == 2 and turn_1[pid].initial_unrest == 6
    assert all(
        row.initial_unrest is None for pid, row in turn_1.items() if pid not in ("power:mamluks", "power:hungary")
    )
    assert [row.initial_unrest for row in world.turn(8).deployment if row.power == "power:mughals"] == [6]  # line 2423


def test_spain_scores_military_victory_against_the_netherlands(world):
    objectives = world.power("power:spain").objectives
    assert any(
        o.kind == "military_victory" and o.against == "power:netherlands" and o.source == "rulebook" for o in objectives
    )


def test_minor_powers_named_by_the_rulebook(world):
    names = {m.name for m in world.minors} | {v for m in world.minors for v in m.variants}
    for name in (
        "Papacy",
        "Florence",
        "Genoa",
        "Savoy",
        "Scotland",
        "Switzerland",
        "Holy Roman Empire",
        "Bohemia",
        "Palatinate",
        "German States",
        "Brandenburg",
        "Bavaria",
        "Saxony",
        "Wallachia & Moldavia",
        "Cossacks",
        "Emirates",
        "Irish Confederation",
        "Native Americans",
        "East Indies Sultanate",
        "German Mercenaries",
        "Elite Mercenaries",
        "Hospitallers",
        "Catholic League (minor)",
        "Barbary Coast (minor)",
    ):
        assert name in names, name
    assert {m.id for m in world.minors if m.kind == "mercenary"} == {
        "minor:german-mercenaries",
        "minor:elite-mercenaries",
    }


def test_forty_generic_events(world):
    generic = [e for e in world.events if e.kind == "generic"]
    assert len(generic) == 40
    categories = {e.category for e in generic}
    assert categories == {"combat", "alliance", "technology", "casus_belli", "other"}
    assert {e.name for e in generic if e.category == "technology"} == {
        "Siege Technology",
        "Land Technology",
        "Naval Technology",
        "Industrial Technology",
    }
    assert all(e.action_points == 1 for e in generic if e.category == "combat")


def test_historical_events_named_in_the_playbook(world):
    ids = {e.id for e in world.events if e.kind == "historical"}
    for name in (
        "card:vasco-de-gama",
        "card:treaty-of-tordesillas",
        "card:luther",
        "card:treaty-of-zaragoza",
        "card:acts-of-supremacy",
        "card:tercios",
        "card:scottish-reformation",
        "card:calvin",
        "card:nautical-astrolabe",
        "card:antonio-prior-de-crato",
        "card:galleon",
        "card:modern-army",
        "card:fall-of-the-hospitallers",
        "card:little-war-in-hungary",
        "card:war-venice-vs-ottoman",
        "card:war-of-livonia",
        "card:northern-seven-years-war",
        "card:oprichnina",
        "card:war-russia-vs-crimea",
        "card:godunov",
        "card:long-turkish-war",
        "card:war-poland-vs-sweden",
        "card:time-of-troubles",
        "card:war-poland-vs-russia",
        "card:war-ottomans-vs-persia",
        "card:shah-abbas",
        "card:war-persia-vs-mughals",
        "card:jelali-revolt",
        "card:catherine-de-medici",
        "card:portugal-reaches-china",
        "card:the-italian-wars",
        "card:shah-kulu-rebellion",
    ):
        assert name in ids, name


def test_war_events_put_two_powers_at_war_for_one_vp(world):
    """21.3.1: events that make two major powers go to war give 1 VP to the winner."""
    for event in world.events:
        if event.category == "war":
            wars = [e for e in event.effects if e.op == "war"]
            if event.id != "card:fall-of-the-hospitallers":
                assert wars and all(len(w.powers) == 2 and w.vp == 1 for w in wars), event.id


def test_example_2_spain_never_settles_in_north_america(world):
    """2. Design philosophy: 'if Spain has no interest in North America, it will never be able to settle there'."""
    spain = world.power("power:spain")
    assert all("Na" not in spain.interest(turn) for turn in range(1, 12))
    assert all(
        "Na" not in (row.interest or []) for s in world.setups() for row in s.deployment if row.power == "power:spain"
    )


def test_example_18_4_1_england_not_interested_in_america(world):
    """18.4.1: England did not colonise America early because 'it was not interested'."""
    england = world.power("power:england")
    assert not {"Na", "Ca", "Sa"} & set(england.interest(8))
    assert {"Na", "Ca", "Sa"} <= set(england.interest(9))


def test_example_playbook_9_wars_of_religion_has_its_own_turn_6(world, board):
    """Playbook 9: the Wars of Religion scenario has its own set-up for Turn 6; the Turn 6 rules still apply."""
    scenario = world.scenario("wars-of-religion")
    assert scenario.deployment_from == "french-wars-of-religion" and scenario.rules_from == "turn-6"
    owners = scenario_owners("wars-of-religion")
    assert (
        owners["area:castile"] == "power:spain"
        and owners["area:holland"] == "power:netherlands"
        and owners["area:toulouse"] == "power:huguenots"
    )


# ---------------------------------------------------------------------------------------------- references
def test_world_references_resolve(world):
    assert world.dangling() == []


def test_scenario_references(world):
    events = {e.id for e in world.events}
    for scenario in world.scenarios:
        assert set(scenario.theaters) <= set(THEATER_KEYS)
        assert set(scenario.removed_events) <= events
        for row in scenario.deployment:
            assert row.power in scenario.powers(), (scenario.id, row.power)


def pending_map_ids() -> set[str]:
    text = MAP_REQUESTS.read_text(encoding="utf-8").split("## Pending", 1)[1]
    return set(re.findall(r"`([a-z0-9-]+)`", text))


def test_map_references_resolve(world):
    map_module = pytest.importorskip("engines.ultima_ratio.map")
    board = map_module.load_map()
    have = {
        "areas": {a.id for a in board.areas},
        "provinces": {a.province for a in board.areas},
        "trade_centers": {t.id for t in board.trade_centers},
    }
    pending = pending_map_ids()
    missing = {kind: sorted(refs - have[kind] - pending) for kind, refs in world.map_references().items()}
    assert missing == {"areas": [], "provinces": [], "trade_centers": []}
    assert {"sea:indian-ocean"} <= {s.id for s in board.seas} | pending
    assert set(THEATER_KEYS) == {t.key for t in board.theaters}


# ---------------------------------------------------------------------------------------------- tables
def test_seat_tables_seat_every_power_once(world):
    for scenario in world.scenarios:
        powers = sorted(scenario.powers())
        for table in scenario.seat_tables:
            seated = sorted(p for seat in table.seats for p in seat.powers)
            if scenario.section == "9.4" and table.players == 2:
                assert seated == sorted(set(powers) - {"power:catholic-league"})  # line 2683
            else:
                assert seated == powers, (scenario.section, table.players)


SEAT_FIXES = {("9.7", 7, 4): "power:mughals", ("9.7", 8, 4): "power:mughals", ("9.8", 7, 5): "-power:protestant-union"}


def test_seat_tables_match_the_facts_file(world, facts):
    by_section = {s.section: s for s in world.scenarios}
    for entry in facts["scenarios"]["list"]:
        scenario = by_section[entry["id"]]
        printed = entry["seat_tables"] if isinstance(entry["seat_tables"], list) else []
        assert len(printed) == len(scenario.seat_tables) or entry["id"] == "9.1"
        for table, ours in zip(printed, scenario.seat_tables, strict=False):
            assert table["players"] == ours.players
            for number, (row, seat) in enumerate(zip(table["rows"], ours.seats, strict=False), 1):
                want = [power_id(world, name) for name in row["powers"]]
                fix = SEAT_FIXES.get((entry["id"], ours.players, number))
                if fix and fix.startswith("-"):
                    want.append(fix[1:])
                elif fix:
                    want.remove(fix)
                assert seat.powers == want, (entry["id"], ours.players, number)
                assert (seat.starting_vp, seat.vp_per_turn) == (row["starting_vp"], row["vp_per_turn"])
                assert (seat.source == "reconstructed") == (fix is not None)


def deployment_rows(facts):
    for entry in facts["scenarios"]["list"]:
        rows = entry.get("deployment", {})
        for row in rows.get("rows", []) if isinstance(rows, dict) else []:
            yield entry["id"], row
    for number, turn in facts["turns"].items():
        if number.isdigit() and isinstance(turn.get("deployment"), dict):
            for row in turn["deployment"].get("rows", []):
                yield f"turn-{number}", row


def test_deployment_points_match_the_facts_file(world, facts):
    setups = {s.section: s for s in world.scenarios} | {t.id: t for t in world.turns}
    count = 0
    for where, row in deployment_rows(facts):
        pid = power_id(world, row["power"])
        ours = [d for d in setups[where].deployment if d.power == pid]
        assert len(ours) == 1, (where, pid)
        assert ours[0].points == row["points"], (where, pid)
        if "interest" in row and pid != "power:persia":
            assert ours[0].interest == [{"EC": "CE"}.get(t, t) for t in row["interest"]], (where, pid)
        count += 1
    assert count == 64  # 9.1: 1, 9.4: 6, 9.5: 15, 9.8: 16, turns 1-11: 26


SPELLING: dict[str, str | list[str]] = {
    "trebzon": "area:trebizond",
    "novi-baxar": "area:novi-bazar",
    "khazan": "area:kazan",
    "psok": "area:pskov",
    "crete": "area:candia",
    "hormuz": "area:ormuz",
    "franche-comte": "area:franche-comte",
    "wuzburg": "area:wurzburg",
    "sicily-sardinia": ["area:sicily", "area:sardinia"],
    "calais-if-not-english": "area:calais",
}
LEFT_OUT_ALLIES = {("9.8", "power:spain"): "Florence", ("9.8", "power:ottomans"): "Crimea"}  # WORLD.md ruling 10


def slugs(names):
    out: list[str] = []
    for name in names:
        slug = re.sub(r"[^a-z0-9]+", "-", name.lower().replace("ö", "o").replace("š", "s")).strip("-")
        found = SPELLING.get(slug, "area:" + slug)  # a printed name is an area's
        out += found if isinstance(found, list) else [found]
    return out


def party_id(world, printed: str) -> str:
    for card in (*world.minors, *world.powers):
        if printed.lower() in {card.name.lower(), *(v.lower() for v in card.variants)}:
            return card.id
    raise AssertionError(f"no power or minor called {printed!r}")


def test_deployment_holdings_and_allies_match_the_facts_file(world, facts):
    """Cells that name areas or allies: every name is in the row (after the rulings of WORLD.md)."""
    setups = {s.section: s for s in world.scenarios} | {t.id: t for t in world.turns}
    for where, row in deployment_rows(facts):
        pid = power_id(world, row["power"])
        ours = next(d for d in setups[where].deployment if d.power == pid)
        for cell, have in (
            ("home_areas", ours.home_areas),
            ("domains", ours.domains),
            ("home_areas_added", ours.home_areas),
            ("domains_added", ours.domains),
            ("added", ours.domains),
        ):
            if isinstance(row.get(cell), list):
                assert set(slugs(row[cell])) <= set(have), (where, pid, cell)
        for cell in ("allies", "domains_or_allies"):
            for name in row.get(cell) or []:
                if LEFT_OUT_ALLIES.get((where, pid)) != name:
                    assert party_id(world, name) in ours.allies + ours.domains, (where, pid, name)


def test_interest_tables_match_the_facts_file(world, facts):
    for number in range(1, 12):
        printed = facts["turns"][str(number)].get("interest", {})
        for name, cell in printed.items():
            if name in ("note", "red_note", "not_listed"):
                continue
            pid = power_id(world, name)
            want = [{"EC": "CE", "MOr": "TE"}.get(t, t) for t in cell["value"]]
            assert world.turn(number).interests[pid] == want, (number, pid)
            assert world.power(pid).interest(number) == want, (number, pid)


def test_active_events_match_the_facts_file(world, facts):
    names = {e.name.strip('"').lower(): e.id for e in world.events}
    names["iberian union / prior of crato"] = "card:antonio-prior-de-crato"
    for number in range(1, 12):
        printed = facts["turns"][str(number)].get("active_events", {}).get("value") or []
        assert world.turn(number).active_events == [names[n.lower()] for n in printed], number
    rise = next(s for s in facts["scenarios"]["list"] if s["id"] == "9.1")["active_events"]["value"]
    assert world.scenario("the-rise-of-portugal").active_events == [names[n.lower()] for n in rise]


def test_turn_10_keeps_the_turn_9_interests(world):
    """Turn 10 prints only England (the red changes); everyone else keeps Turn 9's theaters."""
    for power in world.powers:
        if power.id not in ("power:england", "power:protestant-union") and power.interest(
            9
        ):  # the Union goes (line 2492)
            assert power.interest(10) == power.interest(9), power.id


def test_active_events_were_played_in_earlier_turns(world):
    history = {e.id: e for e in world.events if e.kind == "historical"}
    for turn in world.turns:
        for event_id in turn.active_events:
            assert history[event_id].turns.last < turn.number, (turn.number, event_id)


def test_minor_powers_enter_and_leave_as_the_turns_say(world):
    for turn in world.turns:
        for rule in turn.special_rules:
            for effect in rule.effects:
                if effect.op == "minor_appears":
                    assert world.minor(effect.minor).in_play.first == turn.number, effect.minor
                if effect.op == "minor_disappears":
                    assert world.minor(effect.minor).in_play.last == turn.number - 1, effect.minor


def test_historical_events_of_a_turn_fill_the_deck(world):
    """8.1.4: the deck is every historical event of the turn plus generic ones up to 39-48 cards."""
    for number in range(1, 12):
        playable = [e for e in world.events if e.turns and e.turns.covers(number)]
        assert 0 < len(playable) <= 39 - 1, number


def test_trade_capacities_follow_the_playbook(world):
    caps = {s.id: {c.trade_center: c.capacity for c in s.trade_capacities} for s in world.setups()}
    assert caps["turn-1"] == {
        "center:eastern-mediterranean": 4,
        "center:persian-gulf-red-sea": 3,
        "center:caribbean-sea": 0,
        "center:south-atlantic": 0,
        "center:north-atlantic": 0,
    }  # "American trade centers ... 0" (2166)
    assert caps["turn-6"]["center:eastern-mediterranean"] == 3 and caps["turn-6"]["center:caribbean-sea"] == 2
    assert caps["turn-8"] == {
        "center:indian-ocean": 1,
        "center:africa": 1,
        "center:south-atlantic": 2,
        "center:sea-of-china": 2,
    }
    assert caps["the-rise-of-portugal"] == {
        "center:africa": 1,
        "center:persian-gulf-red-sea": 1,
        "center:indian-ocean": 1,
        "center:sea-of-china": 2,
    }
    assert world.scenario("the-rise-of-portugal").other_trade_capacity == 0
    assert caps["catholics-and-protestants"]["center:persian-gulf-red-sea"] == 3


def test_naval_operation_distance(world):
    for setup_id in ("turn-1", "turn-6", "catholics-and-protestants"):
        setup = next(s for s in world.setups() if s.id == setup_id)
        assert setup.naval_operation_distance == {"mediterranean": 2, "elsewhere": 1}


def test_every_seated_power_deploys_during_its_scenario(world):
    for scenario in world.scenarios:
        start = world.setup(scenario.deployment_from) if scenario.deployment_from else scenario
        deployed = {row.power for row in start.deployment}
        for number in range(scenario.turns.first + 1, scenario.turns.last + 1):
            deployed |= {row.power for row in world.turn(number).deployment}
        assert scenario.powers() <= deployed, (scenario.id, scenario.powers() - deployed)


# ---------------------------------------------------------------------------------------------- owners
@pytest.fixture
def board():
    """Set-up markers may cover whole theaters of the map, so the owners need the map data."""
    return pytest.importorskip("engines.ultima_ratio.map").load_map()


def test_owners_at_the_start_of_new_order(board):
    owners = scenario_owners("new-order")
    assert owners["area:castile"] == "power:spain" and owners["area:sicily"] == "power:spain"
    assert "area:granada" not in owners  # independent A3 (line 2169)
    assert owners["area:calais"] == "power:england"  # England's domain, France "minus Calais"
    assert owners["area:flanders"] == "power:austria" and owners["area:franche-comte"] == "power:austria"
    assert owners["area:sarajevo"] == "power:ottomans"  # an R2 revolt does not change possession
    assert owners["area:palatinate"] == "minor:german-states"  # line 2176
    assert "area:kandahar" not in owners and owners["area:tabriz"] == "power:persia"


def test_owners_follow_the_turns(board):
    assert scenario_owners("the-italian-wars", 3)["area:palatinate"] == "minor:palatinate"
    at_4 = scenario_owners("the-16th-century-campaign", 4)
    assert at_4["area:hesse"] == "power:schmalkaldic-league" and at_4["area:cologne"] == "minor:holy-roman-empire"
    at_5 = scenario_owners("the-16th-century-campaign", 5)
    assert (
        at_5["area:gdansk"] == "power:poland"
        and at_5["area:pskov"] == "power:russia"
        and at_5["area:reval"] == "power:sweden"
    )
    assert at_5["area:pomerania"] == "minor:holy-roman-empire"
    assert scenario_owners("the-thirty-years-war", 10)["area:pomerania"] == "power:sweden"
    at_11 = scenario_owners("wars-of-religion", 11)
    assert at_11["area:london"] == "power:parliamentarians" and at_11["area:york"] == "power:royalists"
    assert at_11["area:ulster"] == "minor:irish-confederation" and "area:palatinate" not in at_11
    assert at_11["area:algiers"] == "minor:barbary-coast-minor" and "area:florence" not in at_11


def test_a_game_reads_the_markers_theaters_on_its_boards_map_never_parsing_the_packaged_one(board, monkeypatch):
    """7.2 / 18.2.1: a game's set-up and an event's ``activate`` in the middle of a move (``scenario_owners``) find
    the areas of a marker's theaters on the map of the game's board, which the core loader read once: they never
    parse the packaged map's files again (``map.load_map``, ~0.3 s on its first use in a process), and they find
    the owners the packaged map gives."""
    from engines.ultima_ratio.game import GAME

    sim, world = GAME.simulation(), GAME.board.world
    expected = {
        (sc.id, n): scenario_owners(sc.id, n) for sc in world.scenarios for n in (sc.turns.first, sc.turns.last)
    }

    def parse_again(*args: object) -> None:
        raise AssertionError("the packaged map was parsed again")

    monkeypatch.setattr(pytest.importorskip("engines.ultima_ratio.map"), "load_map", parse_again)
    known = dict(world._owners_known)
    world._owners_known.clear()
    try:
        for (scenario, turn), owners in expected.items():
            assert scenario_owners(scenario, turn, world, GAME.board.map.areas) == owners
        s = sim.begin(1, {"scenario": "new-order", "players": 6}).state
        assert s["areas"]["area:granada"]["marker"] == "A3"
    finally:
        world._owners_known.clear()
        world._owners_known.update(known)


def test_owners_of_scenarios_with_their_own_set_up(board):
    rise = scenario_owners("the-rise-of-portugal")
    assert rise["area:portugal"] == "power:portugal" and rise["area:aden"] == "minor:emirates"
    assert "area:goa" not in rise and "area:cape-colony" not in rise
    assert scenario_owners("the-rise-of-portugal", 5).get("area:stockholm") is None
    cp = scenario_owners("catholics-and-protestants")
    assert (
        cp["area:ravenna"] == "minor:papacy"
        and cp["area:toulouse"] == "power:huguenots"
        and cp["area:holland"] == "power:netherlands"
    )
    assert "area:gibraltar" not in cp and "area:florida" not in cp
    assert scenario_owners("wars-of-religion")["area:nicosia"] == "power:venice"
    assert scenario_owners("the-thirty-years-war")["area:portugal"] == "power:spain"


def test_owners_outside_the_scenario_turns():
    with pytest.raises(ValueError):
        scenario_owners("new-order", 4)
    with pytest.raises(KeyError):
        scenario_owners("no-such-scenario")


# ---------------------------------------------------------------------------------------------- override
def test_owner_content_dir_replaces_a_file(tmp_path):
    powers = yaml.safe_load((world_module.DATA_DIR / "powers.yaml").read_text(encoding="utf-8"))
    next(p for p in powers if p["id"] == "power:spain")["vitality"] = 9
    (tmp_path / "ultima-ratio-regis").mkdir()
    (tmp_path / "ultima-ratio-regis" / "powers.yaml").write_text(
        yaml.safe_dump(powers, allow_unicode=True), encoding="utf-8"
    )
    assert load_world(tmp_path).power("power:spain").vitality == 9
    assert len(load_world(tmp_path).events) == len(load_world().events)  # other files stay packaged


def test_owner_content_is_validated(tmp_path):
    events = yaml.safe_load((world_module.DATA_DIR / "events.yaml").read_text(encoding="utf-8"))
    events[0]["effects"] = [{"op": "war", "powers": []}]
    (tmp_path / "ultima-ratio-regis").mkdir()
    (tmp_path / "ultima-ratio-regis" / "events.yaml").write_text(
        yaml.safe_dump(events, allow_unicode=True), encoding="utf-8"
    )
    with pytest.raises(ContentError, match="needs powers"):
        load_world(tmp_path)


def requested_colours() -> set[str]:
    text = MAP_REQUESTS.read_text(encoding="utf-8").split("## Colours", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"`([a-z0-9-]+)`", text))


def test_map_colours_agree_with_the_power_cards(world):
    """What the map paints in a power's solid or grated colour is that power's home area or domain (Glossary)."""
    map_module = pytest.importorskip("engines.ultima_ratio.map")
    board = map_module.load_map()
    requested = requested_colours()
    for area in board.areas:
        if area.home_of and area.id not in requested:
            assert area.id in world.power(area.home_of).home_areas, (area.id, area.home_of)
        for owner in area.domain_of:
            if area.id not in requested:
                assert area.id in world.power(owner).domains, (area.id, owner)


def test_trade_capacities_agree_with_the_map(world):
    map_module = pytest.importorskip("engines.ultima_ratio.map")
    board = map_module.load_map()
    for turn in world.turns:
        for cap in turn.trade_capacities:
            assert board.trade_capacity(cap.trade_center, turn.number) == cap.capacity, (turn.id, cap)
    for scenario in world.scenarios:
        for cap in scenario.trade_capacities:
            got = board.trade_capacity(cap.trade_center, scenario.turns.first, scenario.section)
            assert got == cap.capacity, (scenario.id, cap)


# ---------------------------------------------------------------------------------------------- models
@pytest.mark.parametrize(
    "bad, message",
    [
        ({"op": "declare"}, "Input should be"),
        ({"op": "casus_belli", "power": "power:spain"}, "needs against"),
        ({"op": "alliance_auction"}, "needs minor or theaters"),
        ({"op": "activate"}, "needs theaters or areas"),
        ({"op": "fortune", "target": 7, "then": [{"op": "open_mediterranean"}]}, "less than or equal to 6"),
        (
            {
                "op": "vp",
                "power": "power:spain",
                "amount": 1,
                "condition": {"kind": "possesses", "power": "power:spain"},
            },
            "needs areas",
        ),
        ({"op": "vp", "power": "power:spain", "amount": 1, "condition": "if it rains"}, "valid dictionary"),
    ],
)
def test_effects_are_validated(bad, message):
    with pytest.raises(ValidationError, match=message):
        world_effects.Effect.model_validate(bad)


def test_cards_are_validated(world):
    card = world.events[0].model_dump(by_alias=True)
    with pytest.raises(ValidationError, match="historical events state their turns"):
        world_items.Event.model_validate({**card, "turns": {"first": 2, "last": 3}})
    with pytest.raises(ValidationError, match="single action point"):
        world_items.Event.model_validate({**card, "action_points": 2})
    with pytest.raises(ValidationError, match="runs backwards"):
        world_base.TurnSpan.model_validate({"first": 5, "last": 4})
    minor = world.minor("minor:german-mercenaries").model_dump(by_alias=True)
    with pytest.raises(ValidationError, match="no home territory"):
        world_items.Minor.model_validate({**minor, "areas": ["area:venice"], "theater": "CM"})
