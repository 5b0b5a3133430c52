"""Random full campaigns of The Planet King per second on one core (issue 4, Benchmark), and the heuristic bot
against random play on Anni Mirabiles (issue 4, Bots).

    python bench/bench_planet_king.py [--games 50] [--scenario planet_king] [--bot random]
    python bench/bench_planet_king.py --compare 500     # heuristic vs random on Anni Mirabiles

A "campaign" is a game from set-up to its outcome with the bot at every seat; random play usually ends it early
by an automatic defeat, so the report gives the mean number of turns played too.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.core.conformance import playout
from engines.planet_king import GAME


def run(scenario: str, bot: str, games: int) -> dict:
    levels: collections.Counter = collections.Counter()
    vp = actions = 0
    start = time.perf_counter()
    for seed in range(games):
        result = playout(GAME, seed, {"scenario": scenario}, check=False, bot=bot)
        outcome = result["outcome"]
        levels[outcome["level"]] += 1
        vp += sum(outcome["scores"].values())
        actions += result["actions"]
    seconds = time.perf_counter() - start
    return {
        "bot": bot,
        "scenario": scenario,
        "games": games,
        "per_second": games / seconds,
        "mean_vp": vp / games,
        "mean_actions": actions / games,
        "levels": {k: round(100 * v / games, 1) for k, v in sorted(levels.items())},
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--scenario", default="planet_king")
    ap.add_argument("--bot", default="random")
    ap.add_argument("--compare", type=int, default=0, help="heuristic vs random on Anni Mirabiles, N games each")
    args = ap.parse_args()
    rows = (
        [run("anni_mirabiles", b, args.compare) for b in ("heuristic", "random")]
        if args.compare
        else [run(args.scenario, args.bot, args.games)]
    )
    print("| bot | scenario | games | games/s | mean VP | mean actions | victory levels (%) |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['bot']} | {r['scenario']} | {r['games']} | {r['per_second']:.1f} | {r['mean_vp']:.2f} | "
            f"{r['mean_actions']:.0f} | {r['levels']} |"
        )


if __name__ == "__main__":
    main()
