"""How strong the 15 Días heuristic bot is: one heuristic seat (rotating through the seats, seat = seed % players)
against bots of another kind, over many games; the win rate with its 95 % Wilson interval.

    python bench/bench_quince_dias_bot.py --games 400 --against random
    python bench/bench_quince_dias_bot.py --games 400 --against previous [--option conspirators=true] [--jobs 2]

``previous`` is the heuristic bot of engine version 3 (``bench/quince_dias_bot_v3.py``). A seat's fair share of
wins is a quarter of the games that have a winner (a game can end with nobody winning, Victory Check's tie rule).
Also printed: the heuristic seat's CPU time per decision (mean and slowest; the clock ticks in about a
millisecond's steps on some machines, so the slowest is coarse),
the share of Confrontations won and the Ducats kept.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.quince_dias_bot_v3 import heuristic_bot as previous_bot
from engines.core.game import Bot, random_bot
from engines.quince_dias import GAME
from engines.quince_dias.bots import heuristic_bot

OPPONENTS: dict[str, Bot] = {"random": random_bot, "previous": previous_bot, "heuristic": heuristic_bot}


def play(job: tuple[int, dict, str, str]) -> dict:
    """One game: the hero bot at seat ``seed % players``, the opponent bot elsewhere."""
    seed, options, hero_name, against = job
    hero_bot, other_bot = OPPONENTS[hero_name], OPPONENTS[against]
    players = options.get("players", 4)
    hero = f"player{seed % players + 1}"
    state = GAME.setup(seed, options)
    rnd = random.Random(seed)
    spent, decisions, slowest = 0.0, 0, 0.0
    while GAME.outcome(state) is None:
        role = GAME.active_roles(state)[0]
        view = GAME.view(state, role)
        if role == hero:
            started = time.process_time()
            action = hero_bot(GAME, view, role, rnd)
            took = time.process_time() - started
            spent, decisions, slowest = spent + took, decisions + 1, max(slowest, took)
        else:
            action = other_bot(GAME, view, role, rnd)
        state = GAME.apply(state, role, *action)
    outcome = GAME.outcome(state)
    if outcome is None:
        raise RuntimeError("the loop ends with the game")
    scores = outcome["scores"]
    results = state["results"]
    family = state["family"][hero]
    return {
        "seed": seed,
        "win": hero in outcome["winners"],
        "nobody": not outcome["winners"],
        "family_won": sum(r["winner"] == family for r in results if r["phase"] == "family"),
        "individual_won": sum(r["winner"] == hero for r in results if r["phase"] == "individual"),
        "individual_tied": sum(r["winner"] is None for r in results if r["phase"] == "individual"),
        "rounds": sum(r["phase"] == "family" for r in results),
        "ducats": state["ducats"][hero],
        "score": scores[hero],
        "best_other": max(v for r, v in scores.items() if r != hero),
        "spent": spent,
        "decisions": decisions,
        "slowest": slowest,
    }


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=0, help="first seed; then +1 each")
    ap.add_argument("--against", choices=sorted(OPPONENTS), default="previous")
    ap.add_argument("--hero", choices=sorted(OPPONENTS), default="heuristic")
    ap.add_argument("--option", action="append", default=[], help="key=value (JSON value), repeatable")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    options = {"players": 4}
    for item in args.option:
        key, value = item.split("=", 1)
        options[key] = json.loads(value)
    jobs = [(s, options, args.hero, args.against) for s in range(args.seed, args.seed + args.games)]
    started = time.perf_counter()
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            results = pool.map(play, jobs, chunksize=8)
    else:
        results = [play(j) for j in jobs]
    n = len(results)
    wins = sum(r["win"] for r in results)
    decided = n - sum(r["nobody"] for r in results)
    low, high = wilson(wins, n)
    players = options["players"]
    per_move = 1000 * sum(r["spent"] for r in results) / max(1, sum(r["decisions"] for r in results))
    print(
        f"| {args.hero} vs {players - 1} × {args.against} | options | games | wins | win rate (95 % CI) "
        f"| fair share | mean score − best other | ms / decision (mean, slowest) |"
    )
    print("|---|---|---|---|---|---|---|---|")
    print(
        f"| seeds {args.seed}–{args.seed + n - 1} | {json.dumps(options)} | {n} | {wins} "
        f"| {100 * wins / n:.1f} % ({100 * low:.1f}–{100 * high:.1f}) | {100 * decided / n / players:.1f} % "
        f"| {sum(r['score'] - r['best_other'] for r in results) / n:+.2f} "
        f"| {per_move:.2f}, {1000 * max(r['slowest'] for r in results):.1f} |"
    )
    rounds = sum(r["rounds"] for r in results)
    print(
        f"Confrontations won: Family {100 * sum(r['family_won'] for r in results) / rounds:.1f} % of {rounds}, "
        f"Individual {100 * sum(r['individual_won'] for r in results) / rounds:.1f} % "
        f"({100 * sum(r['individual_tied'] for r in results) / rounds:.1f} % tied); "
        f"Ducats at the end {sum(r['ducats'] for r in results) / n:.1f}"
    )
    print(f"({time.perf_counter() - started:.0f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
