"""Start and memory benchmark: `companion demo` as a player runs it, in its own process.

Start: from launching the POW demo (the heaviest: simulated camera, real vision, rules, store
and a headless screen) to its first screen. Memory: the peak resident memory (the demo
process's own VmHWM, which it writes at exit: measured.py) over a whole demo game of every game — POW with the full
12 tiles per row over several seeds, and the scripted Malacca and Dig Mars games. `--quick`:
one short POW game (2 tiles) and the scripted games at their short test pace.
design.md budgets: ≤ 1.5 s to the first screen, ≤ 250 MB resident.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from . import Figure

ROOT = Path(__file__).resolve().parents[2]
START_BUDGET_S = 1.5
MEMORY_BUDGET_MB = 250


@dataclass(frozen=True)
class DemoRun:
    first_screen_s: float  # from launch to the "first screen" line
    peak_mb: float  # the demo process's own peak resident memory (VmHWM)


def run_demo(folder: Path, args: list[str]) -> DemoRun:
    """One headless `companion demo ARGS` in a fresh process, its store and PNGs in `folder`."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    tag = "-".join(a.lstrip("-") for a in args) or "pow"
    peak_file = folder / f"peak-{tag}.kb"
    command = [
        sys.executable, "-m", "companion.benchmarks.measured", str(peak_file),
        "--store", str(folder / f"demo-{tag}.sqlite3"),
        "demo", "--display", "headless", "--snapshots", str(folder / f"screens-{tag}"), *args,
    ]  # fmt: skip
    log = folder / f"demo-{tag}.log"
    with log.open("w") as errors:  # a file, not a pipe: its log must not block the demo
        started = time.perf_counter()
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=errors, text=True, env=env)
        first = None
        assert proc.stdout is not None
        for line in proc.stdout:
            if first is None and line.startswith("first screen"):
                first = time.perf_counter() - started
        proc.wait()
    if proc.returncode != 0 or first is None:
        tail = "\n".join(log.read_text().strip().splitlines()[-5:])
        raise RuntimeError(
            f"`companion {' '.join(command[4:])}` failed (exit {proc.returncode}):\n{tail}"
        )
    return DemoRun(first, int(peak_file.read_text()) / 1024)


def run(quick: bool) -> list[Figure]:
    seeds = (1,) if quick else (1, 2, 3)
    tiles = "2" if quick else "12"
    scripted = ["--pace", "action"] if quick else []
    with tempfile.TemporaryDirectory() as tmp:
        pow_runs = [run_demo(Path(tmp), ["--seed", str(s), "--tiles", tiles]) for s in seeds]
        others = {
            game: run_demo(Path(tmp), ["--game", game, *scripted])
            for game in ("malacca", "digmars")
        }
    return [
        Figure(
            "start to first screen, POW demo (median)",
            statistics.median(r.first_screen_s for r in pow_runs),
            "s",
            START_BUDGET_S,
        ),
        Figure(
            f"peak memory, POW demo ({tiles} tiles, worst of {len(seeds)})",
            max(r.peak_mb for r in pow_runs),
            "MB",
            MEMORY_BUDGET_MB,
        ),
        *(
            Figure(f"peak memory, {name} demo", others[game].peak_mb, "MB", MEMORY_BUDGET_MB)
            for game, name in (("malacca", "Malacca"), ("digmars", "Dig Mars"))
        ),
    ]
