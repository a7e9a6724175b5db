"""Where the tile reader goes wrong: every lost tile of fresh rendered scenes, by cause and condition.

`diagnose(config, profile, scenes)` reads each labelled scene and sorts every tile that is not
read right into a cause (the reason the frame was refused, or "wrong value" / "wrong count" for
a row accepted wrongly) and the render conditions it was under (table, hard shadow, focus,
noise, how close the table's colour is to the tile's). `python -m vision.tiles.evaluate`
prints the breakdown for the benchmark's scenes and can save the worst frames as PNGs with the
reading drawn on them.
"""

from __future__ import annotations

import argparse
import ast
import re
import time
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from ..render.tiles import HERO_BLUE, VILLAIN_ORANGE, TileScene
from .profile import TilesProfile
from .read import TilesReading, read_tiles

# The refusal reasons, by the words that name them (first match wins).
CAUSES = (
    ("not recognised", "tile not recognised"),
    ("in doubt", "number unlike the look"),
    ("can't be made out", "row or tile not made out"),
    ("neither the taught", "tile of neither colour"),
    ("covers tile", "something joined to a tile"),
    ("covers", "something covers a row"),
    ("out of its row", "tile out of its row"),
    ("told apart", "rows not told apart"),
    ("read as", "more of a value than laid out"),
    ("no tiles", "no tiles seen"),
)


def cause_of(reason: str) -> str:
    for words, cause in CAUSES:
        if words in reason:
            return cause
    return "other: " + reason


@dataclass(frozen=True)
class SceneResult:
    index: int
    tiles: int
    right: int
    cause: str | None  # None when every tile is right
    reason: str | None
    conditions: dict[str, str]
    reading: TilesReading
    ms: float  # CPU time of the read (the machine may be shared)


def _hue(bgr) -> float:
    lab = cv2.cvtColor(np.uint8([[bgr]]), cv2.COLOR_BGR2LAB)[0, 0].astype(float) - [0, 128, 128]
    return float(np.degrees(np.arctan2(lab[2], lab[1])))


def _hue_gap(a, b) -> float:
    return abs((_hue(a) - _hue(b) + 180) % 360 - 180)


def conditions(scene: TileScene) -> dict[str, str]:
    """The render conditions of a scene, each as a short label (for counting)."""
    out = {"surface": scene.surface}
    if scene.table is not None:
        table = np.clip(scene.table, 0, 255)
        near = [
            name
            for name, colour in (("blue", HERO_BLUE), ("orange", VILLAIN_ORANGE))
            if _hue_gap(table, colour) < 30
        ]
        out["table hue"] = "like " + "+".join(near) if near else "unlike the tiles"
    look = scene.look
    if look is not None:
        out["hard shadow"] = "yes" if look.hard_shadow is not None else "no"
        out["defocus"] = "≥0.6" if look.defocus_sigma >= 0.6 else "<0.6"
        out["shake"] = "≥2px" if look.shake_px >= 2 else "<2px"
        out["noise"] = "≥3" if look.noise_sigma >= 3 else "<3"
        out["jpeg"] = "<70" if look.jpeg_quality < 70 else "≥70"
    return out


def _values(tiles) -> list[int | None]:
    return [t.value for t in tiles]


def diagnose(
    config: Mapping[str, Any], profile: TilesProfile, scenes: Iterable[TileScene]
) -> list[SceneResult]:
    out = []
    for i, s in enumerate(scenes):
        start = time.process_time()
        r = read_tiles(config, profile, s.image)
        ms = (time.process_time() - start) * 1000
        truth = (_values(s.heroes), _values(s.villains))
        n = len(truth[0]) + len(truth[1])
        if r.reason is not None:
            out.append(SceneResult(i, n, 0, cause_of(r.reason), r.reason, conditions(s), r, ms))
            continue
        right, cause = 0, None
        for seen, want in zip((_values(r.heroes), _values(r.villains)), truth, strict=True):
            if seen == want:
                right += len(want)
            else:
                cause = "wrong count (row accepted)" if len(seen) != len(want) else "wrong value"
        out.append(SceneResult(i, n, right, cause, None, conditions(s), r, ms))
    return out


def breakdown(results: list[SceneResult]) -> str:
    """The lost tiles by cause, and by cause within each condition, as text."""
    tiles = sum(r.tiles for r in results)
    right = sum(r.right for r in results)
    lines = [
        f"{len(results)} scenes, {tiles} tiles, {right} right ({100 * right / max(tiles, 1):.2f} %)"
        f", read in (CPU) {np.median([r.ms for r in results]):.1f} ms median",
        "lost tiles by cause:",
    ]
    lost = Counter()
    scenes = Counter()
    for r in results:
        if r.cause:
            lost[r.cause] += r.tiles - r.right
            scenes[r.cause] += 1
    for cause, n in lost.most_common():
        lines.append(f"  {n:5d} tiles ({scenes[cause]:3d} scenes)  {cause}")
    keys = sorted({k for r in results for k in r.conditions})
    for key in keys:
        lines.append(f"by {key}:")
        groups = sorted({r.conditions.get(key, "?") for r in results})
        for g in groups:
            sel = [r for r in results if r.conditions.get(key, "?") == g]
            t = sum(r.tiles for r in sel)
            ok = sum(r.right for r in sel)
            causes = Counter(r.cause for r in sel if r.cause)
            top = ", ".join(f"{c} {n}" for c, n in causes.most_common(3))
            lines.append(
                f"  {g:18s} {len(sel):4d} scenes  {100 * ok / max(t, 1):6.2f} % right  {top}"
            )
    return "\n".join(lines)


def _sub(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40]


def draw(scene: TileScene, reading: TilesReading) -> np.ndarray:
    """The frame with the truth (green centres) and the reading (value, red when wrong)."""
    img = scene.image.copy()
    for t in scene.heroes + scene.villains:
        cv2.circle(img, tuple(int(round(v)) for v in t.center), 4, (0, 255, 0), -1)
    for seen, truth in ((reading.heroes, scene.heroes), (reading.villains, scene.villains)):
        want = _values(truth)
        for k, t in enumerate(seen):
            ok = k < len(want) and want[k] == t.value and len(seen) == len(want)
            x, y = (int(round(v)) for v in t.center)
            label = "?" if t.value is None else f"{t.value:+d}"
            cv2.putText(img, f"{label} {t.score:.2f}", (x - 25, y + 30), cv2.FONT_HERSHEY_SIMPLEX,
                        0.5, (0, 200, 0) if ok else (0, 0, 255), 2)  # fmt: skip
    cv2.putText(img, reading.reason or "ok", (10, 25), cv2.FONT_HERSHEY_SIMPLEX, 0.6,
                (255, 255, 255), 2)  # fmt: skip
    return img


def taught_on_render(config: Mapping[str, Any], teach_seed: int) -> TilesProfile:
    """The profile taught from a rendered setup frame (both full rows laid out, POW-3, on a
    plain laminate), as the benchmark and both diagnostics teach it."""
    from ..render.tiles import TileSpec, render_tiles
    from .teach import teach

    setup = render_tiles(
        np.random.default_rng(teach_seed),
        TileSpec(taken=(0.0, 0.0), distractors=False, surface="laminate"),
    )
    return teach(config, setup.image, *setup.laid_out)


def _setting(text: str) -> tuple[str, Any]:
    key, sep, value = text.partition("=")
    if not sep:
        raise SystemExit(f"--set takes KEY=VALUE, not {text!r}")
    try:
        return key.strip(), ast.literal_eval(value.strip())
    except (ValueError, SyntaxError):
        raise SystemExit(f"--set {key}: {value!r} is not a Python literal") from None


def main(argv: list[str] | None = None) -> int:
    from ..errors import BadConfig
    from ..render.tiles import TileSpec, render_tiles
    from .config import tiles_config

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=771_001, help="the benchmark's scene seed")
    ap.add_argument("--teach-seed", type=int, default=7)
    ap.add_argument("--save", type=Path, help="write the failed frames here as PNGs")
    ap.add_argument(
        "--covered", type=int, default=40,
        help="then this many scenes with a hand or a die on a tile (as the benchmark)",
    )  # fmt: skip
    ap.add_argument(
        "--set", action="append", default=[], metavar="KEY=VALUE",
        help="a config value for this run (a Python literal: shadow_depths=\"(0.5, 0.7)\")",
    )  # fmt: skip
    args = ap.parse_args(argv)
    try:
        config = tiles_config(dict(_setting(s) for s in args.set))
    except BadConfig as exc:  # before any scene is rendered or frame saved
        raise SystemExit(f"--set: {exc}") from None
    profile = taught_on_render(config, args.teach_seed)
    rng = np.random.default_rng(args.seed)
    scenes = [render_tiles(rng, TileSpec()) for _ in range(args.count)]
    covered = [
        render_tiles(rng, TileSpec(case=("hand", "die")[i % 2])) for i in range(args.covered)
    ]
    threads = cv2.getNumThreads()
    cv2.setNumThreads(1)  # as the benchmark: the budget is for one thread
    try:
        results = diagnose(config, profile, scenes)
        cover_results = diagnose(config, profile, covered)
    finally:
        cv2.setNumThreads(threads)
    print(breakdown(results))
    print("failed scenes:")
    for r in results:
        if r.cause:
            print(
                f"  #{r.index:3d} {r.tiles - r.right:2d} lost  {r.reason or r.cause}  {r.conditions}"
            )
    # A covered scene must be refused; one accepted is lost only if a row is not the truth
    # (a die on a tile's corner may leave it readable).
    accepted = [r for r in cover_results if r.reason is None]
    wrong = [r for r in accepted if r.cause]
    right = [f"#{r.index}" for r in accepted if not r.cause]  # to look at: a tile was covered
    print(
        f"covered scenes: {len(covered)}, refused {len(covered) - len(accepted)}, "
        f"accepted and right {len(accepted) - len(wrong)}"
        + (f" ({', '.join(right)})" if right else "")
        + f", accepted and WRONG {len(wrong)}"
    )
    for r in wrong:
        print(f"  covered #{r.index:3d} read wrong: {r.cause}  {r.conditions}")
    if args.save:
        args.save.mkdir(parents=True, exist_ok=True)
        for r in results:
            if r.cause:
                name = f"{r.index:03d}-{_sub(r.cause)}.png"
                cv2.imwrite(str(args.save / name), draw(scenes[r.index], r.reading))
        for r in wrong:
            name = f"covered-{r.index:03d}-{_sub(r.cause)}.png"
            cv2.imwrite(str(args.save / name), draw(covered[r.index], r.reading))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
