"""State size, view size and apply time as a game grows (engine core v2 §1, performance §2).

    python bench/bench_state.py --game 15-dias --option players=8 [--seeds 1 2 3]

Plays random games (each seat's bot reads its view) and prints, at moves 50, 100, 200, 400 and at the end: the
state's bytes (what the snapshot stores), the bytes of what one seat is sent (its view plus one page of its
rendered log, 50 entries, as the API sends it) and the mean apply time over the last 50 moves.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import registry

MARKS = (50, 100, 200, 400)
PAGE = 50


def sent(game, state, role, log, renderer) -> int:
    readable = [game.render_entry(e, renderer) for e in log if game.may_read(e, role)][-PAGE:]
    return len(orjson.dumps({"view": game.view(state, role), "log": readable}))


def run(game, options: dict, seed: int) -> list[tuple[int, int, int, float]]:
    rnd = random.Random(seed)
    played = game.begin(seed, options)
    state, log, times, rows = played.state, list(played.log), [], []
    renderer = game.renderer()
    role = game.active_roles(state)[0]
    while game.outcome(state) is None:
        active = game.active_roles(state)
        role = active[rnd.randrange(len(active))]
        verb, arg = game.bots["random"](game, game.view(state, role), role, rnd)
        started = time.perf_counter()
        played = game.play(state, role, verb, arg)
        times.append(time.perf_counter() - started)
        state = played.state
        log.extend(played.log)
        if len(times) in MARKS:
            rows.append(
                (
                    len(times),
                    len(orjson.dumps(state)),
                    sent(game, state, role, log, renderer),
                    1000 * sum(times[-50:]) / len(times[-50:]),
                )
            )
    rows.append(
        (
            len(times),
            len(orjson.dumps(state)),
            sent(game, state, role, log, renderer),
            1000 * sum(times[-50:]) / len(times[-50:]),
        )
    )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="15-dias")
    parser.add_argument("--option", action="append", default=[], help="key=value (JSON values), e.g. players=8")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    args = parser.parse_args()
    game = registry.get_game(args.game)
    if game is None:
        sys.exit(f"unknown game {args.game!r}")
    options = {}
    for raw in args.option:
        key, _, value = raw.partition("=")
        options[key] = orjson.loads(value)
    print(f"# {game.title} {options} — state and view size by game length\n")
    print("| seed | move | state bytes | sent to a seat (view + 50 log entries) | apply ms (last 50) |")
    print("|---|---|---|---|---|")
    for seed in args.seeds:
        for move, state_bytes, view_bytes, ms in run(game, options, seed):
            print(f"| {seed} | {move} | {state_bytes:,} | {view_bytes:,} | {ms:.3f} |")


if __name__ == "__main__":
    main()
