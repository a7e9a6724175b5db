"""Something joined to a tile of a row that reaches well beyond it: a hand or an arm on it.

A hand laid on a tile is one blob of "not table" with it (and with the tiles it touches). The
tiles are then found again by their taught look (rescue.py) and what is left of the blob is
the arm, which leaves the row across the tile's edge — outside the band over the row where
rows.py looks for covers. The tile under the fingers may still match its taught look well
enough to be read, and the row was read "ok" with a covered tile (foreign box 3: two scenes).
A clean row's tiles are joined in the mask to nothing but their own shadows and neighbours:
a piece of "not table" of at least `min_touch_area` tiles, joined to a row's tile in the
mask (one connected region), lies on it. A thing merely near a tile (a card a few px below
the row, foreign box 4) is not joined. The exception: with `shadow_depths` off a hard
shadow's band is "not table" too and can join a tile (once in 600 own scenes, 271828 #88,
refused for a tile in it not recognised as well). Blobs and the mask only (numpy, cv2).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import cv2
import numpy as np

from .find import Blob, Found
from .rows import HEROES, VILLAINS, Rows, on_square


def _labels_at(labels: np.ndarray, pixels: np.ndarray, scale: float) -> set[int]:
    """The mask regions (labels, 0 = table) under `pixels` (full-frame N×2)."""
    h, w = labels.shape
    xy = np.rint(pixels * scale - 0.5).astype(int)
    x = np.clip(xy[:, 0], 0, w - 1)
    y = np.clip(xy[:, 1], 0, h - 1)
    return set(np.unique(labels[y, x]).tolist()) - {0}


def touching_cover(config: Mapping[str, Any], found: Found, rows: Rows) -> list[tuple[str, int]]:
    """(row, 1-based tile position) of each tile of a row that a large piece of "not table" is
    joined to and reaches (within `touch_reach` sides of its centre), the tile whose edge most of it
    crosses first; empty when there is none.

    Touching tiles are one region of the mask with the piece, so every tile of a run is joined
    to it; the tile under the fingers is where the hand crosses the edge widest (an arm passing
    a neighbour's corner crosses little of it: foreign box 8, scene 43)."""
    side = rows.side
    least = config["min_touch_area"]
    if side is None or least <= 0 or found.mask is None:  # off, or no mask kept
        return []
    tiles = {id(b) for b in rows.heroes + rows.villains}
    big: list[Blob] = [
        b for b in found.blobs if id(b) not in tiles and b.area >= least * side * side
    ]
    if not big:
        return []
    scale = config["scale"]
    labels = None
    hits = []
    near = config["touch_reach"] * side
    reach = near * np.sqrt(2)  # a turned square's corner (the box test is for time)
    for b in big:
        lo, hi = b.pixels.min(0) - reach, b.pixels.max(0) + reach
        for kind, row in ((HEROES, rows.heroes), (VILLAINS, rows.villains)):
            for i, t in enumerate(row, 1):
                if not (lo[0] <= t.center[0] <= hi[0] and lo[1] <= t.center[1] <= hi[1]):
                    continue
                around = int(on_square(b.pixels, t, near).sum())
                if not around:
                    continue
                if labels is None:  # only once some piece reaches a tile at all (time)
                    labels = cv2.connectedComponents(found.mask, connectivity=8)[1]
                if _labels_at(labels, b.pixels, scale) & _labels_at(labels, t.pixels, scale):
                    hits.append((-around, kind, i))
    return [(kind, i) for _, kind, i in sorted(hits)]
