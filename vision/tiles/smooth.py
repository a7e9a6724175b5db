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
from functools import cached_property
from typing import Any

import cv2
import numpy as np

from .find import Blob


class _Texture:
    """A window's square band-pass contrasts: their mean now, their median when asked (the
    partial sort it takes is most of a window's time, and most windows are settled by the
    mean alone)."""

    def __init__(self, c2: np.ndarray) -> None:
        self._c2 = c2
        self.mean = float(c2.mean())

    @cached_property
    def median(self) -> float:
        c2 = self._c2
        return float(np.partition(c2, len(c2) // 2)[len(c2) // 2])


def _texture(frame: np.ndarray, centre, k: int, scales: Sequence[float]) -> _Texture | None:
    """Mean and median square band-pass contrast (difference of two blurs over the coarser) of
    the k×k window at `centre`, or None where the window leaves the frame. A grain is
    everywhere in the window, so it holds the median up; a few edges (a hand's outline, the
    gaps between its fingers, a tile's sliver) raise only the mean."""
    fine, coarse = scales
    pad = int(np.ceil(2 * coarse))  # the coarse blur's reach, trimmed off the window
    x, y = int(round(centre[0])), int(round(centre[1]))
    r = k // 2 + pad
    h, w = frame.shape[:2]
    if x - r < 0 or y - r < 0 or x + r >= w or y + r >= h:
        return None
    gray = cv2.cvtColor(frame[y - r : y + r, x - r : x + r], cv2.COLOR_BGR2GRAY)
    g = gray.astype(np.float32)
    # Kernels cut at about 2.5 sigmas (OpenCV's default reaches 4: twice the time).
    a = cv2.GaussianBlur(g, (2 * int(2.5 * fine) + 1,) * 2, fine)
    b = cv2.GaussianBlur(g, (2 * pad + 1,) * 2, coarse)
    c = ((a - b) / np.maximum(b, 4.0))[pad:-pad, pad:-pad]
    return _Texture((c * c).ravel())


def edge_spots(config: Mapping[str, Any], shape, k: int) -> list[tuple[float, float]]:
    """Where the table's own texture is measured: windows around the frame's edge."""
    h, w = shape[:2]
    m = int(config["border"] * min(h, w) / 2) + k
    spots = [(x, y) for x in np.linspace(m, w - m, 10) for y in (m, h - m)]
    return spots + [(x, y) for y in np.linspace(m, h - m, 6)[1:-1] for x in (m, w - m)]


def smooth_cover(
    config: Mapping[str, Any],
    frame: np.ndarray,
    tiles: Sequence[Blob],
    spans: Sequence[tuple[str, np.ndarray, np.ndarray, float, float]],
    side: float,
) -> tuple[str, float] | None:
    """(row, position along it in px) of a place a hidden tile could lie that is far smoother
    than the table, or None."""
    share = config["min_texture_share"]
    if share <= 0:  # the check is off
        return None
    k = max(8, int(config["texture_window"] * side))
    scales = config["texture_scales"]
    least = config["min_table_texture"]
    # The table's own texture: a low percentile (the 10th: a coin or a pencil near the edge, or
    # a gingham band's edge, does not raise it) of windows around the frame's edge. Most tables
    # have too little to go by (laminate, felt, a fine cloth): five windows below
    # `min_table_texture` settle that, before any place over the rows is looked at (time).
    seen, below = [], 0
    for spot in edge_spots(config, frame.shape, k):
        e = _texture(frame, spot, k, scales)
        if e is None:
            continue
        seen.append(e)
        below += e.mean < least
        if below >= 5:
            return None
    table = np.percentile([e.mean for e in seen], 10) if seen else 0.0
    if table < least:
        return None
    table_median = np.percentile([e.median for e in seen], 10) if seen else 0.0
    # The median too: a hand the wood's colour over a hidden tile, its outline and fingers in
    # the window, kept 0.1-0.16 of the table's median but 0.55-3.3 of its mean (hand seeds
    # 9101, 9133: rows read a tile short); clean places on wood kept 0.46 or more of it (the
    # wood scenes of seeds 771001, 161803, 271828).
    median_share = config["min_texture_median_share"]
    lone_share = config["lone_texture_median_share"]
    centres = np.array([t.center for t in tiles]) if tiles else np.zeros((0, 2))
    # A window touching a tile seen (its edge, its shadow) is no place to look.
    clear = 0.6 * side + k / 2 + 0.1 * side

    def smoothness(c) -> _Texture | None:
        """The window at `c` where it is smoother than the table, else None."""
        if len(centres) and (np.abs(centres - c).max(1) < clear).any():
            return None
        e = _texture(frame, c, k, scales)
        if e is not None and (e.mean < share * table or e.median < median_share * table_median):
            return e
        return None

    for kind, p, d, lo, hi in spans:
        places = np.arange(lo + 0.3 * side, hi - 0.3 * side, config["texture_step"] * side)
        smooth = [smoothness(p + d * t) for t in places]
        for i, e in enumerate(smooth):
            if e is None:
                continue
            # A hand hiding a tile covers more than one window's place, or shows no grain at
            # all; a lone place just smoother than the table is a wood's bright crest, where
            # its speckle is faint (foreign boxes 30 #1, 54 #49, 89 #40: 0.20-0.44 of the
            # table's median). Of the own wood-coloured hands the tests pin, 9133 and 9276
            # smooth two and three neighbouring places; 9101's, at a row's end where one
            # window fits, shows 0.11.
            beside = (i > 0 and smooth[i - 1] is not None) or (
                i + 1 < len(smooth) and smooth[i + 1] is not None
            )
            if beside or e.median < lone_share * table_median:
                return kind, float(places[i])
    return None
