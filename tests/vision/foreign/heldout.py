"""The held-out figures: fresh seeds read through the same commands a table uses, one line each.

    python -m tests.vision.foreign.heldout WORK --boxes 33 34 --foreign-dice 19 20 \
        --own-dice 192837 --own-tiles 314271 --many-dice 6

Held-out seeds are the issues' "rendered set the tests never trained on": pick seeds nobody has
run, run them once per code version, and report what they give. Foreign sets go through the CLI
(generate, `companion dice|tiles teach`, `... read --jsonl`, score) in a subprocess each, so the
figure is what the README's commands give; the own rendered sets use the evaluators in-process.
WORK receives every generated set, profile and JSONL, so a loss can be looked at afterwards.
"""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys
from pathlib import Path

PY = (sys.executable,)


def _run(argv: list[str], out: Path | None = None) -> str:
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    if done.returncode:
        raise RuntimeError(f"{shlex.join(argv)} failed: {done.stderr.strip()[-400:]}")
    if out is not None:
        out.write_text(done.stdout)
    return done.stdout


def teach_argv(printed: str, profile: Path) -> list[str]:
    """The teach command tile_scenes prints, as argv for this Python, writing `profile`."""
    words = shlex.split(printed.strip())
    if words[:3] != ["companion", "tiles", "teach"] or "PROFILE" not in words:
        raise ValueError(f"not a tiles teach command: {printed!r}")
    words[words.index("PROFILE")] = str(profile)
    return [*PY, "-m", *words]


def foreign_tiles(work: Path, box: int, count: int = 60) -> str:
    out = work / f"box{box}"
    printed = _run([*PY, "-m", "tests.vision.foreign.tile_scenes", str(out), "--seed", str(box),
                    "--count", str(count)])  # fmt: skip
    line = next(x for x in printed.splitlines() if x.startswith("companion tiles teach"))
    try:
        _run(teach_argv(line, out / "profile.npz"))
    except RuntimeError as exc:  # a box that cannot be taught is a figure too
        return f"box {box}: teach failed: {exc}"
    scenes = sorted(str(p) for p in (out / "scenes").glob("*.jpg"))
    reads = out / "reads.jsonl"
    _run([*PY, "-m", "companion", "tiles", "read", *scenes, "--profile",
          str(out / "profile.npz"), "--jsonl"], reads)  # fmt: skip
    scored = _run(
        [*PY, "-m", "tests.vision.foreign.tile_score", str(out / "truth.json"), str(reads)]
    )
    return f"box {box}: {scored.strip().splitlines()[-1]}"


def foreign_dice(work: Path, style: str, seed: int, dice: int = 5, count: int = 60) -> str:
    out = work / (f"{style}{seed}" + ("" if dice == 5 else f"x{dice}"))
    _run([*PY, "-m", "tests.vision.foreign.scenes", str(out), "--style", style, "--seed", str(seed),
          "--count", str(count), "--per-face", "2", "--dice", str(dice)])  # fmt: skip
    profile = out / "profile.npz"
    try:
        _run([*PY, "-m", "companion", "dice", "teach", str(out / "teach"), "--out", str(profile)])
    except RuntimeError as exc:  # a set that cannot be taught is a figure too; the rest still run
        return f"{style} {seed}: teach failed: {exc}"
    scenes = sorted(str(p) for p in (out / "scenes").glob("*.jpg"))
    reads = out / "reads.jsonl"
    _run([*PY, "-m", "companion", "dice", "read", *scenes, "--profile", str(profile), "--jsonl",
          "--dice", str(dice), "--max-dice", str(max(dice, 5))], reads)  # fmt: skip
    scored = _run([*PY, "-m", "tests.vision.foreign.score", str(out / "truth.json"), str(reads)])
    return f"{style} {seed}{'' if dice == 5 else f' ({dice} dice)'}: {scored.strip()}"


def own_dice(seed: int, count: int = 300) -> str:
    from vision.config import dice_config
    from vision.evaluate import evaluate, labelled_scenes
    from vision.profile import default_profile

    e = evaluate(dice_config(), default_profile(), labelled_scenes(seed, count))
    return (
        f"own dice {seed}: {100 * e.dice_right / e.dice:.2f} % right, "
        f"{100 * e.unreadable_readable / max(e.readable_frames, 1):.2f} % unreadable, "
        f"{e.wrong_commits} wrong commits"
    )


def own_tiles(seed: int, count: int = 200, covered: int = 40) -> str:
    found = _run([*PY, "-m", "vision.tiles.evaluate", "--seed", str(seed), "--count", str(count),
                  "--covered", str(covered)])  # fmt: skip
    return f"own tiles {seed}:\n{found.rstrip()}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("work", type=Path, help="where the sets, profiles and readings are written")
    ap.add_argument("--boxes", type=int, nargs="*", default=[], help="foreign tile boxes")
    ap.add_argument("--foreign-dice", type=int, nargs="*", default=[], help="pips and outline")
    ap.add_argument("--own-dice", type=int, nargs="*", default=[])
    ap.add_argument("--own-tiles", type=int, nargs="*", default=[])
    ap.add_argument("--many-dice", type=int, nargs="*", default=[], help="25 pip dice a photo")
    a = ap.parse_args(argv)
    a.work.mkdir(parents=True, exist_ok=True)
    jobs = [
        *(lambda b=b: foreign_tiles(a.work, b) for b in a.boxes),
        *(
            lambda s=s, st=st: foreign_dice(a.work, st, s)
            for st in ("pips", "outline")
            for s in a.foreign_dice
        ),  # fmt: skip
        *(lambda s=s: own_dice(s) for s in a.own_dice),
        *(lambda s=s: own_tiles(s) for s in a.own_tiles),
        *(lambda s=s: foreign_dice(a.work, "pips", s, dice=25, count=20) for s in a.many_dice),
    ]
    for job in jobs:
        print(job(), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
