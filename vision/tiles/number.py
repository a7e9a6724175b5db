"""Read a tile's printed number, learned from the teach: where it sits and each value's glyphs.

No font and no place on the tile is built in (the real printing is unknown). The teach frame
gives one patch per tile and its value; within one colour, the pixels where tiles of the same
value agree and tiles of other values differ (the ratio of between-value to within-value
variance) are where the number is printed — the character drawing differs between copies of a
value, the frame and the sign are the same on every tile. That region's box is cut from each
taught patch and averaged per value: the value's glyph. Learning the place needs a value laid
out at least twice in a colour; without that the colour's numbers are not read.

At read time the box is cut from a found tile (a few pixels of shift allowed) and compared
with each glyph by normalised correlation; a number reads only when one value wins clearly,
otherwise it is declined (None), never guessed. numpy and cv2 only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from .describe import cut, on_tile, unshade
from .profile import TilesProfile


@dataclass(frozen=True, eq=False)
class NumberModel:
    """What the teach showed of one colour's printed numbers."""

    sign: int  # +1 heroes, -1 villains
    box: tuple[int, int, int]  # (top, left, size) of the square number box, in patch px
    patch: int  # the profile's patch size (px per INNER·side)
    values: np.ndarray  # int32 K: the values with a glyph
    glyphs: np.ndarray  # K×size² weighted glyphs (brightness): a dot product correlates
    weight: np.ndarray  # size² weights, summing to 1: how much each box pixel tells the value
    # N×size²: each taught tile's own box, weighted as a glyph, in the order of the patches it
    # was learned from (for `learn`: its colour's taught tiles, as `profile.matcher` orders them).
    tiles: np.ndarray

    @property
    def stacked(self) -> np.ndarray:
        """(K+1)×size²: the weights, then the glyphs (one matrix product reads them all)."""
        if "_stacked" not in self.__dict__:
            both = np.vstack([self.weight[None], self.glyphs]).astype(np.float32)
            self.__dict__["_stacked"] = np.ascontiguousarray(both)
        return self.__dict__["_stacked"]

    def shifted(self, margin: int) -> np.ndarray:
        """(2·margin+1)²×size² indices into a flattened box `margin` px bigger on every side:
        each row picks the box at one shift (a gather is the cheapest way to all of them)."""
        cache = self.__dict__.setdefault("_shifted", {})
        if margin not in cache:
            size = self.box[2]
            wide = size + 2 * margin
            steps = np.arange(2 * margin + 1)
            at = (steps[:, None] * wide + steps[None, :]).reshape(-1, 1)
            inner = (np.arange(size)[:, None] * wide + np.arange(size)[None, :]).reshape(1, -1)
            cache[margin] = (at + inner).astype(np.intp)
        return cache[margin]


@dataclass(frozen=True)
class NumberRead:
    value: int | None  # None: declined (no value wins clearly, or nothing learned)
    score: float  # best glyph correlation
    margin: float  # over the best other value
    # Every glyph's correlation, value by value (empty when nothing was learned).
    glyphs: tuple[tuple[int, float], ...] = ()
    # The correlation with one taught tile's own box (`read_windows`' `tile`), or None.
    own: float | None = None

    def lead_over(self, value: int) -> float:
        """How much better the best glyph fits than `value`'s, or than the taught tile's own box
        when that was read and fits better (0 when `value` is the best; -1 when `value` has no
        glyph or nothing was read)."""
        scores = dict(self.glyphs)
        if value not in scores:
            return -1.0
        mine = scores[value] if self.own is None else max(scores[value], self.own)
        return max(max(scores.values()) - mine, 0.0)


def _place(config: Mapping[str, Any], patches: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Per patch pixel: how much more the value explains than the copy (between / within)."""
    gray = patches.sum(1)  # the number is printed light on dark: brightness carries it
    # Each tile's own gain and offset out: a tile in more light is not "where tiles differ".
    gray = gray - gray.mean((1, 2), keepdims=True)
    gray /= np.maximum(gray.std((1, 2), keepdims=True), 1e-6)
    mu = gray.mean(0)
    between = np.zeros_like(mu)
    within = np.zeros_like(mu)
    groups = np.unique(values)
    for v in groups:
        x = gray[values == v]
        m = x.mean(0)
        between += len(x) * (m - mu) ** 2
        within += ((x - m) ** 2).sum(0)
    between /= len(groups) - 1
    within /= len(gray) - len(groups)
    # Noise floor: a flat place (the tile's frame) has little of either.
    floor = np.float32(np.median(within) + 1e-3)
    ratio = between / (within + floor)
    return cv2.GaussianBlur(ratio.astype(np.float32), (0, 0), config["number_smooth"])


def _box(config: Mapping[str, Any], ratio: np.ndarray) -> tuple[int, int, int] | None:
    """The square box around the strongest region of `ratio`, inside the patch."""
    p = ratio.shape[0]
    hot = (ratio >= config["number_focus"] * ratio.max()).astype(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(hot, connectivity=8)
    if n < 2:
        return None
    peak = labels[np.unravel_index(int(ratio.argmax()), ratio.shape)]
    x, y, w, h = (int(v) for v in stats[peak][:4])
    size = max(w, h) + 2  # a pixel of the background around the glyph
    if size > p * config["number_max_box"]:
        return None  # not a small printed number: the value is not read here
    top = min(max(y + h // 2 - size // 2, 0), p - size)
    left = min(max(x + w // 2 - size // 2, 0), p - size)
    return top, left, size


def learn(
    config: Mapping[str, Any], profile: TilesProfile, sign: int, light_out: bool = False
) -> NumberModel | None:
    """The number model of one colour, or None when the teach cannot show where it is (no
    value laid out twice, values that differ nowhere in particular, or a place that does not
    foretell the teach's own tiles, `number_min_foretold`). `light_out`:
    learned on the patches with the light taken out (`describe.unshade` at `shade`)."""
    sel = np.sign(profile.values) == sign
    patches, values = profile.templates[sel], profile.values[sel]
    if light_out:
        patches = unshade(patches, config["shade"])
    if len(np.unique(values)) < 2 or len(values) == len(np.unique(values)):
        return None
    return _learned(config, patches, values, _place(config, patches, values), sign, profile.patch)


def _learned(
    config: Mapping[str, Any],
    patches: np.ndarray,
    values: np.ndarray,
    place: np.ndarray,
    sign: int,
    patch: int,
) -> NumberModel | None:
    """The model of `values`' numbers in taught `patches` (N×3×P×P) printed at `place` (P×P,
    how much each pixel tells the values apart), or None (see `learn`)."""
    groups = np.unique(values)
    if len(groups) < 2 or len(values) - len(groups) < 1:
        return None
    box = _box(config, place)
    if box is None:
        return None
    top, left, size = box
    ratio = place[top : top + size, left : left + size]
    weight = np.maximum(ratio, 0.0) ** config["number_power"]
    weight = (weight / weight.sum()).ravel().astype(np.float32)
    crops = patches[:, :, top : top + size, left : left + size].sum(1).reshape(len(patches), -1)
    glyphs = _glyphs(crops, values, groups, weight)
    if _foretold(crops, values, groups, weight) < config["number_min_foretold"]:
        return None  # the place found does not tell the values apart: not a number read here
    each = np.arange(len(crops))
    tiles = _glyphs(crops, each, each, weight)
    return NumberModel(sign, box, patch, groups.astype(np.int32), glyphs, weight, tiles)


def pair_model(
    config: Mapping[str, Any], profile: TilesProfile, sign: int, first: int, second: int
) -> NumberModel | None:
    """The number model of two lookalikes: taught tiles `first` and `second` of one colour
    (indices in `profile.matcher`'s order) whose artwork is the same and whose values differ,
    learned from the detail cuts (`detail_patch` px, where a digit is about 8 px high); None
    without detail cuts, when a value of the two was taught once, or when the place found
    does not foretell the teach's own tiles of the two values (`number_min_foretold`).

    Where the number is, the teach shows by difference: aligned onto each other (an affine
    ECC fit), the two tiles' artwork drops out and their fine print (the light and the fill
    colours taken out at `detail_number_fine` px) differs where the numbers are, and where
    the artwork is drawn a little otherwise (a mask's eyes further apart); the other copies
    of each value, whose artwork is another character, agree with it only at the number. So
    the place is the pair's difference over their copies' (`_pair_place`). The colour's own
    model (`learn`) is not learned on foreign box 20, whose "+1" and "+4" are one tan mask
    (every hero value laid out twice, each on two characters): at 40 px and at 64 px its place
    falls at the masks' left end, where outlines of other characters happen to agree."""
    cache = profile.__dict__.setdefault("_pair_numbers", {})
    names = ("detail_number_fine", "number_focus", "number_smooth", "number_max_box",
             "number_power", "number_min_foretold")  # fmt: skip
    key = (sign, min(first, second), max(first, second), *(config[k] for k in names))
    if key not in cache:
        cache[key] = None
        if profile.detail is not None:
            sel = np.sign(profile.values) == sign
            patches, values = profile.detail[sel], profile.values[sel]
            pair = np.isin(values, (values[first], values[second]))
            # Each way round (each tile's frame; the number is printed at one place on both):
            # one way alone found the box a third larger on box 20's pair, over a star's
            # points, and it foretold 3 of the 4 tiles.
            ways = [_pair_place(config, patches, values, i, j)
                    for i, j in ((first, second), (second, first))]  # fmt: skip
            if all(w is not None for w in ways):
                place = ways[0] + ways[1]
                cache[key] = _learned(config, patches[pair], values[pair], place, sign,
                                      patches.shape[-1])  # fmt: skip
    return cache[key]


def _pair_place(
    config: Mapping[str, Any], patches: np.ndarray, values: np.ndarray, first: int, second: int
) -> np.ndarray | None:
    """Per pixel of tile `first`'s patch: how much more it differs from tile `second` aligned
    onto it than the copies of each of their values differ from it (`pair_model`); None when
    the two have one value, a value was taught once, or the alignment fails."""
    if values[first] == values[second]:
        return None
    copies = [int(k) for i in (first, second) for k in np.flatnonzero(values == values[i])
              if k != i]  # fmt: skip
    if min((values == values[i]).sum() for i in (first, second)) < 2:
        return None
    d = patches.shape[-1]
    warp = np.eye(2, 3, dtype=np.float32)
    try:
        _, warp = cv2.findTransformECC(
            patches[first].sum(0), patches[second].sum(0), warp, cv2.MOTION_AFFINE,
            (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 50, 1e-4), None, 1,
        )  # fmt: skip
    except cv2.error:
        return None
    moved = cv2.warpAffine(
        np.ascontiguousarray(patches[second].transpose(1, 2, 0)), warp, (d, d),
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REPLICATE,
    ).transpose(2, 0, 1)  # fmt: skip
    fine = config["detail_number_fine"]
    print_ = unshade(patches, fine)

    def apart(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        return cv2.GaussianBlur(np.abs(x - y).sum(0), (0, 0), 1.0)

    between = apart(print_[first], unshade(moved, fine))
    own = {first: first, second: second}
    within = np.mean(
        [apart(print_[k], print_[own[first] if values[k] == values[first] else own[second]])
         for k in copies], axis=0,
    )  # fmt: skip
    ratio = between / (within + float(np.median(between)) + 1e-3)
    return cv2.GaussianBlur(ratio.astype(np.float32), (0, 0), config["number_smooth"])


def _foretold(crops: np.ndarray, values: np.ndarray, groups: np.ndarray, weight: np.ndarray):
    """The share of taught tiles (of values laid out more than once) whose box the glyphs
    learned without them read as their own value: the teach checking itself. A place that is
    not the number (a drawing, a patch of light) foretells its own tiles poorly."""
    right = tried = 0
    for i in range(len(crops)):
        if (values == values[i]).sum() < 2:
            continue
        rest = np.arange(len(crops)) != i
        held = _glyphs(crops[rest], values[rest], groups, weight)
        tried += 1
        right += groups[int(np.argmax(held @ crops[i]))] == values[i]
    return right / tried if tried >= 4 else 0.0


def _glyphs(crops: np.ndarray, values: np.ndarray, groups: np.ndarray, weight: np.ndarray):
    """One glyph per value (the mean of its tiles' boxes), weighted zero mean and unit weighted
    norm, times `weight`: a dot product with a box is then the weighted correlation up to the
    box's own spread, whatever the light's gain and offset."""
    glyphs = np.stack([crops[values == v].mean(0) for v in groups])
    glyphs = glyphs - (glyphs * weight).sum(1, keepdims=True)
    glyphs /= np.sqrt(np.maximum((glyphs * glyphs * weight).sum(1, keepdims=True), 1e-9))
    return glyphs * weight


def model(
    config: Mapping[str, Any], profile: TilesProfile, sign: int, light_out: bool = False
) -> NumberModel | None:
    """`learn`, once per profile, colour and setting (kept on the profile like its matchers)."""
    cache = profile.__dict__.setdefault("_numbers", {})
    names = ("shade", "number_focus", "number_smooth", "number_max_box", "number_power",
             "number_min_foretold")  # fmt: skip
    key = (sign, light_out, *(config[k] for k in names))
    if key not in cache:
        cache[key] = learn(config, profile, sign, light_out)
    return cache[key]


def read_windows(
    config: Mapping[str, Any],
    m: NumberModel | None,
    windows: Sequence[np.ndarray],
    margin: int,
    tile: int | None = None,
) -> list[NumberRead]:
    """The number in each window: a tile cut as `describe.cut` does (3×(patch+2·margin)², BGR
    planes), `margin` px of shift around the patch — the appearance match's own cut, reused.
    All at once: a row's tiles cost little more than one. `tile`: also the correlation with
    that taught tile's own box (`NumberRead.own`, at its own best shift)."""
    if m is None or not len(windows):
        return [NumberRead(None, 0.0, 0.0) for _ in windows]
    top, left, size = m.box
    wide = size + 2 * margin
    boxes = np.stack([w[:, top : top + wide, left : left + wide].sum(0) for w in windows])
    x = boxes.reshape(len(windows), -1)[:, m.shifted(margin)]  # tiles × shifts × box px
    stacked = m.stacked if tile is None else np.vstack([m.stacked, m.tiles[tile][None]])
    dots = x @ stacked.T  # the weighted mean, then each glyph's weighted correlation
    mean = dots[..., 0]
    spread = np.sqrt(np.maximum((x * x) @ m.weight - mean * mean, 1e-6))
    every = (dots[..., 1:] / spread[..., None]).max(1)  # tiles × glyphs, at the best shift
    k = len(m.values)
    s = every[:, :k]
    order = np.argsort(-s, axis=1)
    out = []
    for i, (row, (first, *rest)) in enumerate(zip(s, order, strict=True)):
        best = float(row[first])
        lead = best - (float(row[rest[0]]) if rest else -1.0)
        ok = best >= config["number_min_score"] and lead >= config["number_min_margin"]
        glyphs = tuple((int(v), float(c)) for v, c in zip(m.values, row, strict=True))
        own = None if tile is None else float(every[i, k])
        out.append(NumberRead(int(m.values[first]) if ok else None, best, lead, glyphs, own))
    return out


def read_number(
    config: Mapping[str, Any],
    profile: TilesProfile,
    frame: np.ndarray,
    center,
    angle: float,
    side: float,
    sign: int,
    reach: int | None = None,
    light_out: bool = False,
    tile: int | None = None,
) -> NumberRead:
    """The printed number of the tile at `center` (turned `angle`, `side` px), or declined;
    looked for within `reach` patch px of where the teach saw it (default `search`).
    `light_out`: read with the light taken out of the tile's patch, as the look is matched."""
    m = model(config, profile, sign, light_out)
    if m is None:
        return NumberRead(None, 0.0, 0.0)
    reach = int(config["search"] if reach is None else reach)
    p = profile.patch
    if light_out:  # the light is judged over the whole patch, as at teach
        window = unshade(cut(frame, center, angle, side, p + 2 * reach, p, config["blur"]),
                         config["shade"])  # fmt: skip
        return read_windows(config, m, [window], reach, tile)[0]
    top, left, size = m.box
    # Only the number's box is cut: its centre on the tile, turned as the tile is.
    at = on_tile(center, angle, side, p, left + size / 2 - p / 2, top + size / 2 - p / 2)
    wide = size + 2 * reach
    window = cut(frame, at, angle, side, wide, p, config["blur"])
    # As if cut with the whole patch: the box at (top, left) of a window `reach` px bigger.
    padded = np.zeros((3, top + wide, left + wide), np.float32)
    padded[:, top:, left:] = window
    return read_windows(config, m, [padded], reach, tile)[0]


@dataclass(frozen=True)
class Look:
    """What the appearance match made of one tile, as `read._match` gives it."""

    value: int | None  # the value it matched, None when it declined
    best: int  # the value it ranked first
    # Why it declined: "faint" (no taught tile matches well), "close" (two values match about
    # as well), "misfit" (part of the tile is unlike the taught one), "partly unlike" (a weak
    # match that aligned fits its taught tile only in part: read._unlike_taught), "off colour"
    # (a tile partly of a colour its taught tile never had: read._unlike_taught), "shifted" (a
    # weak match that cut where its taught tile fits best reads otherwise,
    # read._weak_checked), or None.
    why: str | None
    cutout: np.ndarray = field(repr=False)  # its cut, `search` px of shift around the patch
    center: tuple[float, float]
    angle: float
    side: float  # the tile's side (px) as it was cut
    # The taught tile it matched best of the value it gave (or ranked first): its index among
    # its colour's taught tiles (`profile.matcher`'s order); None: not known.
    tile: int | None = None


def settle(
    config: Mapping[str, Any],
    profile: TilesProfile,
    frame: np.ndarray,
    sign: int,
    looks: Sequence[Look],
) -> list[tuple[int | None, str | None]]:
    """(value, doubt) of each tile of a row once its number is read.

    A number that clearly reads another value than the look makes the tile doubted (None, and
    the reason says so): two ways of seeing the tile disagree, so neither is trusted. A tile
    the look saw well but found close between two values is identified when its number clearly
    reads the value the look ranked first — both agree. A faint look (a tile not taught — a
    foreign one's number reads as a taught one now and then) and a misfit (something lies on
    the tile) stay unrecognised. Nothing else changes.

    The number is read first in the look's own cut; where that read would change anything it
    is read again in cuts of its own with `number_reach` px of shift (the box sits at the
    tile's edge, where the found centre and turn are least sure), once in the light as seen
    and once with it taken out, and only what both reads say changes the tile.
    """
    if not config["number_check"] and not config["number_rescue"]:
        return [(look.value, None) for look in looks]
    m = model(config, profile, sign)
    reads = read_windows(config, m, [look.cutout for look in looks], int(config["search"]))
    out: list[tuple[int | None, str | None]] = []
    for look, read in zip(looks, reads, strict=True):
        if not _changes(config, look, read):
            out.append((look.value, None))
            continue
        # Read again with more shift, in the light as seen and with it taken out: a shadow's
        # edge across the number fools one of them, seldom both the same way.
        reach = int(config["number_reach"])
        again = [
            read_number(
                config,
                profile,
                frame,
                look.center,
                look.angle,
                look.side,
                sign,
                reach,
                dark,
                look.tile,
            )
            for dark in (False, True)
        ]
        if look.value is not None:
            if all(_doubts(config, look.value, r) for r in again):
                best = max(again[0].glyphs, key=lambda g: g[1])[0]
                out.append((None, f"is in doubt: its number reads {best:+d} but it looks like "
                                  f"{look.value:+d}"))  # fmt: skip
            else:
                out.append((look.value, None))
        elif all(r.value == look.best for r in again):
            out.append((look.best, None))
        else:
            out.append((None, None))
    return out


def _doubts(config: Mapping[str, Any], value: int, read: NumberRead) -> bool:
    """The number reads as another value than `value`: its best glyph is not `value`'s, fits
    well (`number_doubt_score`) and fits better by `number_doubt_lead`, or fits fairly
    (`number_doubt_fair`) and better by far (`number_doubt_far`): then the number says "not
    `value`" even where it does not say well which value it is (a foreign -5 whose "5" fits
    the "3" at 0.79 and the look's "2" at 0.47). Looser than a read (`number_min_score`,
    `number_min_margin`): a wrong doubt only asks, a wrong read names.

    Where the read also scored the taught tile the look matched (`NumberRead.own`), `value`
    fits as well as that tile's box does: a value taught once has a glyph that is one tile's
    box, its art in it, and a tile of another value with the same art fits it (foreign box
    32: a "-2" bolt fitted the one "-4" bolt's glyph at 0.82-0.90, the "-2" glyph, half
    shields, at 0.76-0.81, and 7 of 49 clean scenes were refused)."""
    lead = read.lead_over(value)
    if read.score >= config["number_doubt_score"] and lead >= config["number_doubt_lead"]:
        return True
    return read.score >= config["number_doubt_fair"] and lead >= config["number_doubt_far"]


def _changes(config: Mapping[str, Any], look: Look, read: NumberRead) -> bool:
    """Is this tile worth reading again (a doubt, or a look close between two values)?"""
    if look.value is not None:
        return config["number_check"] and _doubts(config, look.value, read)
    return config["number_rescue"] and look.why == "close"
