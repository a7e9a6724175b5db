"""The teach step: a folder per face (named after it) of images of dice showing that face
-> a `DiceProfile`.

Teach images are found without any prior knowledge of the dice: the table is what the image
border shows, the die body is the commonest colour that is not table, dice are the squares of
that colour. From the dice found it learns the body colour against the table (with plausible
lighting changes added, so a shift in exposure or white balance still reads), the die size,
and face templates. An image of one die filling the picture (a crop) is taken as that die.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from .config import dice_config
from .errors import BadProfile
from .faces import descriptor, face_patch, left_out_distances, print_contrast
from .finder import (
    Candidate,
    blob_top,
    colour_codes,
    describe_cuts,
    die_mask,
    find_dice,
    holds_print,
    top_in_crop,
)
from .images import load_bgr
from .profile import BINS, DiceProfile
from .reader import placed_from, searched

IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp"}
_SHIFT = 8 - int(np.log2(BINS))
TABLE_WEIGHT = 1.0


@dataclass(frozen=True)
class TaughtDie:
    center: tuple[float, float]
    side: float
    angle: float
    body: tuple[float, float, float]  # BGR


def _bins(pixels: np.ndarray) -> np.ndarray:
    p = np.clip(pixels, 0, 255).astype(np.int32) >> _SHIFT
    return (p[:, 0] * BINS + p[:, 1]) * BINS + p[:, 2]


def _hist(pixels: np.ndarray) -> np.ndarray:
    return (
        np.bincount(_bins(pixels), minlength=BINS**3).astype(np.float64).reshape(BINS, BINS, BINS)
    )


def _smooth(h: np.ndarray, sigma: float) -> np.ndarray:
    r = max(1, int(np.ceil(2.5 * sigma)))
    k = np.exp(-0.5 * (np.arange(-r, r + 1) / sigma) ** 2)
    k /= k.sum()
    for axis in range(3):
        h = np.apply_along_axis(lambda v: np.convolve(v, k, mode="same"), axis, h)
    return h


def _squared_from(pixels: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """Each pixel's (N×3 uint8) squared distance from a colour bin's middle (`colour`: a
    whole number in each channel, bins being 256 / BINS = 16 levels wide), in whole numbers,
    one table look-up a channel. Under 48² exactly where np.linalg.norm of the difference as
    floats is under 48: each square and sum is a whole number well under 2**53 (exact in any
    order) and the root of 48² is 48 (issue #6: that norm over a teach picture's million
    pixels, once a body colour, took a seventh of a teach)."""
    levels = np.arange(256, dtype=np.int64)
    out = np.zeros(len(pixels), np.int64)
    for ch in range(3):
        out += ((levels - int(colour[ch])) ** 2)[pixels[:, ch]]
    return out


def find_teach_dice(img: np.ndarray, blob_tops: bool = False) -> tuple[list[TaughtDie], np.ndarray]:
    """Dice in a teach image (BGR uint8), and the mask of everything that is not table.

    With `blob_tops`, each blob of what is not table that holds no die the colour cut found is
    cut at its top as the reader cuts a die seen obliquely (`_blob_tops`): the teach's second
    try at a face it found no die of (`_looked_again`)."""
    h, w = img.shape[:2]
    b = max(4, int(0.06 * min(h, w)))
    border = np.concatenate(
        [
            img[:b].reshape(-1, 3),
            img[-b:].reshape(-1, 3),
            img[:, :b].reshape(-1, 3),
            img[:, -b:].reshape(-1, 3),
        ]
    )
    # The table as the border shows it, a little lighter and darker too (uneven light).
    gains = np.array([0.75, 0.85, 1.0, 1.15, 1.3], np.float32)[:, None, None]
    table = _smooth(_hist((border[None].astype(np.float32) * gains).reshape(-1, 3)), 0.6)
    table /= table.max()
    flat = img.reshape(-1, 3)
    bins = _bins(flat)
    fg = (table.reshape(-1)[bins] < 0.02).reshape(h, w)
    dice: list[TaughtDie] = []
    taken = np.zeros((h, w), bool)
    min_side = max(12.0, 0.02 * min(h, w))
    for _ in range(4):  # up to four body colours in one picture (dice of several colours)
        free = fg & ~taken
        if free.sum() < min_side**2:
            break
        coarse = _smooth(_hist(flat[free.reshape(-1)]), 0.7)
        mode = np.array(np.unravel_index(int(coarse.argmax()), coarse.shape), float)
        body = (mode + 0.5) * (256 / BINS)
        near = (_squared_from(flat, body) < 48**2).reshape(h, w) & free
        m = near.astype(np.uint8)
        m = cv2.morphologyEx(m, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        contours, _ = cv2.findContours(m, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        found = []
        for c in contours:
            area = cv2.contourArea(c)
            if area < min_side**2:
                continue
            (cx, cy), (rw, rh), angle = cv2.minAreaRect(c)
            if max(rw, rh) / max(min(rw, rh), 1) > 1.25 or area / max(rw * rh, 1) < 0.8:
                continue
            # A die face carries a print (a symbol, pips): holes in its body colour. A square
            # of plain colour (a check of the tablecloth) is not a die.
            x, y, bw, bh = cv2.boundingRect(c)
            filled = np.zeros((bh, bw), np.uint8)
            cv2.drawContours(filled, [c - (x, y)], -1, 1, -1)
            if not holds_print(m[y : y + bh, x : x + bw], filled):
                continue
            found.append((c, TaughtDie((cx, cy), float(np.sqrt(rw * rh)), angle, tuple(body))))
        if found:
            sides = np.array([d.side for _, d in found])
            med = np.median(sides)
            for c, d in found:
                if 0.75 * med <= d.side <= 1.3 * med:
                    dice.append(d)
                    cv2.drawContours(taken.view(np.uint8), [c], -1, 1, -1)
        # This colour is used up either way.
        taken |= near
    if blob_tops:
        dice += _blob_tops(img, fg, dice, min_side)
    if not dice:
        # A crop of one die: the die fills the picture.
        ring = np.concatenate(
            [img[b : 2 * b, b:-b].reshape(-1, 3), img[-2 * b : -b, b:-b].reshape(-1, 3)]
        )
        body = tuple(float(v) for v in np.median(ring, axis=0))
        dice = [TaughtDie((w / 2 - 0.5, h / 2 - 0.5), 0.96 * min(h, w), 0.0, body)]
        fg = np.ones((h, w), bool)
    return dice, fg


def _blob_tops(
    img: np.ndarray, fg: np.ndarray, dice: list[TaughtDie], min_side: float
) -> list[TaughtDie]:
    """Dice the colour cut missed: each blob of what is not table that holds no die found so
    far, its top face cut out as the reader cuts a die seen obliquely (vision.finder.blob_top:
    the largest printed square of one of its commonest colours), about the size of the
    picture's other dice (as the colour cut keeps a colour's dice).

    A small dark die seen obliquely shows two side faces a little darker than its top, which
    together hold more pixels than the top's plain body: the commonest colour is the sides',
    and within the colour cut's reach of it lie the sides and half the top, a blob neither
    square nor printed (foreign outline 76, slate dice of 29-33 px: no die found in either
    picture of the skull, five dice on plain felt). And a top seen obliquely is longer than
    the colour cut's squares (1.0-1.4 there)."""
    m = cv2.morphologyEx(fg.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(m, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    tops = []
    for c in contours:
        if cv2.contourArea(c) < min_side**2:
            continue
        if any(cv2.pointPolygonTest(c, d.center, False) >= 0 for d in dice):
            continue
        top = blob_top(img, c, 1.0)
        if top is not None:
            tops.append(top)
    if not tops:
        return []
    med = float(np.median([d.side for d in dice] + [t.side for t in tops]))
    return [
        TaughtDie(t.center, t.side, t.angle, _top_colour(img, t))
        for t in tops
        if 0.75 * med <= t.side <= 1.3 * med
    ]


def _top_colour(img: np.ndarray, top: Candidate) -> tuple[float, float, float]:
    """A top face's body colour: the commonest colour inside it (as vision.finder's
    `_oblique_top` tries a blob's colours), its median."""
    box = cv2.boxPoints((top.center, (0.8 * top.side,) * 2, top.angle)).astype(np.int32)
    inside = np.zeros(img.shape[:2], np.uint8)
    cv2.fillPoly(inside, [box], 1)
    px = img[inside.astype(bool)]
    codes = colour_codes(px)
    common = int(np.bincount(codes).argmax())
    return tuple(float(v) for v in np.median(px[codes == common], axis=0))


def _body_pixels(img: np.ndarray, die: TaughtDie) -> np.ndarray:
    """Pixels of the die's body: a ring just inside its edge, near its body colour."""
    s = die.side
    big = cv2.boxPoints((die.center, (0.9 * s, 0.9 * s), die.angle)).astype(np.int32)
    small = cv2.boxPoints((die.center, (0.62 * s, 0.62 * s), die.angle)).astype(np.int32)
    mask = np.zeros(img.shape[:2], np.uint8)
    cv2.fillPoly(mask, [big], 1)
    cv2.fillPoly(mask, [small], 0)
    px = img[mask.astype(bool)].astype(np.float32)
    # Near the body colour in every channel: a dark die's ring seen obliquely takes in table
    # (a dark wood grain is as near a slate die in sum as its own shading, not per channel);
    # the colour model adds the shading itself (`_colour_model`).
    body = np.float32(die.body)
    return px[(np.abs(px - body) <= np.maximum(0.25 * body, 20)).all(axis=1)]


def _bare_faces(
    looked: dict, taken: set, names: tuple[str, ...], faces: Mapping[str, list[Path]]
) -> list[str]:
    """The faces none of whose pictures the teach learns a die from (`taken`: the pictures
    `_crops_taken` lets it learn from)."""
    return [
        name
        for name in names
        if not any((name, p) in taken and looked[(name, p)][0][0] for p in faces[name])
    ]


def _looked_again(looked: dict, names: tuple[str, ...], faces: Mapping[str, list[Path]]) -> dict:
    """`looked`, with the pictures of each face no die was found of looked at again, the
    blobs the colour cut left cut at their tops (`find_teach_dice(…, blob_tops=True)`).

    Only there: the blob pass moves the colour model of every teach it touches (its dice's
    body colours), and with it every blob the reader cuts (measured over 22 dev sets: two
    pinned cocked piles read "ok", a shadow taken as a die's body). A teach that finds a die
    of every face learns as it did; one that would refuse tries once more (issue #6: foreign
    outline 76, small slate dice whose side faces outnumber the top's body, was refused)."""
    bare = _bare_faces(looked, _crops_taken(looked), names, faces)
    if not bare:
        return looked
    again = dict(looked)
    for name in bare:
        for path in faces[name]:
            img = load_bgr(path)
            again[(name, path)] = (find_teach_dice(img, blob_tops=True), img.shape[:2])
    return again


def _discover(root: Path) -> dict[str, list[Path]]:
    if not root.is_dir():
        raise BadProfile(f"{root}: not a folder (it must hold one folder per face)")
    faces = {}
    for d in sorted(p for p in root.iterdir() if p.is_dir()):
        images = sorted(p for p in d.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not images:
            raise BadProfile(f"{d}: no images (PNG or JPEG) of the face {d.name!r}")
        faces[d.name] = images
    if len(faces) < 2:
        raise BadProfile(f"{root}: needs a folder per face (at least two), found {len(faces)}")
    return faces


def teach(
    source: Path | Mapping[str, Iterable[Path]],
    patch: int = 24,
    seed: int = 0,
    overrides: Mapping[str, Any] | None = None,
) -> DiceProfile:
    """Learn a profile from a teach folder (one sub-folder per face) or {face: [image paths]}."""
    return teach_with_notes(source, patch, seed, overrides)[0]


def teach_with_notes(
    source: Path | Mapping[str, Iterable[Path]],
    patch: int = 24,
    seed: int = 0,
    overrides: Mapping[str, Any] | None = None,
) -> tuple[DiceProfile, list[OffPrint]]:
    """`teach`, and the teach dice it left out because their cut held far less print than
    their face's other dice (`OffPrint`, to be told to whoever taught). `overrides`: dice
    vision settings (vision.config) for the teach step's own look."""
    faces = (
        _discover(Path(source))
        if isinstance(source, str | Path)
        else {k: list(v) for k, v in source.items()}
    )
    rng = np.random.default_rng(seed)
    names = tuple(faces)
    looked = {
        (name, path): (find_teach_dice(img), img.shape[:2])
        for name in names
        for path in faces[name]
        for img in (load_bgr(path),)
    }
    looked = _looked_again(looked, names, faces)
    taken = _crops_taken(looked)
    bare = _bare_faces(looked, taken, names, faces)
    if bare:
        raise BadProfile(
            f"no die found in the images of the face {bare[0]!r}: show the dice with that "
            f"face up on the table, or crops of one die"
        )
    seen: list[tuple[int, Path, list[TaughtDie]]] = []
    body_px, table_px, sides = [], [], []
    for f, name in enumerate(names):
        for path in faces[name]:
            if (name, path) not in taken:
                continue
            img = load_bgr(path)
            dice, fg = looked[(name, path)][0]
            seen.append((f, path, dice))
            for die in dice:
                sides.append(die.side)
                px = _body_pixels(img, die)
                body_px.append(px[rng.permutation(len(px))[:1500]])
            # Table: what is far from every die (a crop of one die has no table).
            away = ~cv2.dilate(fg.astype(np.uint8), np.ones((9, 9), np.uint8)).astype(bool)
            tp = img[away]
            if len(tp):
                table_px.append(tp[rng.permutation(len(tp))[:20000]].astype(np.float32))
    lut, body_hist = _colour_model(np.concatenate(body_px), table_px, rng)

    # Second look: find the teach dice as the reader will find dice, so templates are cut out
    # exactly as a read cuts out a die (same centre, size and angle estimates).
    # (only dice whose blobs lie whole in the frame: vision.config "edge_tops")
    config = dice_config({**(overrides or {}), "edge_tops": False})
    first = DiceProfile(names, lut, np.zeros((0, 1), np.float32), np.zeros(0, np.int32),
                        np.zeros(0, np.int32), (min(sides), max(sides)), 1.0, patch,
                        body_hist=body_hist, step_hue=float(config["step_hue"]))  # fmt: skip
    first = replace(first, blob_over_top=_blob_over_top(config, first, seen))
    oblique = first.blob_over_top >= float(config["oblique_blob"])
    if oblique:
        first, seen = _oblique_pictures(config, first, seen, looked, names)
    found = [c for f, path, dice in seen for c in _cuts(config, first, f, path, dice, oblique)]
    cuts, notes = _on_print(config, found, names)
    templates, labels, die_ids, sides = [], [], [], []
    prints: list[list[float]] = [[] for _ in names]  # per face: its taught dice's print
    placed: dict[Path, list[tuple[float, float, float]]] = {}  # per picture: its dice (x, y, side)
    shown = None
    for cut in cuts:
        if cut.path != shown:  # a picture's cuts come one after another
            img, shown = load_bgr(cut.path), cut.path
        # The die as found, and as it could have been found: a little off-centre, turned,
        # sized (so a read need not cut a die out exactly as the teach step did).
        (cx, cy), side, angle, shape = cut.geo
        jitters = [(0.0, 0.0, 0.0, 1.0)] + [
            (*rng.normal(0, 0.04, 2) * side, rng.normal(0, 4), rng.normal(1, 0.04))
            for _ in range(3)
        ]
        patches = [
            face_patch(img, (cx + dx, cy + dy), side * ds, angle + da, patch, shape)
            for dx, dy, da, ds in jitters
        ]
        # …and with the edge of a shadow across it (an arm, a lamp): a die half in shade
        # must still match its face.
        patches += [_shadowed(patches[0], rng) for _ in range(2)]
        prints[cut.face].append(cut.print)
        for p in patches:
            templates.append(descriptor(p, step_hue=first.step_hue))
            labels.append(cut.face)
            die_ids.append(len(sides))
        sides.append(side)
        if cut.placed:
            placed.setdefault(cut.path, []).append((cx, cy, side))
    if not sides:
        raise BadProfile("no die found in the teach pictures")
    templates = np.array(templates, np.float32)
    labels = np.array(labels, np.int32)
    die_ids = np.array(die_ids, np.int32)
    raw = DiceProfile(names, lut, templates, labels, die_ids, (min(sides), max(sides)), 1.0, patch,
                      blob_over_top=first.blob_over_top, body_hist=body_hist,
                      hue_weight=hue_weight(templates, labels), step_hue=first.step_hue)  # fmt: skip
    mean, basis = _pca(raw.rotated[0], rng)
    profile = replace(raw, mean=mean, basis=basis, size_slope=_size_slope(list(placed.values())),
                      least_print=_least(prints))  # fmt: skip
    profile = replace(profile, typical_distance=_typical_distance(profile))
    by_search, by_place = _teach_mistakes(config, profile, cuts)
    return replace(profile, searched_mistakes=by_search, placed_mistakes=by_place), notes


def _teach_mistakes(
    config: Mapping, profile: DiceProfile, cuts: list[_Cut]
) -> tuple[np.ndarray, np.ndarray | None]:
    """The teach set's mistakes as the reader's second look makes them, and as a placed read
    makes them (None with placing off, `place_reach` 0): each taught die left out of the
    templates, its cut searched around (vision.reader.searched) or placed (vision.reader.
    placed) as a read's, and where that read another face, a row (face read, that face's
    distance at the single cut, or at the placed cut for a placed read, the margin). A read
    searched or placed is held to these (vision.faces.decide): the single cuts' mistakes
    (`DiceProfile.confusions`) count every jittered and shadowed template of a die cut off
    its top, which the search around its cut reads right or by a narrower margin (foreign
    outline 30: a blue bubble cut at 47 px read as a shield by 0.296 in single cuts, 0.068
    searched); a placed read is a new reading."""
    by_search, by_place = [], []
    placing = float(config["place_reach"]) > 0
    shown = None
    for die, cut in enumerate(cuts):  # (the templates' die ids are the cuts' order)
        if cut.path != shown:
            img, shown = load_bgr(cut.path), cut.path
        (cx, cy), side, angle, shape = cut.geo
        c = Candidate((cx, cy), side, angle, 1.0, 1.0, 0.0, shape)

        def left_out(descs: np.ndarray, die: int = die) -> np.ndarray:
            return left_out_distances(profile, descs, die)

        first = left_out(describe_cuts(profile, img, c, [(cx, cy, side)]))[0]
        looks = [(by_search, searched(config, profile, img, c, (side,), first, left_out)[0])]
        if placing:
            # placed from the cut and from cuts slid off it (as a read's cut slides off a top
            # into its side face): a part of a die may fit another face (a pip of a 2 is a 1)
            starts = [
                replace(c, center=q, side=side * k)
                for q, k in _slid(cx, cy, side, float(config["place_reach"]))
            ]
            looks += [
                (by_place, row) for row in placed_from(config, profile, img, starts, left_out)
            ]
        for rows, row in looks:
            order = np.argsort(row)
            if order[0] != cut.face and np.isfinite(row[order[1]]) and row[order[1]] > 0:
                # (a placed read's doubt is looked up at its placed distance, a searched
                # one's at its single cut's)
                at = row if rows is by_place else first
                rows.append((order[0], at[order[0]], 1.0 - row[order[0]] / row[order[1]]))
    return (
        np.array(by_search, np.float32).reshape(-1, 3),
        np.array(by_place, np.float32).reshape(-1, 3) if placing else None,
    )


def _slid(
    cx: float, cy: float, side: float, reach: float
) -> list[tuple[tuple[float, float], float]]:
    """Where a placed read of a taught die starts: its cut, and cuts slid off it each way
    diagonally by three quarters of the placing's reach, a fifth too large (centre, size)."""
    off = 0.75 * reach * side
    slid = [((cx + i * off, cy + j * off), 1.2) for i in (-1, 1) for j in (-1, 1)]
    return [((cx, cy), 1.0), *slid]


def _size_slope(placed: list[list[tuple[float, float, float]]]) -> tuple[float, float]:
    """How a die's side grows across the frame (d ln side per px in x and in y), fitted over
    the teach pictures' dice, each picture its own scale: a camera looking obliquely sees far
    dice smaller (a 20-30 degree webcam: the far row ~0.7 of the near one), and the reader
    judges each die against the size expected where it lies (vision.finder). (0, 0) when the
    pictures do not show it: fewer than 6 dice in pictures of 2 or more, or no spread."""
    rows, logs = [], []
    for dice in placed:
        if len(dice) < 2:
            continue
        d = np.array(dice, np.float64)
        rows.append(d[:, :2] - d[:, :2].mean(axis=0))  # each picture's own scale drops out
        logs.append(np.log(d[:, 2]) - np.log(d[:, 2]).mean())
    if sum(len(r) for r in rows) < 6:
        return (0.0, 0.0)
    a, b = np.concatenate(rows), np.concatenate(logs)
    if np.linalg.matrix_rank(a.T @ a) < 2:
        return (0.0, 0.0)
    gx, gy = np.linalg.lstsq(a, b, rcond=None)[0]
    return (float(gx), float(gy))


def _whole(dice: list[TaughtDie], shape: tuple[int, int]) -> bool:
    """Whether `find_teach_dice` took the picture as a crop of one die filling it."""
    return len(dice) == 1 and dice[0].side >= 0.9 * min(shape)


_Geometry = tuple[tuple[float, float], float, float, tuple[float, float, float]]


@dataclass(frozen=True)
class _Cut:
    """A teach die as it is cut out for its templates: `geo` (centre, side, angle, shape) and
    the print that cut holds."""

    face: int
    path: Path
    geo: _Geometry
    print: float
    placed: bool  # counts for the size slope (a die on a table, not a crop)


@dataclass(frozen=True)
class OffPrint:
    """A teach die left out of the profile: its cut held far less print than its face's
    other taught dice, so it was not its top (a five-dice picture's die cut at its plain side
    face or its shadow)."""

    face: str
    path: Path
    center: tuple[float, float]
    print: float
    face_median: float

    def __str__(self) -> str:
        return (
            f"{self.path}: the die at ({self.center[0]:.0f}, {self.center[1]:.0f}) taught as "
            f"{self.face!r} was cut off its top (a print of {self.print:.1f} where that face's "
            f"dice hold {self.face_median:.1f}): left out"
        )


def _cuts(
    config: Mapping, first: DiceProfile, f: int, path: Path, dice: list[TaughtDie], oblique: bool
) -> list[_Cut]:
    """A teach picture's dice cut out as the reader cuts dice (`find_dice` with the first
    profile): the reader's cut within 0.4 of a side of the colour cut's centre, else the
    colour cut itself."""
    img = load_bgr(path)
    cands = find_dice(config, first, img).dice
    placed = not _whole(dice, img.shape[:2])
    if oblique and placed:
        # Seen with their sides, dice whose sides are close to their top's colour make no
        # square of it: the reader's own cut finds them (every die in a teach picture
        # shows the face taught).
        dice = dice + [
            TaughtDie(c.center, c.side, c.angle, (0.0, 0.0, 0.0))
            for c in cands
            if all(np.hypot(c.center[0] - d.center[0], c.center[1] - d.center[1])
                   >= 0.4 * d.side for d in dice)
        ]  # fmt: skip
    out = []
    for die in dice:
        near = [
            c
            for c in cands
            if np.hypot(c.center[0] - die.center[0], c.center[1] - die.center[1]) < 0.4 * die.side
        ]
        geo = (
            (near[0].center, near[0].side, near[0].angle, near[0].shape)
            if near
            else (die.center, die.side, die.angle, (1.0, 0.0, 1.0))
        )
        out.append(_Cut(f, path, geo, _print(first, img, geo), placed))
    return out


def _print(profile: DiceProfile, img: np.ndarray, geo: _Geometry) -> float:
    """The print a cut holds, on the un-jittered patch a read would make of it."""
    center, side, angle, shape = geo
    patch = face_patch(img, center, side, angle, profile.patch, shape)
    return print_contrast(patch, step_hue=profile.step_hue)


def _on_print(
    config: Mapping, cuts: list[_Cut], names: tuple[str, ...]
) -> tuple[list[_Cut], list[OffPrint]]:
    """The cuts to teach from: a cut holding less print than `teach_print` of its face's
    median is not the die's top (pips 3's "3" at (393, 113) cut at its plain side face: 2.5
    where the face's other dice held 20-35). It is left out: in the templates it would teach
    a plain face as that face, and as the face's weakest print it would set the print floor
    (vision.reader._weak_print) where it checks nothing. (Cutting it again at the colour
    cut's top was tried: no such cut of the dev sets had another cut to fall back on.) A
    face keeps its stronger half at least (`teach_print` is at most 1, and a median's die
    holds it), so no face is left without templates."""
    share = float(config["teach_print"])
    medians = {
        f: float(np.median([c.print for c in cuts if c.face == f])) for f in {c.face for c in cuts}
    }
    kept: list[_Cut] = []
    notes: list[OffPrint] = []
    for c in cuts:
        if c.print >= share * medians[c.face]:
            kept.append(c)
        else:
            notes.append(OffPrint(names[c.face], c.path, c.geo[0], c.print, medians[c.face]))
    return kept, notes


def _oblique_pictures(
    config: Mapping, first: DiceProfile, seen: list, looked: dict, names: tuple[str, ...]
) -> tuple[DiceProfile, list]:
    """The teach pictures as the reader sees them when they show the dice's sides: a crop of
    one die is its top face as the reader cuts it out (vision.finder.top_in_crop; a crop
    that shows none teaches nothing, rather than the table around the die), and a picture
    where `find_teach_dice` saw no die is still looked at by the reader's finder. The die
    size is that of the dice seen on a table when there are any (a crop's is the picture's)."""
    on_table = [d.side for _, path, dice in seen for d in dice if not _whole(dice, (0, 0))]
    if on_table:
        first = replace(first, side_range=(min(on_table), max(on_table)))
    out = []
    for f, path, dice in seen:
        img = load_bgr(path)
        if _whole(dice, img.shape[:2]):
            top = top_in_crop(config, first, img)
            dice = [] if top is None else [TaughtDie(top.center, top.side, top.angle, dice[0].body)]
        out.append((f, path, dice))
    taken = {(names[f], path) for f, path, _ in seen}
    out += [(names.index(name), path, []) for (name, path) in looked if (name, path) not in taken]
    return first, out


def _blob_over_top(config: Mapping, first: DiceProfile, seen: list) -> float:
    """How much more than its top face a taught die's blob covers: each blob of the reader's
    die mask (vision.finder.die_mask, with the colour model just learned) that holds one
    taught die, over the top face the reader cuts out of it (vision.finder.blob_top). The
    median over those dice; 1.0 when no picture shows dice on a table."""
    scale = float(config["scale"])
    ratios = []
    for _, path, dice in seen:
        img = load_bgr(path)
        if _whole(dice, img.shape[:2]):
            continue
        small = cv2.resize(img, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        _, mask = die_mask(config, first, small)
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        for c in contours:
            inside = [
                d
                for d in dice
                if cv2.pointPolygonTest(c, (d.center[0] * scale, d.center[1] * scale), False) >= 0
            ]
            if len(inside) != 1:
                continue
            top = blob_top(small, c, scale)
            if top is not None:
                ratios.append(cv2.contourArea(c) / (top.side * scale) ** 2)
    return float(np.median(ratios)) if ratios else 1.0


def _crops_taken(looked: dict) -> set:
    """The teach pictures to learn from. Where no die is found, `find_teach_dice` takes the
    picture as a crop of one die filling it; that is believed only of a crop-like picture:
    about a die's size next to the dice found in the other pictures, or square when no picture
    showed a die on a table. A photo where the dice were missed (or of an empty table) would
    otherwise teach the table's colours as die body and the whole frame as the die's size
    (a 691 px "die" from a 1280×720 photo, measured on the foreign scenes)."""

    def whole(dice: list[TaughtDie], shape: tuple[int, int]) -> bool:
        return len(dice) == 1 and dice[0].side >= 0.9 * min(shape)

    found = [
        d.side for ((dice, _), shape) in looked.values() if not whole(dice, shape) for d in dice
    ]
    med = float(np.median(found)) if found else None
    taken = set()
    for key, ((dice, _), (h, w)) in looked.items():
        crop_like = (med is not None and min(h, w) <= 2.0 * med) or (
            med is None and max(h, w) <= 1.3 * min(h, w)
        )
        if not whole(dice, (h, w)) or crop_like:
            taken.add(key)
    return taken


PCA_DIMS = 160


def hue_weight(templates: np.ndarray, labels: np.ndarray) -> float:
    """How much the descriptor's hue may count when reading these dice (0..1).

    A print's hue relative to the die body mostly follows its brightness (the print is where
    both differ from the body): per taught die, the hue grid regressed on the brightness grid
    gives the print's colour against the body. When the faces' prints differ in colour (POW:
    blue and orange symbols) the faces' mean colours lie far apart against their spread within
    a face (measured 4.7-7.6 times), and the hue counts in full. When every face's print is one
    colour (pips: 0.13-0.36 times, the spread being the dice's own colours) the hue tells no
    face from another; it only echoes the brightness, and under a scene's tinted light black
    pips on a tinted body carry the tint's hue, which pushes every face away alike and leaves
    a clear 5 within a tenth of a 4. Then it counts only by as much as it separates faces."""
    n = len(templates)
    faces = np.unique(labels)
    if n == 0 or len(faces) < 2 or templates.shape[1] % 3:
        return 1.0
    grid = templates.reshape(n, -1, 3)
    light, hue = grid[:, :, 0], grid[:, :, 1:]
    colour = np.einsum("np,npc->nc", light, hue) / np.maximum((light**2).sum(1), 1e-9)[:, None]
    means = np.array([colour[labels == f].mean(0) for f in faces])
    within = np.sqrt(np.mean([((colour[labels == f] - m) ** 2).sum(1).mean()
                              for f, m in zip(faces, means, strict=True)]))  # fmt: skip
    between = np.sqrt(((means - means.mean(0)) ** 2).sum(1).mean())
    return float(np.clip(between / max(within, 1e-6), 0.0, 1.0))


def _pca(rows: np.ndarray, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Mean and the main directions of the taught descriptors: reading compares dice in this
    small space (a few dozen numbers instead of ~1700), which keeps a frame within budget."""
    # OpenCV's PCA on one thread: numpy's SVD waits on a many-threaded BLAS on a busy machine.
    sample = np.ascontiguousarray(rows[rng.permutation(len(rows))[:400]], dtype=np.float32)
    k = min(PCA_DIMS, len(sample))
    mean, vt = cv2.PCACompute(sample, mean=None, maxComponents=k)
    mean = mean.reshape(-1)
    return mean.astype(np.float32), np.ascontiguousarray(vt[:k].T, dtype=np.float32)


def _shadowed(patch: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The patch with one side of a random straight line darkened, as a hard shadow does."""
    n = patch.shape[0]
    t = rng.uniform(0, 2 * np.pi)
    off = rng.uniform(-0.3, 0.3) * n
    ys, xs = np.mgrid[0:n, 0:n] - (n - 1) / 2
    shade = np.where(xs * np.cos(t) + ys * np.sin(t) > off, rng.uniform(0.6, 0.85), 1.0)
    shade = cv2.GaussianBlur(shade.astype(np.float32), (0, 0), 0.8)
    return np.clip(patch * shade[:, :, None], 0, 255).astype(np.uint8)


def _colour_model(
    body: np.ndarray, table_px: list[np.ndarray], rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray]:
    """P(die body | BGR bin) × 255 from body and table samples, and P(BGR bin | die body),
    both flattened (BINS³ float32)."""
    # A camera's automatic exposure and white balance drift, and light varies over a table.
    gains = rng.uniform(0.85, 1.15, (48, 1, 3)) * np.exp(
        rng.uniform(np.log(0.5), np.log(1.35), (48, 1, 1))
    )
    aug = (body[None] * gains).reshape(-1, 3)
    hb = _smooth(_hist(np.concatenate([body, aug])), 0.8)
    hb /= hb.sum()
    ht = np.zeros_like(hb)
    if table_px:
        tab = np.concatenate(table_px)
        tgain = np.exp(rng.uniform(np.log(0.8), np.log(1.2), (6, 1, 1)))
        ht = _smooth(_hist(np.concatenate([tab, (tab[None] * tgain).reshape(-1, 3)])), 0.6)
        ht /= ht.sum()
    floor = 0.01 * hb.max()
    # The table seen in teaching counts only a little: at read time local contrast keeps a
    # die-coloured table out, and the table may not be the one taught on.
    lut = 255.0 * hb / (hb + TABLE_WEIGHT * ht + floor)
    return lut.astype(np.float32).reshape(-1), hb.astype(np.float32).reshape(-1)


def _least(prints: list[list[float]]) -> tuple[float, ...]:
    """Each face's weakest taught print. The weakest, not a low quantile: a teach set holds a
    few dice of a face (foreign sets: 2-10), too few for a quantile to differ from the least,
    and the least refuses the fewest real dice (a floor set from it is only ever too low,
    and too low lets a shadow through, never refuses a die like the taught ones). A face
    with no die cut (every die of it taken for another face) has 0: no floor."""
    return tuple(min(p) if p else 0.0 for p in prints)


def _typical_distance(profile: DiceProfile) -> float:
    """Median distance of a taught die to the nearest other taught die of its face (any turn)."""

    t, lab, ids, _ = profile.rotated
    n = len(profile.templates)
    base = profile.project(profile.templates)
    d = np.sqrt(np.maximum((base**2).sum(1)[:, None] + (t**2).sum(1)[None, :] - 2 * base @ t.T, 0))
    same_die = profile.die_ids[:n, None] == ids[None, :]
    same_face = profile.labels[:n, None] == lab[None, :]
    own = np.where(same_face & ~same_die, d, np.inf).min(1)
    if np.isfinite(own).any():
        return float(np.median(own[np.isfinite(own)]))
    other = np.where(~same_face, d, np.inf).min(1)
    return float(0.5 * np.median(other))
