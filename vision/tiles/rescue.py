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

from .describe import INNER, cut, on_tile, refine_angle, scores, unshade
from .find import Blob, Found, clean, is_tile_shape
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
    return on_tile(center, angle, side, COARSE, at[0] - r, at[1] - r)


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
    is_tile = [
        colour_of(config, b, colours) is not None and is_tile_shape(config, b, side) == 1
        for b in found.blobs
    ]
    for b, tile in zip(found.blobs, clean(found.blobs, is_tile), strict=True):
        if tile:
            tiles.append(b)
        elif b.area >= config["min_cover_area"] * side * side:
            pieces.append(b)
    if not tiles or not pieces:
        return found
    angle = float(np.median([b.angle for b in tiles]))
    rad = np.deg2rad(angle)
    across = np.array([-np.sin(rad), np.cos(rad)])
    near = config["row_spacing"] + 1.0
    added: list[Blob] = []
    tried: set[int] = set()
    # Near the tiles found, then near the tiles rescued too: a row the table's colour hid
    # entirely is found tile by tile from the other row outwards. Near across the rows, at
    # any distance along them: tiles taken leave gaps, and a tile in shadow four places
    # beyond the last one found is still the row's (seed 271828, scene 63).
    while True:
        centres = np.array([t.center for t in tiles + added])
        todo = [
            b for b in pieces
            if id(b) not in tried
            and np.abs((centres - np.array(b.center)) @ across).min() < near * side
        ]  # fmt: skip
        if not todo:
            break
        todo.sort(key=lambda b: -b.area)
        for b in todo:
            tried.add(id(b))
            added.extend(_explain(config, profile, frame, b, tiles + added, angle, side))
    if not added:
        return found
    # What the new tiles do not hold of each piece is still there to be explained (a hand's
    # arm, a die's corner), unless it is a speck.
    out = []
    ids = {id(b) for b in pieces}
    for b in found.blobs:
        if id(b) not in ids:
            out.append(b)
            continue
        rest = _outside(b, added, side)
        if rest is b or rest.area >= config["min_cover_area"] * side * side:
            out.append(rest)
    return replace(found, blobs=tuple(out) + tuple(added))


def _explain(
    config, profile: TilesProfile, frame, b: Blob, known: list[Blob], angle: float, side: float
) -> list[Blob]:
    """The tiles that explain piece `b` (none when no taught tile fits it well)."""
    colours = profile.colours
    added: list[Blob] = []
    for start in _starts(b, side):
        at = _locate(config, profile, frame, start, angle, side)
        taken = np.array([t.center for t in known + added])
        if np.hypot(*(taken - np.array(at)).T).min() < 0.7 * side:
            continue
        bases = _turns(frame, at, angle, side, config["rescue_wider"])
        a = bases[0]
        # The tile must hold a fair part of the piece it was looked for from: a tile is
        # not made where nothing but table was seen.
        held = _inside(b, at, a, side, 0.1) * b.area
        if held < config["rescue_inside"] * min(b.area, side * side):
            continue
        # The tile's own edges are faint on a table of its colour, so its turn may be
        # missed (or taken from the table's grain): a few turns around the one found, and
        # around the row's, are tried, and the best fit is kept.
        hero = villain = -1.0
        best = a
        for base in bases:
            for turn in config["rescue_turns"]:
                h = _best(config, profile, frame, at, base + turn, side, 1)
                v = _best(config, profile, frame, at, base + turn, side, -1)
                if max(h, v) > max(hero, villain):
                    hero, villain, best = h, v, base + turn
        top, other = max(hero, villain), min(hero, villain)
        if top < config["rescue_score"] or top - other < config["min_margin"]:
            continue
        colour = colours.heroes if hero > villain else colours.villains
        added.append(_tile_blob(at, best, side, colour))
    return added


def _turns(frame, at, angle: float, side: float, wider: float) -> list[float]:
    """The turns to try a rescued tile at: its own (from its edges, near the tiles' usual
    `angle`), then the usual one. Its edges are looked for within `describe.refine_angle`'s
    ±8° of where it starts, but two tiles of a row can differ by twice the render's ±6° (and
    `angle` is the median of both rows' tiles): where none is found near `angle`, it is looked
    for `wider` degrees either side of it too (0: not; seed 771001, scene 56: a tile in shadow
    8.3° from the median turn)."""
    a = refine_angle(frame, at, angle, side)
    found = [a] if a != angle else []
    if not found and wider > 0:
        for start in (angle - wider, angle + wider):
            t = refine_angle(frame, at, start, side)
            if t != start and all(abs(t - f) > 1.0 for f in found):
                found.append(t)
    out = found or [angle]
    return out + ([angle] if all(abs(angle - f) > 1.0 for f in out) else [])


def _starts(blob: Blob, side: float) -> list[tuple[float, float]]:
    """Where to look for tiles in a piece: its centre, or across a piece longer than a tile
    (several hidden tiles run together, or a tile with a shadow's edge) every 0.7 sides."""
    if max(blob.size) <= 1.4 * side:
        return [blob.center]
    pts = blob.pixels
    lo, hi = pts.min(0), pts.max(0)
    step = 0.7 * side
    xs = np.arange(lo[0] + step / 2, hi[0], step)
    ys = np.arange(lo[1] + step / 2, hi[1], step)
    out = []
    for x in xs:
        for y in ys:
            d = np.hypot(pts[:, 0] - x, pts[:, 1] - y)
            if (d < 0.35 * side).any():
                out.append((float(x), float(y)))
    return out


def _outside(blob: Blob, tiles: list[Blob], side: float) -> Blob:
    """The part of `blob` outside every tile of `tiles` (the blob itself when all is out)."""
    keep = np.ones(len(blob.pixels), bool)
    for t in tiles:
        tt = np.deg2rad(t.angle)
        rel = blob.pixels - np.float32(t.center)
        u = rel @ np.float32([np.cos(tt), np.sin(tt)])
        v = rel @ np.float32([-np.sin(tt), np.cos(tt)])
        keep &= ~((np.abs(u) <= side * 0.6) & (np.abs(v) <= side * 0.6))
    if keep.all():
        return blob
    share = float(keep.mean())
    if not keep.any():
        return replace(blob, area=0.0)
    pts = blob.pixels[keep]
    (cx, cy), (w, h), _ = cv2.minAreaRect(pts)
    # Never tile-shaped: what is left of a piece is not a tile of its own.
    return replace(
        blob, center=(float(cx), float(cy)), size=(float(w), float(h)), area=blob.area * share,
        fill=0.0, hull_fill=0.0, pixels=pts,
    )  # fmt: skip
