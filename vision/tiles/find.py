"""Finding flat tiles on a table: what is not table, which of it is a tile, and its colour.

Frames are BGR uint8 (H×W×3). The table is learned per frame from a band around the frame
edge (the rows lie in the middle of the table, POW-3), so no table colour is assumed; a pixel
far from every table colour is "something on the table". Such blobs that are squares of the
frame's tile size are tiles; the others (a hand, a die, coins) are kept as `others` so the
reader can tell when something lies across a row.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache, partial
from typing import Any

import cv2
import numpy as np


@dataclass(frozen=True)
class Blob:
    """Something on the table, in full-frame pixels."""

    center: tuple[float, float]
    size: tuple[float, float]  # rotated box sides
    angle: float  # degrees, the box edge nearest the frame's horizontal, in (-45, 45]
    area: float  # filled area in px
    fill: float  # area / box area
    hull_fill: float  # convex hull area / box area: a square with ragged edges is still ~1
    colour: tuple[float, float, float]  # median Lab (L 0..100, a*, b*) of its pixels
    pixels: np.ndarray  # N×2 float32 (x, y) of its pixels on an even grid (full frame)
    # area / its smallest enclosing circle's: a square is 2/π ≈ 0.64, a coin near 1
    roundness: float = 0.0
    # Which blob of the mask it was cut from (several touching tiles are cut apart), or -1
    # when it is a whole blob: see `clean`.
    part_of: int = -1
    # Makes `ground` when it is first asked for (most blobs' whole colour settles them, and
    # the band's median for every blob of a frame cost ~1 ms); None for a blob made up.
    ground_of: Callable[[], tuple[float, float, float] | None] | None = field(
        default=None, repr=False, compare=False
    )
    # The share of its pixels clearly off the table (`faint_clear`): a light patch of the
    # table the border band never saw lies only just over the threshold (rows.py).
    clear_share: float = 1.0

    @cached_property
    def ground(self) -> tuple[float, float, float] | None:
        """Median Lab of its outer band (`ground_band`, in from its box's edge), or None: on
        a tile, the printed ground round its art, which a large character of another colour
        leaves the whole median far from (rows.colour_of)."""
        return None if self.ground_of is None else self.ground_of()

    # Makes `contrast` when it is first asked for (only a blob that would refuse a frame is).
    contrast_of: Callable[[], float] | None = field(default=None, repr=False, compare=False)

    @cached_property
    def contrast(self) -> float | None:
        """The spread (standard deviation) of brightness over its inner part, or None: on a
        tile, its printed number and art; on a square of a checked cloth, next to none."""
        return None if self.contrast_of is None else self.contrast_of()


_NO_SPECKS = np.zeros((0, 2), np.float32)


@dataclass(frozen=True)
class Found:
    blobs: tuple[Blob, ...]
    side: float | None  # the typical tile side (px) among square blobs, None if none
    # The "not table" too small to be a blob (full-frame (x, y), N×2 float32, on an even grid
    # of `speck_px` frame px each): a tile a hand hides nearly whole shows only as such specks
    # between the fingers, and what lies over a row is judged on all of it (rows.py).
    specks: np.ndarray = field(default_factory=lambda: _NO_SPECKS, repr=False)
    speck_px: float = 0.0
    # Which specks lie clearly off the table (`faint_clear`), as `Blob.clear_share` counts.
    speck_clear: np.ndarray = field(default_factory=lambda: np.zeros(0, bool), repr=False)
    # The "not table" mask (uint8, at the working scale `config["scale"]`): which pieces are
    # joined to a tile (touch.py). None when not kept.
    mask: np.ndarray | None = field(default=None, repr=False)
    # The frame at the working scale (BGR), as the mask was made from: flat.py's texture map.
    small: np.ndarray | None = field(default=None, repr=False, compare=False)


def _lab(small: np.ndarray) -> np.ndarray:
    """Lab as float32 (L 0..100, a* and b* around 0), via OpenCV's fast 8-bit conversion."""
    return _lab8_float(cv2.cvtColor(small, cv2.COLOR_BGR2LAB))


def _lab8_float(lab8: np.ndarray) -> np.ndarray:
    """OpenCV's 8-bit Lab (…×3) as float32 L 0..100, a* and b* around 0."""
    lab = lab8.astype(np.float32)
    lab -= np.float32([0, 128, 128])
    lab[..., 0] *= np.float32(100 / 255)
    return lab


def _weighted(lab: np.ndarray, wl: float) -> np.ndarray:
    return lab * np.float32([wl, 1.0, 1.0])


def _lab8_row(pixels: np.ndarray) -> np.ndarray:
    """OpenCV's 8-bit Lab of N×3 BGR uint8 pixels, as 1×N×3. Converted as one row: an N×1
    image OpenCV converts a row, so a pixel, at a time (the band's 4,176 pixels 188 -> 59 us;
    the same bytes for every one of the 2^24 colours, issue #7)."""
    row = np.ascontiguousarray(pixels, np.uint8).reshape(1, -1, 3)
    return cv2.cvtColor(row, cv2.COLOR_BGR2LAB)


@lru_cache(maxsize=4)
def _weighted_table(wl: float) -> np.ndarray:
    """`_weighted(_lab8_float(v), wl)` of every 8-bit value v of each channel, 256×1×3
    float32: `cv2.LUT` of an 8-bit Lab image through it gives those numbers, the same
    operations on the same values (the band's sample 184 -> 29 us, issue #7)."""
    levels = np.arange(256, dtype=np.uint8).reshape(-1, 1, 1).repeat(3, axis=2)
    return _weighted(_lab8_float(levels), wl)


def _weighted_lab(pixels: np.ndarray, wl: float) -> np.ndarray:
    """`_weighted(lab_of(pixels), wl)`: N×3 float32 of N×3 BGR uint8 pixels."""
    return cv2.LUT(_lab8_row(pixels), _weighted_table(float(wl))).reshape(-1, 3)


_BIN = 8  # BGR quantisation step of the table lookup table (32 levels per channel)
_BIN_BGR = (
    np.stack(np.meshgrid(*[np.arange(_BIN // 2, 256, _BIN)] * 3, indexing="ij"), -1)
    .reshape(-1, 1, 3)
    .astype(np.uint8)
)  # every bin centre, index (b, g, r) -> (b // 8) * 1024 + (g // 8) * 32 + r // 8


_BINS = (256 // _BIN) ** 3
# Each bin centre's brightest and darkest channel (the glare test), once: per frame over the
# bins present it was a reduction over an axis of 3, slow in numpy.
_BIN_MAX = _BIN_BGR[:, 0].max(-1)
_BIN_MIN = _BIN_BGR[:, 0].min(-1)


@lru_cache(maxsize=1)
def _bin_lab() -> np.ndarray:
    return _lab(_BIN_BGR).reshape(-1, 3)


@lru_cache(maxsize=4)
def _bin_lab_weighted(wl: float) -> np.ndarray:
    """`_weighted(_bin_lab(), wl)`, once: the bins present are taken from it (the same
    products as weighting those bins each pass, 240 -> 50 us a pass, issue #7)."""
    return _weighted(_bin_lab(), wl)


def _bin_index(img: np.ndarray) -> np.ndarray:
    # On whole planes: numpy on the interleaved channels' strided views was 2.5 times slower.
    b, g, r = cv2.split(img >> 3)
    out = b.astype(np.uint16) << 10
    out |= g.astype(np.uint16) << 5
    out |= r
    return out


def _table_mask(
    config: Mapping[str, Any],
    small: np.ndarray,
    lit: bool = False,
    judge: np.ndarray | None = None,
    judged: np.ndarray | None = None,
    groups: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray | None, np.ndarray, np.ndarray]:
    """Mask (uint8) of the pixels far from every table colour learned from the border band;
    when `lit`, where the table is in its own light, for `_flatten` (uint8 255: not in a
    shadow, nor a solid part of the mask; else None); and where a pixel lies clearly off
    the table, farther than `faint_clear` times the threshold (uint8 255, not opened).
    `judge`: the flat indices of the only pixels told apart (the rest count as table and
    need not be given, but the band must). `judged`: with `judge`, those pixels and then the
    band's sample (`_band_sample`), N×3, to use instead of `small`'s, which then gives only
    the frame's size (the evened light's pixels, made only there: `_flatten`). `groups`: which
    table colour each pixel of the band's sample is, as an earlier pass of the same frame gave
    it (the fourth thing returned), for `_table_colours`.

    The table colours are a k-means of the border band in Lab; the distance of every colour
    to them is computed once per frame on a 32³ table of BGR bins, then looked up per pixel.
    """
    h, w = small.shape[:2]
    b = max(2, int(round(min(h, w) * config["border"])))
    wl = config["lightness_weight"]
    if judged is None:
        band = small.reshape(-1, 3).take(_band_sample(h, w, b), axis=0)
    else:
        band = judged[len(judge) :]
    sample = _weighted_lab(band, wl)
    k = int(config["table_colours"])
    centres, groups = _table_colours(sample, k, groups)
    # A small cluster is a tile, coin or hand reaching into the band, not the table.
    counts = np.bincount(groups, minlength=k)
    centres = centres[counts >= config["min_table_share"] * len(sample)]
    own = np.maximum(_nearest2(sample, centres), 0)
    spread = _percentile90(own) ** 0.5
    thresh = max(config["min_distance"], config["distance_factor"] * spread)
    # The table in shadow is the table still: light multiplies colour (and the camera's gamma
    # keeps it a product), so each table colour dimmed by every depth counts as table too. A
    # hard shadow across the rows is then no "something on the table" over the row gaps, and
    # tiles in it stay separate squares. Only dimmer, never brighter: a tile printed in the
    # table's hue is brighter than the table, and stays apart from it. A shadow is the table's
    # own colours exactly, only darker, so it must match them about as closely as the table
    # matches itself (`shadow_factor`, tighter than `distance_factor`): a hand on wood is near
    # the wood's colour, but not that near.
    dim = _dimmed(centres, wl, config["shadow_depths"])
    dim_thresh = max(config["min_distance"], config["shadow_factor"] * spread)
    # Only the bins the frame has (a few thousand of the 32³) are worth a distance.
    # The bins as numpy's own index type: converted once for both the presence and the
    # lookup below, which each converted it again (issue #7).
    if judge is None:
        index = _bin_index(small).astype(np.intp)
    else:
        px = small.reshape(-1, 3).take(judge, axis=0) if judged is None else judged[: len(judge)]
        # As one row, as `_lab8_row` (114 -> 74 us for 30,000 pixels).
        index = _bin_index(px.reshape(1, -1, 3)).ravel().astype(np.intp)
    present = _present(index)
    lut_lab = _bin_lab_weighted(float(wl)).take(present, axis=0)
    near2 = _nearest2(lut_lab, centres)
    far = near2 > thresh * thresh
    # 255: not table; 0: the table in its light; _SHADE: the table in a shadow; _FAINT: not
    # table, but within `faint_clear` of the threshold (see `Blob.clear_share`).
    code = np.where(far, 255, 0).astype(np.uint8)
    code[far & (near2 <= (config["faint_clear"] * thresh) ** 2)] = _FAINT
    if dim is not None:
        # Only what the lit table did not explain can still be table in shadow.
        maybe = np.flatnonzero(far)
        shaded = _nearest2(lut_lab[maybe], dim) <= dim_thresh * dim_thresh
        code[maybe[shaded]] = _SHADE
    # A light brighter than the band's drives a pale table's pixels into the sensor's top (a
    # channel at 255): the colour loses its tint there, and no dimming or evening out brings
    # it back (foreign boxes 2, 3, 4, 6, 7, 9, 10 on a pale cloth, its brightest checks:
    # "something covers the hero row"). Such a pixel is table when it is a table colour
    # brightened and clipped as the sensor does; one not at the top keeps its tint, so a tile
    # printed in the table's hue, brighter, stays apart (as for shadows). Only a pale pixel
    # (every channel high) has lost its tint so: a saturated one clipped in one channel keeps
    # it in the others, and a light-blue tile on a blue cloth lost its rim to the table (own
    # seeds 271828 #198, 141421 #84: a tile read faint).
    top = np.flatnonzero(
        (code >= _FAINT)
        & (_BIN_MAX[present] >= config["glare_level"])
        & (_BIN_MIN[present] >= config["glare_pale"])
    )
    glare = _dimmed(centres, wl, config["glare_gains"]) if len(top) else None
    if glare is not None:
        bright = _nearest2(lut_lab[top], glare) <= dim_thresh * dim_thresh
        code[top[bright]] = _SHADE
    lut = np.zeros(_BINS, np.uint8)
    lut[present] = code
    coded = lut.take(index)  # as lut[index], without fancy indexing's overhead
    if judge is not None:
        full = np.zeros(h * w, np.uint8)  # the pixels not judged: the table in its light
        full[judge] = coded
        coded = full.reshape(h, w)
    far_px = cv2.compare(coded, _FAINT, cv2.CMP_GE)
    mask = cv2.morphologyEx(far_px, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    clear = cv2.compare(coded, 255, cv2.CMP_EQ)
    if not lit:
        return mask, None, clear, groups
    # The table in its light, for `_flatten`: with the specks of "not table" no 5 px square
    # holds (a bright spot of the table the band never saw shows as such specks).
    solid = cv2.morphologyEx(far_px, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
    lit_px = cv2.bitwise_and(
        cv2.compare(solid, 0, cv2.CMP_EQ), cv2.compare(coded, _SHADE, cv2.CMP_NE)
    )
    return mask, lit_px, clear, groups


def _table_colours(
    sample: np.ndarray, k: int, groups: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """(the table's `k` colours, K×3 float32, and which of them each pixel of the band's
    sample is, N int32): a k-means of the sample (N×3 weighted Lab), from two k-means++
    starts, or with `groups` (an earlier pass's) from those groups, once.

    The second pass's sample is the first's pixels in the evened light, so its k-means starts
    from the first pass's groups (issue #7: 1.5 -> 0.4 ms a call on the bench's samples).
    The groups' means alone were not enough: evening moves pixels between groups, and on a
    gingham whose middle checks the band never saw lit (own seed 577215 #22) the means of the
    unevened groups sat between the evened checks, and the light checks over the rows came
    out "not table": the hero row could not be made out."""
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 15, 0.5)
    cv2.setRNGSeed(1)  # OpenCV draws starts (and refills an emptied group): keep it repeatable
    if groups is None:
        _, labels, centres = cv2.kmeans(sample, k, None, criteria, 2, cv2.KMEANS_PP_CENTERS)
    else:
        start = groups.reshape(-1, 1).copy()  # OpenCV writes the labels it ends with into it
        _, labels, centres = cv2.kmeans(
            sample, k, start, criteria, 1, cv2.KMEANS_USE_INITIAL_LABELS
        )
    return centres, labels.ravel()


def _percentile90(x: np.ndarray) -> float:
    """`np.percentile(x, 90)` of a 1-d float32 array, from a partial sort of only the two values
    it lies between: the same interpolation in the same float32 operations (numpy's own took
    155 us a call for the band's 4,176 distances, this 37; two calls a frame, issue #7)."""
    n = len(x)
    # numpy's virtual index of the "linear" method, n·q + (α + q(1 − α − β)) − 1 with α = β = 1,
    # written as numpy writes it so that it rounds the same ((n − 1)·q differs in its last bit
    # for 1,799 of the lengths 1-6,000).
    at = n * 0.9 + (1 + 0.9 * (1 - 2)) - 1
    lo = int(np.floor(at))
    hi = min(lo + 1, n - 1)
    t = at - lo
    part = np.partition(x, [lo, hi])
    a, b = part[lo], part[hi]
    d = b - a
    return float(b - d * (1 - t) if t >= 0.5 else a + d * t)


def _median(x: np.ndarray) -> float:
    """`float(np.median(x))` of a 1-d float32 or float64 array: the middle value, or the sum
    of the middle two halved in their own type (exactly, as np.median's mean of them), from a
    partial sort without np.median's cost per call (51 -> 26 us for the light's 3,600
    values; four more calls a frame on a few sides, issue #7)."""
    if x.dtype.kind != "f":  # whole numbers: np.median halves them as floats
        return float(np.median(x))
    h = len(x) // 2
    if len(x) % 2:
        return float(np.partition(x, h)[h])
    part = np.partition(x, [h - 1, h])
    return float((part[h - 1] + part[h]) * x.dtype.type(0.5))


def _present(index: np.ndarray) -> np.ndarray:
    """The bins (ascending) an array of bin indices (intp) holds: marked, not counted — the
    same bins as `np.flatnonzero(np.bincount(...))`, 0.86 -> 0.66 ms a pass with the one
    conversion above (issue #7)."""
    seen = np.zeros(_BINS, bool)
    seen[index.ravel()] = True
    return np.flatnonzero(seen)


@lru_cache(maxsize=8)
def _band_sample(h: int, w: int, b: int) -> np.ndarray:
    """The flat pixel indices of the border band's sample: the top `b` rows, the bottom `b`,
    then the left and the right `b` columns of the rows between, every so many of them for
    about 4000 — the pixels the band's copy, subsampled, held (made once per frame size; the
    copy of the whole band took longer than the k-means' start: issue #7)."""
    at = np.arange(h * w).reshape(h, w)
    band = np.concatenate(
        [at[:b].ravel(), at[-b:].ravel(), at[b:-b, :b].ravel(), at[b:-b, -b:].ravel()]
    )
    return band[:: max(1, len(band) // 4000)]


_SHADE = 1  # `_table_mask`'s code for the table in a shadow or a glare (not in its own light)
_FAINT = 254  # …and for "not table" only just (within `faint_clear` of its threshold)


def _nearest2(x: np.ndarray, centres: np.ndarray) -> np.ndarray:
    """Squared distance of each row of `x` (N×3 float32) to its nearest centre (K×3)."""
    # |x - c|² = |x|² - 2 x·c + |c|², as one small matrix product. The same float32 operations
    # in the same order as `((x * x).sum(1)[:, None] - 2 * x @ centres.T + (c**2).sum(1))
    # .min(1)` (so the same bits), laid out K×N: numpy's reductions and broadcasts over an
    # axis of 3 or 4 cost 8 times the arithmetic (issue #7: 0.3 ms a call, 4 to 6 calls a pass).
    prod = np.ascontiguousarray((2 * x @ centres.T).T)
    sq = x[:, 0] * x[:, 0]
    sq += x[:, 1] * x[:, 1]
    sq += x[:, 2] * x[:, 2]
    d = np.subtract(sq, prod, out=prod)
    d += (centres**2).sum(1)[:, None]
    return d.min(0)


def _dimmed(centres: np.ndarray, wl: float, depths) -> np.ndarray | None:
    """Weighted-Lab colours `centres` with their light multiplied by each of `depths` (one
    row per depth and centre), or None when there are none."""
    if not len(depths) or not len(centres):
        return None
    lab = (centres / np.float32([wl, 1.0, 1.0])).reshape(-1, 1, 3).astype(np.float32)
    bgr = cv2.cvtColor(lab, cv2.COLOR_Lab2BGR)  # float: BGR 0..1
    dark = np.clip(bgr[None] * np.float32(depths)[:, None, None, None], 0, 1)
    dark = cv2.cvtColor(dark.reshape(-1, 1, 3).astype(np.float32), cv2.COLOR_BGR2Lab)
    return _weighted(dark.reshape(-1, 3), wl)


def _flatten(
    config: Mapping[str, Any], small: np.ndarray, lit: np.ndarray, at: np.ndarray | None = None
) -> np.ndarray:
    """The frame with the table's light made even: each pixel divided by the brightness of the
    table around it (a normalised convolution of the pixels `lit` calls table in its light,
    so the tiles themselves do not darken or lighten the estimate). Removes a bright spot or
    a gradient that the border band never saw. A hard shadow's band is left out of the
    estimate: blurred into it, it made the lit table beside the band look dim, and evened
    out that table came out brighter than any the band saw, a line of "not table" along the
    shadow's edge (seed 314159, scene 60: "something covers the hero row").

    `lit`: 255 where the table is in its light, else 0 (as `_table_mask` gives it). `at`: only
    the pixels of these flat indices are evened, and returned as N×3 (the frame's
    own there when the light can't be measured): building an evened frame around them only
    to read them back took 0.7 ms of 7.8 a frame (issue #7, load 20)."""
    h, w = small.shape[:2]
    f = config["flatten_scale"]
    lw, lh = max(8, int(w * f)), max(8, int(h * f))
    # The grey of the lit table (0 elsewhere) masked in 8 bits, then as float32: the same
    # numbers as the float grey times the 0/1 table, without a float product over the frame.
    gray = cv2.bitwise_and(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), lit).astype(np.float32)
    table = (lit > 0).astype(np.float32)
    g = cv2.resize(gray, (lw, lh), interpolation=cv2.INTER_AREA)
    t = cv2.resize(table, (lw, lh), interpolation=cv2.INTER_AREA)
    sigma = config["flatten_sigma"] * min(lw, lh)
    g = cv2.GaussianBlur(g, (0, 0), sigma)
    t = cv2.GaussianBlur(t, (0, 0), sigma)
    light = g / np.maximum(t, 1e-3)
    if not np.any(t > 0.05):
        return small if at is None else small.reshape(-1, 3).take(at, axis=0)
    level = _median(light[t > 0.05])
    gain = np.clip(level / np.maximum(light, 1.0), 0.5, 2.0)
    gain = cv2.resize(gain, (w, h), interpolation=cv2.INTER_LINEAR)
    if at is not None:
        # Only these pixels (flat indices): the same float32 product and truncation each.
        px = np.multiply(small.reshape(-1, 3).take(at, axis=0), gain.reshape(-1, 1).take(at, 0),
                         dtype=np.float32)  # fmt: skip
        return np.minimum(px, np.float32(255), out=px).astype(np.uint8)
    # The same float32 products and truncation as numpy's, several times faster than a
    # broadcast over a last axis of 3; the products are never below 0 (gain >= 0.5).
    even = cv2.multiply(small, cv2.merge([gain, gain, gain]), dtype=cv2.CV_32F)
    return np.minimum(even, np.float32(255), out=even).astype(np.uint8)


def foreground(config: Mapping[str, Any], frame: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(mask uint8 of "not table", the frame scaled down, BGR) at the working scale.

    Two passes: the first finds the table, whose light is then evened out (`_flatten`), and
    the second tells table from not-table again in the even light.
    """
    mask, small, _ = _foreground(config, frame)
    return mask, small


def _foreground(
    config: Mapping[str, Any], frame: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """`foreground`, and where the last pass found a pixel clearly off the table."""
    s = config["scale"]
    small = cv2.resize(frame, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
    flat = config["flatten_sigma"] > 0
    mask, lit, clear, groups = _table_mask(config, small, lit=flat)
    if flat:
        # Both passes must agree: the even light drops a bright spot the band never saw, and
        # the first pass drops the rim the evening leaves along a hard shadow's edge. So the
        # second pass tells apart only what the first found and the 2 px around it (all that
        # its opening of 3×3 reads there), and evens out only those pixels and the band's: a
        # tenth to a fifth of the frame (issue #7).
        h, w = small.shape[:2]
        near = np.flatnonzero(cv2.dilate(mask, np.ones((5, 5), np.uint8)))
        if len(near):  # else the first pass found nothing, and so do both
            band = _band_sample(h, w, max(2, int(round(min(h, w) * config["border"]))))
            even = _flatten(config, small, lit, np.concatenate([near, band]))
            second, _, clear, _ = _table_mask(config, small, judge=near, judged=even, groups=groups)
            mask = cv2.bitwise_and(mask, second)
    return mask, small, clear


def lab_of(pixels: np.ndarray) -> np.ndarray:
    """Lab (N×3 float32) of N×3 BGR uint8 pixels."""
    return _lab8_float(_lab8_row(pixels)).reshape(-1, 3)


def _box_angle(box: tuple) -> tuple[float, tuple[float, float]]:
    """The rotated box's angle as the edge nearest horizontal, in (-45, 45], and its sides."""
    (_, _), (bw, bh), a = box
    a = float(a)
    while a > 45:
        a -= 90
        bw, bh = bh, bw
    while a <= -45:
        a += 90
        bw, bh = bh, bw
    return a, (float(bw), float(bh))


def find_blobs(config: Mapping[str, Any], frame: np.ndarray) -> Found:
    """Every blob on the table (holes filled), touching tiles cut apart, and the tile side.

    Tiles in a row often touch in the mask (shadows and cardboard edges bridge small gaps), so
    a blob is cut where the mask thins along its long axis; a blob of tiles edge to edge with
    no thinning is cut into equal tile-long pieces.
    """
    mask, small, clear = _foreground(config, frame)
    s = config["scale"]
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    min_area = (mask.shape[0] * 0.02) ** 2  # specks: smaller than 2 % of the frame height
    shapes = []
    small_ones = []
    for cnt in contours:
        if cv2.contourArea(cnt) < min_area:
            small_ones.append(cnt)
            continue
        x, y, ww, hh = cv2.boundingRect(cnt)
        local = np.zeros((hh, ww), np.uint8)
        cv2.drawContours(local, [cnt], -1, 255, -1, offset=(-x, -y))
        # Its pixels row by row, left to right (as np.nonzero gives them), as frame (x, y).
        pts = cv2.findNonZero(local).reshape(-1, 2).astype(np.float32)
        pts += np.float32([x, y])
        shapes.append((pts, cv2.minAreaRect(cnt)))
    # The tile side: what most blobs' short sides share (a row of merged tiles is one tile high:
    # its thickness, not its box's short side, which a row's bend or a tile out of line makes
    # taller — by a ninth on foreign box 8, whose rows of 12 nearly touching tiles were then
    # cut into 11).
    fills = [len(pts) / max(float(np.prod(box[1])), 1.0) for pts, box in shapes]
    measured = [
        (_thickness(pts, box), fill)
        for (pts, box), fill in zip(shapes, fills, strict=True)
        if fill > 0.6
    ]  # (short side, fill of its box)
    shorts = [t for t, _ in measured]
    # Tiles the table's colour ate into (blue tiles on a blue cloth: fill 0.55-0.65) are cut
    # short on every side; when three or more blobs are solid, their side is the tile's (own
    # seed 565656 #28: 12 eaten heroes at 43 px outvoted 5 solid villains at 66 px, no row
    # was found and the frame read "no tiles seen").
    solid = [t for t, fill in measured if fill >= config["min_fill"]]
    side_small = _typical_side(solid if len(solid) >= 3 else shorts)
    blobs = []
    for k, (pts, box) in enumerate(shapes):
        pieces = [pts]
        if side_small is not None:
            pieces = _cut(pts, box, side_small, config)
        for piece in pieces:
            b = _blob(piece, small, s, config["ground_band"], clear)
            blobs.append(b if len(pieces) == 1 else replace(b, part_of=k))
    side = None if side_small is None else side_small / s
    # Measured again on the single squares after cutting: a merged row's box is wider than a
    # tile wherever the row bends or a tile sits out of line, which pulled the first guess up
    # by as much as a tenth (patches cut at the wrong size then match badly).
    singles = [
        min(b.size) for b in blobs
        if b.fill >= 0.8 and max(b.size) <= 1.2 * min(b.size)
        and side is not None and abs(min(b.size) - side) < 0.3 * side
    ]  # fmt: skip
    if len(singles) >= 3:
        side = _typical_side(singles)
    return Found(tuple(blobs), side, *_specks(mask, small_ones, s, clear), mask=mask, small=small)


def _specks(
    mask: np.ndarray, contours: list, s: float, clear: np.ndarray
) -> tuple[np.ndarray, float, np.ndarray]:
    """The mask's pixels inside the `contours` too small to be blobs, on an even grid (full
    frame px), the frame px each stands for, and which lie clearly off the table."""
    if not contours:
        return _NO_SPECKS, 0.0, np.zeros(0, bool)
    only = np.zeros_like(mask)
    cv2.drawContours(only, contours, -1, 255, -1)
    only &= mask
    ys, xs = np.nonzero(only[::_GRID, ::_GRID])
    pts = (np.stack([xs, ys], 1).astype(np.float32) * _GRID + 0.5) / s
    return pts, float(_GRID * _GRID / s / s), clear[ys * _GRID, xs * _GRID] > 0


def _profile(pts: np.ndarray, box: tuple) -> tuple[np.ndarray, np.ndarray]:
    """(position of each pixel along the blob's long axis from its start, the blob's thickness
    at each whole position, smoothed over 3): working-scale pixels of one blob."""
    angle, (bw, bh) = _box_angle(box)
    t = np.deg2rad(angle)
    axis = np.array([np.cos(t), np.sin(t)], np.float32)
    if bh > bw:
        axis = np.array([-axis[1], axis[0]], np.float32)
    u = (pts - np.float32(box[0])) @ axis
    rel = u - float(u.min())
    bins = np.bincount(np.clip(rel.astype(int), 0, None))
    return rel, np.convolve(bins, np.ones(3) / 3, "same")


def _thickness(pts: np.ndarray, box: tuple) -> float:
    """A blob's short side: its box's, or for a blob over 1.5 times longer than high (tiles
    merged in a row) the median thickness across its long axis."""
    lo, hi = sorted(_box_angle(box)[1])
    if hi < 1.5 * lo:
        return lo
    _, prof = _profile(pts, box)
    return min(lo, _median(prof[prof > 0.5 * prof.max()]))


def _cut(pts: np.ndarray, box: tuple, side: float, config: Mapping[str, Any]) -> list[np.ndarray]:
    """Cut a blob's pixels (working scale) into tiles along its long axis."""
    _, (bw, bh) = _box_angle(box)
    length = max(bw, bh)
    if length < 1.5 * side or abs(min(bw, bh) - side) > 0.5 * side:
        return [pts]
    rel, prof = _profile(pts, box)
    high = prof >= config["cut_depth"] * np.percentile(prof, 75)
    # Runs of high columns are tiles; a run several tiles long is cut evenly.
    cuts: list[tuple[float, float]] = []
    start = None
    for i, h in enumerate(np.append(high, False)):
        if h and start is None:
            start = i
        elif not h and start is not None:
            if i - start >= 0.4 * side:
                n = _count(prof[start:i], side, config)
                step = (i - start) / n
                cuts.extend((start + k * step, start + (k + 1) * step) for k in range(n))
            start = None
    if len(cuts) <= 1:
        return [pts]
    pieces = []
    for k, (a, b) in enumerate(cuts):
        # Columns between two runs go to the nearer run, so no pixel is lost.
        a0 = -np.inf if k == 0 else (cuts[k - 1][1] + a) / 2
        b0 = np.inf if k == len(cuts) - 1 else (b + cuts[k + 1][0]) / 2
        sel = (rel >= a0) & (rel < b0)
        if sel.sum() > 10:
            pieces.append(pts[sel])
    return pieces


def _count(run: np.ndarray, side: float, config: Mapping[str, Any]) -> int:
    """How many tiles edge to edge a run of a blob's thickness profile (working px along its
    long axis) holds: its length in sides, rounded, unless one tile more or fewer (each still
    `cut_gap_lengths` sides long) puts its even cuts on gaps between tiles deeper by at least
    `cut_gap_margin` of the run's thickness.

    The side is the frame's; one row's tiles can show larger, their dark rims and the gaps
    between them all "not table" on a dark wood (foreign box 37: heroes 78-79 px where the
    villains, and so the side, are 70): five such heroes edge to edge measure 5.6 sides and
    were cut into six pieces, none a tile (scenes 1 and 55 refused). The gaps still show as
    dips of the thickness where rounded corners or tiles laid a little apart meet (35 px
    against 39 there): 0.06-0.09 of the thickness at five cuts, 0.00-0.03 at six. On the
    runs of foreign boxes 30-37 whose rounded count was right (902), no other count's cuts
    were deeper by more than 0.008."""
    n = max(1, int(round(len(run) / side)))
    lo, hi = config["cut_gap_lengths"]
    others = [m for m in (n - 1, n + 1) if m >= 2 and lo <= len(run) / (m * side) <= hi]
    if not others:  # most runs: one tile (time)
        return n
    best, deepest = n, _gap_depth(run, n) + config["cut_gap_margin"]
    for other in others:
        depth = _gap_depth(run, other)
        if depth >= deepest:
            best, deepest = other, depth
    return best


def _gap_depth(run: np.ndarray, n: int) -> float:
    """How deep the shallowest of the n - 1 even cuts of a run (its thickness profile) lies
    in a dip: 1 - the least thickness within 0.15 of a piece of the cut over the run's
    usual (75th percentile) thickness; 0 for one piece (no cut)."""
    if n < 2:
        return 0.0
    level = max(float(np.percentile(run, 75)), 1e-6)
    step = len(run) / n
    reach = max(1.0, 0.15 * step)
    depths = []
    for k in range(1, n):
        at = k * step
        near = run[int(max(0.0, at - reach)) : int(min(len(run), at + reach + 1))]
        depths.append(1.0 - float(near.min()) / level)
    return min(depths)


def _row_ends(pts: np.ndarray) -> np.ndarray:
    """The first and last pixel of each image row of a region (row-major pixels, as
    np.nonzero gives them): the same convex hull as all its pixels, from far fewer points."""
    ys = pts[:, 1]
    last = np.flatnonzero(ys[1:] != ys[:-1])  # the last pixel of each row but the last row
    # (np.r_ built these two index arrays 10 times slower: issue #7)
    starts = np.concatenate([[0], last + 1])
    ends = np.concatenate([last, [len(ys) - 1]])
    return np.concatenate([pts[starts], pts[ends]])


_GRID = 2  # working px between the pixels a blob keeps (see `_blob`)


def _median_lab(pixels: np.ndarray) -> np.ndarray:
    """np.median(lab_of(pixels), axis=0) of N×3 BGR uint8 pixels, from a partial sort of the
    8-bit Lab: `_lab` is increasing in each channel, so the middle pixels are the same, and
    only they are converted (their mean, as np.median takes it, when N is even)."""
    lab8 = _lab8_row(pixels).reshape(-1, 3)
    n = len(lab8)
    kth = [n // 2] if n % 2 else [n // 2 - 1, n // 2]
    mid = _lab8_float(np.partition(lab8, kth, axis=0)[kth[0] : n // 2 + 1])
    # np.mean of the middle one or two: the one, or the two's float32 sum halved (exactly),
    # without `mean`'s cost per call (a third of a blob's colour, issue #7).
    return mid[0] if len(mid) == 1 else (mid[0] + mid[1]) * np.float32(0.5)


def _depths(pts: np.ndarray, box: tuple) -> tuple[np.ndarray, np.ndarray, float]:
    """Every few of a blob's pixels (at most about 1200), how deep each lies inside its box
    (px in from the nearest edge), and the box's short side: the outer band (`_ground`) and
    the inner part (`_contrast`) are cut by depth."""
    pts = pts[:: max(1, len(pts) // 1200)]
    angle, (bw, bh) = _box_angle(box)
    t = np.deg2rad(angle)
    rel = pts - np.float32(box[0])
    u = np.abs(rel @ np.float32([np.cos(t), np.sin(t)]))
    v = np.abs(rel @ np.float32([-np.sin(t), np.cos(t)]))
    return pts, np.minimum(np.float32(bw / 2) - u, np.float32(bh / 2) - v), min(bw, bh)


def _ground(
    pts: np.ndarray, box: tuple, small: np.ndarray, band: tuple[float, float]
) -> tuple[float, float, float] | None:
    """Median Lab of a blob's pixels (working scale, in `small`) in its outer band: between
    band[0] and band[1] of its box's short side in from the box's edge (every few pixels, as
    for its colour); None when the band holds too few."""
    pts, depth, short = _depths(pts, box)
    ring = pts[(depth >= band[0] * short) & (depth < band[1] * short)].astype(int)
    if len(ring) < 16:
        return None
    ring = ring[:: max(1, len(ring) // 400)]
    return tuple(float(c) for c in _median_lab(small[ring[:, 1], ring[:, 0]]))


def _contrast(pts: np.ndarray, box: tuple, small: np.ndarray) -> float:
    """The standard deviation of brightness over a blob's pixels (working scale, in `small`)
    at least a fifth of its box's short side in from the box's edge (past a tile's rim and
    its edge's shading), every few pixels."""
    pts, depth, short = _depths(pts, box)
    inner = pts[depth >= 0.2 * short].astype(int)
    if len(inner) < 16:
        return 0.0
    inner = inner[:: max(1, len(inner) // 400)]
    return float(small[inner[:, 1], inner[:, 0]].astype(np.float32).mean(1).std())


def _blob(
    pts: np.ndarray,
    small: np.ndarray,
    s: float,
    band: tuple[float, float],
    clear: np.ndarray | None = None,
) -> Blob:
    hull = cv2.convexHull(_row_ends(pts))
    box = cv2.minAreaRect(hull)
    _, radius = cv2.minEnclosingCircle(hull)
    angle, (bw, bh) = _box_angle(box)
    xi, yi = pts[:, 0].astype(int), pts[:, 1].astype(int)
    # Its pixels' flat indices, read by `take` (the same pixels as [yi, xi], without numpy's
    # two-axis fancy indexing, which took longer: issue #7).
    at = yi * small.shape[1] + xi
    step = max(1, len(pts) // 400)
    colour = _median_lab(small.reshape(-1, 3).take(at[::step], axis=0))
    # The pixels kept stand for the blob wherever it reaches (a row's cover check asks how
    # much of it lies over a row): an even grid, so every part of a large blob keeps its share.
    # A fixed number of them left a tile-sized part of a blob as long as the table with one
    # sample or none, and a tile inside a shadow's band went unseen.
    grid = ((xi | yi) & (_GRID - 1)) == 0  # both multiples of _GRID, a power of two
    if grid.sum() < 16:
        grid[:] = True
    return Blob(
        center=(float(box[0][0] + 0.5) / s, float(box[0][1] + 0.5) / s),
        size=(bw / s, bh / s),
        angle=angle,
        area=float(len(pts) / s / s),
        fill=float(len(pts) / max(bw * bh, 1e-6)),
        hull_fill=float(cv2.contourArea(hull) / max(bw * bh, 1e-6)),
        colour=(float(colour[0]), float(colour[1]), float(colour[2])),
        pixels=((pts[grid] + 0.5) / s).astype(np.float32),
        roundness=float(len(pts) / max(np.pi * radius * radius, 1e-6)),
        clear_share=1.0 if clear is None else float(np.count_nonzero(clear.take(at))) / len(pts),
        # Foreign boxes 21 and 23: heroes with a large green or yellow crest on blue had a
        # whole median 48-62° of hue off the taught blue, or under a third of its chroma, and
        # were taken for "something covering the hero row"; the band round the art is blue.
        ground_of=partial(_ground, pts, box, small, band),
        contrast_of=partial(_contrast, pts, box, small),
    )


def _typical_side(sides: list[float]) -> float | None:
    """The side most square blobs share (tiles outnumber stray squares like coins)."""
    if not sides:
        return None
    arr = np.array(sides)
    # The densest ±20 % window: a median alone is pulled by a few coins or dice. Row i counts
    # the sides within a fifth of side i (the first densest wins, as `max` picked it): one
    # array operation instead of one per side (issue #7: 158 -> 25 us a call, two a frame).
    near = np.abs(arr[None, :] - arr[:, None]) < 0.2 * arr[:, None]
    best = arr[int(np.argmax(near.sum(1)))]
    return _median(arr[np.abs(arr - best) < 0.2 * best])


def is_tile_shape(config: Mapping[str, Any], blob: Blob, side: float) -> int:
    """How many tiles in a line this blob is (touching tiles merge): 0 when not tile-shaped."""
    lo, hi = sorted(blob.size)
    slack = config["size_slack"]
    # Squares, even with ragged edges where the tile is close to the table's colour; not coins.
    solid = blob.fill >= config["min_fill"] and blob.hull_fill >= config["min_hull_fill"]
    # A coin blurred by the camera and its shadow can fill its box like a square; its
    # enclosing circle it fills far more than a square does.
    if blob.roundness > config["max_roundness"]:
        return 0
    if not solid or abs(lo - side) > slack * side:
        return 0
    n = int(round(hi / side))
    if n < 1 or abs(hi - n * side) > slack * side * max(1, n) ** 0.5:
        return 0
    if n == 1 and hi / max(lo, 1e-6) > config["max_aspect"]:
        return 0
    return n


def clean(blobs, is_tile) -> list[bool]:
    """Per blob: may it be a tile? Not when it was cut from a blob some other piece of which is
    no tile (`is_tile` false): touching tiles are cut into tiles, but an arm reaching over a
    tile is one tile wide too, and is cut into tile-sized pieces with the tile it hides."""
    bad = {b.part_of for b, ok in zip(blobs, is_tile, strict=True) if not ok and b.part_of >= 0}
    return [ok and b.part_of not in bad for b, ok in zip(blobs, is_tile, strict=True)]


def split(blob: Blob, n: int) -> list[tuple[tuple[float, float], float]]:
    """Centres and angle of the `n` tiles of a blob of `n` touching tiles in a line."""
    if n == 1:
        return [(blob.center, blob.angle)]
    t = np.deg2rad(blob.angle)
    along = np.array([np.cos(t), np.sin(t)])
    if blob.size[1] > blob.size[0]:
        along = np.array([-along[1], along[0]])
    length = max(blob.size)
    c = np.array(blob.center)
    return [
        (tuple(float(v) for v in c + along * (k + 0.5 - n / 2) * length / n), blob.angle)
        for k in range(n)
    ]


def hue_chroma(colour: tuple[float, float, float]) -> tuple[float, float]:
    """Hue angle (degrees) and chroma of a Lab colour."""
    _, a, b = colour
    return float(np.degrees(np.arctan2(b, a))), float(np.hypot(a, b))
