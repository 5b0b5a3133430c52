"""A 15 Días move's own work beyond a move's skeleton (issue 26): the engine's ``play`` (the rules and the state's
copy), its ``view`` for a seat, and the view's words as the app makes them (the prompt, the action labels, the
view in the reader's language, the board's data), in process, over seeded random 4-player games.

    python bench/bench_quince_dias_view.py [--games 3] [--repeat 3] [--top 30] [--digests FILE]

Prints a Markdown table of the mean µs a position of each stage (best of ``--repeat`` passes over the same
positions, thread CPU); ``--top N``: cProfile's N functions with the most own time over one pass; ``--digests
FILE``: at every move, a SHA-256 of every seat's (and a spectator's) view, legal list, labels and prompt in words,
in English and in Spanish, and of the board's data, one line a move, to diff two trees byte for byte (a speed
change must leave every line as it was). ``--tree PATH`` runs another checkout's engines (a base to compare with).
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import pstats
import random
import sys
import time
from pathlib import Path
from typing import Any


def _tree() -> None:
    tree = Path(__file__).resolve().parent.parent
    if "--tree" in sys.argv:
        tree = Path(sys.argv[sys.argv.index("--tree") + 1]).resolve()
    sys.path.insert(0, str(tree))


_tree()

import orjson  # noqa: E402

from engines import registry  # noqa: E402
from engines.core.game import flat  # noqa: E402

LANGS = ("en", "es")


def positions(games: int) -> list[tuple[dict[str, Any], str, str, Any]]:
    """Every position of ``games`` seeded random 4-player games: (state, role to act, verb, arg played)."""
    game = quince_dias()
    out = []
    for seed in range(1, games + 1):
        rnd = random.Random(seed)
        state = game.setup(seed, {"players": 4})
        while game.outcome(state) is None:
            role = game.active_roles(state)[0]
            verb, arg = rnd.choice(flat(game.legal(state, role)))
            out.append((state, role, verb, arg))
            state = game.apply(state, role, verb, arg)
    return out


def words(game: Any, state: dict[str, Any], role: str | None, lang: str) -> dict[str, Any]:
    """The seat's view as ``app.services.table_views.table_view`` puts it in words (the engine's part of it)."""
    pres = registry.presentation(game)
    renderer = game.renderer(lang, {})
    view = game.view(state, role)
    if pres.words is not None and lang != "en":
        view = pres.words(game, view, lang)
    prompt = view["prompt"]
    prompt["message"] = prompt["text"]
    prompt["text"] = renderer.text(prompt["message"])
    legal = prompt["legal"] if "legal" in game.labels.__code__.co_varnames else None  # an older tree's labels
    prompt["actions"] = (
        game.labels(state, role, renderer, *([legal] if legal else [])) if prompt["legal"] and role is not None else []
    )
    return view


def board(game: Any, view: dict[str, Any], lang: str) -> Any:
    """The board's data drawn from the view (the Power cards, the marks, the cards in words, the parts)."""
    pres = registry.presentation(game)
    assert pres.board is not None and pres.board_parts is not None
    data = pres.board(game, view, lang)
    assert data is not None
    cards = [data["card"](c) for pl in view["public"]["players"] for c in (pl.get("main"), pl.get("covered"))]
    cards += [data["card"](c) for c in (view.get("private") or {}).get("hand") or ()]
    parts = pres.board_parts(game, view, data)
    return {"powers": data["powers"], "marks": data["marks"], "cards": cards, "parts": parts}


def quince_dias() -> Any:
    game = registry.get_game("15-dias")
    assert game is not None
    return game


def digests(games: int, path: str) -> None:
    game = quince_dias()
    lines = []
    for n, (state, role, _verb, _arg) in enumerate(positions(games)):
        seen = []
        for lang in LANGS:
            for seat in [*state["roles"], None]:
                view = words(game, state, seat, lang)
                seen.append(view)
                seen.append(board(game, view, lang))
        line = hashlib.sha256(orjson.dumps(seen, option=orjson.OPT_SORT_KEYS)).hexdigest()
        lines.append(f"{n} {role} {line}")
    Path(path).write_text("\n".join(lines) + "\n")
    whole = hashlib.sha256("\n".join(lines).encode()).hexdigest()
    print(f"{len(lines)} positions, digest {whole}")


STAGES = {
    "play (apply)": lambda g, s, r, v, a, lang: g.play(s, r, v, a),
    "view (engine)": lambda g, s, r, v, a, lang: g.view(s, r),
    "view in words (prompt, labels, words)": lambda g, s, r, v, a, lang: words(g, s, r, lang),
    "legal + labels alone": lambda g, s, r, v, a, lang: g.labels(s, r, g.renderer(lang, {})),
}


def timings(games: int, repeat: int, top: int) -> None:
    game = quince_dias()
    found = positions(games)
    print(f"# 15 Días, {len(found)} positions of {games} seeded random 4-player games, mean µs (best of {repeat})\n")
    print("| stage | en | es |")
    print("|---|---|---|")
    for name, stage in STAGES.items():
        row = []
        for lang in LANGS:
            best = float("inf")
            for _ in range(repeat):
                t0 = time.thread_time()
                for state, role, verb, arg in found:
                    stage(game, state, role, verb, arg, lang)
                best = min(best, time.thread_time() - t0)
            row.append(f"{best / len(found) * 1e6:.1f}")
        print(f"| {name} | {' | '.join(row)} |")
    if top:
        prof = cProfile.Profile()
        prof.enable()
        for state, role, verb, arg in found:
            game.play(state, role, verb, arg)
            words(game, state, role, "en")
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(top)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--top", type=int, default=0)
    parser.add_argument("--digests", metavar="FILE")
    parser.add_argument("--tree", help="the checkout whose engines run")
    args = parser.parse_args()
    if args.digests:
        digests(args.games, args.digests)
    else:
        timings(args.games, args.repeat, args.top)


if __name__ == "__main__":
    main()
