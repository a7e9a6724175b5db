"""Finding dice in a frame by their learned body colour: `find_dice(config, profile, frame)`.

The frame is BGR uint8 (H×W×3). The profile's colour model (P(die body | colour), learned in
the teach step against the table it was taught on) is back-projected on a half-size frame;
blobs of die colour are then judged by shape alone — a flat die seen from above is a square of
the taught size — so neither the table colour nor the symbols are written into this code.
Blobs of several touching dice are split; blobs that are die-like but not square are the
unreadable cases (a die still rolling is smeared one way, a die cocked on another is not).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import cv2
import numpy as np

from .config import DICE_DEFAULTS
from .faces import decide, descriptors, face_distances, face_patch, median_of, print_contrast
from .profile import BINS, DiceProfile

# The long/short side of the box of a top face seen obliquely (`_oblique_top`): a camera
# 20-30 degrees off vertical foreshortens a die's top, and a symbol at its edge notches the
# colour it is cut by: such a slate top measured 1.38 (half size) and 1.41 (full size) and
# was refused at 1.3, while a side face, or a top joined to one, measured 1.58 or more
# (foreign outline dice, tests/vision/foreign).
TOP_ASPECT = 1.5

# The reasons a blob is refused for that `_own_sides` and `_side_by_side` may find to be a
# lone die, or flat dice side by side, seen obliquely.
ALARMS = ("cocked", "blurred")

# Of several squares that could be a die's top, the one to take (`_nearest_face`).
Pick = Callable[[list["Candidate"]], "Candidate"]


@dataclass(frozen=True)
class Candidate:
    center: tuple[float, float]  # full-frame px
    side: float  # full-frame px across the top face
    angle: float  # degrees, of the rotated box
    aspect: float  # long/short side of the rotated box
    fill: float  # blob area / rotated box area
    streak: float  # 0..1, how one-directional its edges are (a rolling die is smeared)
    # The top face seen obliquely is a square sheared and squashed by the camera: the
    # symmetric 2x2 matrix (a, b, d) = [[a, b], [b, d]] (determinant 1) that makes it square
    # again around its centre (vision.faces.face_patch); (1, 0, 1) seen from above.
    shape: tuple[float, float, float] = (1.0, 0.0, 1.0)


@dataclass(frozen=True)
class Found:
    dice: tuple[Candidate, ...]  # flat dice to read
    issues: tuple[tuple[str, Candidate], ...]  # (reason, candidate): "blurred", "cocked", "cut"
    likelihood: np.ndarray  # uint8 body likelihood of the small frame (for `visualize`)
    # Dice of `dice` found as pieces of the mask joined (`_joined_pieces`): a read that
    # matches no taught face there is a die not made out, not a square that is no die.
    joined: tuple[Candidate, ...] = ()


def _blur_bins(h: np.ndarray) -> np.ndarray:
    """A BINS³ histogram spread by [1/4, 1/2, 1/4] along each colour axis (a colour's
    neighbours in light, noise and JPEG; black and white keep what would spread past them)."""
    for axis in range(3):
        h = np.moveaxis(h, axis, 0)
        out = 0.5 * h
        out[1:] += 0.25 * h[:-1]
        out[:-1] += 0.25 * h[1:]
        out[[0, -1]] += 0.25 * h[[0, -1]]
        h = np.moveaxis(out, 0, axis)
    return h


def frame_lut(config: Mapping[str, Any], profile: DiceProfile, small: np.ndarray) -> np.ndarray:
    """The profile's colour model (uint8 per BGR bin) with the colours this frame is full of
    taken down: most of a frame is table, so a colour far commoner in it than the dice could
    make is table here, whatever the table taught on looked like. The dice's share grows with
    the dice in play (`max_dice`): 25 dice make five times the colour of POW's 5."""
    lut = profile.lut_u8
    if profile.body_hist is None or not float(config["frame_table"]):
        return lut
    idx = _bin_index(small[::2, ::2])
    seen = np.bincount(idx.reshape(-1), minlength=BINS**3).astype(np.float32)
    seen = _blur_bins(seen.reshape(BINS, BINS, BINS)).reshape(-1) / max(idx.size, 1)
    # (A photo of 25 pip dice, 12 of them white, took the white dice for table at the share
    # of 5: 7 white dice left out of the mask, foreign pips 25-dice seed 2 scene 9.)
    many = max(1.0, int(config["max_dice"]) / int(DICE_DEFAULTS["max_dice"]))
    share = float(config["frame_table"]) * many * profile.body_hist
    ours = 255.0 * share / (share + seen + 1e-9)
    return np.minimum(lut, np.clip(ours + 0.5, 0, 255).astype(np.uint8))


def body_likelihood(
    profile: DiceProfile, small: np.ndarray, lut: np.ndarray | None = None
) -> np.ndarray:
    """P(die body) × 255 per pixel of a BGR uint8 image (uint8), from the profile's colour model
    (or `lut`, one made for the frame by `frame_lut`).

    (A table lookup in numpy: cv2.calcBackProject returns zeros for 3-D histograms in
    OpenCV 5.0.)
    """
    # (take: a fifth faster than indexing, same values)
    return np.take(profile.lut_u8 if lut is None else lut, _bin_index(small))


def _bin_index(bgr: np.ndarray) -> np.ndarray:
    """The colour bin (b·BINS + g)·BINS + r of each pixel of a BGR uint8 image (uint16), as the
    profile's colour model is indexed."""
    q = bgr >> (8 - int(np.log2(BINS)))
    return (q[:, :, 0].astype(np.uint16) * BINS + q[:, :, 1]) * BINS + q[:, :, 2]


def local_contrast(
    small: np.ndarray,
    die_px: float,
    threshold: float,
    shadow: Mapping[str, Any] | None = None,
) -> np.ndarray:
    """255 where a pixel differs from the table around it (a median over ~3 dice), else 0.

    With `shadow` (config keys `shadow_depth`, `shadow_tint`, `shadow_area`, `shadow_even`)
    the table inside a hard shadow's band narrower than that median is the band's own shade,
    not the lit table the median sees across it (`_shadow_band`, `_in_band`)."""
    h, w = small.shape[:2]
    f = 8
    tiny = cv2.resize(small, (max(1, w // f), max(1, h // f)), interpolation=cv2.INTER_AREA)
    k = max(3, int(3 * die_px / f) | 1)
    bg_tiny = cv2.medianBlur(tiny, min(k, 255))
    bg = cv2.resize(bg_tiny, (w, h), interpolation=cv2.INTER_LINEAR)
    diff = _largest(cv2.absdiff(small, bg))
    band = None if shadow is None else _shadow_band(tiny, bg_tiny, die_px / f, k, shadow)
    if band is not None:
        diff = _in_band(small, diff, *band, threshold, die_px, float(shadow["shadow_even"]))
    _, out = cv2.threshold(diff, threshold, 255, cv2.THRESH_BINARY)
    return out


def _largest(diff: np.ndarray) -> np.ndarray:
    """The largest channel of a 3-channel image (uint8, or float32 without NaNs), per pixel
    (issue #6: numpy's max over a last axis of 3 took 0.17 ms of a 80×45 frame)."""
    b, g, r = cv2.split(diff)  # (contiguous planes: strided views are copied per call)
    return cv2.max(cv2.max(b, g), r)


def _shadow_band(
    tiny: np.ndarray, bg: np.ndarray, die: float, k: int, shadow: Mapping[str, Any]
) -> tuple[np.ndarray, np.ndarray] | None:
    """(region, table colour) of a hard shadow's band on the tiny frame (uint8 both; region
    0/1, the band's pixels and one around them; colour the lit table `bg` times the band's
    depth around the band and over its holes, `bg` elsewhere), or None when there is none.

    A band is the lit table `bg` dimmed by one depth (`shadow_depth`) with its tint kept
    (within `shadow_tint` of its chromaticity), over `shadow_area` die areas or more, and
    running off the frame, as a shadow cast from beside the table does: a light die inside it
    is the lit table's colour, so against `bg` it was table and the band around it the blob
    (own seed 192837 #218, #100). A cluster of dark dice is no band: it lies within the
    frame, and a print's colours break its tint."""
    lo, hi = (float(v) for v in shadow["shadow_depth"])
    least = float(shadow["shadow_area"]) * die * die
    t = tiny.astype(np.float32) + 1.0
    b = bg.astype(np.float32) + 1.0
    ones = np.ones((1, 3), np.float32)
    ts, bs = cv2.transform(t, ones), cv2.transform(b, ones)
    depth = ts / bs
    shade = cv2.inRange(depth, lo, hi)
    if cv2.countNonZero(shade) < least:  # (most frames: no shadow, nothing more to do)
        return None
    off = _largest(cv2.absdiff(t / ts[:, :, None], b / bs[:, :, None]))
    shade &= cv2.inRange(off, 0.0, float(shadow["shadow_tint"]))
    shade //= 255
    n, labels, stats, _ = cv2.connectedComponentsWithStats(shade, connectivity=8)
    th, tw = shade.shape
    x, y, ww, hh, area = (stats[:, i] for i in range(5))
    keep = (area >= least) & ((x == 0) | (y == 0) | (x + ww == tw) | (y + hh == th))
    keep[0] = False
    if not keep.any():
        return None
    shade = keep[labels].astype(np.uint8)
    # The band's depth per channel, carried over its holes (the dice in it) from around them.
    box = (k, k)
    near = cv2.boxFilter(shade.astype(np.float32), -1, box, normalize=False)
    scaled = cv2.boxFilter(t / b * shade[:, :, None], -1, box, normalize=False)
    gain = scaled / np.maximum(near, 1e-6)[:, :, None]
    colour = np.where(near[:, :, None] > 0, b * gain - 1.0, bg.astype(np.float32))
    square = cv2.getStructuringElement(cv2.MORPH_RECT, (3, 3))
    return cv2.dilate(shade, square), np.clip(colour + 0.5, 0, 255).astype(np.uint8)


def _in_band(
    small: np.ndarray,
    diff: np.ndarray,
    region: np.ndarray,
    colour: np.ndarray,
    threshold: float,
    die_px: float,
    even: float,
) -> np.ndarray:
    """`diff` (against the lit table) with the pixels of a hard shadow's band and of what lies
    inside it measured against the band's own colour instead (`_shadow_band`, tiny frame).
    The band is taken at full detail: the pixels near its tiny region nearer its colour than
    the lit table's, with what they enclose (a die in the band is a hole in it); when they are
    less than `even` of that region the frame has no band and `diff` is kept."""
    h, w = small.shape[:2]
    near = cv2.compare(cv2.resize(region, (w, h), interpolation=cv2.INTER_NEAREST), 0, cv2.CMP_GT)
    shade = _largest(cv2.absdiff(small, cv2.resize(colour, (w, h), interpolation=cv2.INTER_LINEAR)))
    band = near & cv2.compare(shade, threshold, cv2.CMP_LT) & cv2.compare(shade, diff, cv2.CMP_LT)
    if cv2.countNonZero(band) < even * cv2.countNonZero(near):
        return diff  # no band of one shade: a wood's dark grain lines, dimmer on average
    # A die at the band's edge is a notch in it, not a hole: closed over a die's side.
    side = max(3, round(die_px))
    band = cv2.morphologyEx(
        band, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (side, side))
    )
    inside = np.zeros_like(band)
    contours, _ = cv2.findContours(band, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    cv2.drawContours(inside, contours, -1, 255, -1)
    return cv2.copyTo(shade, inside, diff.copy())


def _stats(contour: np.ndarray) -> tuple[tuple, float, float, float]:
    (cx, cy), (w, h), angle = cv2.minAreaRect(contour)
    area = max(cv2.contourArea(contour), 1.0)
    short, long_ = max(min(w, h), 1e-3), max(w, h)
    return ((cx, cy), (w, h), angle), long_ / short, area / max(w * h, 1e-3), area


def _streak(gray: np.ndarray, contour: np.ndarray, pad: int = 2) -> float:
    """How one-directional the edges of a blob are, 0..1 (structure-tensor anisotropy).

    A die at rest has edges every way (its outline, its print); a die still rolling is smeared
    along its path, so its edges all run one way. Defocus blurs every way and does not count.
    """
    x, y, w, h = cv2.boundingRect(contour)
    x0, y0 = max(x - pad - 2, 0), max(y - pad - 2, 0)
    roi = gray[y0 : y + h + pad + 2, x0 : x + w + pad + 2].astype(np.float32)
    m = np.zeros(roi.shape, np.uint8)
    cv2.drawContours(m, [contour - (x0, y0)], -1, 1, -1)
    m = cv2.dilate(m, np.ones((2 * pad + 1, 2 * pad + 1), np.uint8)).astype(bool)
    gx = cv2.Sobel(roi, cv2.CV_32F, 1, 0, ksize=3)[m]
    gy = cv2.Sobel(roi, cv2.CV_32F, 0, 1, ksize=3)[m]
    jxx, jyy, jxy = float((gx * gx).sum()), float((gy * gy).sum()), float((gx * gy).sum())
    return float(np.sqrt((jxx - jyy) ** 2 + 4 * jxy**2) / max(jxx + jyy, 1e-6))


def colour_spread(image: np.ndarray, contour: np.ndarray, erode: int = 2) -> float:
    """How far the colours inside a blob stray from one smooth shade: the spread (Lab units,
    all three channels) left after a plane is fitted to each channel over its interior (the
    outline eroded by `erode` px, or the whole blob when that leaves too little).

    A die still rolling smears its body and its print together with the table, so its blob
    holds many colours; a pale check of a cloth or a lit band of a laminate is one colour
    (a light gradient or a soft shadow across it is the plane)."""
    h, w = image.shape[:2]
    x, y, bw, bh = cv2.boundingRect(contour)
    x0, y0, x1, y1 = max(x, 0), max(y, 0), min(x + bw, w), min(y + bh, h)
    if x1 <= x0 or y1 <= y0:
        return 0.0
    inside = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.drawContours(inside, [contour - (x0, y0)], -1, 1, -1)
    core = cv2.erode(inside, np.ones((3, 3), np.uint8), iterations=erode) if erode else inside
    ys, xs = np.nonzero(core if np.count_nonzero(core) >= 20 else inside)
    if xs.size < 3:
        return 0.0
    lab = cv2.cvtColor(image[y0:y1, x0:x1], cv2.COLOR_BGR2LAB)[ys, xs].astype(np.float64)
    at = np.stack([xs, ys, np.ones_like(xs)], 1).astype(np.float64)
    coef, *_ = np.linalg.lstsq(at, lab, rcond=None)
    return float(np.sqrt((lab - at @ coef).var(0).sum()))


def _rescaled(x: float, y: float, scale: float) -> tuple[float, float]:
    """A point's pixel-centre coordinates in the frame resized by `scale` (frame to the
    finder's small frame with `scale`, back with its inverse)."""
    return ((x + 0.5) * scale - 0.5, (y + 0.5) * scale - 0.5)


def box_spread(image: np.ndarray, cand: Candidate, scale: float, part: float = 0.6) -> float:
    """`colour_spread` of the middle of a candidate's square (`part` of its side; the
    candidate in frame px) in `image`, the frame shrunk by `scale` as the finder shrinks it."""
    centre = _rescaled(cand.center[0], cand.center[1], scale)
    side = cand.side * scale * part
    box = cv2.boxPoints((centre, (side, side), cand.angle))
    return colour_spread(image, np.round(box).astype(np.int32).reshape(-1, 1, 2), erode=0)


def _candidate(rect: tuple, aspect: float, fill: float, streak: float, inv: float) -> Candidate:
    (cx, cy), (w, h), angle = rect
    return Candidate(
        center=_rescaled(cx, cy, inv),
        side=float(np.sqrt(max(w * h, 1.0))) * inv,
        angle=float(angle),
        aspect=float(aspect),
        fill=float(fill),
        streak=float(streak),
    )


def _square(
    center: tuple[float, float], angle: float, side: float, streak: float, inv: float
) -> Candidate:
    """A die found as a square of the frame's die size (small px in, frame px out)."""
    return _candidate((center, (side, side), angle), 1.0, 1.0, streak, inv)


def _split(blob: np.ndarray, side_ref: float, min_part: float) -> list[np.ndarray]:
    """Contours of the dice in a blob of touching dice: erode until it falls apart, grow back."""
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
    eroded = blob
    for it in range(1, max(2, int(side_ref * 0.45))):
        eroded = cv2.erode(eroded, kernel)
        # (the parts' areas counted off the labels: connectedComponentsWithStats took twice
        # as long, issue #6)
        n, labels = cv2.connectedComponents(eroded, connectivity=4)
        areas = np.bincount(labels.ravel(), minlength=n)
        parts = [i for i in range(1, n) if areas[i] >= min_part]
        if len(parts) >= 2:
            out = []
            for i in parts:
                part = (labels == i).astype(np.uint8)
                grown = cv2.dilate(part, kernel, iterations=it) & blob
                cs, _ = cv2.findContours(grown, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
                out.append(max(cs, key=cv2.contourArea))
            return out
        if not parts:
            break
    return []


def _edge_turn(
    gray: np.ndarray, center: tuple[float, float], side: float, coherent: float
) -> float | None:
    """The turn (degrees mod 90) that the edges around a die run, or None when less than
    `coherent` of their strength runs two ways a quarter turn apart (`gray`, `center` and
    `side` in the same px).

    A die split out of a blob of touching dice (`_split`) is grown back by a round kernel: an
    octagon whose smallest box lies at any turn, often 45 degrees off the die's (own seed
    778899 #186: two dice edge to edge cut at -45 where they lie at 75, read 0.00 and 0.00;
    at 75 they read 0.79 and 0.66). Its top's outline and its print's edges still run with
    its sides: the gradients' fourfold mean angle, weighted by their strength, in a window
    a little larger than the die."""
    r = max(2, int(round(0.6 * side)))
    x, y = int(round(center[0])), int(round(center[1]))
    roi = gray[max(y - r, 0) : y + r + 1, max(x - r, 0) : x + r + 1].astype(np.float32)
    if min(roi.shape) < 5:
        return None
    gx = cv2.Sobel(roi, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(roi, cv2.CV_32F, 0, 1, ksize=3)
    strength = gx * gx + gy * gy
    z = (strength * np.exp(4j * np.arctan2(gy, gx))).sum()
    if not coherent or abs(z) < coherent * max(float(strength.sum()), 1e-6):
        return None
    return float(np.degrees(np.angle(z) / 4) % 90)


def _split_rect(rect: tuple, k: int) -> list[tuple]:
    """k equal squares along the long side of a rotated rectangle (dice in a straight row)."""
    (cx, cy), (w, h), angle = rect
    t = np.deg2rad(angle)
    axis = np.array([np.cos(t), np.sin(t)]) if w >= h else np.array([-np.sin(t), np.cos(t)])
    long_, short = max(w, h), min(w, h)
    step = long_ / k
    out = []
    for i in range(k):
        off = (i - (k - 1) / 2) * step
        out.append(((cx + axis[0] * off, cy + axis[1] * off), (step, short), angle))
    return out


def _pack(
    contour: np.ndarray, ref: float, cover: float, rim: float, spare: float, most: int = 6
) -> list[tuple[tuple[float, float], float]]:
    """Dice of the frame's die size that make up a blob no clean square or split explains (a
    die with a wedge of its shadow, dice touching at any turn): squares of side `ref`, each
    at least `cover` inside the blob, taken one at a time at the turn and place that covers
    most, leaving nothing thicker than `rim` squares but `spare` square areas; [] when they do
    not (a die cocked on another shows a top and a side face: the side face is left).
    Returns the squares' centres (in the contour's px) and their turns (degrees)."""
    x, y, w, h = cv2.boundingRect(contour)
    n = int(np.ceil(np.hypot(w, h))) + 4
    ox, oy = (n - w) // 2 - x, (n - h) // 2 - y
    blob = np.zeros((n, n), np.uint8)
    cv2.drawContours(blob, [contour + (ox, oy)], -1, 1, -1)
    area = float(blob.sum())
    s = max(3, int(round(ref)))
    if area < 0.8 * s * s or area > (most + spare) * s * s:
        return []

    def at(angle: float) -> tuple[float, float, tuple[int, int], np.ndarray]:
        m = cv2.getRotationMatrix2D((n / 2, n / 2), angle, 1.0)
        turned = cv2.warpAffine(blob, m, (n, n), flags=cv2.INTER_NEAREST).astype(np.float32)
        cov = cv2.boxFilter(turned, -1, (s, s), normalize=True, borderType=cv2.BORDER_CONSTANT)
        _, top, _, (px, py) = cv2.minMaxLoc(cov)
        return top, angle, (px - s // 2, py - s // 2), m

    out: list[tuple[tuple[float, float], float]] = []
    for _ in range(most):
        # Coarse turns, then finer around the best.
        best = max((at(a) for a in range(0, 90, 10)), key=lambda r: r[0])
        for step in (4, 2):
            a0 = best[1]
            best = max([best, at(a0 - step), at(a0 + step)], key=lambda r: r[0])
        top, angle, (x0, y0), m = best
        if top < cover:
            break
        back = cv2.invertAffineTransform(m)
        corners = np.array([[x0, y0], [x0 + s, y0], [x0 + s, y0 + s], [x0, y0 + s]], np.float64)
        poly = corners @ back[:, :2].T + back[:, 2]
        c = poly.mean(0) - 0.5
        out.append(((float(c[0] - ox), float(c[1] - oy)), float(angle)))
        cv2.fillPoly(blob, [np.round(poly - 0.5).astype(np.int32)], 0)
    if not out:
        return []
    # What is left must be rims and slivers (a die's edge, a wedge of its shadow), not a piece
    # of a die (a cocked die's side face is half a die thick).
    k = max(3, int(round(rim * s)) | 1)
    piece = cv2.morphologyEx(
        blob, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    )
    return out if float(piece.sum()) <= spare * s * s else []


def _solidity(contour: np.ndarray) -> float:
    """A blob's area over its convex hull's (1 for a convex blob)."""
    return float(cv2.contourArea(contour)) / max(
        float(cv2.contourArea(cv2.convexHull(contour))), 1.0
    )


def _table_in_hull(small: np.ndarray, mask: np.ndarray, contour: np.ndarray) -> float:
    """The share of a blob's convex hull (small px `contour` in the frame scaled as `small`,
    off its die `mask`) that is of the table's colour around the hull (its median within 3 px
    outside, off the mask; each channel within a fifth of it, 12 levels at least, the
    sensor's noise). A die's blob, even cut by the frame's straight edge, is convex but for
    its print, which reaches into it where the print runs off the frame; what a concave blob
    holds between its arms otherwise is table (a fold of a rippled cloth, a chevron)."""
    x, y, w, h = cv2.boundingRect(contour)
    fh, fw = mask.shape
    x0, y0, x1, y1 = max(x - 4, 0), max(y - 4, 0), min(x + w + 4, fw), min(y + h + 4, fh)
    blob = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.drawContours(blob, [contour - (x0, y0)], -1, 1, -1)
    hull = np.zeros_like(blob)
    cv2.drawContours(hull, [cv2.convexHull(contour) - (x0, y0)], -1, 1, -1)
    ring = (cv2.dilate(hull, np.ones((7, 7), np.uint8)) > hull) & (mask[y0:y1, x0:x1] == 0)
    notch = (hull > 0) & (blob == 0)
    if not ring.any() or not notch.any():
        return 0.0
    roi = small[y0:y1, x0:x1].astype(np.int16)
    table = np.median(roi[ring], axis=0)
    near = (np.abs(roi[notch] - table) <= np.maximum(0.2 * table, 12)).all(axis=1)
    return float(near.sum()) / max(float(hull.sum()), 1.0)


def _thinned(contour: np.ndarray, shape: tuple[int, ...], width: int) -> list[np.ndarray]:
    """The pieces of a blob (small px contour in a frame of `shape`) once every part of it
    thinner than `width` px is taken off (a morphological opening by a disk).

    A die is a solid square; a line of the table's texture of a die-like colour (the dark
    grain of a wood next to a dark die) joined to it is thinner than a die, and made the
    blob a long, ragged shape no square explains."""
    x, y, w, h = cv2.boundingRect(contour)
    pad = width + 1
    x0, y0 = max(x - pad, 0), max(y - pad, 0)
    x1, y1 = min(x + w + pad, shape[1]), min(y + h + pad, shape[0])
    blob = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.drawContours(blob, [contour - (x0, y0)], -1, 1, -1)
    disk = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (width, width))
    opened = cv2.morphologyEx(blob, cv2.MORPH_OPEN, disk)
    cs, _ = cv2.findContours(opened, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    return [q + (x0, y0) for q in cs]


def _cut_by_outline(
    gray: np.ndarray, contour: np.ndarray, edge: float, grow: int = 2
) -> list[np.ndarray]:
    """The pieces of a blob once cut along the strong edges inside it (small px contours).

    A die merged with a stretch of table of a die-like colour (a pale laminate band, a light
    check of a cloth) still has its own outline: the step from the die's top face to the
    table. Cut along it, the die falls out as a piece of its own; each piece is grown back
    over the cut (within the blob) so it keeps its size."""
    x, y, w, h = cv2.boundingRect(contour)
    pad = grow + 1
    x0, y0 = max(x - pad, 0), max(y - pad, 0)
    x1, y1 = min(x + w + pad, gray.shape[1]), min(y + h + pad, gray.shape[0])
    blob = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.drawContours(blob, [contour - (x0, y0)], -1, 1, -1)
    edges = cv2.Canny(gray[y0:y1, x0:x1], edge, 2 * edge, L2gradient=True)
    cut = blob & (edges == 0)
    cut = cv2.erode(cut, np.ones((2, 2), np.uint8))
    n, labels = cv2.connectedComponents(cut, connectivity=4)
    kernel = cv2.getStructuringElement(cv2.MORPH_CROSS, (3, 3))
    out = []
    for i in range(1, n):
        part = cv2.dilate((labels == i).astype(np.uint8), kernel, iterations=grow + 1) & blob
        cs, _ = cv2.findContours(part, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        out.extend(q + (x0, y0) for q in cs)
    return out


def _cut_by_shade(gray: np.ndarray, contour: np.ndarray, join: int) -> list[np.ndarray]:
    """The printed squares of a blob's brighter part (small px hulls): a die merged with a
    stretch of table darker than itself (a hard shadow's band, its edges, a shaded check).

    The blob's gray levels are split in two (Otsu); the brighter part is joined over gaps
    of `join` px (its print cuts a die's colour in pieces, and a print reaching near the
    edge leaves the die's outline broken: the outline cut gives it back as splinters) and
    each piece's hull that holds a print (`holds_print`: the table's pale stretches are
    plain) is returned; the caller judges its shape and size as any square."""
    x, y, w, h = cv2.boundingRect(contour)
    x0, y0 = max(x, 0), max(y, 0)
    x1, y1 = min(x + w, gray.shape[1]), min(y + h, gray.shape[0])
    blob = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.drawContours(blob, [contour - (x0, y0)], -1, 1, -1)
    roi = gray[y0:y1, x0:x1]
    inside = roi[blob > 0]
    if inside.size < 16 or int(inside.max()) - int(inside.min()) < 16:
        return []
    t, _ = cv2.threshold(inside.reshape(-1, 1), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    bright = ((roi > t) & (blob > 0)).astype(np.uint8)
    bright = cv2.morphologyEx(bright, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (max(3, join | 1),) * 2)
    joined = cv2.morphologyEx(bright, cv2.MORPH_CLOSE, k)
    out = []
    for q in cv2.findContours(joined, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0]:
        hull = cv2.convexHull(q)
        filled = np.zeros(bright.shape, np.uint8)
        cv2.drawContours(filled, [hull], -1, 1, -1)
        if holds_print(bright, filled):
            out.append(hull + (x0, y0))
    return out


def _top_face(
    small: np.ndarray,
    cand: Candidate,
    scale: float,
    shrink: float = 0.7,
    square: float = 1.25,
    lights: bool = False,
) -> Candidate:
    """The top face of a found die: the pixels of the die's own body colour (its side faces
    and its shadow are darker), so the face is cut out where it is, at its size. With
    `lights`, also those of the body's colour in another light (`_other_light`: a shadow's
    edge across the top; not for every blob, as a neighbour die in other light is no part
    of this one: own seed 616161 #193)."""
    r = cand.side * scale * 0.75
    cx, cy = cand.center[0] * scale, cand.center[1] * scale
    x0, y0 = max(int(cx - r), 0), max(int(cy - r), 0)
    x1, y1 = min(int(cx + r) + 1, small.shape[1]), min(int(cy + r) + 1, small.shape[0])
    roi = small[y0:y1, x0:x1]
    if roi.size == 0:
        return cand
    inner = cv2.boxPoints(((cx - x0, cy - y0), (cand.side * scale * 0.7,) * 2, cand.angle))
    inside = np.zeros(roi.shape[:2], np.uint8)
    cv2.fillPoly(inside, [inner.astype(np.int32)], 1)
    count = cv2.countNonZero(inside)
    if not count:
        return cand  # (no pixel to take the body's colour from: nothing is near it)
    body = _median_in(roi, inside, count)
    near = _near_colour(roi, body)
    other = (
        _other_light(roi[inside.astype(bool) & (near == 0)].astype(np.int16), body, count)
        if lights
        else None
    )
    if other is not None:
        near |= _near_colour(roi, other)
    near = cv2.morphologyEx(near, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
    largest = _largest_part(near)
    if largest is None:
        return cand
    cs, _ = cv2.findContours(largest, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    (fx, fy), (w, h), angle = cv2.minAreaRect(max(cs, key=cv2.contourArea))
    side = float(np.sqrt(max(w * h, 1.0))) / scale
    if not shrink * cand.side <= side <= 1.05 * cand.side or max(w, h) > square * min(w, h):
        return cand  # the face colour did not give a clean square: keep the blob's box
    inv = 1.0 / scale
    return Candidate(
        center=_rescaled(fx + x0, fy + y0, inv),
        side=side,
        angle=float(angle),
        aspect=cand.aspect,
        fill=cand.fill,
        streak=cand.streak,
    )


def _median_in(image: np.ndarray, mask: np.ndarray, count: int) -> np.ndarray:
    """np.median(image[mask > 0], axis=0) of a BGR uint8 image (`count` pixels in `mask`),
    float64: each channel's middle one or two values (their mean, as np.median takes it) read
    off its histogram (issue #6: the partition of a top's pixels took 75 µs, this 50)."""
    ranks = ((count - 1) // 2, count // 2)
    out = np.empty(3)
    for c in range(3):
        seen = np.cumsum(cv2.calcHist([image], [c], mask, [256], [0, 256]).ravel())
        lo, hi = np.searchsorted(seen, ranks, side="right").tolist()
        out[c] = (lo + hi) / 2
    return out


def _largest_part(mask: np.ndarray) -> np.ndarray | None:
    """The largest 4-connected part of a 0/1 uint8 mask (255 in it, else 0; the first of equal
    ones), or None when the mask is empty: as connectedComponentsWithStats' areas pick it,
    in under 0.8 of its time (issue #6)."""
    n, labels = cv2.connectedComponents(mask, connectivity=4)
    if n < 2:
        return None
    best = 1 + int(np.argmax(np.bincount(labels.ravel(), minlength=n)[1:]))
    return cv2.compare(labels, best, cv2.CMP_EQ)


def _near_colour(roi: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """1 where a BGR uint8 image is within max(0.18 × `colour`, 14) of `colour` in every
    channel, else 0 (uint8): one cv2.inRange between the integer bounds of that test (issue
    #6: under half the time of testing each pixel in float). `colour` is a median of uint8
    pixels, whole or a half: for every such value the bounds hold exactly the integers the
    float test keeps (tests/vision/test_finder.py tries them all)."""
    tol = np.maximum(0.18 * colour, 14)
    lo = tuple(math.ceil(v) for v in (colour - tol).tolist())
    hi = tuple(math.floor(v) for v in (colour + tol).tolist())
    return cv2.inRange(roi, lo, hi) // 255


def _other_light(px: np.ndarray, body: np.ndarray, count: int) -> np.ndarray | None:
    """The die's body colour in another light, when a hard shadow's edge crosses its top:
    the median of the pixels `px` (BGR, int16; those of the top not near `body`) that are
    `body` scaled by a shadow's worth (0.55-0.9 of it or 1.1-1.8 times it, the same tint),
    when they make 15 % or more of the `count` pixels of the top; else None. The top is then
    the pixels near either colour (own seed 383838 #93: a die across a shadow's edge was cut
    to its lit half)."""
    if len(px) < 0.15 * count:
        return None
    total = np.maximum(px.sum(axis=1, dtype=np.float32), 1.0)
    gain = total / max(float(body.sum()), 1.0)
    tint = np.abs(px / total[:, None] - body / max(float(body.sum()), 1.0)).max(axis=1)
    same = (tint < 0.03) & (((gain >= 0.55) & (gain <= 0.9)) | ((gain >= 1.1) & (gain <= 1.8)))
    if np.count_nonzero(same) < 0.15 * count:
        return None
    return np.median(px[same], axis=0)


def _closed_fill(config: Mapping[str, Any], contour: np.ndarray | None, side: float) -> float:
    """How much of its rotated box a blob (small px contour) fills once the notches its
    print makes are closed (a closing by `pile_close` of the die side `side`, small px): a
    cocked die's symbol at the edge of its top opens the blob's outline (own dev seed 330007
    #38: a pile 1.58 die sides across filled 0.47 of its box, 0.60 closed, and was dropped;
    the frame read "ok" with 3 of its 5 dice). 0 without a contour."""
    if contour is None:
        return 0.0
    k = max(3, int(round(float(config["pile_close"]) * side)) | 1)
    x, y, w, h = cv2.boundingRect(contour)
    blob = np.zeros((h + 2 * k, w + 2 * k), np.uint8)
    cv2.drawContours(blob, [contour - (x - k, y - k)], -1, 1, -1)
    blob = cv2.morphologyEx(
        blob, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    )
    outer = cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0]
    return _stats(max(outer, key=cv2.contourArea))[2] if outer else 0.0


def _gap(p, q) -> float:
    """The distance between two points (x, y) of the frame."""
    return float(np.hypot(p[0] - q[0], p[1] - q[1]))


def _overlaps(a: Candidate, b: Candidate) -> bool:
    """Whether two candidates' centres lie within 0.6 of the larger one's side."""
    gap = _gap(a.center, b.center)
    return bool(gap < 0.6 * max(a.side, b.side))


def _one_per_place(dice: list[Candidate], pick: Pick | None) -> list[Candidate]:
    """The dice with no two at one place: two cuts whose centres lie within a quarter of the
    smaller's side are one die's top cut twice (no two dice's visible tops can share that
    much of one place), and one of them is kept — the one nearer a taught face when the
    profile has templates (`pick`), else the first found. A blob's top cut reaches past the
    blob's own pixels, so two blobs may both cut the top of one die lying between them
    (25-dice pips 49 #19: a 2 read twice, 1 px apart, 26 dice for 25, "too-many"; with a
    die missed elsewhere it would have been 25 with a wrong face count, read "ok")."""
    groups: list[list[Candidate]] = []
    for d in dice:
        same = next(
            (g for g in groups if _gap(g[0].center, d.center) < 0.25 * min(g[0].side, d.side)),
            None,
        )
        if same is None:
            groups.append([d])
        else:
            same.append(d)
    return [g[0] if len(g) == 1 or pick is None else pick(g) for g in groups]


def die_mask(
    config: Mapping[str, Any], profile: DiceProfile, small: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """(body likelihood, mask of die pixels) of a frame scaled by config "scale" (uint8 both)."""
    lut = frame_lut(config, profile, small)
    prob = body_likelihood(profile, small, lut)
    # A die also stands out from the table around it: this keeps a stretch of table whose
    # colour happens to be die-like (a light laminate, a shadowed cloth) out of the mask.
    standing = local_contrast(
        small,
        profile.side_range[1] * float(config["scale"]),
        float(config["contrast"]),
        config if float(config["shadow_area"]) else None,
    )
    mask = _body_mask(config, prob, standing)
    if lut is not profile.lut_u8:
        prob, mask = _squares_kept(config, profile, small, standing, prob, mask)
    return prob, mask


def _body_mask(config: Mapping[str, Any], prob: np.ndarray, standing: np.ndarray) -> np.ndarray:
    """The pixels of die colour (`prob` over "body_threshold") that stand out from the table
    around them, cleaned of specks (and pin-holes with "close")."""
    _, mask = cv2.threshold(prob, float(config["body_threshold"]) * 255, 255, cv2.THRESH_BINARY)
    mask &= standing
    square = cv2.getStructuringElement(cv2.MORPH_RECT, (3, 3))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, square)
    if config["close"]:
        mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, square)
    return mask


def _squares_kept(
    config: Mapping[str, Any],
    profile: DiceProfile,
    small: np.ndarray,
    standing: np.ndarray,
    prob: np.ndarray,
    mask: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """`prob` and `mask` with every die the taught colour model alone shows as a printed square
    of the taught size put back where the frame's colours (`frame_lut`) took it out: a die in
    a hard shadow takes on the colour of the lit table beside it, which the frame is full of
    (an ivory die in a laminate's shadow band, own seeds 556677 #24, 778899 #90), while a
    wood's grain joining dice, what the frame's colours keep out, makes no such square."""
    scale, slack = float(config["scale"]), float(config["size_slack"])
    lo = profile.side_range[0] * scale * (1 - slack)
    hi = profile.side_range[1] * scale * (1 + slack)
    taught = body_likelihood(profile, small)
    plain = _body_mask(config, taught, standing)
    lost = cv2.subtract(plain, mask)
    if not cv2.countNonZero(lost):
        return prob, mask
    max_aspect, min_fill = float(config["max_aspect"]), float(config["min_fill"])
    prob, mask = prob.copy(), mask.copy()
    contours, _ = cv2.findContours(plain, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    for c in contours:
        x, y, w, h = cv2.boundingRect(c)
        if not cv2.countNonZero(lost[y : y + h, x : x + w]) or max(w, h) < lo:
            continue
        _, aspect, fill, area = _stats(c)
        if aspect > max_aspect or fill < min_fill or not lo <= np.sqrt(area) <= hi:
            continue
        outline = np.zeros((h, w), np.uint8)
        cv2.drawContours(outline, [c - (x, y)], -1, 1, -1)
        body = plain[y : y + h, x : x + w] // 255
        if not holds_print(body, outline):
            continue
        region = outline.astype(bool)
        mask[y : y + h, x : x + w][region] = plain[y : y + h, x : x + w][region]
        prob[y : y + h, x : x + w][region] = taught[y : y + h, x : x + w][region]
    return prob, mask


def holds_print(body: np.ndarray, outline: np.ndarray) -> bool:
    """Whether a square's outline (0/1 uint8) holds a print: holes in its body colour (`body`,
    0/1 uint8, the same shape) over 3-70 % of it, as pips or a symbol make. A square of plain
    colour (a check of the tablecloth, a die's side face) holds none."""
    printed = 1.0 - int(np.count_nonzero(body & outline)) / max(int(outline.sum()), 1)
    return 0.03 <= printed <= 0.7


def _unsquash(mom: Mapping[str, float]) -> tuple[float, float, float]:
    """The symmetric matrix (a, b, d), determinant 1, that makes a region's second moments
    (cv2.moments) those of a square: C^-1/2 for its covariance C scaled to determinant 1. A
    square's covariance is the same at every turn, so whatever squashed and sheared it (an
    oblique camera: far dice are seen flatter than near ones) shows in C alone. (1, 0, 1)
    for a region too small or too thin to tell."""
    if mom["m00"] <= 0:
        return (1.0, 0.0, 1.0)
    c = np.array([[mom["mu20"], mom["mu11"]], [mom["mu11"], mom["mu02"]]]) / mom["m00"]
    det = float(np.linalg.det(c))
    if det <= 1e-9:
        return (1.0, 0.0, 1.0)
    vals, vecs = np.linalg.eigh(c / np.sqrt(det))
    if vals.max() > TOP_ASPECT**2:  # (longer than any top _oblique_top keeps)
        return (1.0, 0.0, 1.0)
    w = vecs @ np.diag(vals**-0.5) @ vecs.T
    return (float(w[0, 0]), float(w[0, 1]), float(w[1, 1]))


def _edge_angle(hull: np.ndarray) -> float:
    """The turn of a square's outline in degrees mod 90, from its edges weighted by length
    (seen obliquely a square is a trapezoid: its smallest box may lean towards the longer
    edges, while the edges still run two ways a quarter turn apart)."""
    h = hull.reshape(-1, 2).astype(np.float64)
    e = np.roll(h, -1, axis=0) - h
    z = (np.hypot(e[:, 0], e[:, 1]) * np.exp(4j * np.arctan2(e[:, 1], e[:, 0]))).sum()
    return float(np.degrees(np.angle(z) / 4) % 90)


def colour_codes(px: np.ndarray) -> np.ndarray:
    """Each pixel's (N×3 uint8) colour bin at 8 levels a channel, (b·8 + g)·8 + r (int32): the
    bins whose commonest colours `_oblique_top` tries as a top's body (the teach's
    `_top_colour` too)."""
    q = (px >> 5).astype(np.int32)
    return (q[:, 0] * 8 + q[:, 1]) * 8 + q[:, 2]


def _oblique_top(
    small: np.ndarray, cand: Candidate, scale: float, lo: float, pick: Pick | None = None
) -> Candidate | None:
    """The top face of a die seen with some of its side faces (an oblique camera), or None.

    The top face is one even colour holding the print (pips, a symbol); the sides are other
    shades of the body (lit from elsewhere) with no print, the shadow and table other colours
    again. So the commonest colours around the die are each tried as the top's, and the
    largest clean square of one that holds a print is the top face, or the one `pick` takes
    of them. `lo` is the smallest die side (small px). Teach (vision.teach) cuts its
    templates out with this same function."""
    r = cand.side * scale * 0.8
    cx, cy = cand.center[0] * scale, cand.center[1] * scale
    x0, y0 = max(int(cx - r), 0), max(int(cy - r), 0)
    x1, y1 = min(int(cx + r) + 1, small.shape[1]), min(int(cy + r) + 1, small.shape[0])
    roi = small[y0:y1, x0:x1]
    if roi.shape[0] < 4 or roi.shape[1] < 4:
        return None
    inner = cv2.boxPoints(((cx - x0, cy - y0), (cand.side * scale * 0.8,) * 2, cand.angle))
    inside = np.zeros(roi.shape[:2], np.uint8)
    cv2.fillPoly(inside, [inner.astype(np.int32)], 1)
    px = roi[inside.astype(bool)]
    if len(px) == 0:
        return None
    codes = colour_codes(px)
    counts = np.bincount(codes, minlength=512)
    bodies = [np.median(px[codes == k], axis=0) for k in np.argsort(-counts)[:4] if counts[k]]
    roi16 = roi.astype(np.int16)
    # The print (a row of pips, a symbol's line) may cut the top's colour in pieces: they are
    # joined over gaps of up to a fifth of the top face (the blob's box is a little larger).
    k = max(3, int(0.15 * cand.side * scale) | 1)
    join = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    tops: list[tuple[float, Candidate]] = []
    inv = 1.0 / scale
    for body in bodies:
        tol = np.maximum(0.2 * body, 16)
        near = (np.abs(roi16 - body) <= tol).all(axis=2).astype(np.uint8)
        near = cv2.morphologyEx(near, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
        joined = cv2.morphologyEx(near, cv2.MORPH_CLOSE, join)
        n, labels, stats, _ = cv2.connectedComponentsWithStats(joined, connectivity=4)
        if n < 2:
            continue
        k = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
        cs, _ = cv2.findContours(
            (labels == k).astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE
        )
        # Pips or a symbol near the edge notch the body's outline: the face is its hull.
        hull = cv2.convexHull(max(cs, key=cv2.contourArea))
        (fx, fy), (w, h), _ = cv2.minAreaRect(hull)
        area = float(cv2.contourArea(hull))
        side = float(np.sqrt(max(w * h, 1.0)))
        if not lo <= side <= 1.05 * cand.side * scale:
            continue
        if max(w, h) > TOP_ASPECT * min(w, h) or area < 0.8 * w * h:
            continue
        filled = np.zeros(near.shape, np.uint8)
        cv2.drawContours(filled, [hull], -1, 1, -1)
        if not holds_print(near, filled):
            continue  # a plain side face or a check of the table: no print
        mom = cv2.moments(hull)
        if mom["m00"] > 0:
            fx, fy = mom["m10"] / mom["m00"], mom["m01"] / mom["m00"]
        shape = _unsquash(mom)
        a, b, d = shape
        # The turn is measured on the top made square again (a square seen obliquely is a
        # parallelogram whose edges do not run a quarter turn apart).
        flat = hull.reshape(-1, 2).astype(np.float64) @ np.array([[a, b], [b, d]])
        top = Candidate(
            center=_rescaled(fx + x0, fy + y0, inv),
            side=side * inv,
            angle=_edge_angle(flat),
            aspect=max(w, h) / max(min(w, h), 1e-3),
            fill=cand.fill,
            streak=cand.streak,
            shape=shape,
        )
        tops.append((area, top))
    if not tops:
        return None
    if pick is not None and len(tops) > 1:
        return pick([t for _, t in tops])
    return max(tops, key=lambda t: t[0])[1]


def _nearest_face(profile: DiceProfile, frame: np.ndarray) -> Pick:
    """Of several squares that could be a die's top, the one nearest any taught face.

    A dark die's side face and its shadow are one colour and can make a larger square than
    its top, with a piece of the symbol at its edge for a "print" (foreign slate dice: the
    commonest die missed or read off its top, tests/vision/foreign); a top looks like some
    taught face, a side face like none. Which face it is near is decided later, by the read's
    own margins and doubt."""

    def pick(tops: list[Candidate]) -> Candidate:
        return tops[int(np.argmin(_distances(profile, frame, tops).min(1)))]

    return pick


def blob_top(small: np.ndarray, contour: np.ndarray, scale: float) -> Candidate | None:
    """The top face `_oblique_top` cuts out of one blob of the die mask (small px contour),
    in frame px; None when it finds no printed square in it."""
    rect, aspect, fill, area = _stats(contour)
    return _oblique_top(small, _candidate(rect, aspect, fill, 0.0, 1.0 / scale), scale,
                        0.4 * float(np.sqrt(area)))  # fmt: skip


def top_in_crop(
    config: Mapping[str, Any], profile: DiceProfile, crop: np.ndarray
) -> Candidate | None:
    """The top face `_oblique_top` cuts out of a picture of one die (a crop, BGR uint8), in
    the crop's px; None when it finds no printed square of the profile's die size."""
    scale = float(config["scale"])
    small = cv2.resize(crop, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    h, w = crop.shape[:2]
    lo = profile.side_range[0] * scale * (1 - float(config["size_slack"]))
    hi = profile.side_range[1] * (1 + float(config["size_slack"]))
    whole = Candidate(((w - 1) / 2, (h - 1) / 2), min(hi, 0.75 * min(h, w)), 0.0, 1.0, 1.0, 0.0)
    return _top_either(small, crop, whole, scale, lo)


def _top_either(
    small: np.ndarray,
    frame: np.ndarray,
    cand: Candidate,
    scale: float,
    lo: float,
    pick: Pick | None = None,
) -> Candidate | None:
    """`_oblique_top` on the half-size frame, or else on the frame itself: a small die's
    pips (and their blurred rims) may cover so much of its top at half size that its colour
    makes no square there."""
    return _oblique_top(small, cand, scale, lo, pick) or _oblique_top(
        frame, cand, 1.0, lo / scale, pick
    )


def smeared_colours(
    config: Mapping[str, Any],
    small: np.ndarray,
    blob: np.ndarray | None,
    cand: Candidate,
    scale: float,
) -> bool:
    """Whether a blob smeared one way holds the many colours of a die smeared with its print
    and the table (not one colour: a pale check of a cloth, a lit band of a laminate). Its
    outline `blob` (small px) when there is one, else the middle of its square."""
    spread = colour_spread(small, blob) if blob is not None else box_spread(small, cand, scale)
    return spread >= float(config["blur_colours"])


def round_blob(config: Mapping[str, Any], likelihood: np.ndarray, cand: Candidate) -> bool:
    """Whether the die-coloured blob under a square (frame px) is a disk, a coin: its filled
    outline in the finder's body likelihood (`Found.likelihood`) covers `coin_round` of its
    enclosing circle or more (a square covers 2/pi of it; a die smeared one way less)."""
    scale = float(config["scale"])
    cx, cy = _rescaled(cand.center[0], cand.center[1], scale)
    half = 1.2 * cand.side * scale
    h, w = likelihood.shape[:2]
    x0, y0 = max(int(cx - half), 0), max(int(cy - half), 0)
    x1, y1 = min(int(cx + half) + 1, w), min(int(cy + half) + 1, h)
    if x1 - x0 < 3 or y1 - y0 < 3:
        return False
    die = (likelihood[y0:y1, x0:x1] >= float(config["body_threshold"]) * 255).astype(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(die, connectivity=8)
    # The blob most of the square's middle lies on.
    r = max(int(0.25 * cand.side * scale), 1)
    mx, my = int(round(cx)) - x0, int(round(cy)) - y0
    middle = labels[max(my - r, 0) : my + r + 1, max(mx - r, 0) : mx + r + 1]
    counts = np.bincount(middle.reshape(-1), minlength=n)
    counts[0] = 0
    if n < 2 or counts.max() == 0:
        return False
    blob = (labels == int(counts.argmax())).astype(np.uint8)
    outline = max(
        cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0], key=cv2.contourArea
    )
    _, radius = cv2.minEnclosingCircle(outline)
    return cv2.contourArea(outline) / max(np.pi * radius * radius, 1.0) >= float(
        config["coin_round"]
    )


def smeared_square(config: Mapping[str, Any], frame: np.ndarray, cand: Candidate) -> bool:
    """`smeared_colours` of a square found in a frame (full size), measured on the middle of
    its square at the finder's scale."""
    scale = float(config["scale"])
    half = cand.side * max(np.sqrt(cand.aspect), 1.0)
    h, w = frame.shape[:2]
    # An even corner keeps the shrunk pixels those of the finder's small frame.
    x0, y0 = max(int(cand.center[0] - half) & ~1, 0), max(int(cand.center[1] - half) & ~1, 0)
    x1, y1 = min(int(cand.center[0] + half) + 2, w), min(int(cand.center[1] + half) + 2, h)
    if x1 - x0 < 4 or y1 - y0 < 4:
        return True
    roi = cv2.resize(frame[y0:y1, x0:x1], None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    moved = replace(cand, center=(cand.center[0] - x0, cand.center[1] - y0))
    return smeared_colours(config, roi, None, moved, scale)


def perspective(profile: DiceProfile, shape: tuple[int, ...], center: tuple[float, float]) -> float:
    """How much larger a die looks at `center` (frame px) than at the frame's centre, by the
    size slope the teach pictures showed (1 for a camera looking straight down)."""
    gx, gy = profile.size_slope
    if gx == 0.0 and gy == 0.0:
        return 1.0
    return float(np.exp(gx * (center[0] - shape[1] / 2) + gy * (center[1] - shape[0] / 2)))


def _frame_shapes(dice: list[Candidate]) -> list[Candidate]:
    """The dice with the shape that makes their tops square (`_unsquash`) fitted over the
    frame: one camera squashes the table's squares by an amount that changes smoothly across
    it (a far die flatter than a near one), while one die's outline is a few pixels notched
    by its print. Each of (a, b, d) is fitted as a plane over the dice's centres (4 dice or
    more; fewer keep their own), then scaled back to determinant 1."""
    if len(dice) < 4:
        return dice
    at = np.array([[1.0, d.center[0] / 1000.0, d.center[1] / 1000.0] for d in dice])
    fit = at @ np.linalg.lstsq(at, np.array([d.shape for d in dice]), rcond=None)[0]
    out = []
    for d, (a, b, c) in zip(dice, fit, strict=True):
        det = a * c - b * b
        k = float(det) ** -0.5 if det > 0 else 0.0
        out.append(replace(d, shape=(float(a * k), float(b * k), float(c * k))) if k else d)
    return out


def _full_size_tops(
    config: Mapping[str, Any],
    tops: list[tuple[Candidate, Candidate]],
    frame: np.ndarray,
    lo: float,
    pick: Pick | None,
    level: Callable[[Candidate], float],
) -> list[Candidate]:
    """The top faces cut out at half size, a top much smaller than the frame's dice where it
    lies cut out again at full size when that is nearer their size. A light print near a
    small top's edge (white pips on a red die, blurred into its body at half size) cuts the
    top's colour short of its edge there: the half-size cut is a part of the top (two of a
    4's pips, read as a 2), while the frame itself still shows the whole top. Only such tops
    are cut again: at full size an orange print's rim can join a slate side face to the top
    (a wrong "ok" when every top was cut at full size first, tests/vision/foreign)."""
    dice = [t for t, _ in tops]
    if len(dice) < 3:
        return dice
    med = float(np.median([level(d) for d in dice]))
    small = float(config["size_check"]) * med
    return _recut_better(
        frame, tops, lo, pick, lambda d: level(d) < small, lambda d: abs(np.log(level(d) / med))
    )


def _fitter_tops(
    config: Mapping[str, Any],
    profile: DiceProfile,
    frame: np.ndarray,
    dice: list[Candidate],
    blobs: list[Candidate],
    lo: float,
    pick: Pick,
) -> list[Candidate]:
    """The top faces, one that matches no taught face even loosely (beyond `fit_max` typical
    distances: the reader leaves such a die unsure) cut out again at full size, kept when
    that cut matches a taught face more closely. A far slate die's top and the side face
    below it are near one colour at half size, and the cut took in both (its centre off the
    top's); the frame itself shows the edge between them."""
    limit = float(config["fit_max"]) * profile.typical_distance

    def best(c: Candidate) -> float:
        return float(_distances(profile, frame, [c]).min())

    pairs = list(zip(dice, blobs, strict=True))
    return _recut_better(frame, pairs, lo, pick, lambda d: best(d) > limit, best)


def _recut_better(
    frame: np.ndarray,
    tops: list[tuple[Candidate, Candidate]],
    lo: float,
    pick: Pick | None,
    suspect: Callable[[Candidate], bool],
    worse: Callable[[Candidate], float],
) -> list[Candidate]:
    """Each (top, blob)'s top, a `suspect` one replaced by its blob's top cut out at full
    size when that scores lower on `worse`: the half-size cut is kept unless the frame itself
    shows a better one (_full_size_tops, _fitter_tops)."""
    out = []
    for top, blob in tops:
        if suspect(top):
            again = _oblique_top(frame, blob, 1.0, lo, pick)
            if again is not None and worse(again) < worse(top):
                top = again
        out.append(top)
    return out


def _turned_around(cut: Candidate, shift: float) -> list[Candidate]:
    """The cuts around `cut` shifted by `shift` px each way and turned by 5 degrees each way."""
    x, y = cut.center
    return [
        replace(cut, center=(x + i * shift, y + j * shift), angle=(cut.angle + a) % 90.0)
        for i in (-1, 0, 1)
        for j in (-1, 0, 1)
        for a in (-5.0, 0.0, 5.0)
        if (i, j, a) != (0, 0, 0.0)
    ]


def describe_cuts(
    profile: DiceProfile, frame: np.ndarray, c: Candidate, cuts: list[tuple[float, float, float]]
) -> np.ndarray:
    """The descriptors (rows) of die `c` cut out at each (x, y, side) of `cuts`, at its turn
    and shape, described as the profile's dice were (its `step_hue`)."""
    return describe_turned(profile, frame, c, [(x, y, s, c.angle) for x, y, s in cuts])


def describe_turned(
    profile: DiceProfile,
    frame: np.ndarray,
    c: Candidate,
    cuts: Sequence[tuple[float, float, float, float]],
) -> np.ndarray:
    """The descriptors of cuts each at its own turn, (x, y, side, angle), at `c`'s shape: a
    row is the same whichever cuts are described beside it, so cuts of several turns go in
    one call (issue #6: numpy's cost per call, not the arithmetic, is most of a few cuts')."""
    return descriptors(
        [face_patch(frame, (x, y), s, a, profile.patch, c.shape) for x, y, s, a in cuts],
        step_hue=profile.step_hue,
    )


def _distances(profile: DiceProfile, frame: np.ndarray, cuts: list[Candidate]) -> np.ndarray:
    """Each cut's distance to each taught face (rows: cuts)."""
    patches = [face_patch(frame, c.center, c.side, c.angle, profile.patch, c.shape) for c in cuts]
    return face_distances(profile, descriptors(patches, step_hue=profile.step_hue))


def _finer_cut(
    profile: DiceProfile, frame: np.ndarray, cut: Candidate, fit: float, shift: float
) -> tuple[Candidate, float]:
    """The cut nearest a taught face (and its distance) of `cut` (whose distance is `fit`)
    and the cuts around it shifted by `shift` px each way and turned by 5 degrees each way:
    the scan's grid lies a fifth of a side and 15 degrees apart, and a top between its cuts
    fits loosely at every one of them (0: no finer cuts)."""
    if not shift:
        return cut, fit
    around = _turned_around(cut, shift)
    best = _distances(profile, frame, around).min(1)
    k = int(np.argmin(best))
    return (around[k], float(best[k])) if best[k] < fit else (cut, fit)


def _whole_top(
    config: Mapping[str, Any], profile: DiceProfile, frame: np.ndarray, top: Candidate
) -> Candidate | None:
    """The scan's top checked against the cuts around it, or None when they leave it unsure.

    The scan keeps the one cut nearest any taught face, and a part of a top can be nearer a
    face than the whole top on the scan's grid: a cut around one pip of a 2 is a clear 1
    (25-dice pips seed 6, image 13: a 2 read "ok" as a 1 at 0.92, its cut a third of a side
    low, over the front side face). So every face is measured at its own best cut shifted up
    to `scan_whole` of a side each way, at every 15 degrees, then a little shifted and turned
    around that best; the face nearest there is the top's, cut where it fits best, when the
    read's own rule (margin over the next face, fit, the teach set's doubt at that cut) gives
    it confidence. Otherwise two faces fit about as well within a die's reach: unsure."""
    reach = float(config["scan_whole"])
    if not reach:
        return top
    x, y = top.center
    steps = [float(v) for v in np.linspace(-reach, reach, 5) * top.side]
    cuts = [top] + [
        replace(top, center=(x + i, y + j), angle=float(a))
        for i in steps
        for j in steps
        for a in np.arange(0.0, 90.0, 15.0)
    ]
    rows = _distances(profile, frame, cuts)
    shift = float(config["scan_finer"]) * top.side or 0.05 * top.side
    best_cut = [cuts[int(k)] for k in rows.argmin(0)]
    per_face = rows.min(0)
    # Each face is measured again around its own best cut (a top between the grid's cuts).
    for f, c in enumerate(best_cut):
        around = _turned_around(c, shift)
        more = _distances(profile, frame, around)
        k = int(np.argmin(more[:, f]))
        if more[k, f] < per_face[f]:
            per_face[f], best_cut[f] = more[k, f], around[k]
    face = int(np.argmin(per_face))
    cut = best_cut[face]
    single = _distances(profile, frame, [cut])
    match = decide(config, profile, per_face[None], doubt_at=single)[0]
    return cut if match.confidence >= float(config["min_confidence"]) else None


def _own_sides(
    config: Mapping[str, Any],
    profile: DiceProfile,
    frame: np.ndarray,
    contour: np.ndarray | None,
    tops: list[Candidate],
    scale: float,
    lit: list[Candidate] | None = None,
) -> bool:
    """Whether a blob called "cocked" or "blurred" (its small px `contour`) is one die seen
    obliquely: it holds one of `tops`, which fits a taught face (within `fit_max` typical
    distances), and less than `own_sides` of the rest of it is of the body colour of any of
    `tops` (the frame's dice). A lone die's blob holds its top, the side faces towards the
    camera (the body in a darker shade: lit from the side) and its shadow, 1.3 times the
    frame's tops or more across: foreign outline 16 scene 12 and 25-dice 16 photo 5 were
    called cocked so, each die read at 1.00; and longer than a square by its side faces, whose
    straight edges run mostly one way, outline 24 scene 59 and 34 scene 11 were called
    blurred (streak 0.25-0.26 at aspect 1.5-1.6), their tops read at 1.00 besides. A die
    cocked on another shows that other die's top, lit as a top is: of its own colour, or of
    another of the frame's (a white die cocked on a red one); a rolling die smears its top
    with its path (the cut found no top in any of 40 drawn rolling dice's blobs)."""
    share = float(config["own_sides"])
    if contour is None or not share:
        return False
    inside = _in_hull(contour, tops, scale)
    if len(inside) != 1:
        return False
    top = inside[0]
    fit = float(config["fit_max"]) * profile.typical_distance
    if float(_distances(profile, frame, [top]).min()) > fit:
        return False
    others = tops if lit is None else lit
    return _body_share(frame, contour, [top], _lit_colours(frame, [top], others), scale) < share


def _side_by_side(
    config: Mapping[str, Any],
    profile: DiceProfile,
    frame: np.ndarray,
    contour: np.ndarray | None,
    tops: list[Candidate],
    scale: float,
    lit: list[Candidate] | None = None,
) -> bool:
    """Whether a blob called "cocked" or "blurred" (its small px `contour`) is flat dice lying
    against each other, seen obliquely: it holds two or more of `tops`, each fitting a taught
    face within `pair_fit` typical distances, no two with extents overlapping `pair_overlap`
    or more, none covered along `covered_rim` of its rim (`_covered_run`), and less than
    `own_sides` of the rest of the blob is of a top's body colour (as `_own_sides` judges one
    top). Flat tops lie in one plane, so they never overlap in any view; the blob's rest is
    their side faces and shadows. A die cocked on another covers part of the lower top with
    its body, or shows a tilted top, whose print, straightened as a flat top's is, fits its
    face worse. (Three dice in a row of a 25-dice photo, their side faces touching, are one
    blob so: 25-dice 39 #6, 23 #8 were called "cocked" with every die read right.)"""
    share = float(config["own_sides"])
    if contour is None or not share:
        return False
    inside = _in_hull(contour, tops, scale)
    if len(inside) < 2:
        return False
    fit = float(config["pair_fit"]) * profile.typical_distance
    if float(_distances(profile, frame, inside).min(axis=1).max()) > fit:
        return False
    bar = float(config["pair_overlap"])
    if any(_top_overlap(a, b) >= bar for i, a in enumerate(inside) for b in inside[i + 1 :]):
        return False
    covered = float(config["covered_rim"])
    if any(_covered_run(frame, t, profile.patch) >= covered for t in inside):
        return False
    others = tops if lit is None else lit
    return _body_share(frame, contour, inside, _lit_colours(frame, inside, others), scale) < share


def _fitting(
    config: Mapping[str, Any],
    profile: DiceProfile,
    frame: np.ndarray,
    tops: list[Candidate],
    needed: bool,
) -> list[Candidate]:
    """The `tops` that fit a taught face within `fit_max` typical distances: the frame's dice
    whose body colours `_lit_colours` may take. A die's shadow cut as a top (dropped later,
    fitting no face) has the table's colour in shade for its body, and every side face and
    shadow in a blob then counted as a lit top's colour (25-dice 43 #8: a white 6 and a red 5
    touching, each read at 1.00, "cocked" at 0.39 of the rest so coloured, 0.05 the bar; the
    shadow's top fit at 2.86). Only computed when a blob is judged (`needed`)."""
    if not needed or not tops:
        return []
    fit = float(config["fit_max"]) * profile.typical_distance
    dist = _distances(profile, frame, tops).min(axis=1)
    return [t for t, d in zip(tops, dist, strict=True) if d <= fit]


def _lit_colours(frame: np.ndarray, mine: list[Candidate], tops: list[Candidate]) -> list:
    """The body colours (BGR) of a top lit as a top is, for a blob holding `mine`: theirs, and
    those of the frame's `tops` of another colour or in brighter light. (The frame's dice of
    a top's own colour lying in dimmer light match its side faces.)"""
    own = [_body(frame, t) for t in mine]
    others = [b for b in (_body(frame, t) for t in tops) if all(_other_colour(b, o) for o in own)]
    return [*own, *others]


def _top_outline(top: Candidate) -> np.ndarray:
    """A top's four corners in the frame (float32 px): its square of `side`, turned by its
    angle, sheared and squashed back as the camera sees it (the inverse of its `shape`, as
    vision.faces.face_patch straightens it)."""
    a, b, d = top.shape
    turn = cv2.getRotationMatrix2D((0.0, 0.0), top.angle, 1.0)[:, :2]
    back = np.linalg.inv(turn @ np.array([[a, b], [b, d]]))
    corners = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], np.float64) * top.side / 2
    return (np.asarray(top.center) + corners @ back.T).astype(np.float32)


def _top_overlap(a: Candidate, b: Candidate) -> float:
    """The share of the smaller of two tops that the other's extent covers in the frame."""
    qa, qb = _top_outline(a), _top_outline(b)
    area, _ = cv2.intersectConvexConvex(qa, qb)
    return float(area) / max(min(cv2.contourArea(qa), cv2.contourArea(qb)), 1.0)


def _expected_sides(dice: list[Candidate], level: Callable[[Candidate], float]) -> list[float]:
    """Each die's side as the frame's dice show it where it lies: their median at the frame's
    centre (`level`, by the taught size slope) brought to its place, or what the frame's other
    dice show at its height when that is more (their sides' logs fitted along the frame's
    height: the median of the slopes between pairs a die's side apart or more; 3 other dice
    or more). The teach pictures' slope is another camera's: foreign outline 45's near dice
    are 1.15-1.30 of the frame's median by it and 0.96-1.06 of what their frame's other dice
    show."""
    sizes = np.log([level(d) for d in dice])
    taught = np.log([d.side for d in dice]) - sizes + np.median(sizes)
    if len(dice) < 4:
        return [float(v) for v in np.exp(taught)]
    ys = np.array([d.center[1] for d in dice])
    apart = float(np.median([d.side for d in dice]))
    out = []
    for k in range(len(dice)):
        y, s = np.delete(ys, k), np.delete(np.log([d.side for d in dice]), k)
        i, j = np.triu_indices(len(y), 1)
        far = np.abs(y[i] - y[j]) >= apart
        slope = float(np.median((s[i] - s[j])[far] / (y[i] - y[j])[far])) if far.any() else 0.0
        shown = float(np.median(s - slope * y)) + slope * ys[k]
        out.append(float(np.exp(max(taught[k], shown))))
    return out


def _sized_tops(
    config: Mapping[str, Any],
    profile: DiceProfile,
    frame: np.ndarray,
    blobs: list[np.ndarray],
    dice: list[Candidate],
    scale: float,
    level: Callable[[Candidate], float],
) -> tuple[list[Candidate], list[Candidate]]:
    """The tops, one larger than the frame's dice where it lies (`top_over` times their
    median or more, by the taught size slope) cut out again at the side the frame's dice
    show there (`_expected_sides`) where the taught faces place it, when that cut is a whole
    top (`_whole_top`) and its blob (of `blobs`, small px) is that die's own sides
    (`_own_sides`); and those tops, so judged. Seen obliquely a slate die's top and the side
    face below it are near one colour, and the colour cut may take in both: a square 1.17-1.33
    of the frame's dice whose centre lies off the top's (foreign outline 48 scene 48 read
    unsure, outline 17 scene 1 refused "cocked" by the final size check). The side faces a
    camera sees lie between the top and the camera, so such a square reaches beyond its top
    on the near side only (outline 17, 33, 48: its far edge 2.5-7.4 px short of the top's,
    their side faces below); and the rest of its blob is no top's colour. A die cocked on
    another makes such a square too; there the rest of its blob shows the other die's top,
    lit as a top is, or a sliver of it shows beyond the cocked die's top, away from the
    camera (drawn piles 507 scene 23 and 533 scene 36: the square 0.37 and 0.26 of a side
    beyond the top cut again, 0.01 of their rest of a top's colour), and the square is left
    to the size check."""
    over = float(config["top_over"])
    if not over or len(dice) < 3:
        return dice, []
    med = float(np.median([level(d) for d in dice]))
    out, judged = list(dice), []
    flat = [d for d in dice if level(d) < over * med]
    for k, (d, side) in enumerate(zip(dice, _expected_sides(dice, level), strict=True)):
        if level(d) < over * med:
            continue
        top = _whole_top(config, profile, frame, replace(d, side=side, shape=_squash_near(d, flat)))
        if top is None or beyond(profile, d, top) > float(config["top_beyond"]) * top.side:
            continue
        tops = out[:k] + [top] + out[k + 1 :]
        held = [b for b in blobs if _in_hull(b, [d], scale)]
        if len(held) == 1 and _own_sides(config, profile, frame, held[0], tops, scale):
            out = tops
            judged.append(top)
    return out, judged


def _squash_near(square: Candidate, flat: list[Candidate]) -> tuple[float, float, float]:
    """The squash (`Candidate.shape`) a top cut again inside `square` is read at: the nearest
    of the frame's tops of its dice's size (`flat`), where the camera's view is nearly the
    same; a square that took in its die's side face is squashed as the top and side together
    are (foreign outline 58 scene 34: a near skull's square 1.44 of the frame's dice, cut
    again at the frame's size with its own squash fitted no face with confidence at any size
    or place, with its neighbour's a skull at 0.97-1.00 at every size from 0.7 to 1)."""
    if not flat:
        return square.shape
    return min(flat, key=lambda d: _gap(d.center, square.center)).shape


def beyond(profile: DiceProfile, square: Candidate, top: Candidate) -> float:
    """How far (px) `square` reaches beyond the far edge of `top`, away from the camera (the
    way dice look smaller, by the taught size slope; for a camera looking straight down, how
    much larger it is on each side)."""
    g = np.array(profile.size_slope, np.float64)
    norm = float(np.hypot(*g))
    nearer = float(np.subtract(top.center, square.center) @ g) / norm if norm else 0.0
    return nearer + (square.side - top.side) / 2


def _in_hull(contour: np.ndarray, cands: list[Candidate], scale: float) -> list[Candidate]:
    """The candidates (frame px) whose centres lie in the convex hull of `contour` (small px)."""
    hull = cv2.convexHull(contour)
    return [
        c
        for c in cands
        if cv2.pointPolygonTest(hull, (c.center[0] * scale, c.center[1] * scale), False) >= 0
    ]


def _covered_pairs(
    config: Mapping[str, Any],
    profile: DiceProfile,
    frame: np.ndarray,
    blobs: list[np.ndarray],
    cut: list[Candidate],
    dice: list[Candidate],
    scale: float,
    level: Callable[[Candidate], float],
) -> list[Candidate]:
    """The blobs (small px contours, as candidates in frame px) where the scan (`_scanned_tops`)
    read a die cocked on another as two flat dice side by side.

    Nothing lying flat covers a flat die's top (a neighbour's top is as high, its body lower),
    so two tops in one blob less than `pile_gap` sides apart, one of them found only by the
    scan (`cut`: the tops before it), are a pile when one shows another colour along
    `covered_rim` of its rim or more (`_covered_run`): the lower die's top, across which the
    cocked die's side face or top lies (the foreign generator's piles read "ok" before showed
    0.19-0.48, 11 of 16 0.3 or more; two dice drawn flat against each other 0.13-0.33, three
    of about a hundred over 0.22)."""
    gap, covered = float(config["pile_gap"]), float(config["covered_rim"])
    if not gap or len(dice) < 3:
        return []
    med = float(np.median([level(d) for d in dice]))
    out = []
    for blob in blobs:
        inside = _in_hull(blob, dice, scale)
        pairs = [
            (a, b)
            for i, a in enumerate(inside)
            for b in inside[i + 1 :]
            if any(all(d is not c for c in cut) for d in (a, b))
            and _gap(a.center, b.center) < gap * med * perspective(profile, frame.shape, a.center)
        ]
        if any(_covered_run(frame, d, profile.patch) >= covered for pair in pairs for d in pair):
            rect, aspect, fill, _ = _stats(blob)
            out.append(_candidate(rect, aspect, fill, 0.0, 1.0 / scale))
    return out


def _covered_run(frame: np.ndarray, top: Candidate, patch: int) -> float:
    """The longest stretch round a top's rim (its outer twelfth, cut as the reader cuts it at
    twice the patch size) where most of the rim's width is not the rim's median colour (within
    a quarter of it, 12 levels at least), as a share of the rim's length (a side is 0.25).
    A pip or a stroke of a symbol near the edge is a short stretch; a cut a little off its
    top shows its side face along one side at most."""
    n = 2 * patch
    cut = face_patch(frame, top.center, top.side, top.angle, n, top.shape).astype(np.int16)
    k = max(2, n // 12)
    # Round the rim clockwise, each place across the rim's width: (4n, k, 3).
    rim = np.concatenate(
        [
            cut[:k].transpose(1, 0, 2),
            cut[:, -k:],
            cut[-k:][::-1, ::-1].transpose(1, 0, 2),
            cut[::-1, :k][:, ::-1],
        ]
    )
    body = np.median(rim.reshape(-1, 3), axis=0)
    near = (np.abs(rim - body) <= np.maximum(0.25 * body, 12)).all(axis=2).mean(axis=1)
    off = near < 0.5
    if off.all():
        return 1.0
    # (Rolled to start on the body colour, so a stretch over the start is counted whole.)
    off = np.roll(off, -int(np.argmin(off)))
    edges = np.flatnonzero(np.diff(np.concatenate([[0], off.astype(np.int8), [0]])))
    return float((edges[1::2] - edges[::2]).max(initial=0)) / len(off)


def _other_colour(body: np.ndarray, own: np.ndarray) -> bool:
    """Whether a die's body colour (BGR) is another than `own`, or `own` in brighter light:
    its chromaticity differs by over 0.06, or it is brighter. (A die's side faces and shadow
    are its own body, and the table, in a dimmer shade.)"""
    brighter = max(float(body.sum()), 1.0) > max(float(own.sum()), 1.0)
    return _chroma_gap(body, own) > 0.06 or brighter


def _chroma_gap(a: np.ndarray, b: np.ndarray) -> float:
    """How far two colours' chromaticities (BGR over their sum) lie apart, by the channel
    farthest apart."""
    return float(np.abs(a / max(float(a.sum()), 1.0) - b / max(float(b.sum()), 1.0)).max())


def _body(frame: np.ndarray, top: Candidate) -> np.ndarray:
    """A top's body colour (BGR): the median of its middle (its print is the lesser part)."""
    r = int(np.ceil(0.6 * top.side))
    x, y = int(round(top.center[0])), int(round(top.center[1]))
    x0, y0 = max(x - r, 0), max(y - r, 0)
    roi = frame[y0 : y + r + 1, x0 : x + r + 1]
    middle = np.zeros(roi.shape[:2], np.uint8)
    box = cv2.boxPoints(
        ((top.center[0] - x0, top.center[1] - y0), (0.8 * top.side,) * 2, top.angle)
    )
    cv2.fillPoly(middle, [box.astype(np.int32)], 1)
    return np.median(roi[middle > 0], axis=0) if middle.any() else np.zeros(3)


def _body_share(
    frame: np.ndarray,
    contour: np.ndarray,
    tops: list[Candidate],
    bodies: list[np.ndarray],
    scale: float,
) -> float:
    """The share of a blob's pixels (small px `contour`, read in the full frame) off its tops
    (each top's square grown by a quarter; the blob's rim of 2 px left out) that are of one of
    the `bodies` colours, within a fifth of it (8 levels at least, the sensor's noise;
    `_oblique_top`'s floor of 16 would take a dark slate die's side faces for its top)."""
    pts = np.round((contour.reshape(-1, 2) + 0.5) / scale - 0.5).astype(np.int32)
    x, y, w, h = cv2.boundingRect(pts)
    fh, fw = frame.shape[:2]
    x0, y0, x1, y1 = max(x - 2, 0), max(y - 2, 0), min(x + w + 2, fw), min(y + h + 2, fh)
    blob = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.drawContours(blob, [pts - (x0, y0)], -1, 1, -1)
    blob = cv2.erode(blob, np.ones((5, 5), np.uint8))
    square = np.zeros_like(blob)
    for top in tops:
        box = cv2.boxPoints(
            ((top.center[0] - x0, top.center[1] - y0), (1.25 * top.side,) * 2, top.angle)
        )
        cv2.fillPoly(square, [box.astype(np.int32)], 1)
    rest = frame[y0:y1, x0:x1][(blob > 0) & (square == 0)].astype(np.int16)
    if not len(rest):
        return 0.0
    near = np.zeros(len(rest), bool)
    for body in bodies:
        near |= (np.abs(rest - body) <= np.maximum(0.2 * body, 8)).all(axis=1)
    return float(near.mean())


def _table_around(
    small: np.ndarray, mask: np.ndarray, top: Candidate, scale: float
) -> np.ndarray | None:
    """The table's colour (BGR) around a top: the median of the frame scaled by `scale`
    (`small`) off its die mask, within two sides of the top's centre and a side or more from
    it (None where nothing of the table shows there)."""
    h, w = mask.shape
    x, y, s = top.center[0] * scale, top.center[1] * scale, top.side * scale
    x0, x1 = int(max(0, x - 2 * s)), int(min(w, x + 2 * s + 1))
    y0, y1 = int(max(0, y - 2 * s)), int(min(h, y + 2 * s + 1))
    yy, xx = np.mgrid[y0:y1, x0:x1]
    ring = (np.maximum(np.abs(xx - x), np.abs(yy - y)) >= s) & (mask[y0:y1, x0:x1] == 0)
    px = small[y0:y1, x0:x1][ring]
    return np.median(px, axis=0) if len(px) else None


def _table_in_shade(
    config: Mapping[str, Any],
    frame: np.ndarray,
    small: np.ndarray,
    mask: np.ndarray,
    top: Candidate,
    scale: float,
) -> bool:
    """Whether a top cut out of a blob seen obliquely is the table around it in shade: its
    body colour (`_body`) the table's chromaticity within `shade_chroma` and no brighter than
    `shade_dim` of it. A die's soft shadow on the table beside it joins its blob, and a cut of
    the shadow fits a taught face loosely or even closely (its edge against the die's side
    face): foreign pips 56 scene 26, a white 5's shadow on felt read as a 2, the frame "too-
    many"; outline 59 #51, a slate skull's shadow on rippled sand, smeared, "blurred"; outline
    14 #0, 60 #38 (0.004-0.024 off the table's chromaticity, 0.44-0.57 of its brightness;
    true dice's tops 0.087 or more off it). A die's top is its own body lit, not the table
    dimmed (0: not checked)."""
    chroma, dim = float(config["shade_chroma"]), float(config["shade_dim"])
    if not chroma:
        return False
    table = _table_around(small, mask, top, scale)
    if table is None:
        return False
    body, table = _body(frame, top).astype(np.float64), table.astype(np.float64)
    dimmed = float(body.sum()) <= dim * float(table.sum())
    return dimmed and table.sum() > 0 and _chroma_gap(body, table) <= chroma


def _under_a_top(blob: Candidate, tops: list[Candidate]) -> bool:
    """Whether one of `tops` lies on `blob` (a die's blob seen obliquely, the top's centre
    within 0.9 of the top's side of its centre: as close as `_scanned_tops` takes an old top
    for the new one's side face or part, two dice's tops lying a side apart or more)."""
    return any(_gap(blob.center, t.center) < 0.9 * t.side for t in tops)


def _faint(
    config: Mapping[str, Any],
    profile: DiceProfile,
    frame: np.ndarray,
    top: Candidate,
    dice: list[Candidate],
    fits: list[bool],
) -> bool:
    """Whether a scanned top's print stands out from its body less than `scan_print` of the
    least that the frame's tops fitting a taught face show: a cut of a die's plain side face
    over the table fits a taught face once the descriptor scales its faint pattern up (foreign
    outline 16 scene 43: two such cuts read as orange bubbles at 0.96-0.98, contrast 26 and
    31 where the frame's tops held 51-89; 52 scanned tops that were dice, outline 1-20 and
    pips, held 0.91 or more of their frame's least).
    Each print is measured against the least its nearest face's taught dice held
    (`least_print`), where the profile has it: faces print unlike strengths (a thin blue
    shield's outline 40 where a skull's holds 82, outline 66), and a shield scanned beside
    skulls and orange bubbles held 0.73 of their least by the raw contrast, 1.09 by its face's
    (outline 66 scene 46: dropped so, the frame "missing")."""
    share = float(config["scan_print"])
    held = [_print_held(profile, frame, d) for d, ok in zip(dice, fits, strict=True) if ok]
    return bool(share and held) and _print_held(profile, frame, top) < share * min(held)


def _print_held(profile: DiceProfile, frame: np.ndarray, cut: Candidate) -> float:
    """A cut's print contrast over the least its nearest taught face's dice held (the raw
    contrast for a profile taught before that was measured)."""
    contrast = cut_print(profile, frame, cut)
    if profile.least_print is None:
        return contrast
    face = int(np.argmin(_distances(profile, frame, [cut])[0]))
    return contrast / max(profile.least_print[face], 1e-6)


def cut_print(profile: DiceProfile, frame: np.ndarray, cut: Candidate) -> float:
    """The print contrast of a cut (vision.faces.print_contrast)."""
    return print_contrast(
        face_patch(frame, cut.center, cut.side, cut.angle, profile.patch, cut.shape),
        step_hue=profile.step_hue,
    )


def _near_pairs(boxes: list[tuple[int, int, int, int]], gap: float) -> list[tuple[int, int]]:
    """Index pairs of bounding boxes (x, y, w, h) no farther apart than `gap` either way."""
    return [
        (i, j)
        for i, (x, y, w, h) in enumerate(boxes)
        for j, (u, v, p, q) in enumerate(boxes[i + 1 :], i + 1)
        if u - (x + w) <= gap and x - (u + p) <= gap and v - (y + h) <= gap and y - (v + q) <= gap
    ]


def _groups(count: int, pairs: list[tuple[int, int]]) -> list[list[int]]:
    """The groups of indices that `pairs` join, each of two or more."""
    root = list(range(count))

    def top(i: int) -> int:
        while root[i] != i:
            i = root[i]
        return i

    for i, j in pairs:
        root[top(i)] = top(j)
    out: dict[int, list[int]] = {}
    for i in range(count):
        out.setdefault(top(i), []).append(i)
    return [g for g in out.values() if len(g) >= 2]


def _on_box(hull: np.ndarray, rect: tuple, reach: float) -> float:
    """The share of a convex hull's outline (sampled each pixel along it) within `reach` of a
    side of its rotated box `rect`: a square's outline runs along its box (a die's rounded
    corners leave it little), a disc's touches it at four points only (0.73 within 0.08 of a
    side; the coin of own 313233 #71 broken into pieces of its rim, 0.78; own 444546 #146's
    die, its rim broken at two corners, 0.88)."""
    pts = hull.reshape(-1, 2).astype(np.float64)
    ends = np.roll(pts, -1, axis=0)
    steps = np.maximum(np.hypot(*(ends - pts).T).astype(int), 1)
    t = np.concatenate([np.arange(n) / n for n in steps])
    first = np.repeat(np.arange(len(pts)), steps)
    along = pts[first] + t[:, None] * (ends[first] - pts[first])
    box = cv2.boxPoints(rect).astype(np.float64)
    near = np.full(len(along), np.inf)
    for p, q in zip(box, np.roll(box, -1, axis=0), strict=True):
        d = q - p
        u = np.clip((along - p) @ d / max(d @ d, 1e-9), 0.0, 1.0)
        near = np.minimum(near, np.hypot(*(along - p - u[:, None] * d).T))
    return float(np.mean(near <= reach))


def _middle_of_their_colour(
    config: Mapping[str, Any], small: np.ndarray, mask: np.ndarray, rect: tuple
) -> bool:
    """Whether the middle of a square box (small px) that the die mask leaves out is of the
    chromaticity of the mask's pieces in it, within `join_chroma`: a die's tinted body and its
    rim are one material in two lights (own 444546 #146: 0.014 apart), where a tile's printed
    white frame holds a dark red middle (own 889900 #126: 0.15)."""
    (cx, cy), (w, h), angle = rect
    whole = np.zeros(mask.shape, np.uint8)
    middle = np.zeros(mask.shape, np.uint8)
    for part, k in ((whole, 1.0), (middle, 0.8)):
        box = cv2.boxPoints(((cx, cy), (k * w, k * h), angle))
        cv2.fillPoly(part, [np.round(box).astype(np.int32)], 1)
    held = small[(whole > 0) & (mask > 0)]
    left = small[(middle > 0) & (mask == 0)]
    if not len(held) or not len(left):
        return False
    gap = _chroma_gap(np.median(held, axis=0), np.median(left, axis=0))
    return gap <= float(config["join_chroma"])


def _joined_pieces(
    config: Mapping[str, Any],
    small: np.ndarray,
    mask: np.ndarray,
    contours: Sequence[np.ndarray],
    known: list[Candidate],
    gray: np.ndarray,
    ref: float,
    scale: float,
) -> list[Candidate]:
    """Dice whose mask broke into pieces that nothing else explains (small px contours; `ref`
    the frame's die side, small px): pieces within `join_gap` of a die side of each other
    whose joint convex hull is a clean square of the frame's die size (`max_aspect`,
    `one_size`) that fills `join_fill` of its rotated box or more. A die whose body the
    frame's light tints out of the profile's colours keeps only its rim in the mask, a ring
    its print breaks in two (held-out own 444546 #146: two L-shaped pieces, neither a square,
    dropped unsaid, and five of six dice read "ok" — a sixth die where POW plays five, POW-2,
    committed as a roll). Table pieces near each other make a long
    or ragged hull; a coin's disc, or its rim in pieces, a round one, its outline off its box
    (`join_sides`, `_on_box`); a tile's printed frame a square whose middle is another colour
    (`_middle_of_their_colour`)."""
    gap = float(config["join_gap"]) * ref
    if not gap:
        return []
    low, high = (float(v) * ref for v in config["one_size"])
    inv = 1.0 / scale

    def explained(x: float, y: float) -> bool:
        return any(
            abs(x * inv - k.center[0]) < 0.75 * k.side
            and abs(y * inv - k.center[1]) < 0.75 * k.side
            for k in known
        )

    pieces = []
    for c in contours:
        x, y, w, h = cv2.boundingRect(c)
        m = cv2.moments(c)
        if max(w, h) > high or m["m00"] < (0.15 * ref) ** 2:
            continue
        if not explained(m["m10"] / m["m00"], m["m01"] / m["m00"]):
            pieces.append((c, (x, y, w, h), m["m00"]))
    out = []
    for group in _groups(len(pieces), _near_pairs([b for _, b, _ in pieces], gap)):
        hull = cv2.convexHull(np.concatenate([pieces[i][0] for i in group]))
        rect, aspect, fill, area = _stats(hull)
        side = np.sqrt(rect[1][0] * rect[1][1])
        if (
            aspect <= float(config["max_aspect"])
            and fill >= float(config["join_fill"])
            and low <= side <= high
            and _on_box(hull, rect, 0.08 * side) >= float(config["join_sides"])
            and not explained(*rect[0])
            and _middle_of_their_colour(config, small, mask, rect)
        ):
            held = sum(pieces[i][2] for i in group) / area
            out.append(_candidate(rect, aspect, fill * held, _streak(gray, hull), inv))
    return out


def _blob_share(
    config: Mapping[str, Any],
    profile: DiceProfile,
    frame: np.ndarray,
    blobs: list[np.ndarray],
    dice: list[Candidate],
    fits: list[bool],
    scale: float,
    med: float,
) -> float:
    """How many tops' area a die's blob covers in this frame (its top, the side faces the
    camera sees and the shadow joined to it): the taught share (`blob_over_top`), or what the
    frame's own blobs of one die matching a taught face show when that is less and
    `scan_own_blobs` of them or more show it. Teach pictures may show the dice's sides larger
    than the frame does (another camera's height or light): by the taught share, two slate
    dice joined in one blob left room for 0.58 dice more, not searched (foreign outline 66
    scene 46: the taught share 2.2, the frame's four blobs of one die 1.6-1.7)."""
    need = int(config["scan_own_blobs"])
    taught = float(profile.blob_over_top)
    if not need:
        return taught
    inv = 1.0 / scale
    fitting = {id(d) for d, ok in zip(dice, fits, strict=True) if ok}
    shares = []
    for blob in blobs:
        held = _in_hull(blob, dice, scale)
        if len(held) != 1 or id(held[0]) not in fitting:
            continue
        _, side = _blob_place(profile, frame, cv2.convexHull(blob), med, inv)
        shares.append(cv2.contourArea(blob) * inv**2 / side**2)
    if len(shares) < need:
        return taught
    return min(taught, float(np.median(shares)))


def _blob_place(
    profile: DiceProfile, frame: np.ndarray, hull: np.ndarray, med: float, inv: float
) -> tuple[tuple[float, float], float]:
    """A blob's middle (frame px, from its hull in small px) and the side a top of the
    frame's typical size `med` has there, as the camera's perspective shrinks it."""
    (bx, by), _, _ = cv2.minAreaRect(hull)
    at = (bx * inv, by * inv)
    return at, med * perspective(profile, frame.shape, at)


def _scanned_tops(
    config: Mapping[str, Any],
    profile: DiceProfile,
    frame: np.ndarray,
    blobs: list[np.ndarray],
    dice: list[Candidate],
    scale: float,
    level: Callable[[Candidate], float],
) -> tuple[list[Candidate], list[Candidate]]:
    """The dice with the tops found by the taught faces themselves in blobs the colour cut
    did not explain: a blob with room for a die more than the tops cut out of it that match
    a taught face (two dice touching, or a die whose print runs on to its top's edge and
    parts the top's colour, so the cut found no top or a side face). Cuts of the size
    expected where they lie are slid over such a blob at every 15 degrees; the cut nearest
    a taught face, if it fits about as closely as taught dice fit each other (`scan_fit`), is
    a top, the search repeated while there is room.
    A top of that blob that matched no face is replaced by it. Which face it shows is left
    to the read (its margins and the teach set's doubt), once the cuts around it say it is a
    whole top (`_whole_top`); the tops they leave unsure come second (an "uncertain" die)."""
    unsure: list[Candidate] = []
    if len(dice) < 3:
        return dice, unsure
    typical = profile.typical_distance
    fit = float(config["fit_max"]) * typical
    # A scanned cut is a top only when it fits a taught face about as closely as the taught
    # dice fit each other: one of many cuts fitting loosely is a part of two dice, or a top
    # at a wrong turn.
    close = float(config["scan_fit"]) * typical
    room_min = float(config["scan_room"])
    finer = float(config["scan_finer"])
    refined = int(config["scan_refined"])
    med = float(np.median([level(d) for d in dice]))

    def cut(c: Candidate) -> float:
        return float(_distances(profile, frame, [c]).min())

    fits = [cut(d) <= fit for d in dice]
    inv = 1.0 / scale
    out = list(dice)
    share = _blob_share(config, profile, frame, blobs, dice, fits, scale, med)
    for blob in blobs:
        # (A print at a top's edge notches its blob: the hull holds the whole die.)
        contour = cv2.convexHull(blob)
        inside = [
            k
            for k, d in enumerate(out)
            if cv2.pointPolygonTest(contour, (d.center[0] * scale, d.center[1] * scale), False) >= 0
        ]
        at, side = _blob_place(profile, frame, contour, med, inv)
        room = cv2.contourArea(blob) * inv**2 / (share * side**2)
        room -= sum(fits[k] for k in inside)
        if room < room_min:
            continue
        near = min(out, key=lambda d: _gap(d.center, at))
        x, y, w, h = cv2.boundingRect(contour)
        step = 0.2 * side * scale
        grid = [
            (float(gx) * inv, float(gy) * inv)
            for gx in np.arange(x + step / 2, x + w, step)
            for gy in np.arange(y + step / 2, y + h, step)
            if cv2.pointPolygonTest(contour, (float(gx), float(gy)), True) >= 0.25 * side * scale
        ]
        # Two dice's tops lie a side apart or more.
        taken = [d.center for d, ok in zip(out, fits, strict=True) if ok]
        while room >= room_min:
            spots = [q for q in grid if all(_gap(q, t) > 0.9 * side for t in taken)]
            if not spots:
                break
            cuts = [
                replace(near, center=q, side=side, angle=float(a))
                for q in spots
                for a in np.arange(0.0, 90.0, 15.0)
            ]
            best = _distances(profile, frame, cuts).min(1)
            # A top's fit changes steeply with its turn and place (a blue bubble between the
            # grid's cuts: 1.65 typical distances at the nearest grid cut, turned 0 degrees,
            # and 0.92 two px and 7.5 degrees off the next one's, turned 45: foreign outline 4
            # scene 45), so the nearest cuts at the grid's best place and its neighbours are
            # each measured finer. (Not cuts at other places: the nearest few of the whole
            # blob took in a skull's front side face over the table, read as a bubble at 0.97,
            # a wrong "ok" on outline 6 scene 42.)
            order = np.argsort(best, kind="stable")
            first = cuts[int(order[0])].center
            reach = 1.5 * step * inv  # a grid step each way, diagonals included
            top, fitted = min(
                (
                    _finer_cut(profile, frame, cuts[k], float(best[k]), finer * side)
                    for k in [k for k in order if _gap(cuts[k].center, first) <= reach][:refined]
                ),
                key=lambda pair: pair[1],
            )
            if fitted > close or _faint(config, profile, frame, top, out, fits):
                break
            whole = _whole_top(config, profile, frame, top)
            if whole is not None:
                top = whole
            # The old tops of this blob that matched no face and lie on the new one are
            # side faces or parts of it.
            keep = [
                not (j in inside and not fits[j] and _gap(d.center, top.center) < 0.9 * side)
                for j, d in enumerate(out)
            ]
            if whole is None:
                unsure.append(top)
                out = [d for d, k in zip(out, keep, strict=True) if k]
                fits = [f for f, k in zip(fits, keep, strict=True) if k]
            else:
                out = [d for d, k in zip(out, keep, strict=True) if k] + [top]
                fits = [f for f, k in zip(fits, keep, strict=True) if k] + [True]
            taken.append(top.center)
            inside = [
                k
                for k, d in enumerate(out)
                if cv2.pointPolygonTest(contour, (d.center[0] * scale, d.center[1] * scale), False)
                >= 0
            ]
            room -= 1
    return out, unsure


def find_dice(
    config: Mapping[str, Any],
    profile: DiceProfile,
    frame: np.ndarray,
    not_dice: Sequence[tuple[float, float]] = (),
) -> Found:
    """Die candidates in a BGR uint8 frame: flat dice to read, and unreadable ones with a reason.

    `not_dice`: centres (frame px) of squares a read found to be no die (they match no taught
    face: a tablecloth's checks): they do not set the frame's die size."""
    scale = float(config["scale"])
    small = cv2.resize(frame, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    inv = 1.0 / scale
    sh, sw = small.shape[:2]
    prob, mask = die_mask(config, profile, small)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)

    slack = float(config["size_slack"])
    lo = profile.side_range[0] * scale * (1 - slack)
    hi = profile.side_range[1] * scale * (1 + slack)
    max_aspect, min_fill = float(config["max_aspect"]), float(config["min_fill"])
    gray = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    outline_edge = float(config["outline_edge"])
    square_streaky = float(config["blur_streak_square"])

    def clean_die(aspect: float, fill: float, area: float) -> bool:
        return aspect <= max_aspect and fill >= min_fill and lo <= np.sqrt(area) <= hi

    def at_edge(contour: np.ndarray) -> bool:
        x, y, w, h = cv2.boundingRect(contour)
        return x <= 1 or y <= 1 or x + w >= sw - 1 or y + h >= sh - 1

    blobs = []
    for c in contours:
        area = cv2.contourArea(c)
        if area < (0.45 * lo) ** 2:
            continue
        rect, aspect, fill, area = _stats(c)
        blobs.append(
            (c, rect, aspect, fill, area, _candidate(rect, aspect, fill, _streak(gray, c), inv))
        )

    def printed(contour: np.ndarray) -> bool:
        """Whether a blob's outline holds a print in the die mask (`holds_print`)."""
        x, y, w, h = cv2.boundingRect(contour)
        filled = np.zeros((h, w), np.uint8)
        cv2.drawContours(filled, [contour - (x, y)], -1, 1, -1)
        return holds_print((mask[y : y + h, x : x + w] > 0).astype(np.uint8), filled)

    def die_like(center: tuple[float, float], side: float) -> bool:
        """Not at a square the read found to be no die (centres in frame px)."""
        return all(np.hypot(center[0] - x, center[1] - y) > side / 3 for x, y in not_dice)

    # The frame's own die size: the clean squares in it (all dice of a set are one size) but
    # the smeared ones (a rolling die, a striped cloth's checks) and those found to be no die.
    clean = [
        (np.sqrt(area), printed(c))
        for c, rect, aspect, fill, area, cand in blobs
        if clean_die(aspect, fill, area)
        and cand.streak < square_streaky
        and die_like(cand.center, cand.side)
    ]
    # Of those, the squares that hold a print when any do: a gingham cloth's pale checks are
    # clean squares of a die-like colour too, and where they outnumber the dice they set the
    # size (424242 #48: checks 17 small px, dice 30; the dice were then split as 4 "dice").
    # A die's top holds its symbol or pips; a check is plain (teach picks its dice so too).
    sized = [side for side, p in clean if p] or [side for side, _ in clean]
    side_ref = median_of(sized) if sized else None

    piece_top = float(config["piece_top"])
    split_turn = float(config["split_turn"])

    def free(contour: np.ndarray) -> tuple[list[Candidate], bool]:
        """The clean dice a blob's own outlines cut out of it (a die merged with a
        die-coloured stretch of table), and whether a die-sized piece is left over (then
        the blob's own verdict stands too: a cocked die's side face is such a piece)."""
        pieces = [(q, *_stats(q)) for q in _cut_by_outline(gray, contour, outline_edge)]
        ref_area = (side_ref or (lo + hi) / 2) ** 2
        found = [
            _candidate(r, a, f, _streak(gray, q), inv)
            for q, r, a, f, ar in pieces
            if clean_die(a, f, ar) and not at_edge(q)
        ]
        found = [d for d in found if d.streak < square_streaky]
        # A die-sized piece that is not a clean square (a die in a hard shadow's band cut
        # out with a notch of its print or a wedge of its side: own seed 383838 #202; from
        # `piece_top` of a die, as the shadow's edge across a die cuts it in two: #93) may still
        # hold a square of the die's body colour, as a die whose blob took in its shadow.
        # (Such a piece is then a die, not a piece left over.)
        placed = set()
        for i, (q, r, a, f, ar) in enumerate(pieces):
            if piece_top * ref_area <= ar <= 1.5 * ref_area and not clean_die(a, f, ar):
                piece = _candidate(r, a, f, _streak(gray, q), inv)
                if piece.streak >= square_streaky or at_edge(q):
                    continue
                face = _top_face(small, piece, scale, shrink=0.5, square=1.12, lights=True)
                if face is piece or not lo <= face.side * scale <= hi:
                    continue
                # …its own die's top: one cut out of a neighbour's colour is not this piece's
                # (own seed 616161 #193: two skulls side by side, the left one's piece took
                # the right one's top and the left die was lost unsaid).
                gap = _gap(face.center, piece.center)
                if gap > 0.35 * face.side:
                    continue
                placed.add(i)
                # (The pieces are grown back over the cut: two may hold one die, the larger
                # cut of it kept; half a die's top is a clean square of its own.)
                same = [d for d in found if _overlaps(face, d)]
                if all(d.side < face.side for d in same):
                    found = [d for d in found if d not in same] + [face]
        # A cocked die's side face is a solid piece (it fills 0.7 or more of its box on
        # rendered cocked dice); a ragged one (under 0.6) is a stretch of table or shadow the
        # cut left (0.3-0.5 on rendered frames where it made flat dice "cocked").
        solid = float(config["cocked_fill"])
        left = any(
            0.25 * ref_area <= ar <= 1.5 * ref_area and not clean_die(a, f, ar) and f >= solid
            for i, (q, r, a, f, ar) in enumerate(pieces)
            if i not in placed
        )
        if not found:
            return free_by_shade(contour)
        return found, left

    def free_by_shade(contour: np.ndarray) -> tuple[list[Candidate], bool]:
        """`free` by the blob's brighter part (`_cut_by_shade`): a die merged with a darker
        stretch of table whose print breaks its outline (a die at a hard shadow's band, the
        commonest die missed on the dev seeds). What is left once the dice are taken out is
        judged as `free` judges its pieces: a solid die-sized piece is a side face."""
        ref = side_ref or (lo + hi) / 2
        if not float(config["shade_join"]):
            return [], True
        hulls = [
            (q, *_stats(q))
            for q in _cut_by_shade(gray, contour, int(float(config["shade_join"]) * ref))
        ]
        found = [
            (q, _candidate(r, a, f, _streak(gray, q), inv))
            for q, r, a, f, ar in hulls
            if clean_die(a, f, ar) and not at_edge(q)
        ]
        # …of the frame's die size, and no larger than its blobs (their box takes in a die's
        # rim and soft shadow): the two tops of a die cocked on another make one brighter
        # square 1.27 times the frame's blobs (550003 #130 read "ok" without the pile so).
        low, high = float(config["one_size"][0]), float(config["shade_side_max"])
        found = [
            (q, d)
            for q, d in found
            if d.streak < square_streaky and low * ref <= d.side * scale <= high * ref
        ]
        if not found:
            return [], True
        # Another printed piece as large as a quarter die is left over: a pile's other top
        # (550003 #231: a die beside a pile was freed and the pile read as nothing).
        if len(hulls) > len(found) and any(
            ar >= 0.25 * ref**2 for q, r, a, f, ar in hulls if all(q is not p for p, _ in found)
        ):
            return [d for _, d in found], True
        x, y, w, h = cv2.boundingRect(contour)
        rest = np.zeros((h + 2, w + 2), np.uint8)
        cv2.drawContours(rest, [contour - (x - 1, y - 1)], -1, 1, -1)
        cv2.drawContours(rest, [q - (x - 1, y - 1) for q, _ in found], -1, 0, -1)
        # (the rims the hulls leave, and thin lines of the table, are not pieces)
        k = max(3, int(round(rim * ref)) | 1)
        rest = cv2.morphologyEx(
            rest, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
        )
        solid = float(config["cocked_fill"])
        left = any(
            0.25 * ref**2 <= ar <= 1.5 * ref**2 and f >= solid
            for q in cv2.findContours(rest, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0]
            for _, _, f, ar in [_stats(q)]
        )
        return [d for _, d in found], left

    dice: list[Candidate] = []
    issues: list[tuple[str, Candidate]] = []
    odd: list[Candidate] = []  # die-sized but not a clean square
    outline: dict[int, np.ndarray] = {}  # id(odd candidate) -> its blob's contour (small px)
    # id(the candidate of a blob called "cocked" or "blurred") -> its contour (small px)
    one_die: dict[int, np.ndarray] = {}
    streaky = float(config["blur_streak"])
    cover, spare = float(config["pack_cover"]), float(config["pack_spare"])
    core, rim = float(config["pack_side"]), float(config["pack_rim"])
    # The teach pictures showed the dice's sides (an oblique camera): see _oblique_top.
    oblique = profile.blob_over_top >= float(config["oblique_blob"])
    # (Teach's first look has no templates yet: its tops are the largest squares.)
    pick = _nearest_face(profile, frame) if oblique and len(profile.templates) else None
    reach = profile.blob_over_top

    def level(d: Candidate) -> float:
        """A die's side as it would look at the frame's centre."""
        return d.side / perspective(profile, frame.shape, d.center)

    def in_shade(top: Candidate) -> bool:
        return _table_in_shade(config, frame, small, mask, top, scale)

    thin = max(3, int(float(config["thin_line"]) * lo) | 1)
    tops: list[tuple[Candidate, Candidate]] = []  # (top face, the blob it was cut out of)
    judged: list[Candidate] = []  # tops cut again at the frame's size (_sized_tops)
    scan: list[np.ndarray] = []  # blobs of sharp dice seen obliquely (small px contours)

    def thinned_tops(contour: np.ndarray) -> list[tuple[Candidate, Candidate]]:
        """The top faces of the dice in a blob (with the pieces they were cut out of) once its
        parts thinner than `thin_line` of the smallest die are taken off: a die joined to
        lines of the table's texture of a die-like colour (a dark die on a dark-grained wood,
        the grain running on to the frame's edge) is then a piece of its own. Pieces at the
        frame's edge are left (cut dice).

        A piece still larger than one die's blob is thinned again by `thin_line_frame` of the
        frame's own die (grain lines as wide as the smallest die's half: 25-dice 53 #15, four
        dice joined by a dark wood's bands, "cocked"), and what is then still larger is left to
        the scan by the taught faces. So is a piece a top is cut from that covers more than
        `odd_face_blob` of the blob its die makes: another die is in it (two dice joined where
        they touch, the grain running on to the frame's edge: 25-dice 53 #1, one or both
        dropped, "missing"). A piece in which no top is found is thinned again too, and the
        wider width is taken from the middle of the profile's sizes when no clean die in the
        frame gives one (the bands join every die: 25-dice 54 #11)."""
        out = []
        more = float(config["odd_face_blob"])
        # (With no clean die in the frame to size it, the middle of the sizes the profile
        # allows: a frame whose dice the wood's bands all join has none: 25-dice 54 #11.)
        size = side_ref if side_ref is not None else (lo + hi) / 2
        wider = max(3, int(float(config["thin_line_frame"]) * size) | 1)
        pending = [contour]
        for n, width in enumerate(sorted({thin, wider})):
            larger, parts = [], []
            for c in pending:
                cut = _thinned(c, small.shape, width)
                # A wider pass counts only where it takes off lines: it parts the piece, or
                # leaves under four fifths of it (rounding a pile's corners is no line taken
                # off, and a pile so "freed" lost its cocked die: drawn pile outline 533 #0).
                sizes = sorted((cv2.contourArea(q) for q in cut), reverse=True)
                parted = len(sizes) > 1 and sizes[1] >= lo**2
                if n and not parted and (not sizes or sizes[0] >= 0.8 * cv2.contourArea(c)):
                    larger.append(c)
                else:
                    parts.extend(cut)
            for q in parts:
                rect, aspect, fill, area = _stats(q)
                if area > reach * hi**2 or (lo**2 <= area and at_edge(q)):
                    larger.append(q)  # (the grain may run off the frame: thinned again)
                elif lo**2 <= area:
                    piece = _candidate(rect, aspect, fill, _streak(gray, q), inv)
                    top = _top_either(small, frame, piece, scale, lo, pick)
                    if top is None:
                        # (No top: a die may still be joined to a band the wider pass parts:
                        # 25-dice 54 #11, a red die and a white one joined by the band between.)
                        larger.append(q)
                    else:
                        out.append((top, piece))
                        if area > more * reach * (top.side * scale) ** 2:
                            larger.append(q)  # more than its die's blob: another die in it
            pending = larger
        if not any(contour is c for c in scan):
            scan.extend(q for q in pending if _streak(gray, q) < square_streaky and not at_edge(q))
        return out

    def whole_top(cand: Candidate, area: float) -> list[tuple[Candidate, Candidate]]:
        """The top face cut out of a blob at the frame's edge when it lies whole in the frame,
        half a side or more from its edges (with the blob it was cut out of): seen obliquely,
        a die's shadow or its side face may run on to the edge while its top is whole (foreign
        pips, 25 dice: a near die's shadow joined it to the bottom edge and it was dropped).
        Tried only on a blob too long for a cut die, which was dropped: a die whose top the
        edge cuts is left to the "cut" verdict."""
        if not lo**2 <= area <= (2.5 * hi) ** 2 or cand.streak >= square_streaky:
            return []
        top = _top_either(small, frame, cand, scale, lo, pick)
        if top is None:
            return []
        x, y = top.center
        room = top.side * (0.5 + float(config["edge_room"]))
        fh, fw = frame.shape[:2]
        if room <= x <= fw - 1 - room and room <= y <= fh - 1 - room:
            return [(top, cand)]
        return []

    fh, fw = frame.shape[:2]

    def edge_die(cand: Candidate, area: float) -> list[tuple[Candidate, Candidate]]:
        """The top face of a die-sized blob at the frame's edge when the top is whole (with
        the blob it was cut out of): seen obliquely, a near die's side face and shadow may
        run off the frame while its top lies inside (foreign outline seed 7 scene 45, seed 10
        scene 4: tops 13 and 30 px clear of the bottom edge called "cut"). The top must keep
        `edge_clear` of its side inside the frame, and the blob cover no more than
        `edge_blob` times what a taught die's blob covers over its top (more may be a cut die
        beside it: the blob stays "cut")."""
        if not lo**2 <= area <= reach * hi**2 or cand.streak >= square_streaky:
            return []
        top = _top_either(small, frame, cand, scale, lo, pick)
        if top is None or area > float(config["edge_blob"]) * reach * (top.side * scale) ** 2:
            return []
        box = cv2.boxPoints((top.center, (top.side, top.side), top.angle))
        clear = float(config["edge_clear"]) * top.side
        inside = (box.min(axis=0) >= clear).all() and (
            box.max(axis=0) <= (fw - 1 - clear, fh - 1 - clear)
        ).all()
        return [(top, cand)] if inside else []

    for c, rect, aspect, fill, area, cand in blobs:
        x, y, w, h = cv2.boundingRect(c)
        if np.sqrt(area) > 2.5 * hi:
            # Far bigger than dice: a stretch of die-coloured table, maybe with dice in it
            # (its edges may well run one way; each die cut out of it is judged on its own).
            # Seen obliquely, dice joined by a wood's bands across the whole frame (25-dice 54
            # #11: one blob 640x234 small px, eight dice in it) are parted by thinning.
            freed_tops = thinned_tops(c) if oblique else []
            if freed_tops:
                tops.extend(freed_tops)
                continue
            freed, left = free(c)
            dice.extend(freed)
            if left and freed:
                issues.append(("cocked", cand))
            continue
        if at_edge(c):
            freed_tops = thinned_tops(c) if oblique else []
            if freed_tops:
                tops.extend(freed_tops)
                continue
            whole = edge_die(cand, area) if oblique and config["edge_tops"] else []
            if whole:
                tops.extend(whole)
                continue
            ref = side_ref or hi
            # A cut die, or one with a die beside it or cocked on it (a blob up to 2.5 dice
            # long: 1.9-2.4 for six rendered cocked and cut pairs at the edge that, dropped
            # under the old 1.6, left the frame read "ok" without them). Seen obliquely a
            # blob holds side faces, and a 2 dice long one at a corner was no die (foreign
            # outline seed 1, image 27, then refused): there the old 1.6 stays, and the blob
            # must be about as solid as a die's body cut by a straight edge (`cut_solid`),
            # and what its hull holds beyond it not the table (`cut_table`).
            if (
                area >= float(config["cut_min_area"]) * ref**2
                and max(rect[1]) <= (1.6 if oblique else 2.5) * ref
                and cand.streak < float(config["cut_max_streak"])
                and not (oblique and _solidity(c) < float(config["cut_solid"]))
                and not (oblique and _table_in_hull(small, mask, c) >= float(config["cut_table"]))
            ):
                issues.append(("cut", cand))
            elif oblique and (whole := whole_top(cand, area)):
                tops.extend(whole)
            elif np.sqrt(area) >= lo and cand.streak < square_streaky:
                # A stretch of table running off the frame (a hard shadow's band) with a die
                # joined to it inside the frame (424242 #15, 515151 #170: dropped with it).
                freed, left = free_by_shade(c)
                dice.extend(freed)
                # A die freed with a solid piece left beside it (a pile's side face, or a
                # stretch of the band) is not dropped unsaid: dropped, a sixth die on the
                # table (POW-2 plays five) left five read "ok" (held-out own seed 101112 #182,
                # a wrong commit).
                if left and freed:
                    issues.append(("cocked", cand))
            continue
        if oblique and area >= lo**2 and cand.streak < square_streaky:
            scan.append(c)
        if oblique and lo**2 <= area <= reach * hi**2 and cand.streak < square_streaky:
            # Taught through an oblique camera: a die's blob holds its top face and the
            # side faces towards the camera. The top is what is read.
            top = _top_either(small, frame, cand, scale, lo, pick)
            if top is not None:
                tops.append((top, cand))
                continue
        if oblique and area >= lo**2:
            # No top in the blob as it is: a die joined to lines of the table (thinned_tops).
            freed_tops = thinned_tops(c)
            if freed_tops:
                tops.extend(freed_tops)
                continue
        if aspect <= max_aspect and fill >= min_fill and lo <= np.sqrt(area) <= hi:
            (odd if cand.streak >= square_streaky else dice).append(cand)
            continue
        ref = side_ref or min(rect[1])
        if (
            area >= float(config["merged_area"]) * ref**2
            and lo <= ref <= hi
            and cand.streak < streaky
        ):
            # Several dice touching: split by erosion, or a straight row by its length.
            blob = np.zeros((h + 2, w + 2), np.uint8)
            cv2.drawContours(blob, [c - (x - 1, y - 1)], -1, 1, -1)
            parts = [q + (x - 1, y - 1) for q in _split(blob, ref, (0.3 * ref) ** 2)]
            rects = [(*_stats(q)[:3], _streak(gray, q)) for q in parts]
            if not rects:
                k = round(aspect)
                if k >= 2 and abs(aspect - k) < 0.25 and fill >= min_fill:
                    rects = [(r, 1.0, 1.0, cand.streak) for r in _split_rect(rect, k)]
            if not rects:
                packed = _pack(c, core * ref, cover, rim, spare)
                if packed:
                    dice.extend(_square(p, a, ref, cand.streak, inv) for p, a in packed)
                else:
                    freed, left = free(c) if cand.streak < square_streaky else ([], True)
                    dice.extend(freed)
                    if left or not freed:
                        issues.append(("cocked", cand))  # dice on dice: not squares side by side
                        one_die[id(cand)] = c
                continue
            for (r, a, f, st), q in zip(rects, parts or [None] * len(rects), strict=True):
                part = _candidate(r, a, f, st, inv)
                side = np.sqrt(r[1][0] * r[1][1])
                if (
                    a <= max_aspect
                    and f >= min_fill
                    and 0.75 * ref <= side <= 1.3 * ref
                    and st < streaky
                ):
                    # (Only a part of one die's size: the edges of a larger one, a die cocked
                    # on another, run two ways at two turns, and its box's size is what tells
                    # the pile: 440001 #148 cut at its edges' turn was read "ok" without it.)
                    turn = _edge_turn(gray, r[0], side, split_turn) if parts else None
                    dice.append(part if turn is None else replace(part, angle=turn))
                else:
                    odd.append(part)
                    if q is not None:
                        outline[id(part)] = q
            continue
        if 0.6 * lo <= np.sqrt(area) <= 2.5 * hi:
            odd.append(cand)
            outline[id(cand)] = c

    ref = side_ref or (lo + hi) / 2
    rest = []
    for cand in odd:
        # A die whose blob took in some of its shadow or of a die-coloured table: its own body
        # colour still outlines a clean square (a cocked die's top is foreshortened: not square).
        face = (
            _top_face(small, cand, scale, shrink=0.5, square=1.12)
            if cand.streak < square_streaky
            else cand
        )
        # (Seen obliquely a blob holds side faces, a neighbour's too, and the scan by the
        # taught faces finds a die left in a blob: drawn touching outline 709 #0's die, 2.84
        # of its top, was read right so. From above nothing finds the die left over.)
        whole = oblique or cand.fill * cand.side**2 < float(config["odd_face_blob"]) * face.side**2
        if face is not cand and lo <= face.side * scale <= hi and whole:
            dice.append(face)
        else:
            rest.append(cand)
    # The frame's die size (full px): the dice found so far, else the finder's estimate.
    die_side = median_of([d.side for d in dice]) if dice else ref * inv
    pieces: list[Candidate] = []  # smeared, but too small or narrow for a rolling die
    for cand in rest:
        # A die still rolling is smeared along its path: its edges all run one way, and it is
        # at least as big and as wide as a die (a pencil is not; a coin is not smeared).
        big = cand.side * scale >= 0.7 * ref  # (candidates are in frame px, ref in small px)
        short = cand.side * scale / np.sqrt(cand.aspect)
        need = streaky if cand.aspect > max_aspect else square_streaky
        # …and it is a square swept along its path: one solid blob (350 rendered rolling dice
        # cover 0.5 or more of their convex hull; a tile's printed frame or a shadow's sliver,
        # once called "blurred" on fresh sets, 0.14-0.37).
        blob = outline.get(id(cand))
        if blob is not None and streaky <= cand.streak < square_streaky:
            # A die in a hard shadow's band joined to its two edges: the lines run one way,
            # and the blob holds the die's colours and the band's (424242 #213, called
            # "blurred"). A printed square of its brighter part with nothing solid left over
            # is that die. (Only where the blob's streak would make it a rolling die: a
            # sharp blob keeps the pile verdicts below, 550003 #231's pile and flat die.)
            freed, left = free_by_shade(blob)
            if freed and not left:
                dice.extend(freed)
                continue
        solid = (
            cv2.contourArea(blob) / max(cv2.contourArea(cv2.convexHull(blob)), 1.0)
            if blob is not None
            else 1.0
        )
        if (
            big
            and short >= 0.6 * ref
            and cand.aspect <= 3.5
            and cand.streak >= need
            and solid >= float(config["blur_solid"])
            and smeared_colours(config, small, blob, cand, scale)
        ):
            issues.append(("blurred", cand))
            if blob is not None:
                one_die[id(cand)] = blob
            continue
        if (
            cand.streak >= streaky
            and cand.aspect <= 5.0
            and solid >= float(config["blur_solid"])
            and smeared_colours(config, small, blob, cand, scale)
        ):
            pieces.append(cand)
        # A sharp blob that squares of the die's size fill: a die with a wedge of its shadow
        # or of a die-coloured table, dice touching side by side.
        packed = (
            _pack(outline[id(cand)], core * ref, cover, rim, spare)
            if id(cand) in outline and cand.streak < square_streaky
            else []
        )
        if packed:
            dice.extend(_square(p, a, ref, cand.streak, inv) for p, a in packed)
            continue
        freed, left = (
            free(outline[id(cand)])
            if id(cand) in outline and cand.streak < square_streaky
            else ([], True)
        )
        if freed:
            dice.extend(freed)
            if left:
                issues.append(("cocked", cand))
                one_die[id(cand)] = outline[id(cand)]
            continue
        # A sharp die-sized blob that is not square, near a die: a die cocked on another.
        near = any(_gap(cand.center, d.center) < 1.6 * d.side for d in dice)
        # (A cocked die shows its top foreshortened and a side face: longer than a die, but
        # not a pencil's length.)
        cocked = near and cand.fill >= 0.6 and max_aspect < cand.aspect <= 2.5
        # A sharp blob larger than any die of the frame (`pile_side`) that no square,
        # split, pack or outline explains is dice on dice wherever it lies: the die
        # under a cocked one is in the blob, so no die found need be near it (five rendered
        # piles, 1.5-2.5 die sides, were dropped and their frames read "ok" without them).
        # Sharp as the blurred verdict above judges a blob of its shape: a squarish pile's
        # side face and foreshortened top run mostly one way (streak 0.28-0.30, own dev seeds
        # 717171 #67, 192837 #268), yet such a blob is a rolling die only from
        # `blur_streak_square`; asked for `blur_streak` they fell between and were dropped.
        piled = (
            cand.streak < need
            and cand.side >= float(config["pile_side"]) * die_side
            and cand.aspect <= 2.5
            and (cand.fill >= 0.5 or _closed_fill(config, outline.get(id(cand)), ref) >= 0.5)
        )
        if big and (cocked or piled):
            issues.append(("cocked", cand))
            if id(cand) in outline:
                one_die[id(cand)] = outline[id(cand)]
    # A rolling die's print, or a shadow's edge across it, may part its smear in two, each
    # piece too narrow for a die: two smeared pieces within a die's side of each other that
    # cover 0.4 of a die together (its print and blur take the rest) are one rolling die.
    # Three rendered rolling dice split so were dropped and their frames read "ok" without
    # them (dev seeds 424242 #59, 660001 #286, 440001 #169; the last two's pieces cover 0.49).
    for i, a in enumerate(pieces):
        for b in pieces[i + 1 :]:
            area = (a.fill * a.side**2 + b.fill * b.side**2) * scale**2
            near = _gap(a.center, b.center) <= ref * inv
            if near and area >= 0.4 * ref**2:
                issues.append(("blurred", a))
    # (Seen from above: a die seen obliquely shows its side faces, its hull is no square.)
    joined = (
        []
        if oblique
        else _joined_pieces(
            config,
            small,
            mask,
            contours,
            dice + [c for _, c in issues],
            gray,
            die_side * scale,
            scale,
        )
    )
    dice += joined
    if oblique:
        # Every die is cut out as its top face the same way (teach cuts its templates so).
        # A die whose top it cannot cut out so is not read as cut otherwise (its templates
        # were not): unsure.
        cut = [_top_either(small, frame, d, scale, lo, pick) for d in dice]
        untopped = [d for d, t in zip(dice, cut, strict=True) if t is None]
        tops += [(t, d) for d, t in zip(dice, cut, strict=True) if t is not None]
        dice = _full_size_tops(config, tops, frame, lo / scale, pick, level)
        if pick is not None:
            dice = _fitter_tops(
                config, profile, frame, dice, [b for _, b in tops], lo / scale, pick
            )
        dice = _frame_shapes(dice)
        if pick is not None:
            cut_tops = dice
            dice, unsure = _scanned_tops(config, profile, frame, scan, dice, scale, level)
            unsure = [d for d in unsure if not in_shade(d)]
            issues += [("uncertain", d) for d in unsure]
            # A die's shadow cut as a top (dropped below) covers no die: beside the die's
            # top the scan found it is a pair whose rim shows the table (foreign outline 70
            # scene 20: a slate shield's side face and shadow, 0.36 of its rim, "cocked").
            lit = [d for d in dice if not in_shade(d)]
            issues += [
                ("cocked", b)
                for b in _covered_pairs(config, profile, frame, scan, cut_tops, lit, scale, level)
            ]
            # A die whose top the scan by the taught faces found (sure or not) is no longer
            # one without a top too (foreign outline 8 scene 55: a bubble read at 1.00 on the
            # scan's top, and its blob left "uncertain" besides, five dice and one more:
            # "too-many").
            scanned = [d for d in dice if all(d is not c for c in cut_tops)] + unsure
            untopped = [u for u in untopped if not _under_a_top(u, scanned)]
            lit = _fitting(config, profile, frame, dice, any(r in ALARMS for r, _ in issues))
            issues = [
                (r, c)
                for r, c in issues
                if not (
                    r in ALARMS
                    and (
                        _own_sides(config, profile, frame, one_die.get(id(c)), dice, scale, lit)
                        or _side_by_side(
                            config, profile, frame, one_die.get(id(c)), dice, scale, lit
                        )
                    )
                )
            ]
            dice, judged = _sized_tops(config, profile, frame, scan, dice, scale, level)
        issues += [("uncertain", d) for d in untopped]

    # All dice of a set are one size where they lie: a square of another size is something
    # else (half a die's top). An oblique camera sees far dice smaller, by the slope the
    # teach pictures showed: each die is judged at the frame's centre.

    sides = [level(d) for d in dice if die_like(d.center, d.side)]
    if len(sides) >= 3 or (not_dice and sides):
        med = median_of(sides)
        low, high = (float(v) for v in config["one_size"])
        # (A top `_sized_tops` cut again at the frame's size has been judged so.)
        oversized = [level(d) > high * med and all(d is not t for t in judged) for d in dice]
        # A sharp square larger than the frame's dice is not left out unsaid: it is two dice
        # as one, or a die cocked on another with its side face (rendered cocked scenes 10
        # and 13: 1.39 and 1.42 of the frame's die, dropped, read "ok" without them). A square
        # the read found to be no die (a cloth's check) is exempt; but a check is a clean
        # square, and a cut out of a blob longer than a die at its place is something else:
        # 220009 #204's pile, packed as two squares of the checks' size by the first find
        # (no face: not dice), cut as one top 1.43 dice long by the second, was dropped unsaid.
        issues += [
            ("cocked", d)
            for d, big in zip(dice, oversized, strict=True)
            if big and d.streak < streaky and (die_like(d.center, d.side) or d.aspect > max_aspect)
        ]
        dice = [
            d for d, big in zip(dice, oversized, strict=True) if low * med <= level(d) and not big
        ]
    if pick is not None:
        # A die's shadow cut as a top is no die (`_table_in_shade`). One larger than the
        # frame's dice was left to the size check above: a pile's shadow, where the pile
        # itself made one top with its cocked die (drawn piles outline 501 #23, 507 #11:
        # taken out, the die under it was lost unsaid, "missing" for "cocked").
        dice = [d for d in dice if not in_shade(d)]
    dice = _one_per_place(dice, pick)
    kept = dice
    if not oblique:
        dice = [_top_face(small, d, scale) for d in dice]
    pieced = tuple(d for d, k in zip(dice, kept, strict=True) if any(k is j for j in joined))
    return Found(tuple(dice), tuple(issues), prob, pieced)
