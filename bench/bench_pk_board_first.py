"""The Planet King's board alone, drawn at each position of a game the first time (issue 30 › Proof: the first page
after a move): its sections kept from the earlier positions, as ``board.html`` is drawn on a table page; the thread
CPU of each first draw, as each seat, in English and in Spanish.

    python bench/bench_pk_board_first.py [--tree PATH]

Plays four games by the heuristic bot (seeds 11–14: Hothead with the Secret Memorials, and The Planet King
cooperative), one draw per move, after a warm-up game (seed 3: the templates compiled, the content's words said
once); prints the median and mean ms over the draws, each language apart. The board is drawn as
``tests/engines/planet_king/test_board_kept.py`` draws it (the view's prompt in words, hot-seat names), without a
request: ``bench_pk_pages.py`` times the whole page, in which the board's share is lost in the noise of a shared
machine. ``--tree PATH``: the app and engines of another checkout (it needs that test module).
"""

from __future__ import annotations

import argparse
import pathlib
import random
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
OPTIONS = ({"scenario": "planet_king", "mode": "cooperative"}, {"scenario": "hothead", "secret_memorial": True})


def play(seed: int, moves: int, timed: dict[str, list[float]] | None) -> None:
    from engines.planet_king import GAME
    from tests.engines.planet_king.test_board_kept import render

    s = GAME.setup(seed, OPTIONS[seed % 2])
    rnd = random.Random(seed)
    for _ in range(moves):
        if GAME.outcome(s):
            return
        for lang in ("en", "es"):
            for role in GAME.view(s, None)["public"]["roles"]:
                t = time.thread_time()
                render(s, role, lang)
                if timed is not None:
                    timed[lang].append((time.thread_time() - t) * 1000)
        role = GAME.active_roles(s)[0]
        verb, arg = GAME.bots["heuristic"](GAME, GAME.view(s, role), role, rnd)
        s = GAME.apply(s, role, verb, arg)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tree", type=pathlib.Path, default=ROOT, help="the checkout whose board is drawn")
    args = ap.parse_args()
    sys.path.insert(0, str(args.tree.resolve()))  # its app, engines and tests before any other copy
    play(3, 30, None)
    timed: dict[str, list[float]] = {"en": [], "es": []}
    for seed in (11, 12, 13, 14):
        play(seed, 50, timed)
    print(
        f"| {args.tree} |",
        " | ".join(
            f"{lang}: {statistics.median(v):.3f} / {statistics.mean(v):.3f} ({len(v)})" for lang, v in timed.items()
        ),
        "|",
    )


if __name__ == "__main__":
    main()
