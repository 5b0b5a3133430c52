"""Golden replays: a fixed seed and move log per engine whose final state digest is checked in, so a rule change
that alters what replays produce fails a test until the engine's version is bumped (engine core v2 §8).

    python -m engines.core.golden GAME FILE [--moves N]   # (re)write FILE from random play

A golden file is ``{"game", "version", "cases": [{"seed", "options", "moves": [[role, verb, arg]...],
"digest"}]}``; ``check(game, data)`` returns the problems (empty when the engine still replays them all).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pathlib
import random
import sys
from typing import Any

import orjson

from engines.core.game import Game
from engines.core.types import IllegalAction, State


def state_digest(state: State) -> str:
    return hashlib.sha256(orjson.dumps(state, option=orjson.OPT_SORT_KEYS)).hexdigest()


def record(game: Game, seed: int, options: dict[str, Any], moves: int) -> dict[str, Any]:
    """Play up to ``moves`` random moves (from each seat's view) and record them with the final digest."""
    rnd = random.Random(seed)
    state = game.setup(seed, options)
    log: list[list[Any]] = []
    while game.outcome(state) is None and len(log) < moves:
        active = game.active_roles(state)
        role = active[rnd.randrange(len(active))]
        verb, arg = game.bots["random"](game, game.view(state, role), role, rnd)
        state = game.apply(state, role, verb, arg)
        log.append([role, verb, arg])
    return {"seed": seed, "options": options, "moves": log, "digest": state_digest(state)}


def check(game: Game, data: dict[str, Any]) -> list[str]:
    problems = []
    if data.get("version") != game.version:
        problems.append(f"the golden file is for version {data.get('version')!r}, the engine is {game.version!r}")
    for i, case in enumerate(data["cases"]):
        try:
            state = game.replay(case["seed"], case["options"], [tuple(m) for m in case["moves"]])
        except IllegalAction as exc:
            problems.append(f"case {i}: the log no longer replays: {exc.message}")
            continue
        if state_digest(state) != case["digest"]:
            problems.append(f"case {i}: the replay reaches another state")
    return problems


def main(argv: list[str] | None = None) -> int:
    from engines import registry

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("file", type=pathlib.Path)
    parser.add_argument("--moves", type=int, default=400)
    args = parser.parse_args(argv)
    game = registry.get_game(args.game)
    if game is None:
        print(f"no game {args.game!r}", file=sys.stderr)
        return 2
    cases = [record(game, 1000 + i, options, args.moves) for i, options in enumerate(game.option_sets())]
    data = {"game": game.id, "version": game.version, "cases": cases}
    args.file.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"wrote {len(cases)} cases to {args.file}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
