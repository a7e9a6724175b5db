"""The start benchmark runs the real demo in its own process and reads that process's own peak
resident memory (its VmHWM, not wait4: that carries the parent's), beside the design budgets (1.5 s, 250 MB)."""

from __future__ import annotations

import pytest

from companion.benchmarks import AREAS, start


def test_start_area_runs_a_demo_and_measures_its_own_peak_memory(tmp_path):
    assert AREAS["start"] == "start"
    run = start.run_demo(tmp_path, ["--game", "malacca", "--pace", "action"])
    # Python, pygame and the rules are loaded: tens of MB, far from this machine's total.
    assert 20 < run.peak_mb < 1000
    assert 0 < run.first_screen_s < 60
    assert (start.START_BUDGET_S, start.MEMORY_BUDGET_MB) == (1.5, 250)


def test_start_bench_reports_a_failed_demo_with_its_error(tmp_path):
    with pytest.raises(RuntimeError, match="--pace is for the scripted games"):
        start.run_demo(tmp_path, ["--pace", "action"])


def test_the_demos_peak_is_its_own_not_the_bench_processs(tmp_path):
    # wait4's ru_maxrss would report at least this process's 200 MB high-water mark.
    ballast = bytearray(200 * 1024 * 1024)
    for i in range(0, len(ballast), 4096):
        ballast[i] = 1
    run = start.run_demo(tmp_path, ["--game", "malacca", "--pace", "action"])
    assert run.peak_mb < 150
