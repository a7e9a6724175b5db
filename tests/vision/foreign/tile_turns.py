"""How far the tile reader's turn (`describe.refine_angle`) lies from the turn drawn, on
foreign tile scenes (tests/vision/foreign/tile_scenes.py), next to the blob's box angle.

    python -m tests.vision.foreign.tile_turns --seed 9 --count 8

Draws box SEED's first COUNT scenes as `write_set` does (into a temporary folder), keeping
each tile's top as the camera sees it: its turn drawn is the mean direction of its four
projected edges (a square's, every 90°). Every blob the finder calls a lone tile (square,
50-90 px) within 6 px of a drawn tile is measured: its box angle, the turn refined from it,
and that turn refined once more from itself (0 when the refinement is stable).
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import cv2
import numpy as np

from vision.tiles.config import tiles_config
from vision.tiles.describe import refine_angle
from vision.tiles.find import find_blobs

from . import tile_scenes as ts


def _wrap(a: float) -> float:
    return (a + 45) % 90 - 45


def drawn_turns(seed: int, count: int, out: Path) -> list[list[tuple[np.ndarray, float]]]:
    """`write_set(out, seed, count)`, and per picture (teach first) each tile's (centre px,
    turn drawn in degrees)."""
    pictures: list[list[tuple[np.ndarray, float]]] = []
    draw, render = ts._draw_tile, ts.render

    def drawing(img, cam, box, t, alpha, light):
        q = cam.project(ts._tile_quad(t.x, t.y, t.yaw, ts.THICK_MM))
        e = np.roll(q, -1, 0) - q
        z = np.exp(4j * np.arctan2(e[:, 1], e[:, 0])).mean()
        pictures[-1].append((q.mean(0), float(np.rad2deg(np.angle(z) / 4))))
        return draw(img, cam, box, t, alpha, light)

    def rendering(*args, **kwargs):
        pictures.append([])
        return render(*args, **kwargs)

    ts._draw_tile, ts.render = drawing, rendering
    try:
        ts.write_set(out, seed, count)
    finally:
        ts._draw_tile, ts.render = draw, render
    return pictures


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=9, help="the box")
    ap.add_argument("--count", type=int, default=8, help="scenes")
    a = ap.parse_args(argv)
    config = tiles_config()
    errors: dict[str, list[float]] = {"box": [], "refined": [], "again": []}
    with tempfile.TemporaryDirectory() as tmp:
        pictures = drawn_turns(a.seed, a.count, Path(tmp))
        for i in range(a.count):
            img = cv2.imread(str(Path(tmp) / "scenes" / f"tiles-{i:03d}.jpg"))
            tiles = pictures[i + 1]
            for b in find_blobs(config, img).blobs:
                if not (50 < max(b.size) < 90 and min(b.size) > 0.8 * max(b.size)):
                    continue
                d = [float(np.hypot(*(c - np.array(b.center)))) for c, _ in tiles]
                if min(d) > 6:
                    continue
                turn = tiles[int(np.argmin(d))][1]
                side = float(np.mean(b.size))
                refined = refine_angle(img, b.center, b.angle, side)
                errors["box"].append(_wrap(b.angle - turn))
                errors["refined"].append(_wrap(refined - turn))
                errors["again"].append(_wrap(refine_angle(img, b.center, refined, side) - refined))
    for name, e in errors.items():
        x = np.abs(np.array(e))
        print(
            f"{name:8s} {len(x)} tiles: median {np.median(x):.2f}°, 90 % {np.percentile(x, 90):.2f}°,"
            f" worst {x.max():.2f}°, over 2° {int((x > 2).sum())}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
