"""Digests of whole 9.2 New Order games, to show that a speed change leaves the games as they were (issue 27).

    python bench/digests_new_order.py [--out FILE]

Plays six whole games (seeds 1-6: the heuristic bot at 6, 5, 4 and 3 players, the random bot at 6 and 4) and, at
every move, hashes the state, every seat's view and the legal list of the seat to act. Prints one SHA-256 per game
(and its moves); ``--out`` also writes every move's digest, one line each, so that two trees' files can be diffed to
find the first move where they part. Run it in two trees (e.g. main exported with ``git archive`` and a branch) and
compare the printed lines.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.ultima_ratio.game import GAME as TABLE_GAME

GAME = TABLE_GAME.simulation()
# (seed, players, bot)
CASES = (
    (1, 6, "heuristic"),
    (2, 5, "heuristic"),
    (3, 4, "heuristic"),
    (4, 3, "heuristic"),
    (5, 6, "random"),
    (6, 4, "random"),
)


def digest(value: object) -> str:
    return hashlib.sha256(orjson.dumps(value, option=orjson.OPT_SORT_KEYS)).hexdigest()


def play(seed: int, players: int, bot: str, lines: list[str]) -> tuple[str, int]:
    """One whole game; appends a line per move to ``lines``; returns the game's digest and its moves."""
    rnd, pick = random.Random(seed), GAME.bots[bot]
    state = GAME.begin(seed, {"scenario": "new-order", "players": players}).state
    whole, moves = hashlib.sha256(), 0
    roles = GAME.roles(GAME.parse_options({"scenario": "new-order", "players": players}))
    while GAME.outcome(state) is None:
        role = GAME.active_roles(state)[0]
        views = [GAME.view(state, r) for r in roles]
        legal = GAME.legal(state, role)
        line = f"{seed} {moves} {digest(state)} {digest(views)} {digest(legal)}"
        whole.update(line.encode())
        lines.append(line)
        verb, arg = pick(GAME, views[roles.index(role)], role, rnd)
        state = GAME.apply(state, role, verb, arg)
        moves += 1
    last = f"{seed} end {digest(state)}"
    whole.update(last.encode())
    lines.append(last)
    return whole.hexdigest(), moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="write every move's digest to this file")
    args = parser.parse_args()
    lines: list[str] = []
    for seed, players, bot in CASES:
        whole, moves = play(seed, players, bot, lines)
        print(f"seed {seed} {bot} {players} players: {moves} moves {whole}", flush=True)
    if args.out:
        args.out.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
