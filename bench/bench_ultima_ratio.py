"""Ultima Ratio Regis engine speed (part 1 issue, targets: a whole solo game under a second on one core; a
legal-action list under 5 ms in any position).

    python bench/bench_ultima_ratio.py [--games 20] [--walks 10]

Prints one Markdown report (the command, the date, the load average): whole random and heuristic games of 9.1 The
Rise of Portugal (bots read their seat's view; engine and bot time apart), and the slowest legal-action lists met
(a) in random 9.1 playouts, (b) in the big positions of tests/engines/ultima_ratio/test_conformance.py, (c) in
random walks of one impulse from the multi-power positions (the positions at war of test_war_walks.py, built by
support_war.py and its tests, and a dealt half turn of a two-seat game with cards, test_cards.py). Each list is
timed once where it is met; the slowest ones are timed again (best of 5). Times are the process's CPU time
(``time.process_time``), so that a loaded machine slows them less than the wall clock.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.ultima_ratio.end_of_turn.turn_end import TURN_END_STEPS
from tests.engines.ultima_ratio.support import GAME, ROLE

OPTIONS = {"scenario": "the-rise-of-portugal"}
TARGET_GAME, TARGET_LIST = 1.0, 0.005


def best_of(state: dict, role: str, runs: int = 5) -> float:
    best = 1.0
    for _ in range(runs):
        started = time.process_time()
        GAME.legal(state, role)
        best = min(best, time.process_time() - started)
    return best


def whole_game(seed: int, bot: str) -> tuple[float, float, int]:
    """(engine seconds, bot seconds, moves) of one game from ``begin`` to its verdict."""
    rnd, pick = random.Random(seed), GAME.bots[bot]
    engine = bot_time = 0.0
    started = time.process_time()
    state, moves = GAME.begin(seed, OPTIONS).state, 0
    engine += time.process_time() - started
    while True:
        started = time.process_time()
        if GAME.outcome(state) is not None:
            engine += time.process_time() - started
            return engine, bot_time, moves
        role = GAME.active_roles(state)[0]
        view = GAME.view(state, role)
        engine += time.process_time() - started
        started = time.process_time()
        verb, arg = pick(GAME, view, role, rnd)
        bot_time += time.process_time() - started
        started = time.process_time()
        state = GAME.apply(state, role, verb, arg)
        engine += time.process_time() - started
        moves += 1


class Slowest:
    """The slowest legal lists of one family of positions: every list timed once as met, the top ones again."""

    def __init__(self, name: str):
        self.name, self.met = name, 0
        self.top: list[tuple[float, dict, str]] = []

    def time(self, state: dict, role: str) -> None:
        started = time.process_time()
        GAME.legal(state, role)
        took = time.process_time() - started
        self.met += 1
        self.top = sorted([*self.top, (took, state, role)], key=lambda x: -x[0])[:5]

    def result(self) -> tuple[float, str]:
        timed = [
            (best_of(state, role), state["stack"][-1]["step"] if state["stack"] else "-") for _, state, role in self.top
        ]
        return max(timed) if timed else (0.0, "-")


def walk(state: dict, rnd: random.Random, slowest: Slowest, limit: int, stop=None) -> None:
    for _ in range(limit):
        if GAME.outcome(state) is not None or (stop and stop(state)):
            return
        role = GAME.active_roles(state)[0]
        slowest.time(state, role)
        verb, arg = GAME.bots["random"](GAME, GAME.view(state, role), role, rnd)
        state = GAME.play(state, role, verb, arg).state


def families(walks: int) -> list[Slowest]:
    from tests.engines.ultima_ratio.test_cards import dealt
    from tests.engines.ultima_ratio.test_conformance import big_positions
    from tests.engines.ultima_ratio.test_war_walks import POSITIONS

    playouts = Slowest(f"random 9.1 playouts ({walks} games)")
    for seed in range(walks):
        walk(GAME.begin(seed, OPTIONS).state, random.Random(seed), playouts, GAME.max_actions)
    big = Slowest("big positions (test_conformance)")
    for _, state in big_positions():
        big.time(state, ROLE)
    war = Slowest("positions at war, one impulse (test_war_walks)")
    for name in sorted(POSITIONS):
        for seed in range(3):
            state = POSITIONS[name]()
            impulse = state["impulse"]["n"]
            walk(state, random.Random(seed), war, 120, stop=lambda s, n=impulse: s["impulse"]["n"] != n)
    cards = Slowest("a card half turn, two seats (test_cards)")
    for seed in (1, 2):
        walk(
            dealt(seed),
            random.Random(seed),
            cards,
            600,
            stop=lambda s: any(f["step"] in TURN_END_STEPS for f in s["stack"]),
        )
    return [playouts, big, war, cards]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="whole games per bot")
    parser.add_argument("--walks", type=int, default=10, help="random 9.1 playouts whose legal lists are timed")
    args = parser.parse_args()
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"`python bench/bench_ultima_ratio.py --games {args.games} --walks {args.walks}` — "
        f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC, load average {load} "
        f"(CPython {sys.version.split()[0]}, one core, CPU time)\n"
    )
    print(
        "| bot | games | moves/game | engine s/game (median, max) | bot s/game | games/s | < 1 s |\n"
        "|---|---|---|---|---|---|---|"
    )
    for bot in ("random", "heuristic"):
        runs = [whole_game(seed, bot) for seed in range(args.games)]
        engine = [e for e, _, _ in runs]
        total = [e + b for e, b, _ in runs]
        print(
            f"| {bot} | {args.games} | {statistics.fmean(m for _, _, m in runs):.0f} | "
            f"{statistics.median(engine):.3f}, {max(engine):.3f} | {statistics.fmean(b for _, b, _ in runs):.3f} | "
            f"{1 / statistics.fmean(total):.1f} | {'yes' if max(total) < TARGET_GAME else 'NO'} |"
        )
    print(
        "\n| positions | lists timed | slowest legal list ms (best of 5) | its step | < 5 ms |\n|---|---|---|---|---|"
    )
    for family in families(args.walks):
        took, where = family.result()
        print(
            f"| {family.name} | {family.met} | {took * 1000:.2f} | {where} | {'yes' if took < TARGET_LIST else 'NO'} |"
        )


if __name__ == "__main__":
    main()
