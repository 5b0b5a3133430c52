"""Engine speed: random playouts per game (actions/s, full games/s) and replay speed (actions/s).

    python bench/bench_engines.py [--games 200] [--game ID] [--option key=value ...]

One core, no invariant checks (those are the conformance suite's). Prints a Markdown table for bench/README.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import registry
from engines.core.game import Game, flat


def play(game: Game, seed: int, options: dict[str, Any]) -> list[tuple[str, str, Any]]:
    rnd = random.Random(seed)
    state = game.setup(seed, options)
    moves: list[tuple[str, str, Any]] = []
    while game.outcome(state) is None:
        active = game.active_roles(state)
        role = active[rnd.randrange(len(active))]
        verb, arg = rnd.choice(flat(game.legal(state, role)))
        state = game.apply(state, role, verb, arg)
        moves.append((role, verb, arg))
    return moves


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--game", action="append", help="game id (default: every registered game)")
    parser.add_argument("--option", action="append", default=[], help="key=value (JSON value)")
    args = parser.parse_args()
    options = {k: json.loads(v) for k, _, v in (o.partition("=") for o in args.option)}
    games = [registry.get_game(g) for g in args.game] if args.game else registry.all_games()
    unknown = [g for g, found in zip(args.game or [], games, strict=False) if found is None]
    if unknown:
        sys.exit(f"unknown games {unknown}")
    games = [g for g in games if g is not None]
    print(
        f"# Engine playouts — {time.strftime('%Y-%m-%d')}, {platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, {args.games} games each, options {options or 'default'}\n"
    )
    print("| game | actions/game | playout actions/s | full games/s | replay actions/s |\n|---|---|---|---|---|")
    for game in games:
        opts = game.parse_options(options).model_dump(mode="json")
        t0 = time.perf_counter()
        logs = [play(game, seed, opts) for seed in range(1, args.games + 1)]
        playing = time.perf_counter() - t0
        t0 = time.perf_counter()
        for seed, moves in enumerate(logs, start=1):
            game.replay(seed, opts, moves)
        replaying = time.perf_counter() - t0
        actions = sum(len(m) for m in logs)
        print(
            f"| {game.id} | {actions / len(logs):.0f} | {actions / playing:,.0f} | {len(logs) / playing:.1f} | "
            f"{actions / replaying:,.0f} |"
        )


if __name__ == "__main__":
    main()
