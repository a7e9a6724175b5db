"""From blobs on the table to the two tile rows, left to right, or the reason they can't be read.

A row is a line of tiles of one colour (POW-3: heroes blue, villains orange, POW-1). A tile of
a row's colour far from its line lies elsewhere (a player's stack) and is ignored; anything
else near a row — a hand, a die, a tile half out of line — makes the frame unreadable, because
a hidden tile would silently shorten the row (POW-13 counts only the tiles still there).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import cv2
import numpy as np

from .find import Blob, Found, clean, hue_chroma, is_tile_shape

HEROES, VILLAINS = "heroes", "villains"
ROW_NAMES = {HEROES: "hero", VILLAINS: "villain"}


@dataclass(frozen=True)
class TileColours:
    """The printed colours of both kinds of tile, as Lab (L, a*, b*) medians taught at setup."""

    heroes: tuple[float, float, float]
    villains: tuple[float, float, float]


@dataclass(frozen=True)
class Rows:
    heroes: tuple[Blob, ...]  # left to right
    villains: tuple[Blob, ...]
    side: float | None
    problem: str | None  # why the rows can't be read, None when they can
    # Per row read: its name, a point on its line, its unit direction, and from that point how
    # far along it a tile of the row could lie (lo, hi px): where a hidden tile could be.
    spans: tuple[tuple[str, np.ndarray, np.ndarray, float, float], ...] = ()
    # Tiles of a row whose colour is the row's only in the frame's own white balance
    # (`in_frame_balance`): the reader trusts them only on a close match.
    recoloured: tuple[Blob, ...] = ()


def colour_of(config: Mapping[str, Any], blob: Blob, colours: TileColours) -> str | None:
    """HEROES / VILLAINS when the blob's colour is a taught tile colour, else None.

    Judged on the whole blob's median first; where that is no taught colour, on its outer
    band (`Blob.ground`): a tile's art of another colour can outweigh its printed ground (a
    green crest filling most of a blue hero, foreign boxes 21 and 23), but its ground still
    shows between its rim and its art.
    """
    kind = _taught(config, blob.colour, colours)
    if kind is None and blob.ground is not None:
        kind = _taught(config, blob.ground, colours)
    return kind


def _taught(config: Mapping[str, Any], colour, colours: TileColours) -> str | None:
    """HEROES / VILLAINS when a Lab colour is a taught tile colour, else None."""
    hue, chroma = hue_chroma(colour)
    best, best_d = None, config["hue_tolerance"]
    for name, ref in ((HEROES, colours.heroes), (VILLAINS, colours.villains)):
        rhue, rchroma = hue_chroma(ref)
        d = abs((hue - rhue + 180) % 360 - 180)
        if d <= best_d and chroma >= config["min_chroma"] * rchroma:
            best, best_d = name, d
    return best


def _lab_to_bgr(lab) -> np.ndarray:
    """Lab colours (K×3, L 0..100, a* and b* around 0) as BGR floats 0..1 (OpenCV's sRGB)."""
    return cv2.cvtColor(np.float32(lab).reshape(-1, 1, 3), cv2.COLOR_Lab2BGR).reshape(-1, 3)


def in_frame_balance(
    config: Mapping[str, Any],
    blobs: tuple[Blob, ...],
    kinds: list[str | None],
    shaped: list[bool],
    colours: TileColours,
) -> list[str | None]:
    """`kinds` with each tile-shaped blob of neither colour judged again in the frame's own
    white balance: the per-channel gains that take the taught colours of both rows to the
    colours their tiles show in this frame (a least-squares fit through zero over the two rows).

    A cast of the light or of the table (green felt) turns every tile's hue alike, but a tile
    whose art fills much of it in another colour turns further: its median mixes the row's
    colour with the art's (foreign box 13 scene 3: a "+4" with a large green shield on blue
    read at hue -146°, 63° from the taught blue, while its row showed -105…-114° and the
    same tile -90° at teach; "something covers the hero row", a whole scene refused). Undone
    by the gains the other tiles show, it reads -103°. Only tiles already told apart by their
    colour measure the cast, and both rows must show one: a row alone would fit any colour to
    its own. A blob that matches no taught colour even then is left as it was. A die on a
    tile mixes the die's colour with the tile's as the art does, so the reader trusts a tile
    admitted so only on a close match (`Rows.recoloured`, read.py).
    """
    doubtful = [i for i, (k, sq) in enumerate(zip(kinds, shaped, strict=True)) if k is None and sq]
    if not doubtful:
        return kinds
    seen, taught = [], []
    for kind, ref in ((HEROES, colours.heroes), (VILLAINS, colours.villains)):
        labs = [b.colour for b, k, sq in zip(blobs, kinds, shaped, strict=True) if k == kind and sq]
        if not labs:
            return kinds
        seen.append(np.median(labs, 0))
        taught.append(ref)
    obs, ref = _lab_to_bgr(seen), _lab_to_bgr(taught)
    gains = (obs * ref).sum(0) / np.maximum((ref * ref).sum(0), 1e-6)
    if not np.all(gains > 1e-3):
        return kinds
    out = list(kinds)
    for i in doubtful:
        # As `colour_of`: the whole colour first, then the ground round the art.
        for seen_as in (blobs[i].colour, blobs[i].ground):
            if seen_as is None or out[i] is not None:
                continue
            bgr = np.clip(_lab_to_bgr([seen_as]) / gains, 0, 1)
            lab = cv2.cvtColor(bgr.reshape(1, 1, 3), cv2.COLOR_BGR2Lab).reshape(3)
            out[i] = _taught(config, (float(lab[0]), float(lab[1]), float(lab[2])), colours)
    return out


@lru_cache(maxsize=64)
def _pairs(n: int) -> tuple[np.ndarray, np.ndarray]:
    """`np.triu_indices(n, 1)`, read only, made once per count (70 us a call, issue #7)."""
    i, j = np.triu_indices(n, 1)
    i.setflags(write=False)
    j.setflags(write=False)
    return i, j


def _fit_line(
    points: np.ndarray, side: float, config: Mapping[str, Any], other: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """(point, unit direction pointing to +x) of the line through most points (a row).

    Tried through every pair of points (rows hold at most a dozen tiles). Each point within
    `in_line` sides of a line counts for it by how closely it lies: 1 on the line, less the
    square of its distance over `row_fit` sides, nothing beyond. Counted whole within
    `in_line`, a line tilted 16° through a taken tile lying loose 190 px below the row and two
    of the row's tiles held four tiles against the row's own line's three (foreign box 29
    scene 46: the loose "−2" read as the row's first tile, POW-13); it passes the other two
    0.28 and 0.45 sides off. The two rows lie side by side (POW-3): a line also gets the share
    of the `other` row's tiles that a line parallel to it holds (`_parallel`), times
    `row_parallel`, so that a row of two tiles beside a loose one is not a coin toss between
    the row and a line through the loose tile. Under a tile's worth: a whole one chose the
    line through two tiles of a row laid 10° askew, parallel to the other row, over the
    row's own line through its far tile (tests/vision/test_tiles_rows.py). The best line is
    refitted to the points within `in_line`.
    """
    limit = np.tan(np.deg2rad(config["max_row_angle"]))
    pts = np.asarray(points, float)
    i, j = _pairs(len(pts))
    dirs = pts[j] - pts[i]
    ok = (np.abs(dirs[:, 0]) > 1e-6) & (np.abs(dirs[:, 1]) <= limit * np.abs(dirs[:, 0]))
    anchors, dirs = pts[i][ok], dirs[ok]
    if not len(dirs):
        anchors, dirs = pts[:1], np.array([[1.0, 0.0]])
    dirs = dirs / np.linalg.norm(dirs, axis=1, keepdims=True)
    normals = np.stack([-dirs[:, 1], dirs[:, 0]], 1)
    # Every candidate line against every point at once: K lines × N points.
    res = np.abs(np.einsum("kni,ki->kn", pts[None, :, :] - anchors[:, None, :], normals))
    inl = res < config["in_line"] * side
    held = np.where(inl, np.maximum(0.0, 1.0 - (res / (config["row_fit"] * side)) ** 2), 0.0)
    parallel = config["row_parallel"] * _parallel(normals, other, side, config)
    k = int(np.argmax(held.sum(1) + parallel))
    p, d, inl = anchors[k], dirs[k], inl[k]
    if inl.sum() >= 2:
        sel = pts[inl]
        mean = sel.mean(0)
        _, _, vt = np.linalg.svd(sel - mean)
        d2 = vt[0]
        if abs(d2[1]) < limit * abs(d2[0]):
            p, d = mean, d2
    d = d if d[0] >= 0 else -d
    return np.asarray(p, float), np.asarray(d, float)


def _parallel(
    normals: np.ndarray, other: np.ndarray | None, side: float, config: Mapping[str, Any]
) -> np.ndarray:
    """Per line direction (K unit normals): the share (0..1) of the `other` row's tiles (M×2
    centres) that one line of that direction through the best of them holds, each counted as
    in `_fit_line` but within `in_line` sides (the two rows need not be exactly parallel in
    the picture: the camera's perspective, tiles laid by hand). 0 for every direction with no
    other tiles, and 1 with one: no direction is told from another then."""
    if other is None or not len(other):
        return np.zeros(len(normals))
    off = np.asarray(other, float) @ normals.T  # M tiles × K directions
    gap = np.abs(off[:, None, :] - off[None, :, :])  # through tile a × tile b × direction
    held = np.maximum(0.0, 1.0 - (gap / (config["in_line"] * side)) ** 2).sum(1)
    return held.max(0) / len(other)


def _pitch(config, rows: dict[str, tuple[Blob, ...]], lines: dict, side: float) -> float:
    """The longest the rows' pitch (tile centre to centre as laid out) can be, from the gaps
    between tiles seen: how far a hidden tile can lie (`_reach`).

    A gap left by taken tiles is a whole number of pitches, so the pitch is a length (at
    least a tile side: tiles do not overlap) that every gap is nearly a multiple of. The one
    they fit best splits the worst misfit between the gaps that disagree most; but one gap can
    be wrong alone: a tile cut short by a hand has its blob's centre off its own (own seed
    271828, a drawn wood-coloured arm over three quarters of a row's end "-4" and a quarter
    of the "-2" beside it: the "-2" cut 62 px wide, its gap to the next 76 px where the others
    were 88-94; the best fit, 85.8 px, fell short of the 90 laid, and eleven of them put the
    hidden "-4" 7 px past where the row could reach: read "ok" a tile short). Any pitch every
    gap fits within twice the best fit's misfit could be the one laid (the best fit with its
    worst gap taken as exact), and the longest of them is returned.
    """
    steps = []
    for kind, row in rows.items():
        if kind in lines and len(row) > 1:
            p, d = lines[kind]
            steps.extend(np.diff(sorted(float((np.array(b.center) - p) @ d) for b in row)))
    if not steps:
        return config["max_pitch"] * side
    steps_a = np.array(steps)
    candidates = np.arange(side, config["max_pitch"] * side, 0.5)
    # Every candidate at once (the same operations element by element as one at a time).
    c = candidates[:, None]
    err = np.abs(steps_a - np.maximum(1, np.round(steps_a / c)) * c).max(1)
    best = int(np.argmin(err))
    if err[best] > 0.25 * side:  # no pitch explains the gaps: assume the longest
        return config["max_pitch"] * side
    return float(candidates[np.flatnonzero(err <= 2 * err[best])].max())


def _far_row(config, rows: dict[str, tuple[Blob, ...]], lines: dict, side: float) -> str | None:
    """The row none of whose tiles lies within `row_spacing` sides of the other row's line (the
    two are laid side by side, POW-3), the one with fewer tiles (either, when both are as
    short), or None."""
    if len(lines) < 2:
        return None
    far = []
    for kind, other in ((HEROES, VILLAINS), (VILLAINS, HEROES)):
        p, d = lines[other]
        off = np.abs((np.array([b.center for b in rows[kind]]) - p) @ np.array([-d[1], d[0]]))
        if off.min() > config["row_spacing"] * side:
            far.append(kind)
    if not far:
        return None
    return min(far, key=lambda k: len(rows[k]))


def _reach(row: tuple[Blob, ...], line, laid: int, pitch: float, side: float) -> float:
    """How far beyond its end tiles a row's hidden tiles could lie (px along the row).

    The row as laid out was `laid` tiles at one pitch; the tiles seen already span part of
    that, so the rest can reach only the remaining length past either end.
    """
    if line is None or not row:
        return 0.0
    p, d = line
    along = [float((np.array(b.center) - p) @ d) for b in row]
    return max(0.0, (laid - 1) * pitch - (max(along) - min(along))) + 0.5 * side


def _within(pixels: np.ndarray, tiles: tuple[Blob, ...], side: float) -> np.ndarray:
    """Which of `pixels` (N×2) lie on one of `tiles` (a square of `side` at its centre and turn)."""
    inside = np.zeros(len(pixels), bool)
    half = 0.5 * side
    if not len(pixels):
        return inside
    # A tile whose square lies wholly clear of the pixels' bounding box holds none of them:
    # its centre farther from the box than its corners reach (half·√2, with room to spare for
    # rounding) is skipped, which leaves the answer as it was and saves most of the tiles.
    lo, hi = pixels.min(0), pixels.max(0)
    reach = 1.5 * half
    for t in tiles:
        cx, cy = t.center
        if (cx < lo[0] - reach or cx > hi[0] + reach or cy < lo[1] - reach
                or cy > hi[1] + reach):  # fmt: skip
            continue
        inside |= on_square(pixels, t, half)
    return inside


def on_square(pixels: np.ndarray, tile: Blob, half: float) -> np.ndarray:
    """Which of `pixels` (N×2) lie within the square of half-side `half` around `tile`, turned
    as it is."""
    a = np.deg2rad(tile.angle)
    rel = pixels - np.float32(tile.center)
    u = rel @ np.float32([np.cos(a), np.sin(a)])
    v = rel @ np.float32([-np.sin(a), np.cos(a)])
    return (np.abs(u) <= half) & (np.abs(v) <= half)


def _crowded(bits: list[tuple[np.ndarray, float]], side: float, least: float) -> float | None:
    """Where along a row one tile's length holds at least `least` px of the pieces `bits`
    (positions along the row, px each stands for), or None."""
    at, held = _densest(bits, side)
    return at if held >= least else None


def _densest(bits: list[tuple[np.ndarray, float]], side: float) -> tuple[float, float]:
    """Where along a row one tile's length holds the most px of the pieces `bits`, and how many."""
    bits = [b for b in bits if len(b[0])]
    if not bits:
        return 0.0, 0.0
    u = np.concatenate([b[0] for b in bits])
    w = np.concatenate([np.full(len(b[0]), b[1]) for b in bits])
    order = np.argsort(u)
    u, total = u[order], np.cumsum(w[order])
    end = np.searchsorted(u, u + side, side="right") - 1
    held = total[end] - total + w[order]
    i = int(np.argmax(held))
    return float(u[i] + side / 2), float(held[i])


def where_along(rows: Rows, kind: str, p: np.ndarray, d: np.ndarray, at: float) -> str:
    """ "before tile 1" / "after tile k" of a place `at` px along row `kind`'s line from `p`."""
    tiles = rows.heroes if kind == HEROES else rows.villains
    return _where([float((np.array(b.center) - p) @ d) for b in tiles], at)


def _where(along: list[float], at: float) -> str:
    """ "before tile 1" / "after tile k" of a place `at` px along a row whose tiles lie
    `along` px on the same line."""
    k = sum(1 for a in along if a < at)
    return "before tile 1" if k == 0 else f"after tile {k}"


def _unprinted(config: Mapping[str, Any], blob: Blob, row: tuple[Blob, ...]) -> bool:
    """Is `blob` blank where the tiles of `row` are printed: its brightness spread
    (`Blob.contrast`) under `min_print_share` of theirs (the median)? False when either is
    not known."""
    if config["min_print_share"] <= 0 or not row or blob.contrast is None:
        return False
    theirs = [b.contrast for b in row if b.contrast is not None]
    if not theirs:
        return False
    return blob.contrast < config["min_print_share"] * float(np.median(theirs))


def find_rows(
    config: Mapping[str, Any],
    found: Found,
    colours: TileColours,
    laid_out: tuple[int, int] = (12, 12),
) -> Rows:
    """The two rows left to right, or a problem saying why they can't be told apart.

    `laid_out` is how many tiles each row had at setup: a hidden tile can lie anywhere the
    row could still reach, that many tiles long minus those seen.
    """
    side = found.side
    if side is None:
        return Rows((), (), None, "no tiles seen on the table")
    tiles: dict[str, list[Blob]] = {HEROES: [], VILLAINS: []}
    others: list[Blob] = []
    unknown: list[Blob] = []  # tile-shaped, but neither taught colour
    kinds = [colour_of(config, b, colours) for b in found.blobs]
    shaped = [is_tile_shape(config, b, side) == 1 for b in found.blobs]
    balanced = in_frame_balance(config, found.blobs, kinds, shaped, colours)
    recoloured = tuple(
        b for b, k, k2 in zip(found.blobs, kinds, balanced, strict=True) if k is None and k2
    )
    kinds = balanced
    ok = clean(found.blobs, [k is not None and t for k, t in zip(kinds, shaped, strict=True)])
    for blob, kind, square, tile in zip(found.blobs, kinds, shaped, ok, strict=True):
        if tile:
            tiles[kind].append(blob)
        elif blob.area >= config["min_cover_area"] * side * side:
            others.append(blob)
            if kind is None and square:
                unknown.append(blob)
    if not tiles[HEROES] and not tiles[VILLAINS]:
        return Rows((), (), side, "no tiles seen on the table")

    rows: dict[str, tuple[Blob, ...]] = {}
    lines: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    half_out: dict[str, list[Blob]] = {}
    centres = {
        kind: np.array([b.center for b in blobs]).reshape(-1, 2) for kind, blobs in tiles.items()
    }
    for kind, blobs in tiles.items():
        if not blobs:
            rows[kind] = ()
            continue
        pts = centres[kind]
        p, d = _fit_line(pts, side, config, centres[VILLAINS if kind == HEROES else HEROES])
        normal = np.array([-d[1], d[0]])
        res = np.abs((pts - p) @ normal)
        members = [b for b, r in zip(blobs, res, strict=True) if r < config["in_line"] * side]
        members.sort(key=lambda b: float((np.array(b.center) - p) @ d))
        rows[kind] = tuple(members)
        lines[kind] = (p, d)
        # Tiles not in the row but far from it are elsewhere (a stack): they go with the others
        # only if they reach back into a row, which the check below catches.
        others.extend(b for b, r in zip(blobs, res, strict=True) if r >= config["stray"] * side)
        half_out[kind] = [
            b for b, r in zip(blobs, res, strict=True)
            if config["in_line"] * side <= r < config["stray"] * side
        ]  # fmt: skip

    far = _far_row(config, rows, lines, side)
    if far is not None:
        # A "row" no tile of which lies within `row_spacing` of the other row is not laid beside
        # it (POW-3): one tile there is a taken tile lying loose while its row is empty (foreign
        # boxes 10, 15, 17, 20 drawn with every tile of a row taken: the loose tile was read as
        # the row, "ok"). More than one can't be told from a row, nor one from a row of one.
        if len(rows[far]) > 1 or len(rows[VILLAINS if far == HEROES else HEROES]) == 1:
            return Rows((), (), side, "the hero and villain rows lie too far apart to be told "
                        "from tiles taken and put aside (POW-3)")  # fmt: skip
        others.extend(rows[far])
        others.extend(half_out.pop(far))
        rows[far] = ()
        del lines[far]

    counts = dict(zip((HEROES, VILLAINS), laid_out, strict=True))
    pitch = _pitch(config, rows, lines, side)
    reach = {k: _reach(rows[k], lines.get(k), counts[k], pitch, side) for k in rows}
    # A tile half out of line where a tile of its row could lie is the row's, pushed: ask. Past
    # where the row as laid out can reach it is no tile of the row (a card of the row's colour
    # cut into two "tiles" beyond the row's end, seed 577215), and goes with the others.
    for kind, strays in half_out.items():
        p, d = lines[kind]
        along = [float((np.array(b.center) - p) @ d) for b in rows[kind]]
        lo, hi = min(along) - reach[kind], max(along) + reach[kind]
        for b in strays:
            if lo < float((np.array(b.center) - p) @ d) < hi:
                if _unprinted(config, b, rows[kind]):
                    # A square of the table's own check in the row's colour (a blue gingham
                    # under heroes: own seed 112358 scene 170, light checks a side above the
                    # row, brightness spread 0.9-1.0 against the row's tiles' 27-58): no
                    # tile. It still covers a row wherever it reaches over one.
                    others.append(b)
                    continue
                return Rows((), (), side, f"a {ROW_NAMES[kind]} tile lies out of its row")
            others.append(b)
    # A row with no whole tile seen: something beside the other row may be that row, not made
    # out (in shadow, too close to the table's colour) — not an emptied row.
    for kind in (HEROES, VILLAINS):
        other = VILLAINS if kind == HEROES else HEROES
        if rows[kind] or other not in lines:
            continue
        p, d = lines[other]
        normal = np.array([-d[1], d[0]])
        along = [float((np.array(b.center) - p) @ d) for b in rows[other]]
        for b in others:
            # Not only blobs of the row's colour: a row lost against a table of its own colour
            # may show only its characters' colours.
            # A tile of the other row's colour is that row's (out of line, a stack); a larger
            # piece of its colour is not: a band of shadow on a table of that colour can hold
            # this row's tiles, cut with it into pieces that are no tiles (see `clean`).
            if colour_of(config, b, colours) == other and is_tile_shape(config, b, side) == 1:
                continue
            # Judged by all of it, not its centre: a hand over the hidden row's last tile,
            # its arm running off the frame, joins the whole row into one blob whose centre
            # lies far from the rows (box 116 #6: ten heroes and a hand, 842x397 px, its
            # centre 3.8 sides from the villain row) and the frame was read "ok", no heroes.
            c = np.vstack([b.pixels.reshape(-1, 2), np.array(b.center)[None]]) - p
            across, on = np.abs(c @ normal), c @ d
            if np.any(
                (across < config["row_spacing"] * side)
                & (min(along) - reach[other] < on)
                & (on < max(along) + reach[other])
            ):
                return Rows(
                    rows[HEROES], rows[VILLAINS], side,
                    f"the {ROW_NAMES[kind]} row can't be made out (covered, in shadow, or too "
                    "close to the table's colour?)",
                )  # fmt: skip

    if len(lines) == 2:
        (ph, dh), (pv, _) = lines[HEROES], lines[VILLAINS]
        gap = abs(float((pv - ph) @ np.array([-dh[1], dh[0]])))
        if gap < 0.7 * side:
            return Rows((), (), side, "the hero and villain rows can't be told apart")

    for kind, (p, d) in lines.items():
        normal = np.array([-d[1], d[0]])
        along = [float((np.array(b.center) - p) @ d) for b in rows[kind]]
        lo, hi = min(along) - reach[kind], max(along) + reach[kind]
        for other_kind in (HEROES, VILLAINS):
            if other_kind == kind:
                continue
            for b in rows[other_kind]:
                c = np.array(b.center) - p
                if abs(c @ normal) < config["in_line"] * side and lo < c @ d < hi:
                    return Rows((), (), side, "the hero and villain rows can't be told apart: "
                                f"a {ROW_NAMES[other_kind]} tile lies in the {ROW_NAMES[kind]} row")  # fmt: skip
        bits: list[tuple[np.ndarray, float]] = []  # pieces of the row's colour over it
        scraps: list[tuple[np.ndarray, float]] = []  # anything not table over it
        if len(found.specks):
            rel = found.specks - p
            off = np.abs(rel @ normal)
            near = (
                (off < config["cover_band"] * side)
                | ((off < config["speck_band"] * side) & found.speck_clear)
            ) & ((rel @ d > lo) & (rel @ d < hi))
            near &= ~_within(found.specks, rows[HEROES] + rows[VILLAINS], side)
            scraps.append(((rel @ d)[near], found.speck_px))
        for b in others:
            if b.clear_share < config["faint_share"]:
                continue  # a light patch of the table, not on it (`faint_clear`)
            rel = b.pixels - p
            # Over the middle of where a tile of the row would be, not merely beside the row
            # (a shadow along the row's edge hides nothing).
            near = (np.abs(rel @ normal) < config["cover_band"] * side) & (
                (rel @ d > lo) & (rel @ d < hi)
            )
            # Within a tile of the rows it is that tile's own printing, cut off from it by
            # parts printed in the table's colour (its number at a corner): the tile's match
            # judges it (and refuses a die or a finger on it), it hides no tile.
            near &= ~_within(b.pixels, rows[HEROES] + rows[VILLAINS], side)
            if near.any() and colour_of(config, b, colours) == kind:
                bits.append(((rel @ d)[near], b.area / max(len(b.pixels), 1)))
            scraps.append(((rel @ d)[near], b.area / max(len(b.pixels), 1)))
            if near.sum() / max(len(b.pixels), 1) * b.area >= config["min_cover_area"] * side**2:
                at = float(np.median((rel @ d)[near]))
                where = _where(along, at)
                seen_as = colour_of(config, b, colours)
                if seen_as == kind:
                    what = (
                        f"a tile of the {ROW_NAMES[kind]} row {where} can't be made out (half "
                        "covered, in shadow, or too close to the table's colour?)"
                    )
                elif seen_as is not None and is_tile_shape(config, b, side) == 1:
                    what = (
                        "the hero and villain rows can't be told apart: a "
                        f"{ROW_NAMES[seen_as]} tile lies in the {ROW_NAMES[kind]} row {where}"
                    )
                else:
                    what = f"something covers the {ROW_NAMES[kind]} row {where} (a hand, a die?)"
                return Rows(rows[HEROES], rows[VILLAINS], side, what)
        # Slivers of the row's colour in one tile's place, each too small to count, together
        # are a tile showing between the fingers of a hand the table's colour hides.
        at = _crowded(bits, side, config["min_cover_area"] * side**2)
        if at is not None:
            where = _where(along, at)
            return Rows(
                rows[HEROES], rows[VILLAINS], side,
                f"a tile of the {ROW_NAMES[kind]} row {where} can't be made out (pieces of it "
                "show: covered?)",
            )  # fmt: skip
        # Anything not table in one tile's place, specks included: a hand the table's colour
        # (wood-brown skin on wood) is table to the mask, and the tile it hides nearly whole
        # shows only as specks at its edges and between the fingers, each too small for a blob
        # (issue #7, seed 271828: such a row was read a tile short).
        at, held = _densest(scraps, side)
        if held >= config["min_hidden_area"] * side**2:
            where = _where(along, at)
            return Rows(
                rows[HEROES], rows[VILLAINS], side,
                f"something covers the {ROW_NAMES[kind]} row {where} (a hand, a die?)",
            )  # fmt: skip
    # A tile-shaped thing of neither colour beside a row may be a row's tile in a light the
    # teach frame did not show (a whole row can go missing that way): ask, don't guess.
    for kind, (p, d) in lines.items():
        normal = np.array([-d[1], d[0]])
        along = [float((np.array(b.center) - p) @ d) for b in rows[kind]]
        for b in unknown:
            c = np.array(b.center) - p
            # Near a row's line, as for tiles of its colour (`stray`); a row lost whole is
            # caught above by the check for a row with no tile seen.
            if abs(c @ normal) < config["stray"] * side and (
                min(along) - reach[kind] < c @ d < max(along) + reach[kind]
            ):
                return Rows(
                    rows[HEROES], rows[VILLAINS], side,
                    "a tile beside the rows is neither the taught blue nor orange (has the light "
                    "changed since teach?)",
                )  # fmt: skip

    spans = []
    for kind, (p, d) in lines.items():
        along = [float((np.array(b.center) - p) @ d) for b in rows[kind]]
        spans.append((kind, p, d, min(along) - reach[kind], max(along) + reach[kind]))
    return Rows(rows[HEROES], rows[VILLAINS], side, None, tuple(spans), recoloured)
