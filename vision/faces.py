"""Reading a die's top face: a rotation-normalised crop, a light-robust descriptor, and a
nearest-neighbour match against the taught templates (in all four quarter turns).

The descriptor is the crop in Lab relative to the die's own body colour (so a white-balance or
exposure shift moves body and symbol together and cancels), blurred so a pixel or two of
misplacement does not matter. Confidence is the lesser of two: the margin to the second-best
face, and how close the best match is compared to the taught dice (each must hold on its own;
their product refused right readings that were only middling on both); only the margin beyond
what the teach set's own mistakes reached counts (`DiceProfile.confusions`: each taught die read
with it left out).
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import cv2
import numpy as np

from .profile import DiceProfile, squared_distances

CROP = 0.84  # the part of the top face the patch covers (the rounded edge is left out)
DESC = 24  # descriptor resolution (px)


def face_patch(
    frame: np.ndarray,
    center: tuple[float, float],
    side: float,
    angle: float,
    patch: int,
    shape: tuple[float, float, float] = (1.0, 0.0, 1.0),
) -> np.ndarray:
    """The top face of a die as a patch×patch BGR uint8 crop, rotated to the die's box;
    `shape` (a, b, d): the symmetric matrix that makes a top seen obliquely square again
    (vision.finder.Candidate.shape), applied before the turn."""
    big = patch * 2
    scale = big / max(CROP * side, 1.0)
    m = cv2.getRotationMatrix2D(center, angle, scale)
    if shape != (1.0, 0.0, 1.0):
        a, b, d = shape
        lin = m[:, :2] @ np.array([[a, b], [b, d]])
        m = np.hstack([lin, (-(lin @ np.asarray(center, np.float64)))[:, None]])
        m[:, 2] += (big / 2, big / 2)
    else:
        m[:, 2] += (big / 2 - center[0], big / 2 - center[1])
    crop = cv2.warpAffine(
        frame, m, (big, big), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    return cv2.resize(crop, (patch, patch), interpolation=cv2.INTER_AREA)


def _relative(patches: Sequence[np.ndarray], step_hue: float) -> np.ndarray:
    """Each patch (BGR uint8, all of one size) in Lab relative to the die's body colour (the
    median of its rim), its light made even, blurred and resized to DESC×DESC (N×DESC×DESC×3):
    brightness in parts of the body's, hue weighed 1.5 times. The patches are taken together
    where a step is the same for each pixel (issue #6: at 24×24 a numpy call costs more than
    its arithmetic); conversions and blurs, whose border or vector tail depends on the image's
    size, one patch at a time. Each patch's numbers are the same as on its own."""
    floats = np.stack(patches).astype(np.float32) / 255.0
    lab = np.stack([cv2.cvtColor(f, cv2.COLOR_BGR2Lab) for f in floats])
    count, n = lab.shape[:2]
    ring = np.concatenate(
        [
            lab[:, :3].reshape(count, -1, 3),
            lab[:, -3:].reshape(count, -1, 3),
            lab[:, 3:-3, :3].reshape(count, -1, 3),
            lab[:, 3:-3, -3:].reshape(count, -1, 3),
        ],
        axis=1,
    )
    body = median_rows(ring)
    lab = _unshade(lab, body, step_hue)
    rel = lab - body[:, None, None, :]
    # brightness relative to the body's
    rel[..., 0] *= _each([100.0 / max(float(b), 15.0) for b in body[:, 0]])
    rel[..., 1:] *= 1.5  # hue tells blue from orange better than brightness does
    return np.stack(
        [
            cv2.resize(
                cv2.GaussianBlur(r, (0, 0), n / 24.0), (DESC, DESC), interpolation=cv2.INTER_AREA
            )
            for r in rel
        ]
    )


def _each(values: Sequence[float]) -> np.ndarray:
    """Per-patch Python floats as float32 (N×1×1), to scale N patches as numpy scales one
    float32 patch by a Python float (cast to float32 first)."""
    return np.array(values, np.float32)[:, None, None]


def descriptors(patches: Sequence[np.ndarray], *, step_hue: float) -> np.ndarray:
    """The descriptors (rows, float32) of BGR uint8 face patches of one size, relative to each
    die's body colour (`step_hue`: the profile's, see `_unshade`); each row the same as
    `descriptor` gives its patch."""
    if not len(patches):
        return np.zeros((0, DESC * DESC * 3), np.float32)
    small = _relative(patches, step_hue)
    # Brightness (the shape of the print) and hue (its colour) weigh the same, and each is
    # about unit length: the pattern matters, not its contrast (which blur and light change).
    # A print with no colour of its own (black pips on a white die) has only noise in hue
    # (JPEG chroma, white balance): scaled to unit length that noise would weigh as much as
    # the pips. So each part is scaled by its own length but at least by 0.3 of the other's.
    lengths = [(_length(s[:, :, 0]), _length(s[:, :, 1:])) for s in small]
    light = small[..., :1] / _each([max(ln, 0.3 * hn, 1e-6) for ln, hn in lengths])[..., None]
    hue = small[..., 1:] / _each([max(hn, 0.3 * ln, 1e-6) for ln, hn in lengths])[..., None]
    both = np.concatenate([light, hue], axis=3).reshape(len(small), -1)
    return (both / np.sqrt(2)).astype(np.float32)


def descriptor(patch: np.ndarray, *, step_hue: float) -> np.ndarray:
    """A float32 vector for a BGR uint8 face patch, relative to the die's body colour
    (`step_hue`: the profile's, see `_unshade`)."""
    return descriptors([patch], step_hue=step_hue)[0]


def print_contrast(patch: np.ndarray, *, step_hue: float) -> float:
    """How strongly a face patch's print stands out from its body: the RMS brightness of the
    patch relative to the body's (`_relative`), before the descriptor scales it away. A cut of
    a plain side face, a shadow or the table holds little (foreign outline: 26-31 where the
    frame's tops held 50 or more)."""
    return _length(_relative([patch], step_hue)[0, :, :, 0]) / DESC


def _length(x: np.ndarray) -> float:
    """np.linalg.norm(x) of a float array: the same ravel, dot product and root, without its
    checks (issue #6: they took longer than the sum)."""
    v = x.ravel(order="K")
    return float(np.sqrt(v.dot(v)))


def _hue_off(lab: np.ndarray, body: np.ndarray) -> np.ndarray:
    """np.linalg.norm(lab[..., 1:] - body[1:], axis=-1) of a Lab patch and its body colour
    (or N patches and N rows): each pixel's a*b* distance from the body's, the same float32
    squares, sum and root, without its checks (issue #6)."""
    a = lab[..., 1] - body[..., 1:2, None]
    b = lab[..., 2] - body[..., 2:3, None]
    a *= a
    b *= b
    a += b
    return np.sqrt(a, out=a)


def median_rows(a: np.ndarray) -> np.ndarray:
    """np.median(a, axis=-2) of an array of 2-D ones (or of one) without NaNs: the same
    partition's middle one or two (their mean, as np.median takes it), without its checks
    (issue #6: 50 µs a die)."""
    n = a.shape[-2]
    mid = np.partition(a, [(n - 1) // 2, n // 2], axis=-2)[..., (n - 1) // 2 : n // 2 + 1, :]
    return mid.mean(-2)


def median_of(values: Sequence[float]) -> float:
    """float(np.median(values)) of a few floats (a frame's die sides): the standard library's
    median (the middle one or the mean of the middle two, the same float64 sum and halving)
    of the values as Python floats, without numpy's array machinery (issue #6: 20-60 µs a
    call, four calls a frame)."""
    return statistics.median(float(v) for v in values)


def _unshade(lab: np.ndarray, body: np.ndarray, step_hue: float) -> np.ndarray:
    """The Lab patches (N×n×n×3, each die's body colour a row of `body`) with the light across
    each die made even (a hard shadow's edge over it).

    Light falling unevenly scales a colour: (L+16) and a, b all by about the cube root of the
    light's factor. The light is measured where the die shows its body (near the body's hue,
    within a shadow's reach of its lightness: neither a coloured print nor dark or light pips
    count) and spread over the print from around it, then divided out — so a die half in
    shade reads like the taught dice, whatever its print.
    """
    n = lab.shape[1]
    levels = [float(b) + 16.0 for b in body[:, 0]]
    light = lab[..., 0] + 16.0
    ratio = light / _each([max(v, 1.0) for v in levels])
    hue_off = _hue_off(lab, body)
    hue_tol = [max(10.0, 0.3 * _length(b[1:])) for b in body]
    # A hard shadow's edge is a step, not a slope: divided out first, so the smooth light
    # below is left only the gentle part (a gradient, a vignette). Its two sides may differ
    # by more than the smooth light's window (the body's level may be either side's). A
    # shade is tinted as well as darker (a rendered one 13 a*b* off a white body whose
    # tolerance is 10): the step's body reaches `step_hue` tolerances, or the shaded side
    # would be left out and the step never seen (vision.config "step_hue").
    body_px = (hue_off < _each([step_hue * t for t in hue_tol])) & (ratio > 0.45) & (ratio < 2.2)
    for i, level in enumerate(levels):
        step = _shadow_step(light[i], body_px[i], np.log(level))
        if step is not None:
            light[i] = light[i] / step
            lab[i] = np.concatenate(
                [light[i][:, :, None] - 16.0, lab[i][:, :, 1:] / step[:, :, None]], axis=2
            )
            ratio[i] = light[i] / max(level, 1.0)
            hue_off[i] = _hue_off(lab[i], body[i])
    w = ((hue_off < _each(hue_tol)) & (ratio > 0.6) & (ratio < 1.3)).astype(np.float32)
    sigma = n / 10.0
    # Far from any body pixel (the middle of a large print) the light falls back to the body's.
    floor = 0.05
    num = _blurred(light * w, sigma) + _each([floor * v for v in levels])
    den = _blurred(w, sigma) + floor
    gain = np.clip(num / den / _each(levels), 0.5, 1.5)
    out = np.empty_like(lab)
    out[..., 0] = light / gain - 16.0
    out[..., 1:] = lab[..., 1:] / gain[..., None]
    return out


def _blurred(images: np.ndarray, sigma: float) -> np.ndarray:
    """Each of N float32 images Gaussian-blurred on its own (its own border)."""
    return np.stack([cv2.GaussianBlur(x, (0, 0), sigma) for x in images])


_TURNS = np.deg2rad(np.arange(0.0, 180.0, 7.5))
_COS, _SIN = np.cos(_TURNS), np.sin(_TURNS)


@lru_cache(maxsize=8)
def _grid_order(h: int, w: int) -> np.ndarray:
    """Every pixel of an h×w patch (row-major) ordered by its projection on each of `_TURNS`,
    ties in row-major order (T×h·w): the body pixels of any patch keep this order among
    themselves, so their sorted projections are read off it instead of sorted each time."""
    ys, xs = np.nonzero(np.ones((h, w), bool))
    proj = xs[:, None] * _COS[None, :] + ys[:, None] * _SIN[None, :]
    order = np.ascontiguousarray(np.argsort(proj, axis=0, kind="stable").T)
    order.flags.writeable = False  # shared by every call
    return order


def _shadow_step(light: np.ndarray, w: np.ndarray, level: float) -> np.ndarray | None:
    """The light of a hard shadow's edge across a die: a straight step between two levels.

    A hard shadow (an arm, a lamp) has a sharp edge; the smooth light estimate blurs a step
    across it over its own width, which leaves a light band and a dark band along the edge
    (dice half in shade were the commonest "uncertain" read). Among the die's body pixels, the
    straight line that best splits their lightness into two levels is found (every turn of
    7.5 degrees, every place along it); it counts only when the two sides differ by a shadow's
    worth and the split explains most of the spread. Returns the light factor per pixel
    (1 on the side the body's level is nearest), or None when no such edge crosses the die."""
    w = np.asarray(w, bool)
    v = np.log(light[w])  # (row-major: the order of np.nonzero's pixels)
    count = len(v)
    if count < 40:
        return None
    total = float(((v - v.mean()) ** 2).sum())
    least = max(8, count // 8)  # each side holds a part of the die, not a few stray pixels
    if total <= 1e-9 or _no_split_can_step(v, total, least):
        return None
    # The body's lightness in the order of its pixels' projections on every turn (rows: turns):
    # the split is a place in it. Taken from every pixel's order (`_grid_order`), keeping the
    # body's: the same order as sorting the body's own projections, stably (issue #6: that
    # sort was a third of the step's time).
    grid = _grid_order(*w.shape)
    flat = w.ravel()
    every = np.zeros(flat.shape, v.dtype)
    every[flat] = v
    vs = every.take(grid).compress(flat.take(grid).ravel()).reshape(len(_TURNS), count)
    s = v.sum()
    # Only the splits with `least` pixels or more a side are summed (issue #6: the others were
    # summed and then set aside): head[j, m] is the sum of the first least + m along turn j.
    head = np.cumsum(vs[:, : count - least], axis=1)[:, least - 1 :]
    k = np.arange(least, count - least + 1, dtype=np.float64)
    tail = s - head
    # The sum of squares around two means: total minus what the split explains.
    explained = head**2 / k + tail**2 / (count - k) - s**2 / count
    # The first split explaining the most in the order (place, turn); numpy ints, so the
    # sides' means below are divided in float64.
    m, j = np.unravel_index(int(np.argmax(explained.T)), explained.T.shape)
    if explained[j, m] < 0.6 * total:
        return None
    left = float(head[j, m] / (m + least))
    right = float(tail[j, m] / (count - m - least))
    if abs(left - right) < 0.03:  # under 3 % in L+16: no shadow's edge
        return None
    i = m + least - 1  # the last pixel of the first side, in the turn's order
    ys, xs = np.nonzero(w)
    turn = grid[j]
    ends = (np.cumsum(flat) - 1).take(turn.compress(flat.take(turn)))[i : i + 2]
    cut = 0.5 * float((xs[ends] * _COS[j] + ys[ends] * _SIN[j]).sum())
    h, wd = light.shape
    yy, xx = np.mgrid[0:h, 0:wd]
    along = xx * np.cos(_TURNS[j]) + yy * np.sin(_TURNS[j]) - cut
    # The penumbra: a pixel's worth of soft edge.
    side = 1.0 / (1.0 + np.exp(-np.clip(along / 0.7, -30, 30)))
    keep = left if abs(left - level) <= abs(right - level) else right
    return np.exp(left + (right - left) * side - keep).astype(np.float32)


def _no_split_can_step(v: np.ndarray, total: float, least: int) -> bool:
    """Whether no split of the body's log lightness `v` into two sides of `least` pixels or
    more can pass `_shadow_step`'s test (explain 0.6 of `total`, its spread, with the sides'
    means 0.03 or more apart), whatever line makes it: then no line does, and the turns need
    not be tried (issue #6: an evenly lit die, most dice, took the step's whole time).

    A split with k pixels on one side explains k(n−k)/n times the square of the difference
    of its sides' means, and that difference is at most the larger of (the mean of the
    brightest n−k) − (the mean of the darkest k) and (the mean of the brightest k) − (the
    mean of the darkest n−k): a bound for every k from the sorted values. It is compared
    with margins far above the float error of either side's sums (~1e-10 of the terms), so
    it says "none" only where the step's own arithmetic finds none: the same result, to the
    bit (tests/vision/test_faces.py)."""
    n = len(v)
    low = np.cumsum(np.sort(v))  # low[k - 1]: the sum of the darkest k
    s = float(low[-1])
    k = np.arange(least, n - least + 1)
    dark_k, dark_rest = low[least - 1 : n - least], low[n - least - 1 : least - 2 : -1]
    gap = np.maximum((s - dark_k) / (n - k) - dark_k / k, (s - dark_rest) / k - dark_rest / (n - k))
    margin = 1e-8 * (1.0 + s * s / n)
    can = (gap >= 0.03 - 1e-8) & (k * (n - k) / n * gap * gap >= 0.6 * total - margin)
    return not can.any()


@dataclass(frozen=True)
class Match:
    face: int  # index into profile.faces
    confidence: float  # 0..1
    best: float  # distance to the nearest template of that face
    second: float  # distance to the nearest template of any other face


def _by_face(profile: DiceProfile) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(templates, squared norms, starts, faces): the turned templates grouped by face, so a
    face's nearest is one `minimum.reduceat` over its run of columns (cached on the profile)."""
    cached = profile.__dict__.get("_by_face")
    if cached is None:
        t, lab, _, tsq = profile.rotated
        order = np.argsort(lab, kind="stable")
        faces, starts = np.unique(lab[order], return_index=True)
        cached = (np.ascontiguousarray(t[order]), tsq[order], starts, faces)
        object.__setattr__(profile, "_by_face", cached)
    return cached


def face_distances(profile: DiceProfile, descs: np.ndarray) -> np.ndarray:
    """Distance of each descriptor (rows) to the nearest template of each face (columns):
    RMS distance to every template in every turn, the least per face."""
    t, tsq, starts, faces = _by_face(profile)
    q = profile.project(np.asarray(descs, np.float32))
    d2 = squared_distances(q, t, tsq)
    per_face = np.full((len(q), len(profile.faces)), np.inf, np.float32)
    if len(starts) and len(q):
        # The least squared distance per face, then its root (the root is monotonic): one
        # root per face instead of one per template.
        least = np.minimum.reduceat(d2, starts, axis=1)
        per_face[:, faces] = np.sqrt(np.maximum(least, 0.0))
    return per_face


def left_out_distances(profile: DiceProfile, descs: np.ndarray, die: int) -> np.ndarray:
    """`face_distances` with the templates of one taught die (`DiceProfile.die_ids`) left out:
    how a read would see that die were it not taught (a face no other die shows: inf)."""
    t, lab, ids, tsq = profile.rotated
    q = profile.project(np.asarray(descs, np.float32))
    d2 = squared_distances(q, t, tsq)
    d2[:, ids == die] = np.inf
    per_face = np.full((len(q), len(profile.faces)), np.inf, np.float32)
    for f in range(len(profile.faces)):
        if (lab == f).any():
            per_face[:, f] = np.sqrt(np.maximum(d2[:, lab == f].min(1), 0.0))
    return per_face


def match(config: Mapping[str, Any], profile: DiceProfile, descs: np.ndarray) -> list[Match]:
    """The best face for each descriptor, with a confidence from margin and fit."""
    if len(descs) == 0:
        return []
    return decide(config, profile, face_distances(profile, descs))


def decide(
    config: Mapping[str, Any],
    profile: DiceProfile,
    per_face: np.ndarray,
    doubt_at: np.ndarray | None = None,
    searched: bool = False,
    placed: bool = False,
) -> list[Match]:
    """The best face for each row of per-face distances, with a confidence from margin and fit.

    `doubt_at`: per-face distances (rows like `per_face`) at which the teach set's doubt is
    looked up, when not the row's own (a search's distances are smaller than a single cut's,
    and the teach set's mistakes were made by single cuts). `searched`: the rows are the
    second look's search, held to the teach set's mistakes made by that search where the
    profile measured them (`DiceProfile.doubt`). `placed`: the rows are a placed read's
    (vision.reader.placed), held to the teach set's placed mistakes as well."""
    n_faces = per_face.shape[1]
    out = []
    typical = max(profile.typical_distance, 1e-3)
    fit_max = float(config["fit_max"])
    slack = float(config["doubt_slack"])
    for k, row in enumerate(per_face):
        order = np.argsort(row)
        best = float(row[order[0]])
        second = float(row[order[1]]) if n_faces > 1 else np.inf
        margin = 1.0 - best / second if np.isfinite(second) and second > 0 else 1.0
        fit = float(np.clip((fit_max * typical - best) / ((fit_max - 1.0) * typical), 0.0, 1.0))
        # Only the margin beyond what a wrong face reached in the teach set counts (where it
        # matched about as closely: a mistake made far from every template says little).
        at = best if doubt_at is None else float(doubt_at[k][order[0]])
        doubt = profile.doubt(
            int(order[0]),
            at,
            slack,
            searched and config["searched_doubt"],
            best if placed else None,
        )
        beyond = max(0.0, margin - doubt)
        conf = min(1.0, beyond / float(config["margin_full"]), fit)
        out.append(Match(int(order[0]), round(conf, 3), best, second))
    return out
