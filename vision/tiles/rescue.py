"""Tiles the table's colour hid: pieces of "not table" near the rows explained by a taught tile.

On a table of a tile's own colour (blue cloth under the heroes, orange wood under the
villains) or in a shadow, the colour mask keeps only a tile's number and character, or a ragged
part of it, and the rows would be refused. Each such piece near the tiles found is tried as
part of a tile: the taught tiles of both colours are slid over the place around it (coarse,
then fine), and where one matches well — better than any tile of the other colour — a tile is
put there and every piece lying inside it is taken as part of it. A piece no taught tile
explains (a hand, a die reaching out of a tile) stays, and the rows still refuse it.
Frames are BGR uint8; numpy and cv2 only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import cv2
import numpy as np

from .describe import INNER, cut, refine_angle, scores, unshade
from .find import Blob, Found, is_tile_shape
from .profile import TilesProfile
from .rows import colour_of

COARSE = 20  # coarse patch (px per INNER·side) for finding where the tile lies


def _inside(blob: Blob, center, angle: float, side: float, grow: float) -> float:
    """The share of a blob's pixels inside the square tile at `center` (grown by `grow` sides)."""
    t = np.deg2rad(angle)
    rel = blob.pixels - np.float32(center)
    u = rel @ np.float32([np.cos(t), np.sin(t)])
    v = rel @ np.float32([-np.sin(t), np.cos(t)])
    half = side * (0.5 + grow)
    return float(np.mean((np.abs(u) <= half) & (np.abs(v) <= half)))


def _tile_blob(center, angle: float, side: float, colour) -> Blob:
    t = np.deg2rad(angle)
    g = (np.arange(8, dtype=np.float32) / 7 - 0.5) * 0.9 * side
    u, v = (a.ravel() for a in np.meshgrid(g, g))
    pts = np.stack(
        [center[0] + u * np.cos(t) - v * np.sin(t), center[1] + u * np.sin(t) + v * np.cos(t)], 1
    )
    return Blob(
        (float(center[0]), float(center[1])), (side, side), float(angle), side * side, 1.0, 1.0,
        tuple(float(c) for c in colour), pts.astype(np.float32),
    )  # fmt: skip


def _locate(config, profile: TilesProfile, frame, center, angle: float, side: float):
    """Where around `center` a taught tile fits best (coarse), as a frame point."""
    reach = config["rescue_reach"]
    r = int(np.ceil(reach * COARSE / INNER))
    size = COARSE + 2 * r
    shade = config["shade"] * COARSE / profile.patch
    window = unshade(cut(frame, center, angle, side, size, COARSE, config["blur"]), shade)
    win = np.ascontiguousarray(window.transpose(1, 2, 0))
    best, at = -2.0, (r, r)
    # Each colour's mean tile (what its tiles share: the printed frame) places a tile well;
    # which tile it is, the fine match decides.
    values, small = profile.coarse(COARSE, shade)
    for sign in (1, -1):
        res = cv2.matchTemplate(win, small[np.sign(values) == sign].mean(0), cv2.TM_CCOEFF_NORMED)
        _, m, _, loc = cv2.minMaxLoc(res)
        if m > best:
            best, at = m, loc
    k = side * INNER / COARSE  # frame px per coarse px
    dx, dy = (at[0] - r) * k, (at[1] - r) * k
    t = np.deg2rad(angle)
    return (
        center[0] + dx * np.cos(t) - dy * np.sin(t),
        center[1] + dx * np.sin(t) + dy * np.cos(t),
    )


def _best(config, profile: TilesProfile, frame, center, angle: float, side: float, sign: int):
    mean, templates, _, _ = profile.matcher(sign, config["shade"])
    p = profile.patch
    size = p + 2 * int(config["search"])
    window = unshade(cut(frame, center, angle, side, size, p, config["blur"]), config["shade"])
    return float(scores(window, templates, mean, p)[0].max())


def rescue(
    config: Mapping[str, Any],
    profile: TilesProfile,
    frame: np.ndarray,
    found: Found,
) -> Found:
    """`found` with the pieces near the tiles that a taught tile explains made into tiles."""
    side = found.side
    if side is None:
        return found
    colours = profile.colours
    tiles, pieces = [], []
    for b in found.blobs:
        if colour_of(config, b, colours) is not None and is_tile_shape(config, b, side) == 1:
            tiles.append(b)
        elif b.area >= config["min_cover_area"] * side * side and max(b.size) <= 1.4 * side:
            pieces.append(b)
    if not tiles or not pieces:
        return found
    centres = np.array([b.center for b in tiles])
    angle = float(np.median([b.angle for b in tiles]))
    near = config["row_spacing"] + 1.0
    pieces = [
        b for b in pieces
        if np.hypot(*(centres - np.array(b.center)).T).min() < near * side
    ]  # fmt: skip
    pieces.sort(key=lambda b: -b.area)
    added: list[Blob] = []
    gone: set[int] = set()
    for b in pieces:
        if id(b) in gone:
            continue
        at = _locate(config, profile, frame, b.center, angle, side)
        a = refine_angle(frame, at, angle, side)
        if _inside(b, at, a, side, 0.1) < config["rescue_inside"]:
            continue  # the best tile there does not hold this piece: not a tile's part
        taken = np.array([t.center for t in tiles + added])
        if np.hypot(*(taken - np.array(at)).T).min() < 0.7 * side:
            continue
        # The tile's own edges are faint on a table of its colour, so its turn may be missed:
        # a few turns around the one found are tried, and the best fit is kept.
        hero = villain = -1.0
        best_turn = 0.0
        for turn in config["rescue_turns"]:
            h = _best(config, profile, frame, at, a + turn, side, 1)
            v = _best(config, profile, frame, at, a + turn, side, -1)
            if max(h, v) > max(hero, villain):
                hero, villain, best_turn = h, v, turn
        a += best_turn
        top, other = max(hero, villain), min(hero, villain)
        if top < config["rescue_score"] or top - other < config["min_margin"]:
            continue
        colour = colours.heroes if hero > villain else colours.villains
        added.append(_tile_blob(at, a, side, colour))
        for q in pieces:
            if _inside(q, at, a, side, 0.1) >= config["rescue_inside"]:
                gone.add(id(q))
    if not added:
        return found
    kept = tuple(b for b in found.blobs if id(b) not in gone)
    return replace(found, blobs=kept + tuple(added))
