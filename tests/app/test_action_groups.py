"""A seat leading several parties reads its actions party by party (the game's ``action_group``;
app/services/table_views.py ``grouped``): Ultima Ratio Regis' 8.2.2 menu of a player with four powers and their
allied minors (20.2) listed under each party, its heading saying the actions left, each button in the words of its
party's list ("Build a troop" under "Spain"); a seat of one power as before."""

import random

import pytest

from app.fragments import action_button
from app.services.table_views import grouped
from engines import registry
from engines.ultima_ratio import state as st
from engines.ultima_ratio.mapview import POWER_VERBS, action_group

URR = "ultima-ratio-regis"


@pytest.fixture(scope="module")
def game():
    return registry.get_game(URR)


@pytest.fixture(scope="module")
def several(game):
    """9.2 at 3 players, the heuristic bots playing, to the first menu of actions of a seat with four powers."""
    rnd, pick = random.Random(1), game.bots["heuristic"]
    s = game.setup(3, {"scenario": "new-order", "players": 3})
    for _ in range(2000):
        role = game.active_roles(s)[0]
        view = game.view(s, role)
        if view["prompt"].get("step") == "power_actions" and len(st.powers_of(s, role)) >= 3:
            return s, role, view
        s = game.apply(s, role, *pick(game, view, role, rnd))
    raise AssertionError("no menu of a seat with several powers")


def opening(game, party: str, lang: str) -> str:
    """The party's name at a sentence's start: with its article where it takes one ("The Ottomans", "Los otomanos")."""
    said = game.articled(lang).get(party) or game.name_of(party, lang)
    return said[:1].upper() + said[1:]


def running(game, party: str, lang: str) -> str:
    """The party's name within a sentence ("the Ottomans", "los otomanos", "Austria")."""
    return game.articled(lang).get(party) or game.name_of(party, lang)


def listed(game, s, role, view, lang="en"):
    renderer = game.renderer(lang)
    return grouped(game, view, renderer, game.labels(s, role, renderer, view["prompt"]["legal"]))


def test_a_seat_with_several_powers_reads_its_actions_power_by_power(game, several):
    s, role, view = several
    actions = listed(game, s, role, view)
    before = game.labels(s, role, game.renderer("en"), view["prompt"]["legal"])
    assert sorted(map(repr, ((a["verb"], a["arg"]) for a in actions))) == sorted(
        map(repr, ((a["verb"], a["arg"]) for a in before))
    )  # every action kept, none added
    order = [a["group"] for a in actions if "group" in a]
    runs = [g for n, g in enumerate(order) if n == 0 or order[n - 1] != g]
    assert len(runs) == len(set(runs)) >= 2  # each party's actions together, one run each
    # the parties in the menu's order: each power, then its allied minors (20.2)
    first_seen = list(dict.fromkeys(a["arg"][0] for a in before if a["verb"] == "act"))
    assert [g for g in runs if g in first_seen] == first_seen
    # the seat's own actions (a card, the end of the actions) after the parties'
    tail = actions[len(order) :]
    assert tail and all("group" not in a and a["verb"] not in POWER_VERBS for a in tail)
    power = next(g for g in runs if g.startswith("power:"))
    left = s["impulse"]["actions"][power]
    heading = next(a["group_name"] for a in actions if a.get("group") == power)
    name = opening(game, power, "en")
    assert heading == f"{name}: {left} action{'s' if left != 1 else ''} left"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_under_its_partys_heading_an_action_does_not_name_the_party_again(game, several, lang):
    """The heading names the party; the button says the action alone ("Build a troop", "Construir una tropa"),
    the whole label kept beside it for the board's menus (``data-label``)."""
    s, role, view = several
    actions = [a for a in listed(game, s, role, view, lang) if a.get("group") and a["verb"] == "act"]
    assert len({a["arg"][1] for a in actions}) >= 3
    for a in actions:
        short = a["label_in_group"]
        assert a["label"] == f"{opening(game, a['arg'][0], lang)}: {short[0].lower()}{short[1:]}", a
    a = actions[0]
    table = type("Table", (), {"id": 7, "seq": 12})()
    html = str(action_button(table, a, "token", role))
    assert f">{a['label_in_group']}</button>" in html and f'data-label="{a["label"]}"' in html
    assert "label_in_group" not in next(x for x in listed(game, s, role, view, lang) if not x.get("group"))


def test_an_allied_minors_heading_says_whose_actions_it_spends(game, several):
    """20.2: an allied minor's units act "as if they were from the major power", on its action points."""
    s, _role, view = several
    minor, info = next((m, i) for m, i in sorted(s["minors"].items()) if i["ally"])
    key, heading = action_group(game, view, "act", [minor, "tactical_move"])
    assert key == minor
    en, es = game.renderer("en").text(heading), game.renderer("es").text(heading)
    assert en == f"{opening(game, minor, 'en')}, on the actions of {running(game, info['ally'], 'en')}"
    assert es == f"{opening(game, minor, 'es')}, con las acciones de {running(game, info['ally'], 'es')}"


def test_the_heading_in_spanish_agrees_with_its_count(game, several):
    _s, _role, view = several
    view = {**view, "public": {**view["public"], "impulse": {"actions": {"power:spain": 1}}}}
    _key, heading = action_group(game, view, "act", ["power:spain", "build_troop"])
    assert game.renderer("es").text(heading) == "España: 1 acción por hacer"
    view["public"]["impulse"]["actions"]["power:spain"] = 3
    _key, heading = action_group(game, view, "act", ["power:spain", "build_troop"])
    assert game.renderer("es").text(heading) == "España: 3 acciones por hacer"
    assert action_group(game, view, "end_impulse", None) is None
    assert action_group(game, view, "play_card", "card:plague") is None


def test_a_seat_of_one_power_lists_as_before(game):
    """9.1: Portugal alone, its list untouched (no group, no heading)."""
    s = game.setup(5, {"scenario": "the-rise-of-portugal"})
    view = game.view(s, "player1")
    renderer = game.renderer("en")
    before = game.labels(s, "player1", renderer, view["prompt"]["legal"])
    listed = grouped(game, view, renderer, [dict(a) for a in before])
    assert listed == [{k: v for k, v in a.items() if k != "label_in_group"} for a in before]
    assert not any("group" in a or "label_in_group" in a for a in listed)


@pytest.mark.parametrize(
    ("lang", "heading", "button"),
    [("en", "{power}: ally with…", "Ally with {other}"), ("es", "{power}: aliarse con…", "Aliarse con {other}")],
)
def test_an_alliance_event_lists_the_alliances_power_by_power(game, several, lang, heading, button):
    """21.1: an event's alliance (Royal marriage) offers every pair of one of the seat's powers with another: a seat
    of four powers read a wall of 36 "Venice: ally with Austria" buttons; each power's are now under its heading,
    each button "Ally with Austria", the whole label kept for the board's menus."""
    s, role, _view = several
    mine = st.powers_of(s, role)
    others = sorted(p for p in s["powers"] if p not in mine)
    options = [[p, o] for p in mine for o in others]
    s = {
        **s,
        "stack": [
            *s["stack"],
            {"step": "alliance_choice", "seat": role, "card": "card:royal-marriage", "options": options},
        ],
    }
    view = game.view(s, role)
    actions = listed(game, s, role, view, lang)
    allies = [a for a in actions if a["verb"] == "ally"]
    assert len(allies) == len(options) and [a["group"] for a in allies] == [p for p in mine for _ in others]
    for a in allies:
        power, other = opening(game, a["arg"][0], lang), running(game, a["arg"][1], lang)
        assert a["group_name"] == heading.format(power=power)
        assert a["label_in_group"] == button.format(other=other)
    assert [a["verb"] for a in actions if not a.get("group")] == ["no_alliance"]  # the seat's own, after them
