"""Did a change make a move slower? Two commits (or checkouts) measured the same way, side by side (issue 26).

    python bench/compare.py BASE NEW [--runs 3] [--moves 200] [--database-url postgresql://…] [--instructions]

BASE and NEW are each a commit of this repository (a temporary worktree is made of it, and removed after) or the
path of a checkout. Each is measured by its own code (its app and its `bench/bench_app.py`, which must have the
move's skeleton) with this checkout's benchmark scripts:

- the targets' ratios (`bench_move.py`'s runs): each move's round trip and server CPU against the move's skeleton
  timed just before it — API move / skeleton, HTMX move / skeleton —, the two checkouts' runs in turn (BASE, NEW,
  BASE, NEW …), so a drift of the machine's speed falls on both;
- with ``--instructions``, the instructions of a move with its view (`bench_instructions.py`: valgrind, the same
  on a loaded machine within 0.1–0.4 %; about 10 minutes more).

Prints a table: each figure for BASE and NEW (median of the runs, and their range), NEW / BASE, and a verdict —
slower, faster, or the same within the noise. The noise of a wall-clock ratio is the wider of the two checkouts'
ranges over their runs (the runs of one checkout differ by that much with nothing changed); of an instruction
count, 0.5 % (the repeat spread measured in bench/README.md's sixth pass, rounded up).
"""

from __future__ import annotations

import argparse
import os
import pathlib
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_instructions import per_move  # noqa: E402
from bench.bench_move import TARGETS, medians, one_run  # noqa: E402

INSTRUCTIONS_NOISE = 0.005


def checkout(stack: ExitStack, spec: str) -> pathlib.Path:
    """``spec`` as a directory: itself when it is one, else a temporary worktree of that commit (removed when
    ``stack`` closes)."""
    path = pathlib.Path(spec)
    if path.is_dir():
        return path.resolve()
    commit = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--verify", spec + "^{commit}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    parent = pathlib.Path(tempfile.mkdtemp(prefix=f"siglo-compare-{commit[:8]}-"))
    tree = parent / commit[:12]
    stack.callback(shutil.rmtree, parent, ignore_errors=True)  # runs last: after the worktree's removal below
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), commit], check=True, capture_output=True
    )
    stack.callback(subprocess.run, ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False)
    return tree


def verdict(base: list[float], new: list[float], spread: float | None) -> str:
    """Slower / faster when the medians differ by more than ``spread`` (relative), else the same; None: the noise
    is not known (one run each), no verdict."""
    change = statistics.median(new) / statistics.median(base) - 1
    if spread is None:
        return f"{change:+.1%}: no verdict from one run each (its noise is unknown)"
    if change > spread:
        return f"**slower** (+{change:.1%}, noise ±{spread:.1%})"
    if change < -spread:
        return f"**faster** ({change:.1%}, noise ±{spread:.1%})"
    return f"same within the noise ({change:+.1%}, noise ±{spread:.1%})"


def noise(base: list[float], new: list[float]) -> float | None:
    """The wider of the two checkouts' ranges over their runs, relative to its median (None from one run)."""
    if min(len(base), len(new)) < 2:
        return None
    return max((max(v) - min(v)) / statistics.median(v) for v in (base, new))


def row(label: str, base: list[float], new: list[float], spread: float | None, fmt: str = "{:.2f}×") -> str:
    """A figure's table row: each checkout's median and range, new / base, the verdict."""

    def cell(v: list[float]) -> str:
        if len(v) == 1:
            return fmt.format(v[0])
        return f"{fmt.format(statistics.median(v))} ({fmt.format(min(v))}–{fmt.format(max(v))})"

    ratio = statistics.median(new) / statistics.median(base)
    return f"| {label} | {cell(base)} | {cell(new)} | {ratio:.3f} | {verdict(base, new, spread)} |"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("base", help="a commit or the path of a checkout")
    ap.add_argument("new", help="a commit or the path of a checkout")
    ap.add_argument("--runs", type=int, default=3, help="bench_move.py runs of each checkout, in turn")
    ap.add_argument("--moves", type=int, default=200, help="timed moves a run (half API, half HTMX)")
    ap.add_argument("--database-url", default=None, help="a PostgreSQL server (default: SQLite files)")
    ap.add_argument("--game", default="15-dias")
    ap.add_argument("--port", type=int, default=8771)
    ap.add_argument("--instructions", action="store_true", help="also count instructions (valgrind, ~10 min)")
    args = ap.parse_args()
    # stopped with SIGTERM (or SIGINT, which a shell's background job ignores): servers, databases and worktrees go
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    load = os.getloadavg()
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    with ExitStack() as stack:
        trees = [checkout(stack, args.base), checkout(stack, args.new)]
        runs: dict[pathlib.Path, list[dict[str, float]]] = {tree: [] for tree in trees}
        for run in range(args.runs):
            for tree in trees:
                med = medians(one_run(args.database_url, args.port, args.game, args.moves, run + 1, tree))
                runs[tree].append(med)
                print(
                    f"run {run + 1}, {tree}: "
                    + ", ".join(f"{key} {med[key] / med['skeleton']:.2f}×" for key, _, _ in TARGETS),
                    file=sys.stderr,
                )
        counts = per_move(trees) if args.instructions else None
    db = "PostgreSQL" if args.database_url else "SQLite"
    print(
        f"# {args.base} (base) against {args.new} (new) — {started}, {db}, {args.game}, {args.runs} runs × "
        f"{args.moves} moves each in turn, load average before {load[0]:.2f} / {load[1]:.2f} / {load[2]:.2f}\n"
    )
    print("| figure | base: median (range) | new: median (range) | new / base | verdict |\n|---|---|---|---|---|")
    base, new = runs[trees[0]], runs[trees[1]]
    for kind in ("", " cpu"):
        what = "server CPU" if kind else "round trip"
        for key, target, label in TARGETS:
            b = [r[key + kind] / r["skeleton" + kind] for r in base]
            n = [r[key + kind] / r["skeleton" + kind] for r in new]
            bound = f" (target ≤ {target:.2f}×)" if not kind else ""
            print(row(f"{label}, {what}{bound}", b, n, noise(b, n)))
    for key, label in (("skeleton", "a move's skeleton"), ("api", "API move"), ("htmx", "HTMX move")):
        b, n = [r[key] for r in base], [r[key] for r in new]
        print(row(f"{label}, round trip ms", b, n, noise(b, n), "{:.2f}"))
    for key, label in (("htmx bytes", "HTMX answer, bytes"), ("htmx wire bytes", "HTMX answer, bytes sent")):
        b, n = [r[key] for r in base if key in r], [r[key] for r in new if key in r]
        if b and n:
            print(row(label, b, n, noise(b, n), "{:.0f}"))
    if counts is not None:
        one = [counts[trees[0]][2]], [counts[trees[1]][2]]
        print(row("instructions of a move with its view", *one, INSTRUCTIONS_NOISE, "{:,.0f}"))


if __name__ == "__main__":
    main()
