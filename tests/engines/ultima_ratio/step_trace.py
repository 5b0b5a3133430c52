"""A move-by-move trace of Ultima Ratio Regis games, to show that a reshape of the flow changes nothing a player
sees (issue 27: the named steps). Run it in two checkouts and compare:

    python -m tests.engines.ultima_ratio.step_trace /tmp/before.json.gz      # in the old checkout
    python -m tests.engines.ultima_ratio.step_trace /tmp/after.json.gz       # in the new one
    python -m tests.engines.ultima_ratio.step_trace --compare /tmp/before.json.gz /tmp/after.json.gz

The games: the golden file's moves, heuristic and random 9.1 games from seeds 0-5, and random and heuristic walks
(seeds 0-1) from the positions at war of ``test_war_walks``. At every move it keeps the bot's move and a digest of:
the active roles, each seat's and a spectator's prompt (text, legal list, active roles — not the step's name) with
the labels of the first 40 arguments of each verb, the views, the move's log entries, reveals and barrier, the
state without its stack, and the outcome. ``--compare`` says which games differ and at which move; the moves the
bots pick are compared too. The file keeps only digests; it is not part of the suite.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import sys
from collections.abc import Callable
from typing import Any

import orjson

from engines.ultima_ratio.bots.heuristic import heuristic_bot
from engines.ultima_ratio.game import GAME

OPTIONS = {"scenario": "the-rise-of-portugal"}
Bot = Callable[..., tuple[str, Any]]


def _digest(value: Any) -> str:
    return hashlib.sha256(orjson.dumps(value, option=orjson.OPT_SORT_KEYS)).hexdigest()[:16]


def snapshot(state: dict[str, Any], log: list[Any]) -> dict[str, Any]:
    """What the players and the table see of a position (the step's name, the stack and the version left out)."""
    out: dict[str, Any] = {"active": GAME.active_roles(state), "outcome": GAME.outcome(state), "log": log}
    out["state"] = _digest({k: v for k, v in state.items() if k not in ("stack", "version")})
    for role in [*(f"player{n}" for n in range(1, len(state["seats"]) + 1)), None]:
        view = GAME.view(state, role)
        prompt: dict[str, Any] = {k: v for k, v in view["prompt"].items() if k != "step"}
        labels = {}
        if role is not None:
            labels = {
                verb: [GAME.label(state, role, verb, a) for a in args[:40]] for verb, args in prompt["legal"].items()
            }
        out[str(role)] = _digest([prompt, view["public"], view["private"], labels])
    return out


def trace(name: str, state: dict[str, Any], log: list[Any], bot: Bot | None, seed: int, moves: list[Any]) -> dict:
    """Play from ``state`` with ``bot`` (or replay ``moves``) and keep a digest per position."""
    rnd, walk = random.Random(seed), "/" in name
    digests, played_moves = [_digest(snapshot(state, log))], []
    for n in range(5000):
        if GAME.outcome(state) is not None or (walk and state["turn"] > state["first_turn"]):
            break
        if bot is None:
            if n >= len(moves):
                break
            role, verb, arg = moves[n]
        else:
            active = GAME.active_roles(state)
            role = active[rnd.randrange(len(active))] if len(active) > 1 else active[0]
            verb, arg = bot(GAME, GAME.view(state, role), role, rnd)
        played_moves.append([role, verb, arg])
        played = GAME.play(state, role, verb, arg)
        state = played.state
        seen = [[list(r.roles), list(r.ids)] for r in played.shown]
        digests.append(_digest(snapshot(state, played.log) | {"barrier": played.barrier, "shown": seen}))
    return {"name": name, "moves": played_moves, "digests": digests}


def games() -> list[dict]:
    from tests.engines.ultima_ratio import test_war_walks

    out = []
    with open("tests/engines/ultima_ratio/golden.json") as f:
        golden = json.load(f)
    for i, case in enumerate(golden["cases"]):
        p = GAME.begin(case["seed"], case["options"])
        out.append(trace(f"golden{i}", p.state, p.log, None, 0, case["moves"]))
    bots: dict[str, Bot] = {"heuristic": heuristic_bot, "random": GAME.bots["random"]}
    for seed in range(6):
        for bot_name, bot in bots.items():
            p = GAME.begin(seed, OPTIONS)
            out.append(trace(f"{bot_name}{seed}", p.state, p.log, bot, seed, []))
    for position, make in sorted(test_war_walks.POSITIONS.items()):
        for seed in range(2):
            for bot_name, bot in bots.items():
                out.append(trace(f"{position}/{bot_name}{seed}", make(), [], bot, seed, []))
    return out


def compare(before: list[dict], after: list[dict]) -> list[str]:
    b, a = {g["name"]: g for g in before}, {g["name"]: g for g in after}
    problems = [f"{name}: only in one trace" for name in sorted(set(a) ^ set(b))]
    for name in sorted(set(a) & set(b)):
        if a[name]["moves"] != b[name]["moves"]:
            problems.append(f"{name}: the bot's moves differ")
        elif a[name]["digests"] != b[name]["digests"]:
            at = next(i for i, (x, y) in enumerate(zip(a[name]["digests"], b[name]["digests"], strict=False)) if x != y)
            problems.append(f"{name}: differs after move {at}")
    return problems


def main(argv: list[str]) -> int:
    if argv[:1] == ["--compare"]:
        with gzip.open(argv[1], "rt") as f1, gzip.open(argv[2], "rt") as f2:
            before, after = json.load(f1), json.load(f2)
        problems = compare(before, after)
        moves = sum(len(g["moves"]) for g in before)
        print("\n".join(problems) or f"{len(before)} games, {moves} moves: the same")
        return 1 if problems else 0
    with gzip.open(argv[0], "wt") as out:
        json.dump(games(), out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
