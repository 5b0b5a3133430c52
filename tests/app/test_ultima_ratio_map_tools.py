"""Ultima Ratio Regis' map as a map-game player expects it, on the server's side (issue 28; engines/ultima_ratio/
mapview.py): the maps to switch between, a stack's units to fan out, the eliminated box, the board keys a log entry
names, and the question an irreversible choice asks."""

import copy
from types import SimpleNamespace

import pytest

from app.fragments import action_button, log_entries
from engines import registry
from engines.ultima_ratio import mapdraw, mapview, presentation

URR = "ultima-ratio-regis"
SCENARIO = {"scenario": "the-rise-of-portugal"}


@pytest.fixture
def game():
    return registry.get_game(URR)


@pytest.fixture
def view(game):
    return copy.deepcopy(game.view(game.setup(5, SCENARIO), "player1"))


def test_the_switcher_offers_the_main_map_the_five_mini_maps_and_the_world_map(game, view):
    views = presentation.table_board(game, view)["views"]
    assert [v["key"] for v in views] == [f"map:{m.id}" for m in game.board.map.maps] + ["map:world"]
    assert {v["name"] for v in views} >= {"Main operations map", "Siberia", "Asia", "America", "World Map"}
    asia = next(v for v in views if v["key"] == "map:asia")
    x, y, w, h = map(float, asia["box"].split())
    (lx, ly, lw, lh), _ = mapdraw.LAYOUT["asia"]
    assert (x, y) == (lx, ly) and 0 < w <= lw and 0 < h <= lh


def test_a_stack_of_several_units_fans_out_into_each_unit_with_its_quality(game, view):
    units = view["public"]["units"]
    troops = sorted(u for u, x in units.items() if x["power"] == "power:portugal" and x["kind"] == "troop")[:3]
    for u in troops:
        units[u]["loc"] = "area:oporto"
    units[troops[1]]["veteran"] = True
    places = {p["key"]: p for p in presentation.table_board(game, view)["places"]}
    stack = next(i for i in places["area:oporto"]["items"] if i["kind"] == "stack")
    assert stack["count"] == 3 and [u["key"] for u in stack["fan"]] == [f"unit:{u}" for u in troops]
    labels = [u["label"] for u in stack["fan"]]
    assert labels[0] == f"{game.name_of(troops[0], 'en')}, quality {units[troops[0]]['grade']}"
    assert labels[1].endswith(", veteran") and stack["fan"][1]["veteran"]
    # a stack of one is its own counter: nothing to fan out
    aden = next(i for i in places["area:aden"]["items"] if i["kind"] == "stack")
    assert aden["count"] == 1 and aden["fan"] == []


def test_the_eliminated_box_holds_the_units_eliminated_this_turn(game, view):
    units = view["public"]["units"]
    units["minor:emirates-troop-1"]["loc"] = "eliminated"
    made = presentation.table_board(game, view)
    assert made["eliminated"]["key"] == "box:eliminated" and made["eliminated"]["name"] == "Eliminated this turn"
    box = next(p for p in made["places"] if p["key"] == "box:eliminated")
    assert [i["keys"] for i in box["items"]] == ["unit:minor:emirates-troop-1"]
    x, y, w, h = mapview.ELIMINATED_BOX
    assert x < box["x"] < x + w and y < box["y"] < y + h  # its counters inside it


def test_a_log_entry_names_its_board_keys_by_field_and_its_path_by_the_map(game):
    keys = mapview.entry_keys
    built = {
        "msg": "log.troop_built",
        "args": {"power": "power:portugal", "unit": "power:portugal-troop-1", "area": "area:oporto"},
    }
    assert keys(game, built) == ["unit:power:portugal-troop-1", "area:oporto"]  # a power is no place on the map
    army = {
        "msg": "log.strategic_army",
        "args": {
            "leader": "leader:cortes",
            "units": ["power:portugal-troop-1", "power:portugal-troop-2"],
            "path": ["area:algarve"],
        },
        "refs": ["area:oporto", "area:algarve", "sea:east-atlantic"],
    }
    assert keys(game, army) == [
        "leader:cortes",
        "unit:power:portugal-troop-1",
        "unit:power:portugal-troop-2",
        "area:algarve",
        "area:oporto",
        "sea:east-atlantic",
    ]
    assert keys(game, {"msg": "log.turn_start", "args": {"turn": 1, "year": 1490}}) == []


def test_the_log_entries_carry_their_keys_for_the_board(game):
    table = SimpleNamespace(id=7, status="active")
    entry = {
        "id": 3,
        "seq": 2,
        "text": "Portugal builds a troop.",
        "keys": ["unit:power:portugal-troop-1", "area:oporto"],
    }
    html = str(log_entries([entry, {**entry, "id": 4, "keys": []}], table, game, "player1"))
    assert '<li id="log-3" data-keys="unit:power:portugal-troop-1 area:oporto">' in html
    assert '<li id="log-4"><a' in html


def test_ending_the_actions_with_actions_left_or_passing_asks_first(game, view):
    view["public"]["impulse"]["actions"] = {"power:portugal": 2}
    question = mapview.confirm(game, view, "end_impulse", None)
    assert game.renderer("en").text(question) == "2 actions are left: end the actions of this impulse anyway?"
    view["public"]["impulse"]["actions"] = {"power:portugal": 0}
    assert mapview.confirm(game, view, "end_impulse", None) is None  # nothing lost
    assert game.renderer("en").text(mapview.confirm(game, view, "pass", None)) == "Pass in this auction?"
    assert mapview.confirm(game, view, "area", "area:oporto") is None


def test_fighting_without_a_combat_card_is_not_asked_as_an_auction(game, view):
    """13.1.4: "No card" in a combat's window of cards asks about the combat, never "Pass in this auction?"."""
    view["prompt"]["step"] = "combat_cards"
    question = mapview.confirm(game, view, "pass", None)
    assert game.renderer("en").text(question) == "Fight on without a combat card?"
    assert game.renderer("es").text(question) == "¿Seguir el combate sin jugar carta de combate?"


def test_an_action_with_a_question_is_a_disclosure_that_works_without_scripts():
    table = SimpleNamespace(id=7, seq=4)
    asked = {"verb": "end_impulse", "arg": None, "label": "End the actions", "confirm": "2 actions are left: end?"}
    html = str(action_button(table, asked, "tok", "player1"))
    assert 'class="action-form confirmed-action"' in html
    assert '<details class="confirm-action"><summary class="button action">End the actions</summary>' in html
    assert '<p class="confirm-question">2 actions are left: end?</p>' in html
    assert html.index("<summary") < html.index('<button type="submit"') < html.index("</details>")
    plain = str(action_button(table, {"verb": "done", "arg": None, "label": "Done"}, "tok", "player1"))
    assert "<details" not in plain and '<button type="submit" class="action" data-verb="done">Done</button>' in plain


def test_display_preferences_are_kept_per_user_and_given_to_the_map(browser):
    """issue 28 › Display preferences kept per user: the account page sets them without scripts; the table's map
    tools read them (and post them as they are used)."""
    alice = browser("alice")
    table = alice.new_table(game=URR, seats={"player1": "me"}, options=SCENARIO, seed=5)
    page = alice.c.get(f"/tables/{table}").text
    assert 'data-pref-url="/account/display"' in page and 'data-pref-zoom=""' in page
    r = alice.post("/account/display", {"map_zoom": "both", "stacks": "diagonal"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/account"
    account = alice.c.get("/account").text
    assert '<option value="both" selected>' in account and '<option value="diagonal" selected>' in account
    page = alice.c.get(f"/tables/{table}").text
    assert 'data-pref-zoom="both" data-pref-stacks="diagonal"' in page
    assert alice.post("/account/display", {"stacks": "horizontal"}, follow_redirects=False).status_code == 303
    assert 'data-pref-zoom="both" data-pref-stacks="horizontal"' in alice.c.get(f"/tables/{table}").text  # one kept
    refused = alice.post("/account/display", {"map_zoom": "huge"}, follow_redirects=False)
    assert refused.status_code == 422 and "That is not a display setting." in refused.text
    # another user's tables are drawn with their own defaults; a spectator's page posts nothing
    bob = browser("bob")
    assert 'data-pref-zoom="" data-pref-stacks=""' in bob.c.get(f"/tables/{table}").text
    assert "data-pref-url" not in browser().c.get(f"/tables/{table}").text


def test_the_board_hint_names_what_may_be_clicked(game, view):
    """The hint said "Click a highlighted area, sea or counter" while the groups of the auction (7.1.1) were the
    only things to click, and said nothing of the hand's cards when a card may be played (8.2.2)."""
    assert presentation.table_board(game, view)["pick_noun"] == "area, sea or counter"
    view["prompt"]["legal"] = {"group": [1, 2, 3]}
    assert presentation.table_board(game, view)["pick_noun"] == "group"
    assert presentation.table_board(game, view, "es")["pick_noun"] == "grupo"
    view["prompt"]["legal"] = {"act": [["power:portugal", "lower_unrest"]], "play_card": ["card:plague"]}
    assert presentation.table_board(game, view)["pick_noun"] == "area, sea, counter or card"
    view["prompt"]["legal"] = {"pass": [None], "card": ["card:mutiny"]}
    assert presentation.table_board(game, view, "es")["pick_noun"] == "área, mar, ficha o carta"


def test_ending_a_deployment_with_points_left_asks_first(game, view):
    """24.: the points of a deployment not spent when the player says Done are not kept; Done asked nothing."""
    view["prompt"] = {"step": "deploy", "text": {"msg": "prompt.deploy", "args": {"power": "power:spain", "points": 6}}}
    question = mapview.confirm(game, view, "done", None)
    assert game.renderer("en").text(question) == "6 points are left: end the deployment of Spain without spending them?"
    assert game.renderer("es").text(question) == "6 puntos sin gastar: ¿terminar el despliegue de España sin gastarlos?"
    view["prompt"]["text"]["args"]["points"] = 0
    assert mapview.confirm(game, view, "done", None) is None


def test_the_table_asks_its_question_of_the_engines_prompt_not_of_its_words(browser):
    """24.: a table at a deployment with points left puts Done behind its question, in the reader's language. The
    app asks ``confirm`` with the engine's own prompt (its ``Text``), not the sentence it has rendered from it."""
    alice = browser("alice")
    table = alice.new_table(URR, {"player1": "me"}, SCENARIO)
    done = next(a for a in alice.view(table)["actions"] if a["verb"] == "done")
    assert done["confirm"] == "6 points are left: end the deployment of Portugal without spending them?"
    build = next(a for a in alice.view(table)["actions"] if a["verb"] == "build")
    assert "confirm" not in build
