"""Ultima Ratio Regis engine speed (part 1 issue, targets: a whole solo game under a second on one core; a
legal-action list under 5 ms in any position).

    python bench/bench_ultima_ratio.py [--games 20]

Prints the legal-list time (best of 5) in the big positions of tests/engines/ultima_ratio/test_conformance.py and
the time of whole random and heuristic games of 9.1 The Rise of Portugal (bots read their seat's view).
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.engines.ultima_ratio.support import GAME, ROLE  # noqa: E402
from tests.engines.ultima_ratio.test_conformance import big_positions  # noqa: E402

OPTIONS = {"scenario": "the-rise-of-portugal"}


def best_of(state: dict, runs: int = 5) -> float:
    best = 1.0
    for _ in range(runs):
        started = time.perf_counter()
        GAME.legal(state, ROLE)
        best = min(best, time.perf_counter() - started)
    return best


def whole_game(seed: int, bot: str) -> tuple[float, int]:
    rnd, state, moves = random.Random(seed), GAME.setup(seed, OPTIONS), 0
    started = time.perf_counter()
    while GAME.outcome(state) is None:
        role = GAME.active_roles(state)[0]
        verb, arg = GAME.bots[bot](GAME, GAME.view(state, role), role, rnd)
        state = GAME.apply(state, role, verb, arg)
        moves += 1
    return time.perf_counter() - started, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    print("| position | legal list ms (best of 5) |\n|---|---|")
    for name, state in big_positions():
        print(f"| {name} | {best_of(state) * 1000:.2f} |")
    print("\n| bot | games | moves/game | seconds/game median | max |\n|---|---|---|---|---|")
    for bot in ("random", "heuristic"):
        runs = [whole_game(seed, bot) for seed in range(args.games)]
        times = [t for t, _ in runs]
        print(f"| {bot} | {args.games} | {statistics.fmean(m for _, m in runs):.0f} | "
              f"{statistics.median(times):.3f} | {max(times):.3f} |")


if __name__ == "__main__":
    main()
