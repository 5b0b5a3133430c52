"""Instructions a move with its view costs, counted by valgrind (issue 15): a count, not a time, so it is the
same on a quiet machine and a loaded one, run after run.

    python bench/bench_instructions.py [--moves 20,120] [--vs PATH_OF_ANOTHER_CHECKOUT]

Runs `bench_calls.py --plain` (the app driven in this process by direct ASGI calls: a 4-player 15 Días table of
hot seats, random legal moves from a fixed seed, each move after a view of the acting seat, moves alternating the
JSON API and HTMX) under ``valgrind --tool=callgrind`` twice, with the two numbers of moves given, and prints
the difference of the two totals divided by the difference of moves: the instructions of one move with its
view, start-up and set-up cancelled out. Only the main thread is counted: the requests run on it (the driver runs
the thread pool's hops inline); the background workers (notices, clocks, the live publisher) wake by the wall
clock, which valgrind slows some fifty-fold, and would add a varying count. The client (httpx in the same
process: its parsing, JSON and gzip decoding) is counted too; it does the same work for two trees unless their
answers differ. ``--vs``: the same for another checkout (a base), the two runs of each length side by side, and
the ratio.

Needs valgrind (Debian's package). A run of 120 moves takes about 5 minutes: the two checkouts' runs go two at
a time.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import pathlib
import re
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent


def instructions(tree: pathlib.Path, moves: int, out_dir: pathlib.Path) -> int:
    """Valgrind's count of the instructions of the driver's main thread (its file's ``summary:`` line)."""
    out = pathlib.Path(tempfile.mkdtemp(prefix=f"{tree.name}.{moves}.", dir=out_dir)) / "callgrind"  # one a run
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    run = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--separate-threads=yes",
            f"--callgrind-out-file={out}",
            sys.executable,
            str(HERE / "bench_calls.py"),
            "--plain",
            "--moves",
            str(moves),
            "--tree",
            str(tree),
        ],
        check=False,
        capture_output=True,
        text=True,
        env=env,
        cwd=out_dir,
    )
    main_thread = pathlib.Path(f"{out}-01")
    found = re.search(r"^summary: (\d+)$", main_thread.read_text(), re.M) if main_thread.exists() else None
    if run.returncode != 0 or found is None:
        raise SystemExit(f"valgrind run failed ({tree}, {moves} moves):\n{run.stderr[-2000:]}")
    return int(found.group(1))


def per_move(trees: list[pathlib.Path], short: int = 20, long: int = 120) -> dict[pathlib.Path, tuple[int, int, float]]:
    """For each checkout: the totals of the short and the long run and the instructions of one move with its view
    (their difference over the moves between); the runs go two at a time."""
    out_dir = pathlib.Path(tempfile.mkdtemp(prefix="siglo-bench-instructions-"))
    jobs = [(tree, n) for tree in trees for n in (short, long)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        counts = dict(zip(jobs, pool.map(lambda job: instructions(job[0], job[1], out_dir), jobs), strict=True))
    return {
        tree: (
            counts[(tree, short)],
            counts[(tree, long)],
            (counts[(tree, long)] - counts[(tree, short)]) / (long - short),
        )
        for tree in trees
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--moves", default="20,120", help="the two numbers of moves, short,long")
    ap.add_argument("--vs", type=pathlib.Path, default=None, help="another checkout to count the same way")
    args = ap.parse_args()
    short, long = (int(n) for n in args.moves.split(","))
    trees = [ROOT] + ([args.vs.resolve()] if args.vs else [])
    counts = per_move(trees, short, long)
    print(f"# Instructions of a move with its view (valgrind, {long} against {short} moves)\n")
    print("| checkout | total, short run | total, long run | a move with its view |\n|---|---|---|---|")
    for tree, (a, b, move) in counts.items():
        print(f"| {tree} | {a:,} | {b:,} | {move:,.0f} |")
    if args.vs:
        print(f"\nratio {trees[0].name} / {trees[1].name}: {counts[trees[0]][2] / counts[trees[1]][2]:.3f}")


if __name__ == "__main__":
    main()
