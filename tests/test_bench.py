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


def test_the_comparison_says_slower_faster_or_the_same_within_the_noise() -> None:
    from bench.compare import noise, verdict

    assert noise([1.0], [1.2]) is None  # one run each: the noise is unknown
    assert "no verdict" in verdict([1.0], [1.2], None)
    spread = noise([1.00, 1.10], [1.20, 1.25])
    assert spread is not None and abs(spread - 0.10 / 1.05) < 1e-9  # the wider of the two ranges, relative
    assert verdict([1.00, 1.10], [1.30, 1.35], spread).startswith("**slower**")
    assert verdict([1.30, 1.35], [1.00, 1.10], spread).startswith("**faster**")
    assert verdict([1.00, 1.10], [1.05, 1.12], spread).startswith("same within the noise")


def test_the_comparison_of_two_checkouts_prints_the_targets_side_by_side() -> None:
    out = subprocess.run(
        [sys.executable, "bench/compare.py", str(ROOT), str(ROOT), "--runs", "2", "--moves", "4", "--port", "8861"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    for row in (
        "| API move / a move's skeleton, round trip (target ≤ 1.25×) |",
        "| HTMX move / a move's skeleton, server CPU |",
    ):
        assert row in out.stdout, out.stdout
    assert "| figure | base: median (range) | new: median (range) | new / base | verdict |" in out.stdout
