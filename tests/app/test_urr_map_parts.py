"""Ultima Ratio Regis' overlay in places (issue 28 › Speed: "a move's update sends only what changed in the overlay"):
every area, sea and box of the map is a part of its own (app/web.py › board_part, map__<place>), so a move that
moves one unit is answered by the places it left and entered, not by the whole overlay; those places travel as SVG
(``<template><svg>`` round each), and the page says what it holds of them packed (app/live_parts.py ›
have_header)."""

import json
import random
import re
from typing import Any, cast

from app import live_parts
from engines import registry

URR = "ultima-ratio-regis"
PLACE = re.compile(r'<g(?: class="urr-place")? data-live="part-map__([\w-]+)" data-fp="\w+"')
SENT = re.compile(r'(?:id|data-live)="([\w-]+)"[^>]*hx-swap-oob')


def _part(loc: str) -> str:
    return "map__" + re.sub(r"[^A-Za-z0-9_-]", "-", loc)


def _locs(view: dict) -> dict[str, str]:
    return {uid: u.get("loc") for uid, u in (view["view"]["public"].get("units") or {}).items()}


def test_every_place_of_the_map_is_a_part_and_the_page_sends_them_packed(browser):
    alice = browser("alice")
    table = alice.new_table(game=URR, seats={"player1": "me"}, options={"scenario": "the-rise-of-portugal"}, seed=3)
    page = alice.c.get(f"/tables/{table}/live").text
    places = [p for p in PLACE.findall(page) if p != "centers"]  # the trade centers: a part of their own
    game = registry.get_game(URR)
    view = alice.view(table)["view"]
    # every active area, and every sea and box of the map whether it holds counters or not
    assert {p for p in places if p.startswith("area-")} == {a.replace(":", "-") for a in view["public"]["areas"]}
    assert {p for p in places if p.startswith("sea-")} == {
        s.id.replace(":", "-") for s in cast(Any, game).board.map.seas
    }
    assert "box-eliminated" in places and len(places) == len(set(places))
    fps = live_parts.sections_of(page)
    have = live_parts.have_header(fps, "")
    assert f"part-map__{sorted(view['public']['areas'])[0].replace(':', '-')}=" not in have  # packed, not one by one
    packed = dict(item.split("=", 1) for item in have.split(";"))["part-map__"]
    assert len(packed) == live_parts.INNER_FP * (len(places) + 2)  # the places, the trade centers, the battle
    assert len(have) < 4000


def test_a_move_of_one_unit_resends_only_the_places_it_left_and_entered(browser):
    """Random legal moves of The Rise of Portugal, each sent with what the page holds: whenever a move moved one
    unit from a place to another and changed nothing else on the map, its answer redrew those two places and no
    other part of the map, in a fraction of the map's bytes; the page then reads as a fresh one."""
    alice = browser("alice")
    table = alice.new_table(game=URR, seats={"player1": "me"}, options={"scenario": "the-rise-of-portugal"}, seed=3)
    live = f"/tables/{table}/live"
    rng = random.Random(8)
    page = alice.c.get(live).text
    whole_map = len(re.search(r'<div id="part-map".*?</svg>', page, re.S).group(0))
    one_unit_moves = between = 0  # the moves of one unit, and of them those from a place to another
    for _ in range(120):
        before = alice.view(table)
        if before["status"] != "active" or not before["actions"]:
            break
        # a unit's move when there is one (the verbs that take a unit to a place), else any move
        moving = [a for a in before["actions"] if a["verb"] in ("area", "sea", "to_sea")]
        a = rng.choice(moving or before["actions"])
        have = live_parts.have_header(live_parts.sections_of(page), _top(page))
        r = alice.post(
            f"/tables/{table}/act",
            {"seq": before["seq"], "verb": a["verb"], "arg": json.dumps(a["arg"])},
            headers={"HX-Request": "true", live_parts.HAVE: have},
        )
        assert r.status_code == 200 and r.headers.get("HX-Retarget") == "#live-head", r.text[:300]
        after = alice.view(table)
        page = alice.c.get(live).text  # the page as it now reads (the test of the sections' sum: test_live_parts)
        was, now = _locs(before), _locs(after)
        moved = [u for u in now if was.get(u) != now[u]]
        pub_was, pub_now = before["view"]["public"], after["view"]["public"]
        same_else = all(pub_was.get(k) == pub_now.get(k) for k in ("areas", "leaders", "merchants", "capacity"))
        if len(moved) != 1 or moved[0] not in was or not same_else or pub_now.get("battle") != pub_was.get("battle"):
            continue
        sent = {s[5:] for s in SENT.findall(r.text) if s.startswith("part-map")}
        on_map = {"map__" + p for p in PLACE.findall(page)}  # a unit off the map (yet to deploy) is in no place
        places = {_part(was[moved[0]]), _part(now[moved[0]])} & on_map
        assert places and sent == places, (a, sent)
        redrawn = re.findall(r"<template><svg .*?</svg></template>", r.text, re.S)
        assert len(redrawn) == len(places)  # each place in an SVG wrapper
        assert sum(map(len, redrawn)) < whole_map / 8  # the map's bytes of the answer: its (one or) two places'
        assert "urr-overlay" not in r.text  # the overlay itself is not sent again
        assert f'''hx-swap-oob="outerHTML:[data-live='part-{sorted(places)[0]}']"''' in r.text
        one_unit_moves += 1
        between += len(places) == 2
    assert one_unit_moves >= 2 and between >= 1


def _top(html: str) -> str:
    top = re.search(r'id="live-log-list">\s*<li id="log-(\d+)"[^>]*><a class="anchor"[^>]*>#(\d+)<', html)
    return f"{top.group(1)}.{top.group(2)}" if top else ""


ROW = re.compile(r'<(?:tr|div) data-live="part-(areas|seas)__([\w-]+)" data-fp="\w+"')


def _rows(public: dict) -> dict[str, Any]:
    """What each row of the board's lists draws, by its part's name (engines/ultima_ratio/parts.py › lists): an
    area's own data, the counters at it with the leaders on them, whether it scored."""
    units, leaders = public.get("units") or {}, public.get("leaders") or {}

    def at(loc: str) -> Any:
        here = {u: x for u, x in units.items() if x.get("loc") == loc}
        return [here, {lid: x for lid, x in leaders.items() if x.get("unit") in here}]

    rows = {
        f"areas__{a.removeprefix('area:')}": [x, at(a), a in (public.get("scored_areas") or ())]
        for a, x in public["areas"].items()
    }
    off = {x.get("loc") for x in units.values()} - {None} - set(public["areas"])
    return rows | {f"seas__{loc.replace(':', '-')}": at(loc) for loc in off}


def test_a_move_that_changes_one_area_sends_only_that_areas_row(browser):
    """Random legal moves of 9.2 New Order, each sent with what the page holds: the rows of "Areas in play" and "At
    sea and off the map" that the answer redraws are exactly those whose area or place changed (its possession,
    marker, fortress, siege, counters, leaders), each a <tr> (or the <div> of a place's entry) in a <template> of
    its own, never the whole list while the list's rows stay the same; the page then reads as a fresh one."""
    alice = browser("alice")
    options = {"scenario": "new-order", "players": 3}
    roles = registry.get_game(URR).roles(registry.get_game(URR).parse_options(options))
    table = alice.new_table(game=URR, seats=dict.fromkeys(roles, "me"), options=options, seed=3)
    rng = random.Random(5)
    row_moves = one_area = 0
    for _ in range(80):
        v = alice.view(table)
        if v["status"] != "active":
            break
        role = v["active_roles"][0]
        live = f"/tables/{table}/live?as={role}"
        page = alice.c.get(live).text
        before = alice.view(table, role)
        a = rng.choice(before["actions"])
        r = alice.post(
            f"/tables/{table}/act",
            {"seq": before["seq"], "verb": a["verb"], "arg": json.dumps(a["arg"]), "role": role},
            headers={
                "HX-Request": "true",
                live_parts.HAVE: live_parts.have_header(live_parts.sections_of(page), _top(page)),
            },
        )
        assert r.status_code == 200 and r.headers.get("HX-Retarget") == "#live-head", r.text[:300]
        sent = set(SENT.findall(r.text))
        if {"part-areas", "part-seas", "live-board"} & sent:
            continue  # a list's rows (or the board round them) drawn anew: not a move of rows alone
        was, now = _rows(before["view"]["public"]), _rows(alice.view(table, role)["view"]["public"])
        changed = {name for name in was.keys() | now.keys() if was.get(name) != now.get(name)}
        drawn = {name for name in changed if f'data-live="part-{name}"' in page}  # a place of the page's lists
        rows = {s[5:] for s in sent if s.startswith(("part-areas__", "part-seas__"))}
        assert rows == drawn, (a, rows ^ drawn)
        # each row alone in its <template>, swapped by its data-live
        for kind, name in ROW.findall(r.text):
            part = f"part-{kind}__{name}"
            assert f"""<template><{"tr" if kind == "areas" else "div"} data-live="{part}" data-fp=""" in r.text
            assert f'''hx-swap-oob="outerHTML:[data-live='{part}']"''' in r.text
        assert 'class="urr-table"' not in r.text and 'class="urr-seas"' not in r.text  # not the lists themselves
        row_moves += bool(rows)
        one_area += len([x for x in rows if x.startswith("areas__")]) == 1
        after = alice.c.get(live).text
        for name in rows:  # the row as the answer drew it is the row of a fresh page
            fresh = re.search(rf'<(tr|div) data-live="part-{name}".*?</\1>', after, re.S).group(0)
            assert (
                re.sub(
                    r' hx-swap-oob="[^"]*"',
                    "",
                    re.search(rf'<(tr|div) data-live="part-{name}".*?</\1>', r.text, re.S).group(0),
                )
                == fresh
            )
    assert row_moves >= 10 and one_area >= 5


def test_an_empty_entry_off_the_map_stays_hidden_and_a_conforming_entry_of_its_list(browser):
    """A place of "At sea and off the map" with nothing to show is kept in the list, hidden (the set of rows never
    changes), and like every <div> of a <dl> it holds a <dt> and a <dd>."""
    alice = browser("alice")
    table = alice.new_table(game=URR, seats={"player1": "me"}, options={"scenario": "the-rise-of-portugal"}, seed=3)
    page = alice.c.get(f"/tables/{table}/live").text
    entries = re.findall(r'<div data-live="part-seas__[\w-]+" data-fp="\w+"( hidden)?>(.*?)</div>', page, re.S)
    assert any(hidden for hidden, _ in entries) and any(not hidden for hidden, _ in entries)
    for _hidden, inner in entries:
        assert inner.startswith("<dt") and inner.count("<dt") == inner.count("<dd") == 1, inner


def test_the_new_order_table_page_leaves_a_game_room_under_200_kb(browser):
    """Issue 28 › Speed: the table page's HTML (the base map apart) stays under 200 kB at any point of a game. A
    9.2 New Order game at 6 players adds ~30 kB to its page by move 1,000 (bench/RESULTS.md, bench_urr_page.py:
    counters spread over the map and its lists), so its page at the start (seeded: the same bytes every run) is
    under 170 kB; its overlay and its lists, hundreds of places and rows, are written without line breaks."""
    alice = browser("alice")
    options = {"scenario": "new-order", "players": 6}
    roles = registry.get_game(URR).roles(registry.get_game(URR).parse_options(options))
    table = alice.new_table(game=URR, seats=dict.fromkeys(roles, "me"), options=options, seed=7)
    page = alice.c.get(f"/tables/{table}").text
    assert len(page.encode()) < 170_000
    overlay = re.search(r'<svg class="urr-overlay".*?</svg>', page, re.S).group(0)
    places = overlay[overlay.index('<g class="urr-place"') : overlay.rindex("</g>")]
    assert not re.search(r">\s+<", places)
    # a possession's square: the one mark of <defs> in the possessor's colour, its words the place's title
    squares = re.findall(r'<use class="urr-possession" href="#urr-mark" x="[-\d.]+" fill="#\w{6}"/>', places)
    assert len(squares) == places.count("possession of") > 100
    for kind in ("areas", "seas"):
        rows = re.search(rf'<div id="part-{kind}".*?</section>', page, re.S).group(0)
        assert len(re.findall(r">\n\s*<", rows)) < 12  # the list's own few lines, none between its rows


def test_a_board_sent_whole_carries_no_part_out_of_band(browser):
    """A board sent whole (its fingerprint changed: the seats' labels, a new turn) swaps in with its places and rows
    in it: none of them marked out of band as well, which would swap each of hundreds of them once more (the page
    then kept a browser busy past its next move's news; app/web.py › board_part)."""
    alice = browser("alice")
    table = alice.new_table(game=URR, seats={"player1": "me"}, options={"scenario": "the-rise-of-portugal"}, seed=3)
    live = f"/tables/{table}/live"
    page = alice.c.get(live).text
    held = live_parts.sections_of(page)
    have = live_parts.have_header({**held, "board": "0" * 16}, _top(page))  # a page whose board is another
    r = alice.c.get(live, headers={"HX-Request": "true", live_parts.HAVE: have})
    assert r.headers.get("HX-Retarget") == "#live-head"
    assert SENT.findall(r.text) == ["live-board"]  # the board, with every part of it inside, swapped once
    board = r.text[r.text.index('id="live-board"') :]
    assert len(PLACE.findall(board)) > 100 and len(ROW.findall(board)) > 100


def test_the_independent_areas_count_is_a_part_of_its_own(browser):
    """The count of independent areas below "Areas in play" is a part of its own (areas__independent): an area
    taken from the independents (or lost to them) changes its row and that count, not the list's own fingerprint,
    so the answer to that move sends the row and the count, not the whole list of hundreds of rows."""
    game = registry.get_game(URR)
    state = game.setup(3, {"scenario": "the-rise-of-portugal"})
    view = cast(dict[str, Any], game.view(state, "player1"))
    shown = registry.presentation(game)
    before = shown.board_parts(game, view, shown.board(game, view, "en"))
    public = view["public"]
    area = next(a for a, x in sorted(public["areas"].items()) if not x.get("owner") and not x.get("fortress"))
    taken = {
        **view,
        "public": {**public, "areas": {**public["areas"], area: {**public["areas"][area], "owner": "power:portugal"}}},
    }
    after = shown.board_parts(game, taken, shown.board(game, taken, "en"))
    row = "areas__" + area.removeprefix("area:")
    assert {name for name in before if before[name] != after[name]} >= {row, "areas__independent"}
    assert before["areas"] == after["areas"]  # the list itself: the same rows
    alice = browser("alice")
    table = alice.new_table(game=URR, seats={"player1": "me"}, options={"scenario": "the-rise-of-portugal"}, seed=3)
    page = alice.c.get(f"/tables/{table}/live").text
    count = re.search(r'<div id="part-areas__independent"[^>]*>(.*?)</div>', page, re.S)
    assert count and "Also active, independent" in count.group(1)
