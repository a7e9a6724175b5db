"""How well the printed number reads, and what it changes in the tile reader, on fresh scenes.

    python -m vision.tiles.evaluate_number [--count 200] [--seed 771001] [--teach-seed 7]

Per tile (every tile of a row found with as many tiles as the truth): the number read right,
wrong or declined. Per scene, the reader with the number (`number_check`, `number_rescue`)
and without: tiles right, rows wrong, scenes refused, doubts raised, CPU ms. `--foreign` puts
one tile of a value no teach showed in each row (+7…+9, -5…-7, art of its own): a row read
"ok" with it is wrong, so it shows what the cross-check catches when the look errs.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Mapping
from typing import Any

import cv2
import numpy as np

from ..render.tiles import TileScene
from .describe import cut, refine_angle
from .find import find_blobs
from .number import model, read_windows
from .profile import TilesProfile
from .read import read_tiles
from .rescue import rescue
from .rows import find_rows

OFF = {"number_check": False, "number_rescue": False}
HEROES = (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)  # the renderer's default set (POW-1)
VILLAINS = (-1, -1, -1, -1, -1, -2, -2, -2, -2, -3, -3, -4)


def foreign_spec(rng: np.random.Generator):
    """Both rows shuffled with one tile each of a value no teach showed."""
    from ..render.tiles import TileSpec

    heroes, villains = list(rng.permutation(HEROES)), list(rng.permutation(VILLAINS))
    heroes[int(rng.integers(12))] = int(rng.choice([7, 8, 9]))
    villains[int(rng.integers(12))] = int(rng.choice([-5, -6, -7]))
    return TileSpec(heroes=tuple(int(v) for v in heroes), villains=tuple(int(v) for v in villains))


def number_reads(
    config: Mapping[str, Any], profile: TilesProfile, scene: TileScene
) -> tuple[int, int, int]:
    """(right, wrong, declined) number reads on the tiles of the rows found as the truth has."""
    found = find_blobs(config, scene.image)
    laid = (int((profile.values > 0).sum()), int((profile.values < 0).sum()))
    rows = find_rows(config, found, profile.colours, laid)
    if rows.problem is not None:
        more = rescue(config, profile, scene.image, found)
        if more is not found:
            rows = find_rows(config, more, profile.colours, laid)
    right = wrong = declined = 0
    if rows.side is None:
        return 0, 0, 0
    side = float(rows.side)
    margin = int(config["search"])
    size = profile.patch + 2 * margin
    for blobs, truth, sign in ((rows.heroes, scene.heroes, 1), (rows.villains, scene.villains, -1)):
        if len(blobs) != len(truth):
            continue
        m = model(config, profile, sign)
        for b, t in zip(blobs, truth, strict=True):
            a = refine_angle(scene.image, b.center, b.angle, side)
            window = cut(scene.image, b.center, a, side, size, profile.patch, config["blur"])
            v = read_windows(config, m, [window], margin)[0].value
            if v is None:
                declined += 1
            elif v == t.value:
                right += 1
            else:
                wrong += 1
    return right, wrong, declined


def score(scene: TileScene, reading) -> tuple[int, int, bool]:
    """(tiles right, rows wrong, refused) of one reading against the scene's truth."""
    if reading.reason is not None:
        return 0, 0, True
    right = wrong = 0
    for seen, truth in ((reading.heroes, scene.heroes), (reading.villains, scene.villains)):
        want = [t.value for t in truth]
        if [t.value for t in seen] == want:
            right += len(want)
        else:
            wrong += 1
    return right, wrong, False


def main(argv: list[str] | None = None) -> int:
    from ..render.tiles import TileSpec, render_tiles
    from .config import tiles_config
    from .evaluate import taught_on_render

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=771_001, help="the benchmark's scene seed")
    ap.add_argument("--teach-seed", type=int, default=7)
    ap.add_argument("--foreign", action="store_true", help="one untaught tile in each row")
    args = ap.parse_args(argv)
    config = tiles_config()
    profile = taught_on_render(config, args.teach_seed)
    print("number box (top, left, size) heroes", getattr(model(config, profile, 1), "box", None),
          "villains", getattr(model(config, profile, -1), "box", None))  # fmt: skip
    variants = {"with the number": config, "without": tiles_config(OFF)}
    totals = {k: np.zeros(5) for k in variants}  # right, wrong rows, refused, doubts, tiles
    ms: dict[str, list[float]] = {k: [] for k in variants}
    reads = np.zeros(3, int)
    rng = np.random.default_rng(args.seed)
    threads = cv2.getNumThreads()
    cv2.setNumThreads(1)  # as the benchmark: the budget is for one thread
    try:
        for _ in range(args.count):
            scene = render_tiles(rng, foreign_spec(rng) if args.foreign else TileSpec())
            reads += number_reads(config, profile, scene)
            n = len(scene.heroes) + len(scene.villains)
            for name, cfg in variants.items():
                start = time.process_time()
                r = read_tiles(cfg, profile, scene.image)
                ms[name].append((time.process_time() - start) * 1000)
                right, wrong, refused = score(scene, r)
                doubt = r.reason is not None and "is in doubt" in r.reason
                totals[name] += (right, wrong, refused, doubt, n)
    finally:
        cv2.setNumThreads(threads)
    r, w, d = reads
    kind = "scenes with a foreign tile in each row" if args.foreign else "scenes"
    print(f"{args.count} {kind} (seed {args.seed}, teach seed {args.teach_seed})")
    print(f"number reads per tile: {r} right, {w} wrong, {d} declined of {r + w + d}")
    for name, (right, wrong, refused, doubts, tiles) in totals.items():
        print(
            f"{name:16s} {100 * right / tiles:6.2f} % tiles right, {int(wrong)} rows wrong, "
            f"{int(refused)} scenes refused ({int(doubts)} by a number in doubt), "
            f"CPU {np.median(ms[name]):.1f} ms median"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
