"""Ultima Ratio Regis speed in 9.2 New Order at 6 players (issue 27, targets: apply, view and the legal list each
≤ 1 ms at p99 and ≤ 5 ms at worst; a bot's decision ≤ 100 ms; a whole turn with 6 heuristic bots under 2 s).

    python bench/bench_new_order.py [--games 3] [--players 6]

Plays whole games with the heuristic bot at every seat (9.2 through ``UltimaRatioRegis.simulation``, as ``siglo
simulate`` does) and times, at every move, the game interface's ``apply``, ``view`` and ``legal`` for the seat to act
and the bot's decision; a turn is everything from its first move to the next turn's (views, bots and applies). 9.2 is
played with cards (``cards.in_play`` from its set-up): a turn lasts until no player has cards. Times are the process's
CPU time (``time.process_time``), so that a loaded machine slows them less than the wall clock; prints one Markdown
report with the command, the date and the load average, and the step and verb of each operation's worst move.

The garbage collector is tuned as the server tunes it (``app.main.tune_garbage_collector``: what was loaded at
start-up frozen, young collections every 10,000 objects); ``--default-gc`` keeps the interpreter's defaults, whose
full collections walk the whole content loaded (20-35 ms once in a while, whatever the move).
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

from engines.ultima_ratio.game import GAME as TABLE_GAME

GAME = TABLE_GAME.simulation()
LIMITS = {"apply": (0.001, 0.005), "view": (0.001, 0.005), "legal": (0.001, 0.005), "bot": (None, 0.100)}
TURN_LIMIT = 2.0


def play(seed: int, players: int, times: dict[str, list[float]], turns: list[float], worst: dict[str, tuple]) -> int:
    """One game; appends each move's times to ``times`` and each turn's total to ``turns``, keeps each operation's
    worst move in ``worst`` (time, seed, move, step, verb); returns its moves."""
    rnd, pick = random.Random(seed), GAME.bots["heuristic"]
    state = GAME.begin(seed, {"scenario": "new-order", "players": players}).state
    moves, turn, turn_time = 0, state["turn"], 0.0
    while GAME.outcome(state) is None:
        role = GAME.active_roles(state)[0]
        t0 = time.process_time()
        view = GAME.view(state, role)
        t1 = time.process_time()
        GAME.legal(state, role)
        t2 = time.process_time()
        verb, arg = pick(GAME, view, role, rnd)
        t3 = time.process_time()
        new = GAME.apply(state, role, verb, arg)
        t4 = time.process_time()
        step = state["stack"][-1]["step"] if state["stack"] else None
        for name, took in (("view", t1 - t0), ("legal", t2 - t1), ("bot", t3 - t2), ("apply", t4 - t3)):
            times[name].append(took)
            if took > worst.get(name, (0.0,))[0]:
                worst[name] = (took, seed, moves, step, verb)
        turn_time += (t1 - t0) + (t4 - t2)  # a turn as played: the view, the bot's choice and the apply
        moves += 1
        state = new
        if state["turn"] != turn:
            turns.append(turn_time)
            turn, turn_time = state["turn"], 0.0
    turns.append(turn_time)
    return moves


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--default-gc", action="store_true", help="keep the interpreter's collector settings")
    args = parser.parse_args()
    if not args.default_gc:
        from app.main import tune_garbage_collector

        tune_garbage_collector()  # as app.asgi does
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    flags = f"--games {args.games} --players {args.players}" + (" --default-gc" if args.default_gc else "")
    print(
        f"`python bench/bench_new_order.py {flags}` — {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC, "
        f"load average {load} (CPython {sys.version.split()[0]}, one core, CPU time)\n"
    )
    times: dict[str, list[float]] = {k: [] for k in LIMITS}
    turns: list[float] = []
    worst: dict[str, tuple] = {}
    moves = [play(seed, args.players, times, turns, worst) for seed in range(1, args.games + 1)]
    print(f"{args.games} games, {statistics.fmean(moves):.0f} moves a game, {len(turns)} turns\n")
    print("| operation | p50 ms | p99 ms | max ms | target | met |\n|---|---|---|---|---|---|")
    for name, (p99_limit, max_limit) in LIMITS.items():
        values = times[name]
        p50, p99, top = quantile(values, 0.5), quantile(values, 0.99), max(values)
        target = (f"p99 ≤ {p99_limit * 1000:.0f}, " if p99_limit else "") + f"max ≤ {max_limit * 1000:.0f}"
        met = (p99_limit is None or p99 <= p99_limit) and top <= max_limit
        print(
            f"| {name} | {p50 * 1000:.3f} | {p99 * 1000:.3f} | {top * 1000:.2f} | {target} | {'yes' if met else 'NO'} |"
        )
    print(
        f"| a whole turn, {args.players} heuristic bots | {statistics.median(turns) * 1000:.0f} | — | "
        f"{max(turns) * 1000:.0f} | max < {TURN_LIMIT * 1000:.0f} | {'yes' if max(turns) < TURN_LIMIT else 'NO'} |"
    )
    print(
        "\nWorst moves: "
        + "; ".join(f"{k} {w[0] * 1000:.1f} ms (game {w[1]}, move {w[2]}, {w[3]} {w[4]})" for k, w in worst.items())
    )


if __name__ == "__main__":
    main()
