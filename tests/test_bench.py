"""The benchmark scripts still run against the current engines (a smoke run of one game; the figures themselves are
measured by hand, never in a timed test: bench/README.md)."""

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_the_engine_benchmark_plays_and_replays_a_game():
    out = subprocess.run(
        [sys.executable, "bench/bench_engines.py", "--games", "1", "--game", "planet-king"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert "| planet-king |" in out.stdout, out.stdout
