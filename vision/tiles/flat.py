"""Something flat over a row of a table with a coarse texture: a place a hidden tile could lie
that shows none of the table's bands. A row read a tile short names the wrong N-th tile (rows
count only the tiles still there, POW-13), so such a frame is refused, never read.

A card, a sleeve or a hand of the table's own colour is table to the colour mask (`find.py`),
and `smooth.py` sees it only on a table with a fine grain. Many tables have none at that scale
but show a coarse one — a wood's bands, a few frame px to a tile across — which a card, a
sleeve or a hand lying flat has not. Each place along a row where a hidden tile could lie,
clear of the tiles seen (and, beside a row with no tile seen, each place where that row could
lie), is compared with the table's own coarse texture in windows around the frame's edge.
Measured on one texture map of the whole frame at an eighth of its size: a window is then a
look-up, not a pair of blurs (time). Frames are BGR uint8; `small` is the frame at the working
scale (`config["scale"]`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

import cv2
import numpy as np

from .find import Blob
from .smooth import edge_spots


def texture_map(config: Mapping[str, Any], small: np.ndarray, k: float) -> tuple[np.ndarray, float]:
    """(Mean square band-pass contrast (difference of two blurs over the coarser) over k×k
    frame-px windows centred on each map pixel; the map's px per frame px). The map is
    `small` halved `flat_halvings` times by one linear resize, to grey after: a pyramid's
    steps, or grey first, took twice the time (0.15 against 0.06 ms)."""
    n = 2 ** config["flat_halvings"]
    h, w = small.shape[:2]
    g = cv2.resize(small, (max(1, w // n), max(1, h // n)), interpolation=cv2.INTER_LINEAR)
    g = np.float32(cv2.cvtColor(g, cv2.COLOR_BGR2GRAY))
    s = g.shape[0] / h * config["scale"]
    fine, coarse = (sigma * s for sigma in config["flat_scales"])
    # Kernels cut at about 2.5 sigmas, as smooth.py's.
    a = cv2.GaussianBlur(g, (2 * int(np.ceil(2.5 * fine)) + 1,) * 2, fine)
    b = cv2.GaussianBlur(g, (2 * int(np.ceil(2.5 * coarse)) + 1,) * 2, coarse)
    c = cv2.divide(cv2.subtract(a, b), cv2.max(b, 4.0))
    kq = max(3, int(round(k * s)))
    return cv2.sqrBoxFilter(c, -1, (kq, kq)), s


def at(means: np.ndarray, s: float, points: np.ndarray, reach: float) -> np.ndarray:
    """The window means at frame points (N×2), NaN where a window (and the blurs' reach)
    leaves the frame."""
    h, w = means.shape
    xy = np.rint(points * s).astype(int)
    inside = (xy >= reach).all(1) & (xy[:, 0] + reach < w) & (xy[:, 1] + reach < h)
    out = np.full(len(points), np.nan, np.float32)
    out[inside] = means[xy[inside, 1], xy[inside, 0]]
    return out


def looks(
    config: Mapping[str, Any],
    tiles: Sequence[Blob],
    spans: Sequence[tuple[str, np.ndarray, np.ndarray, float, float]],
    empty: str | None,
    side: float,
) -> list[tuple[str, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]]:
    """The lines to look along as (row, point, direction, places along it in px, the places
    as frame points, which are clear of the tiles seen), each holding two neighbouring clear
    places: a cover hiding a tile is a tile long or more, and one place alone may be a wood's
    bright crest."""
    k = config["flat_window"] * side
    centres = np.array([t.center for t in tiles]) if tiles else np.zeros((0, 2))
    clear = 0.6 * side + k / 2 + 0.1 * side  # a window touching a tile seen is no place
    lines = list(spans)
    if empty is not None and len(spans) == 1:
        # Where a row with no tile seen could lie: lines parallel to the other row (the rows
        # are laid side by side, POW-3), from the nearest two rows can lie apart to the
        # farthest (`row_spacing`), either side.
        _, p, d, lo, hi = spans[0]
        normal = np.array([-d[1], d[0]])
        step = 0.5 * side
        for o in np.arange(0.7 * side + step / 2, config["row_spacing"] * side + 1e-6, step):
            lines += [(empty, p + normal * o * sign, d, lo, hi) for sign in (1.0, -1.0)]
    out = []
    for kind, p, d, lo, hi in lines:
        along = np.arange(lo + 0.3 * side, hi - 0.3 * side, config["texture_step"] * side)
        points = p + along[:, None] * d
        free = np.ones(len(points), bool)
        if len(centres):
            free = ~(np.abs(points[:, None, :] - centres[None]).max(2) < clear).any(1)
        if (free[1:] & free[:-1]).any():
            out.append((kind, p, d, along, points, free))
    return out


@lru_cache(maxsize=8)
def _edge_points(border: float, h: int, w: int, k: int) -> np.ndarray:
    """smooth.py's windows around the frame's edge, as an N×2 array (the same for every frame
    of a camera)."""
    return np.array(edge_spots({"border": border}, (h, w), k))


def table_texture(config, means: np.ndarray, s: float, shape, k: float, reach: float) -> float:
    """The table's own coarse texture: the 10th percentile (linear between the two nearest,
    as numpy's) of windows around the frame's edge (a coin or a pencil near the edge does
    not raise it), as smooth.py's."""
    # Written out rather than `np.percentile` (smooth.py's): that costs 38 us a call, the
    # sort and the blend under 1 us, on a check every frame pays (the tile read is at its
    # budget). The same formula; the last bit can differ (float32 here).
    edge = at(means, s, _edge_points(config["border"], shape[0], shape[1], int(k)), reach)
    edge = np.sort(edge[~np.isnan(edge)])
    if not len(edge):
        return 0.0
    i = 0.1 * (len(edge) - 1)
    lo = int(i)
    return float(edge[lo] + (edge[min(lo + 1, len(edge) - 1)] - edge[lo]) * (i - lo))


def flat_cover(
    config: Mapping[str, Any],
    small: np.ndarray,
    shape: tuple[int, ...],
    tiles: Sequence[Blob],
    spans: Sequence[tuple[str, np.ndarray, np.ndarray, float, float]],
    empty: str | None,
    side: float,
) -> tuple[str, np.ndarray, np.ndarray, float] | None:
    """(row, a point on the line searched, its direction, position along it in px) of two
    neighbouring places a hidden tile could lie that are far flatter than the table, or None.
    `empty` names a row with no tile seen, searched for beside the other row's span."""
    share = config["flat_share"]
    if share <= 0 or not spans:  # the check is off
        return None
    k = config["flat_window"] * side
    means, s = texture_map(config, small, k)
    reach = k * s / 2 + 2.5 * config["flat_scales"][1] * s
    table = table_texture(config, means, s, shape, k, reach)
    if table < config["min_flat_table"]:
        return None  # a table too even at this scale (most) says nothing this way
    for kind, p, d, along, points, free in looks(config, tiles, spans, empty, side):
        flat = free & (at(means, s, points, reach) < share * table)  # NaN is not flat
        both = np.flatnonzero(flat[1:] & flat[:-1])
        if len(both):
            return kind, p, d, float(along[both[0] + 1])
    return None
