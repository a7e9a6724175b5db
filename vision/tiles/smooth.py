"""Something smooth over a row of a grained table: a place a hidden tile could lie that shows
none of the table's texture.

A hand the colour of the table is table to the colour mask (`find.py`), and where it hides a
tile whole nothing else of it is seen (rows.py adds up what is). But a table with a grain
(wood) shows that grain everywhere, in shadow too — light multiplies, so the contrast of the
grain stays — and skin has none. Each place along a row where a hidden tile could lie, clear of
the tiles seen, is compared with the table's own texture in windows around the frame's edge
(where the table is learned too). A table with too little texture of its own (laminate, a fine
cloth after the camera's blur and JPEG) says nothing this way. Frames are BGR uint8.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import cv2
import numpy as np

from .find import Blob


def _texture(frame: np.ndarray, centre, k: int, scales: Sequence[float]) -> float | None:
    """Mean square band-pass contrast (difference of two blurs over the coarser) of the k×k
    window at `centre`, or None where the window leaves the frame."""
    fine, coarse = scales
    pad = int(np.ceil(2 * coarse))
    x, y = int(round(centre[0])), int(round(centre[1]))
    r = k // 2 + pad
    h, w = frame.shape[:2]
    if x - r < 0 or y - r < 0 or x + r >= w or y + r >= h:
        return None
    gray = cv2.cvtColor(frame[y - r : y + r, x - r : x + r], cv2.COLOR_BGR2GRAY)
    g = gray.astype(np.float32)
    a = cv2.GaussianBlur(g, (0, 0), fine)
    b = cv2.GaussianBlur(g, (0, 0), coarse)
    c = ((a - b) / np.maximum(b, 4.0))[pad:-pad, pad:-pad]
    return float((c * c).mean())


def _table_texture(config: Mapping[str, Any], frame: np.ndarray, k: int) -> float:
    """The table's own texture: a low percentile over windows around the frame's edge (a low
    one, so that a coin or a pencil there, or a gingham band's edge, does not raise it)."""
    h, w = frame.shape[:2]
    scales = config["texture_scales"]
    m = int(config["border"] * min(h, w) / 2) + k
    spots = [(x, y) for x in np.linspace(m, w - m, 10) for y in (m, h - m)]
    spots += [(x, y) for y in np.linspace(m, h - m, 6)[1:-1] for x in (m, w - m)]
    found = [t for t in (_texture(frame, s, k, scales) for s in spots) if t is not None]
    return float(np.percentile(found, 10)) if found else 0.0


def smooth_cover(
    config: Mapping[str, Any],
    frame: np.ndarray,
    tiles: Sequence[Blob],
    spans: Sequence[tuple[str, np.ndarray, np.ndarray, float, float]],
    side: float,
) -> tuple[str, float] | None:
    """(row, position along it in px) of a place a hidden tile could lie that is far smoother
    than the table, or None."""
    k = max(8, int(config["texture_window"] * side))
    table = _table_texture(config, frame, k)
    if table < config["min_table_texture"]:
        return None
    centres = np.array([t.center for t in tiles]) if tiles else np.zeros((0, 2))
    # A window touching a tile seen (its edge, its shadow) is no place to look.
    clear = 0.6 * side + k / 2 + 0.1 * side
    for kind, p, d, lo, hi in spans:
        for t in np.arange(lo + 0.3 * side, hi - 0.3 * side, config["texture_step"] * side):
            c = p + d * t
            if len(centres) and (np.abs(centres - c).max(1) < clear).any():
                continue
            e = _texture(frame, c, k, config["texture_scales"])
            if e is not None and e < config["min_texture_share"] * table:
                return kind, float(t)
    return None
