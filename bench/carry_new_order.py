"""How much of the action menu's work a view could carry over from earlier positions (issue 27: the view's p99).

    python bench/carry_new_order.py [--games 2] [--players 6]

Plays whole 9.2 games with the heuristic bot at every seat (seeds 1, 2, ...) and, at every view of the seat to act,
times each question of the action menu (``impulse.ACTIONS``: may this power or minor take this action?). A question
counts as *carried* when the same question (power, action) was asked before and a fingerprint of the state then and
now is the same: its answer could have been taken from that earlier position instead of asked again. Nothing is
carried: the fingerprints only count what a carry could save, under four of them:

- ``state``: the whole state but the parts every position changes and few questions read (``impulse``, ``cards``,
  ``rng``, ``stack``, ``battles``, ``last_battle``) — and even this is not enough for every question (a landing reads
  the impulse's starting places, piracy the corsairs among the cards);
- ``parts``: the state but for the parts the menu's questions do not read (the impulse's action points, cards
  played and events due — not its number, seat, starting places or leaders moved —, the cards but for piracy, the
  powers' unrest but for lowering it, ``rng``, ``stack``, ``battles``, ``last_battle``, ``war_records``): the
  narrowest key a carry could use without naming each question's reads of the other powers' counters (a ceiling:
  a part left out that some question reads would make it unsound);
- ``map``: the counters, areas and leaders alone (not a sound fingerprint: a ceiling);
- ``own``: per power, its own counters and leaders, every area, alliances and wars (not sound either: what a carry
  could save if each question's dependence on the other powers' counters were named).

Prints, for the 2 % slowest views and for every view of the action menu, the CPU time of the questions that could
be carried and of the others (ms per view), with the command, the date and the load average.

It also measures what answering the menu's questions *witness first* could save (trying first, for each question,
the candidate that answered yes the last time): each question's time split by its answer (yes or no), and, within
a yes, the time spent on the candidates it tried and rejected before the one that answered (``CANDIDATE_CHECKS``:
the first thing each search asks of a candidate marks the candidate's start; every candidate but the last of a yes
was rejected). A witness tried first skips at most those rejected candidates: the figure is a ceiling of its gain.
The expeditionary transfers' list (21.2.2, ``expeditionary_corps.transfers``) asks one search per troop's place and
lane (``troop_paths.TroopReach.sets_out``): its time and its searches, split likewise by their answers, with the
places each expanded (what a witness of another kind, the way found last time, could at most spare).

And it shows the tail a carry would leave: the views' p99 if every carried question cost nothing (the time of its
key left out), and what the 2 % slowest views would then still ask; and which moves the 2 % slowest views follow.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.ultima_ratio import state as st
from engines.ultima_ratio.actions import construction, regroup
from engines.ultima_ratio.diplomacy import expeditionary_corps
from engines.ultima_ratio.economy import commerce
from engines.ultima_ratio.game import GAME as TABLE_GAME
from engines.ultima_ratio.movement import land_areas, landings, naval, strategic_movement, troop_paths
from engines.ultima_ratio.sequence import impulse

GAME = TABLE_GAME.simulation()
VOLATILE = ("impulse", "cards", "rng", "stack", "battles", "last_battle")


def _state(s: dict, power: str, action: str) -> bytes:
    return orjson.dumps({k: v for k, v in s.items() if k not in VOLATILE})


UNREAD = ("impulse", "cards", "powers", "rng", "stack", "battles", "last_battle", "war_records")
IMPULSE_READ = ("n", "seat", "number", "start_locs", "leaders_moved")


def _parts(s: dict, power: str, action: str) -> bytes:
    powers = {
        p: {k: v for k, v in info.items() if k != "unrest" or action == "lower_unrest"}
        for p, info in s["powers"].items()
    }
    impulse = {k: s["impulse"].get(k) for k in IMPULSE_READ}
    cards = s["cards"] if action == "piracy" else None
    return orjson.dumps([{k: v for k, v in s.items() if k not in UNREAD}, powers, impulse, cards])


def _map(s: dict, power: str, action: str) -> bytes:
    return orjson.dumps([s["units"], s["areas"], s["leaders"]])


def _own(s: dict, power: str, action: str) -> bytes:
    units = {u: i for u, i in s["units"].items() if i["power"] == power}
    leaders = {lid: i for lid, i in s["leaders"].items() if i["power"] == power}
    return orjson.dumps([units, leaders, s["areas"], s["alliances"], s["wars"]])


FINGERPRINTS: dict[str, Callable[[dict, str, str], bytes]] = {
    "state": _state,
    "parts": _parts,
    "map": _map,
    "own": _own,
}

# the first thing each search of the menu asks of one candidate (a counter, an area, a box, a center), by action:
# one call per candidate tried (the searches that ask per area or box ask the first counter of each only)
CANDIDATE_CHECKS: dict[str, tuple[Any, str]] = {
    "strategic_move": (strategic_movement, "sets_out"),  # movable: each counter on the map
    "landing": (landings, "landing_escorts"),  # landers: each departure port
    "tactical_move": (land_areas, "first_steps"),  # troops_that_move: each area with troops
    "build_troop": (construction, "troop_fits"),  # troop_places: each possession, for each grade
    "build_squadron": (st, "coastal"),  # squadron_places: each possession
    "build_fortress": (st, "interest_ok"),  # fortress_places: each controlled area without a marker
    "regroup_troop": (regroup, "regroup_places"),  # regroupable: each dispersed box
    "naval_move": (naval, "tactical_seas"),  # naval_movers: each operational squadron
    "build_merchant": (commerce, "interest_in_center"),  # merchant_centers: each trade center within reach
}


TALLY = ("yes ms", "no ms", "yes", "tried", "rejected")


def _marking(action: str, check: Callable, row: dict[str, Any]) -> Callable:
    """``check``, noting when it starts while the view asks ``action`` (a candidate of that question tried)."""

    def marked(*args: Any, **kwargs: Any) -> Any:
        if row.get("asking") == action:
            row["starts"].append(time.process_time())
        return check(*args, **kwargs)

    return marked


def _lane_searches(row: dict[str, Any]) -> tuple[Callable, Callable]:
    """``transfers`` timed, and ``TroopReach.sets_out`` noting each new search it makes within them: its answer,
    its time and the places it expanded."""
    transfers, sets_out = expeditionary_corps.transfers, troop_paths.TroopReach.sets_out

    def timed_transfers(g: Any, power: str) -> list[list[str]]:
        if not row.get("open"):
            return transfers(g, power)
        row["transferring"] = True
        t = time.process_time()
        try:
            return transfers(g, power)
        finally:
            row["transfers"] += time.process_time() - t
            row["transferring"] = False

    def noted(reach: troop_paths.TroopReach, start: str) -> bool:
        if not row.get("transferring") or start in reach.starts:
            return sets_out(reach, start)
        known = len(reach.nexts)
        t = time.process_time()
        answer = sets_out(reach, start)
        search = row["lanes"][answer]
        search[0] += 1
        search[1] += time.process_time() - t
        search[2] += len(reach.nexts) - known
        return answer

    return timed_transfers, noted


def play(seed: int, players: int, rows: list[dict[str, Any]]) -> None:
    """One game; appends a row per view: its time, step, and each fingerprint's carried and asked question time."""
    rnd, pick = random.Random(seed), GAME.bots["heuristic"]
    state = GAME.begin(seed, {"scenario": "new-order", "players": players}).state
    last: dict[tuple[str, str, str], bytes] = {}
    row: dict[str, Any] = {}
    plain = dict(impulse.ACTIONS)
    checks = {action: getattr(module, name) for action, (module, name) in CANDIDATE_CHECKS.items()}

    def timed(action: str, question: Callable) -> Callable:
        def asked(g, power):
            if not row.get("open"):  # asked by a move, not by the view
                return question(g, power)
            row["asking"], row["starts"] = action, []
            t = time.process_time()
            answer = question(g, power)
            took = time.process_time() - t
            row["asking"] = None
            starts = row["starts"]
            tally = row["questions"].setdefault(action, dict.fromkeys(TALLY, 0.0))
            tally["yes ms" if answer else "no ms"] += took
            if answer:
                tally["yes"] += 1
                tally["tried"] += len(starts)
                tally["rejected"] += starts[-1] - starts[0] if starts else 0.0  # every candidate but the last
            for name, fingerprint in FINGERPRINTS.items():
                seen = fingerprint(g.s, power, action)
                row[name][last.get((name, power, action)) == seen] += took
                last[name, power, action] = seen
            row["overhead"] += time.process_time() - t - took  # the fingerprints' own time, not the view's
            return answer

        return asked

    impulse.ACTIONS.update({action: timed(action, question) for action, question in plain.items()})
    for action, (module, name) in CANDIDATE_CHECKS.items():
        setattr(module, name, _marking(action, checks[action], row))
    transfers, sets_out = expeditionary_corps.transfers, troop_paths.TroopReach.sets_out
    expeditionary_corps.transfers, troop_paths.TroopReach.sets_out = _lane_searches(row)  # type: ignore[method-assign]
    after = "the game's start"
    try:
        while GAME.outcome(state) is None:
            role = GAME.active_roles(state)[0]
            row.clear()
            row.update({name: {True: 0.0, False: 0.0} for name in FINGERPRINTS})
            row["questions"], row["overhead"], row["transfers"] = {}, 0.0, 0.0
            row["lanes"] = {True: [0, 0.0, 0], False: [0, 0.0, 0]}  # searches, time, places expanded
            step = state["stack"][-1]["step"]
            row["open"] = True
            t0 = time.process_time()
            view = GAME.view(state, role)
            row["view"] = time.process_time() - t0 - row["overhead"]
            row["open"] = False
            row["step"], row["after"] = step, after
            rows.append(dict(row))
            verb, arg = pick(GAME, view, role, rnd)
            after = f"{step} {verb}" + (f" {arg[1]}" if verb == "act" else "")
            state = GAME.apply(state, role, verb, arg)
    finally:
        impulse.ACTIONS.update(plain)
        for action, (module, name) in CANDIDATE_CHECKS.items():
            setattr(module, name, checks[action])
        expeditionary_corps.transfers, troop_paths.TroopReach.sets_out = transfers, sets_out  # type: ignore[method-assign]


def quantile(values: list[float], q: float) -> float:
    """As ``bench_new_order.quantile``: the value at rank ``q`` of the sorted values."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--players", type=int, default=6)
    args = parser.parse_args()
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"`python bench/carry_new_order.py --games {args.games} --players {args.players}` — "
        f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC, load average {load}\n"
    )
    rows: list[dict[str, Any]] = []
    for seed in range(1, args.games + 1):
        play(seed, args.players, rows)
    slowest = sorted(rows, key=lambda r: -r["view"])[: max(1, len(rows) // 50)]
    menus = [r for r in rows if r["step"] == "power_actions"]
    print(f"{len(rows)} views, {len(menus)} of the action menu\n")
    asked_p99 = quantile([r["view"] for r in rows], 0.99) * 1000
    print(
        "What the tail would be if every carried question cost nothing (the key's own cost left out): the views' "
        f"p99 as asked {asked_p99:.3f} ms\n\n| fingerprint | p99 with carried answers free, ms | "
        "2 % slowest views after the carry: carried / asked ms |\n|---|---|---|"
    )
    for name in FINGERPRINTS:
        after = sorted(rows, key=lambda r: r[name][True] - r["view"])[: max(1, len(rows) // 50)]
        p99 = quantile([r["view"] - r[name][True] for r in rows], 0.99) * 1000
        carried, asked = (sum(r[name][hit] for r in after) / len(after) * 1000 for hit in (True, False))
        print(f"| {name} | {p99:.3f} | {carried:.3f} / {asked:.3f} |")
    print()
    print("| fingerprint | 2 % slowest views: carried / asked ms | menu views: carried / asked ms |\n|---|---|---|")
    for name in FINGERPRINTS:
        cells = []
        for group in (slowest, menus):
            carried = sum(r[name][True] for r in group) / len(group) * 1000
            asked = sum(r[name][False] for r in group) / len(group) * 1000
            cells.append(f"{carried:.3f} / {asked:.3f} ({carried / (carried + asked):.0%})")
        print(f"| {name} | {cells[0]} | {cells[1]} |")
    print(
        "\n| 2 % slowest views, a view | yes: ms | no: ms | yes answers | candidates tried per yes | "
        "rejected before the yes, ms (a witness's ceiling) |\n|---|---|---|---|---|---|"
    )
    total = dict.fromkeys(TALLY, 0.0)
    for action in [*impulse.ACTIONS, "all"]:
        if action == "all":
            tally, label = total, "**every question**"
        else:
            tally = {k: sum(r["questions"].get(action, {}).get(k, 0.0) for r in slowest) for k in TALLY}
            total = {k: total[k] + tally[k] for k in TALLY}
            label = action if action in CANDIDATE_CHECKS else f"{action} (not split)"
        n = len(slowest)
        tried = f"{tally['tried'] / tally['yes']:.2f}" if tally["yes"] and action in CANDIDATE_CHECKS else "—"
        print(
            f"| {label} | {tally['yes ms'] / n * 1000:.3f} | {tally['no ms'] / n * 1000:.3f} | "
            f"{tally['yes'] / n:.1f} | {tried} | {tally['rejected'] / n * 1000:.4f} |"
        )
    n = len(slowest)
    moves = Counter(r["after"] for r in slowest).most_common(6)
    print("\nThe 2 % slowest views come after: " + "; ".join(f"{move} ({count})" for move, count in moves))
    spent = sum(r["transfers"] for r in slowest) / n * 1000
    cells = []
    for answer in (True, False):
        searches = sum(r["lanes"][answer][0] for r in slowest)
        took = sum(r["lanes"][answer][1] for r in slowest) / n * 1000
        places = sum(r["lanes"][answer][2] for r in slowest) / max(1, searches)
        cells.append(f"{searches / n:.2f} searches, {took:.3f} ms, {places:.1f} places expanded each")
    print(
        f"\nThe expeditionary transfers, 2 % slowest views: {spent:.3f} ms a view; lane searches answering yes: "
        f"{cells[0]}; no: {cells[1]}"
    )


if __name__ == "__main__":
    main()
