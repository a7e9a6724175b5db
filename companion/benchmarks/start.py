"""Start benchmark: from launching `companion demo` to its first screen, and its peak resident
memory over a whole demo game (the full 24 tiles; `--quick`: one short game) — the simulated camera, real vision, rules, store and a
headless screen all loaded (design.md budgets: ≤ 1.5 s, ≤ 250 MB)."""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from . import Figure

ROOT = Path(__file__).resolve().parents[2]


def _demo(folder: Path, seed: int, tiles: int) -> tuple[float, float]:
    """(seconds to the first screen, peak RSS in MB) of one demo run."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    command = [
        sys.executable,
        "-m",
        "companion",
        "--store",
        str(folder / f"demo-{seed}.sqlite3"),
        "demo",
        "--display",
        "headless",
        "--snapshots",
        str(folder / f"screens-{seed}"),
        "--seed",
        str(seed),
        "--tiles",
        str(tiles),
    ]
    started = time.perf_counter()
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    first = None
    assert proc.stdout is not None
    for line in proc.stdout:
        if first is None and line.startswith("first screen"):
            first = time.perf_counter() - started
    if proc.wait() != 0 or first is None:
        raise RuntimeError(f"the demo failed (exit {proc.returncode})")
    # Peak RSS of the children waited for so far (kB on Linux); each run is one child, and the
    # peak over all of them is what the budget bounds.
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return first, peak_mb


def run(quick: bool) -> list[Figure]:
    runs = 1 if quick else 3
    firsts, peaks = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(1, runs + 1):
            first, peak = _demo(Path(tmp), seed, tiles=2 if quick else 12)
            firsts.append(first)
            peaks.append(peak)
    return [
        Figure("start to first screen (companion demo)", statistics.median(firsts), "s", 1.5),
        Figure("peak resident memory (whole demo game)", max(peaks), "MB", 250),
    ]
