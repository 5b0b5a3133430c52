"""How much of the action menu's work a view could carry over from earlier positions (issue 27: the view's p99).

    python bench/carry_new_order.py [--games 2] [--players 6]

Plays whole 9.2 games with the heuristic bot at every seat (seeds 1, 2, ...) and, at every view of the seat to act,
times each question of the action menu (``impulse.ACTIONS``: may this power or minor take this action?). A question
counts as *carried* when the same question (power, action) was asked before and a fingerprint of the state then and
now is the same: its answer could have been taken from that earlier position instead of asked again. Nothing is
carried: the fingerprints only count what a carry could save, under three of them:

- ``state``: the whole state but the parts every position changes and few questions read (``impulse``, ``cards``,
  ``rng``, ``stack``, ``battles``, ``last_battle``) — and even this is not enough for every question (a landing reads
  the impulse's starting places, piracy the corsairs among the cards);
- ``map``: the counters, areas and leaders alone (not a sound fingerprint: a ceiling);
- ``own``: per power, its own counters and leaders, every area, alliances and wars (not sound either: what a carry
  could save if each question's dependence on the other powers' counters were named).

Prints, for the 2 % slowest views and for every view of the action menu, the CPU time of the questions that could
be carried and of the others (ms per view), with the command, the date and the load average.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.ultima_ratio.game import GAME as TABLE_GAME
from engines.ultima_ratio.sequence import impulse

GAME = TABLE_GAME.simulation()
VOLATILE = ("impulse", "cards", "rng", "stack", "battles", "last_battle")


def _state(s: dict, power: str) -> bytes:
    return orjson.dumps({k: v for k, v in s.items() if k not in VOLATILE})


def _map(s: dict, power: str) -> bytes:
    return orjson.dumps([s["units"], s["areas"], s["leaders"]])


def _own(s: dict, power: str) -> bytes:
    units = {u: i for u, i in s["units"].items() if i["power"] == power}
    leaders = {lid: i for lid, i in s["leaders"].items() if i["power"] == power}
    return orjson.dumps([units, leaders, s["areas"], s["alliances"], s["wars"]])


FINGERPRINTS: dict[str, Callable[[dict, str], bytes]] = {"state": _state, "map": _map, "own": _own}


def play(seed: int, players: int, rows: list[dict[str, Any]]) -> None:
    """One game; appends a row per view: its time, step, and each fingerprint's carried and asked question time."""
    rnd, pick = random.Random(seed), GAME.bots["heuristic"]
    state = GAME.begin(seed, {"scenario": "new-order", "players": players}).state
    last: dict[tuple[str, str, str], bytes] = {}
    row: dict[str, Any] = {}
    plain = dict(impulse.ACTIONS)

    def timed(action: str, question: Callable) -> Callable:
        def asked(g, power):
            if not row.get("open"):  # asked by a move, not by the view
                return question(g, power)
            t = time.process_time()
            answer = question(g, power)
            took = time.process_time() - t
            for name, fingerprint in FINGERPRINTS.items():
                seen = fingerprint(g.s, power)
                row[name][last.get((name, power, action)) == seen] += took
                last[name, power, action] = seen
            return answer

        return asked

    impulse.ACTIONS.update({action: timed(action, question) for action, question in plain.items()})
    try:
        while GAME.outcome(state) is None:
            role = GAME.active_roles(state)[0]
            row = {name: {True: 0.0, False: 0.0} for name in FINGERPRINTS}
            step = state["stack"][-1]["step"]
            row["open"] = True
            t0 = time.process_time()
            view = GAME.view(state, role)
            row["view"] = time.process_time() - t0  # with the fingerprints' own time: only the order matters
            row["open"] = False
            row["step"] = step
            rows.append(row)
            state = GAME.apply(state, role, *pick(GAME, view, role, rnd))
    finally:
        impulse.ACTIONS.update(plain)


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
    print("| fingerprint | 2 % slowest views: carried / asked ms | menu views: carried / asked ms |\n|---|---|---|")
    for name in FINGERPRINTS:
        cells = []
        for group in (slowest, menus):
            carried = sum(r[name][True] for r in group) / len(group) * 1000
            asked = sum(r[name][False] for r in group) / len(group) * 1000
            cells.append(f"{carried:.3f} / {asked:.3f} ({carried / (carried + asked):.0%})")
        print(f"| {name} | {cells[0]} | {cells[1]} |")


if __name__ == "__main__":
    main()
