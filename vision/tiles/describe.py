"""A tile's appearance as a descriptor: its printed face, upright, at a fixed size, in colour.

The face is cut out along the tile's rotated box (so a tile turned a few degrees reads the
same), its outer rim dropped (the box edge wobbles with shadows), lightly blurred against
noise and JPEG blocks, one patch per BGR channel. What all tiles of a colour share (frame,
background) is subtracted — the mean of that colour's taught tiles — so the number and the
character decide. Comparison is normalised correlation per channel (it ignores exposure,
contrast and white balance), over a few pixels of shift (the box centre wobbles too).
"""

from __future__ import annotations

import itertools
from functools import lru_cache

import cv2
import numpy as np

INNER = 0.84  # the part of the tile side the patch covers


def cut(
    frame: np.ndarray, center, angle: float, side: float, size: int, patch: int, blur: float = 0.8
) -> np.ndarray:
    """The 3×`size`×`size` float32 patch (BGR planes) around a tile at `patch` px per INNER·side."""
    k = side * INNER / patch  # frame px per patch px
    t = np.deg2rad(angle)
    cos, sin = float(np.cos(t)), float(np.sin(t))
    a00, a01, a10, a11 = k * cos, k * -sin, k * sin, k * cos
    h = size / 2  # the patch centre lands on `center`
    cx, cy = float(center[0]), float(center[1])
    # In plain floats: numpy's 2×2 arrays took longer than the warp (issue #7; the same
    # float32 matrix on 100 000 random cuts as with them).
    m = np.array(
        [[a00, a01, cx - (a00 * h + a01 * h)], [a10, a11, cy - (a10 * h + a11 * h)]], np.float32
    )
    out = cv2.warpAffine(
        frame, m, (size, size), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )  # fmt: skip
    out = cv2.GaussianBlur(out.astype(np.float32), (0, 0), blur)
    return np.ascontiguousarray(out.transpose(2, 0, 1))


def on_tile(center, angle: float, side: float, patch: int, du: float, dv: float):
    """The frame point `du`, `dv` patch px (at `patch` px per INNER·side, as `cut`) from the
    tile's `center`, along and across the tile turned `angle`."""
    k = side * INNER / patch  # frame px per patch px
    du, dv = du * k, dv * k
    t = np.deg2rad(angle)
    return (
        center[0] + du * np.cos(t) - dv * np.sin(t),
        center[1] + du * np.sin(t) + dv * np.cos(t),
    )


def unshade(planes: np.ndarray, sigma: float) -> np.ndarray:
    """Patches (…×C×H×W float32, BGR planes) with the light taken out: log, minus its blur.

    Light multiplies what the tile prints, so in log it adds; what varies slowly across a
    patch (a gradient, the soft side of a shadow, a colour cast) is what a blur of `sigma`
    patch px keeps, and subtracting it leaves the printing. A hard shadow's edge across a tile
    stays only as a thin line instead of halving the whole tile's brightness. 0: unchanged.
    """
    if sigma <= 0:
        return planes
    # One float32 array, added to and logged in place (as astype, add, log: the same numbers).
    x = np.add(planes, np.float32(8.0), dtype=np.float32)
    np.log(x, out=x)
    h, w = x.shape[-2:]
    return x - _blur_matrix(h, float(sigma)) @ x @ _blur_matrix(w, float(sigma)).T


@lru_cache(maxsize=16)
def _blur_matrix(n: int, sigma: float) -> np.ndarray:
    """OpenCV's Gaussian blur of `sigma` (its kernel out to 4 sigmas, `BORDER_REFLECT`) along
    a line of `n` values, as an n×n float32 matrix: blurring a patch is then two small matrix
    products for all its planes, 4 times faster than `cv2.GaussianBlur` at a kernel wider
    than the patch (issue #7: 0.08 ms a tile, a cut or two per tile). The numbers agree with
    OpenCV's to a few float32 ulps (its sums run in another order)."""
    size = int(round(sigma * 4 * 2 + 1)) | 1  # as cv2.GaussianBlur sizes a float kernel
    kernel = cv2.getGaussianKernel(size, sigma, cv2.CV_64F).ravel()
    r = size // 2
    m = np.zeros((n, n))
    for i in range(n):
        for t in range(-r, r + 1):
            j = i + t
            while j < 0 or j >= n:  # reflected at the edge: fedcba|abcdefgh|hgfedcb
                j = -j - 1 if j < 0 else 2 * n - j - 1
            m[i, j] += kernel[t + r]
    return m.astype(np.float32)


def normalise(patches: np.ndarray, mean: np.ndarray | float = 0.0) -> np.ndarray:
    """N×C×P×P patches → N×(C·P²) rows: mean pattern off, each channel zero-mean, unit norm."""
    x = patches.astype(np.float32) - mean
    x = x.reshape(x.shape[0], x.shape[1], -1)
    x = x - x.mean(2, keepdims=True)
    x = x / np.maximum(np.linalg.norm(x, axis=2, keepdims=True), 1e-6)
    x = x.reshape(x.shape[0], -1)
    return x / np.maximum(np.linalg.norm(x, axis=1, keepdims=True), 1e-6)


def scores(
    window: np.ndarray, templates: np.ndarray, mean: np.ndarray, patch: int
) -> tuple[np.ndarray, np.ndarray]:
    """Best correlation of each template (N×(C·P²) from `normalise`) at any shift in `window`,
    and the index of that shift (row-major over the window's (W-P+1)² shifts).

    The same numbers as `normalise`-ing every shifted patch, without making those copies: the
    templates are zero-mean per channel, so a patch's own mean drops out of the dot product and
    only its per-channel spread is needed.
    """
    return Shifts(window, mean, patch).scores(templates)


_SHIFT_BLOCK = 32  # shifts a matrix product takes at once (see `Shifts.scores`)


class Shifts:
    """Every patch×patch cut of a C×H×W `window` minus `mean`, and each cut's spread per
    channel: what `scores` needs of a window, made once however many sets of templates it is
    matched against (the tiles as taught, then those and the tiles cut smaller and larger:
    issue #7, the same numbers as making them again)."""

    def __init__(self, window: np.ndarray, mean: np.ndarray, patch: int) -> None:
        self.mean, self.patch = mean, patch
        n = patch * patch
        self.x = x = _shifted(window, patch, mean)
        s1 = x.sum(2)
        self.spread = np.sqrt(np.maximum(np.einsum("skn,skn->sk", x, x) - s1 * s1 / n, 1e-6))

    def scores(
        self, templates: np.ndarray, channels: tuple[int, ...] | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """As `scores` of the window against `templates`; with `channels`, the mean correlation
        over those channels only (a channel the sensor clipped over the tile holds no print)."""
        x, spread = self.x, self.spread
        c = x.shape[1]
        t = templates.reshape(len(templates), c, self.patch * self.patch)
        total = np.zeros((x.shape[0], len(templates)), np.float32)
        used = range(c) if channels is None else channels
        # In blocks of a row's dozen templates and of 32 shifts: a larger product goes to the
        # threaded BLAS path, which on a busy machine is many times slower than the small
        # single-threaded one (the 121 shifts of a tile cut again within `recentre_reach`:
        # 24 ms CPU against 0.18 ms in blocks of 32, load ~30).
        for i in range(0, len(x), _SHIFT_BLOCK):
            rows = slice(i, i + _SHIFT_BLOCK)
            for j in range(0, len(t), 12):
                for k in used:
                    dot = x[rows, k, :] @ t[j : j + 12, k, :].T
                    total[rows, j : j + 12] += dot / spread[rows, k : k + 1]
        if channels is None:
            return total.max(0) / np.sqrt(c), total.argmax(0)
        # Each channel adds its correlation / sqrt(c) (the templates' rows have unit norm).
        return total.max(0) * (np.sqrt(c) / len(used)), total.argmax(0)


def _shifted(window: np.ndarray, patch: int, mean: np.ndarray) -> np.ndarray:
    """Every patch×patch cut of the C×H×W `window` minus `mean`, as (shifts, C, patch²) in
    row-major shift order: the same numbers as `sliding_window_view`, a copy and a subtraction,
    without that function's cost per call or a second array (it runs for every tile)."""
    window = np.ascontiguousarray(window)
    c, h, w = window.shape
    sc, sh, sw = window.strides
    # A view made by the array constructor: `as_strided` took 15 us a call to make it, this 5.
    views = np.ndarray(
        (h - patch + 1, w - patch + 1, c, patch, patch), window.dtype, window, 0,
        (sh, sw, sc, sh, sw),
    )  # fmt: skip
    x = views.reshape(-1, c, patch * patch)  # a copy: the views overlap
    x -= mean.reshape(1, c, patch * patch)
    return x


def pair_margin(window: np.ndarray, mine: np.ndarray, other: np.ndarray, quantile: float) -> float:
    """How much better the patch fits `mine` than `other` where those two taught tiles differ.

    Two tiles of like artwork whose values differ only in a small print (a "-1" and a "-2"
    crest of the same colour) score nearly the same over the whole patch: what they share
    outweighs the few pixels that tell them apart, and a little misalignment hides those. Here
    only the pixels where the two raw templates (C×P×P, light taken out) differ most — the top
    `1 - quantile` of the difference, grown by a pixel — are compared, each template at its own
    best shift in the window, by normalised correlation per channel. Positive: `mine` fits.
    """
    c, p, _ = mine.shape

    def unit(t: np.ndarray) -> np.ndarray:
        t = t - t.mean(axis=-1, keepdims=True)
        return t / np.maximum(np.linalg.norm(t, axis=-1, keepdims=True), 1e-6)

    flat = (mine.reshape(c, -1), other.reshape(c, -1))
    d = np.abs(unit(flat[0]) - unit(flat[1])).sum(0).reshape(p, p)
    mask = (d >= np.quantile(d, quantile)).astype(np.uint8)
    mask = cv2.dilate(mask, np.ones((3, 3), np.uint8)).astype(bool)
    views = np.lib.stride_tricks.sliding_window_view(window, (p, p), axis=(1, 2))
    x = unit(views[:, :, :, mask].reshape(c, -1, int(mask.sum())))  # C × shifts × K
    best = [float(np.einsum("csk,ck->s", x, unit(t[:, mask])).max()) / c for t in (mine, other)]
    return best[0] - best[1]


def aligned_pair(
    window: np.ndarray,
    mine: np.ndarray,
    other: np.ndarray,
    shade: float,
    quantile: float,
    masks: tuple[np.ndarray, np.ndarray] | None = None,
) -> tuple[float, float]:
    """(margin, fit): how much better the tile in `window` fits `mine` than `other` where
    those two taught tiles differ, each after aligning the tile to it, and how well the tile
    fits whichever of them it fits better.

    `window` is a tile cut as the templates (C×D×D, raw BGR planes, `describe.cut`) with a
    border of a few px. Lookalikes of two values (the same character, "+1" and "+6" in a
    badge a few frame px high) differ in fewer pixels than a tile cut a little off, turned or
    foreshortened differs from itself: at one shift for the whole tile the better-aligned
    template won, whichever value it printed (foreign boxes 3, 6, 10). So the tile is first
    warped onto each template (an affine fit of brightness, `cv2.findTransformECC`), the
    light taken out of both (`unshade` at `shade` px), and compared by normalised correlation
    per channel over the top `1 - quantile` of the pixels where the two templates differ
    (`masks`, one in each template's frame: `pair_masks`, made here when not given).
    A fit that fails to converge counts as no fit (margin 0).
    """
    warped = warped_pair(window, mine, other)
    if warped is None:
        return 0.0, 0.0
    if masks is None:
        masks = pair_masks(mine, other, shade, quantile)
    return warped_margin(warped, (mine, other), shade, masks)


def warped_pair(
    window: np.ndarray, mine: np.ndarray, other: np.ndarray
) -> tuple[np.ndarray, np.ndarray] | None:
    """The tile in `window` warped onto each of two templates (`warped_onto`), or None when
    either fit does not converge: made once for the comparisons at each scale."""
    onto_mine = warped_onto(window, mine)
    onto_other = None if onto_mine is None else warped_onto(window, other)
    return None if onto_other is None else (onto_mine, onto_other)


def warped_margin(
    warped: tuple[np.ndarray, np.ndarray],
    taught: tuple[np.ndarray, np.ndarray],
    shade: float,
    masks: tuple[np.ndarray, np.ndarray],
) -> tuple[float, float]:
    """`aligned_pair`'s (margin, fit) of a tile already warped onto each of the two `taught`
    tiles (`warped_pair`), with the light taken out at `shade` px, over `masks`."""
    fits, where = [], []
    for raw, t, mask in zip(warped, taught, masks, strict=True):
        seen, ut = unshade(raw, shade), unshade(t, shade)
        fits.append(_ncc(seen, ut))
        where.append(_ncc(seen[:, mask], ut[:, mask]))
    margin = where[0] - where[1]
    return margin, fits[0] if margin >= 0 else fits[1]


def warped_onto(window: np.ndarray, template: np.ndarray) -> np.ndarray | None:
    """The tile in `window` (C×W×W raw BGR planes, a border of a few px round a D×D cut)
    warped onto `template` (C×D×D raw) by an affine fit of brightness
    (`cv2.findTransformECC`), still raw; None when the fit does not converge."""
    d = template.shape[-1]
    border = (window.shape[1] - d) / 2
    warp = np.array([[1, 0, border], [0, 1, border]], np.float32)
    try:
        _, warp = cv2.findTransformECC(
            template.sum(0), window.sum(0), warp, cv2.MOTION_AFFINE, _ECC_STOP, None, 1
        )  # fmt: skip
    except cv2.error:
        return None
    hwc = np.ascontiguousarray(window.transpose(1, 2, 0))
    flags = cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP
    return cv2.warpAffine(hwc, warp, (d, d), flags=flags).transpose(2, 0, 1)


def aligned_fit(window: np.ndarray, template: np.ndarray, shade: float) -> float:
    """How well the tile in `window` fits `template` once aligned onto it (`aligned`): the
    normalised correlation per channel, light taken out of both; 0 when it cannot be aligned.

    A match at one shift for the whole tile is weak both for a clean tile cut a little off,
    turned or foreshortened (fine print misses itself by a px) and for a tile a die or a
    finger lies on; aligned, the first fits as well as any clean tile, the second does not
    (what lies on it cannot be warped away)."""
    seen = warped_onto(window, template)
    return 0.0 if seen is None else fit_of(seen, template, shade)


def fit_of(seen: np.ndarray, template: np.ndarray, shade: float) -> float:
    """`aligned_fit` of a tile already aligned onto `template` (`warped_onto`, raw)."""
    return _ncc(unshade(seen, shade), unshade(template, shade))


_ECC_STOP = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 50, 1e-4)


def off_colour_share(seen: np.ndarray, template: np.ndarray, level: float) -> float:
    """The share of a tile (`seen`, raw C×D×D, already aligned onto `template`: `warped_onto`)
    whose colour its taught tile's does not explain: off by more than `level` (log units) in
    hue, not brightness, where the taught colours are mapped onto the frame's by one affine
    fit of colour over the tile (refitted on the `_FIT_KEEP` share it fits best, so what lies
    on part of the tile does not bend it). Its outer tenth is left out (the cut's edge).

    Brightness is not judged: a shadow's hard edge across a tile darkens part of it by as much
    as a hand does, and every channel alike (own renders: clean tiles in a hard shadow's band
    misfit over half their area in brightness). A hand or a die brings a colour the tile's
    print never had: skin or a die's white over an orange or blue ground. Judged at the
    fingers' scale (`_HUE_BLUR` of the side), so a print's edge a px off itself is not; and
    both tiles first blurred alike (`_SHARP_BLUR` of the side): a defocused frame mixes the
    colours at the print's edges into hues the sharp taught tile has nowhere (own seed 314159
    scene 143, a clean "-3": 0.36 off as cut, 0.24 so blurred; fingertips 0.36-0.56)."""
    c, d, _ = template.shape
    sharp = d * _SHARP_BLUR
    template = np.stack([cv2.GaussianBlur(p, (0, 0), sharp) for p in template])
    seen = np.stack([cv2.GaussianBlur(p, (0, 0), sharp) for p in seen])
    taught = np.concatenate([template.reshape(c, -1).T, np.ones((d * d, 1), np.float32)], 1)
    frame = seen.reshape(c, -1).T
    fitted = np.ones(d * d, bool)
    for _ in range(2):
        m, *_ = np.linalg.lstsq(taught[fitted], frame[fitted], rcond=None)
        mapped = taught @ m
        miss = np.linalg.norm(frame - mapped, axis=1)
        fitted = miss <= np.quantile(miss, _FIT_KEEP)
    ratio = np.log(np.maximum(frame, 0) + 8) - np.log(np.maximum(mapped, 0) + 8)
    hue = (ratio - ratio.mean(1, keepdims=True)).T.reshape(c, d, d).astype(np.float32)
    sigma = d * _HUE_BLUR
    off = np.max([np.abs(cv2.GaussianBlur(h, (0, 0), sigma)) for h in hue], axis=0)
    rim = d // 10
    return float((off[rim : d - rim, rim : d - rim] > level).mean())


_FIT_KEEP = 0.6  # a hand over up to two fifths of a tile leaves the colour fit to the rest
_HUE_BLUR = 1 / 32  # of the side: a finger is about 0.15 of it, a print's edge a px
_SHARP_BLUR = 1 / 16  # of the side: under a finger's width, over a defocused edge's spread


def pair_masks(
    mine: np.ndarray, other: np.ndarray, shade: float, quantile: float
) -> tuple[np.ndarray, np.ndarray]:
    """Where two taught tiles (C×D×D) differ: the top `1 - quantile` of their difference with
    the light taken out (`unshade` at `shade`), in `mine`'s frame and in `other`'s, each with
    the other tile aligned onto it (affine ECC) first.

    Two lookalikes are one drawing placed a little otherwise on each tile (foreign box 21: a
    pink mask 2 px further left on its "+6" than on its "+1"). Unaligned, most of the pixels
    where they differ are that drawing's outline, which the tile seen, aligned to each in
    turn, fits on both: its "+1" led by 0.053-0.058 there, under `detail_margin`, four clean
    scenes refused. Aligned, what is left is what each tile prints of its own (its number,
    its ground's stripes at their own angle): the same tiles led by 0.128-0.148. Where the
    two cannot be aligned, the difference as cut serves for both (as before)."""
    um, uo = unshade(mine, shade), unshade(other, shade)
    d = mine.shape[-1]
    out = []
    for a, b, ua in ((mine, other, um), (other, mine, uo)):
        warp = np.eye(2, 3, dtype=np.float32)
        try:
            _, warp = cv2.findTransformECC(a.sum(0), b.sum(0), warp, cv2.MOTION_AFFINE,
                                           _ECC_STOP, None, 1)  # fmt: skip
        except cv2.error:
            diff = np.abs(um - uo).sum(0)
            mask = diff >= np.quantile(diff, quantile)
            return mask, mask
        moved = cv2.warpAffine(
            np.ascontiguousarray(b.transpose(1, 2, 0)), warp, (d, d),
            flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REPLICATE,
        ).transpose(2, 0, 1)  # fmt: skip
        diff = np.abs(ua - unshade(moved, shade)).sum(0)
        out.append(diff >= np.quantile(diff, quantile))
    return out[0], out[1]


def _ncc(x: np.ndarray, t: np.ndarray) -> float:
    """Normalised correlation of two C×… arrays, per channel, averaged."""
    x = x.reshape(len(x), -1) - x.reshape(len(x), -1).mean(1, keepdims=True)
    t = t.reshape(len(t), -1) - t.reshape(len(t), -1).mean(1, keepdims=True)
    den = np.linalg.norm(x, axis=1) * np.linalg.norm(t, axis=1) + 1e-6
    return float(((x * t).sum(1) / den).mean())


def centred(templates: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """`cell_misfit`'s side of each template of an N×C×P×P stack: each channel minus its mean
    (N×C×P²) and its energy (N×C×1) — made once per taught stack rather than per tile
    (issue #7), the same numbers."""
    n, c = templates.shape[:2]
    t = templates.reshape(n, c, -1)
    tc = t - t.mean(2, keepdims=True)
    return tc, np.maximum((tc * tc).sum(2, keepdims=True), 1e-6)


def cell_misfit(
    window: np.ndarray,
    template: np.ndarray,
    shift: int,
    cells: int,
    prepared: tuple[np.ndarray, np.ndarray] | None = None,
) -> float:
    """How badly the worst part of the patch fits the template: a die or a finger on a tile.

    The patch at `shift` is fitted to the raw template per channel (gain and offset, so light
    and white balance drop out); the residual is averaged over a cells×cells grid, and the
    worst cell is returned relative to the patch's own contrast. A clean match leaves noise
    and blur everywhere; an object on part of the tile leaves one or more cells far off.
    `prepared`: the template's part of `centred`, when made already.
    """
    c, p, _ = template.shape
    span = window.shape[1] - p + 1
    y, x = divmod(int(shift), span)
    patch = window[:, y : y + p, x : x + p].reshape(c, -1)
    tc, energy = centred(template[None]) if prepared is None else prepared
    tc, energy = tc.reshape(c, -1), energy.reshape(c, 1)
    # Means as sums divided in float32, without numpy's checks (issue #7: each took longer
    # than its sum). The same float32 numbers: numpy divides in float64 and rounds, and a
    # quotient of float32 numbers rounded twice, through 53 bits, is rounded once (53 >= 2·24+2).
    add, n = np.add.reduce, np.float32(p * p)
    pc = patch - add(patch, 1, keepdims=True) / n
    gain = (tc * pc).sum(1, keepdims=True) / energy
    resid = (add(np.abs(pc - gain * tc), 0) / np.float32(c)).reshape(p, p)
    contrast = float(add(np.abs(pc), None) / (n * c)) + 1e-6
    k = p // cells
    grid = add(resid[: k * cells, : k * cells].reshape(cells, k, cells, k), (1, 3)) / np.float32(
        k * k
    )
    return float(grid.max()) / contrast


def subpixel_misfit(window: np.ndarray, template: np.ndarray, shift: int, cells: int) -> float:
    """`cell_misfit` with the patch moved onto the template to a fraction of a px first.

    Matching steps whole patch px, so the patch may lie up to half a px off its template; a
    tile whose print has one sharp, dark detail (a bolt's outline through a ring) leaves a
    residual there that a faint print elsewhere (stripes) makes large against the tile's
    contrast. Only a translation is fitted (`cv2.findTransformECC`, from the whole-px
    `shift`, at most a px from it), so the fit cannot bend the tile to take in a finger or a
    die. The lesser of the two misfits; a fit that fails leaves the whole-px one.
    """
    c, p, _ = template.shape
    y, x = divmod(int(shift), window.shape[1] - p + 1)
    first = cell_misfit(window, template, shift, cells)
    warp = np.array([[1, 0, x], [0, 1, y]], np.float32)
    try:
        _, warp = cv2.findTransformECC(
            np.ascontiguousarray(template.sum(0)), np.ascontiguousarray(window.sum(0)), warp,
            cv2.MOTION_TRANSLATION, (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 30, 1e-4),
            None, 1,
        )  # fmt: skip
    except cv2.error:
        return first
    if np.abs(warp[:, 2] - (x, y)).max() > 1.0:
        return first  # wandered off: another alignment, not this one refined
    hwc = np.ascontiguousarray(window.transpose(1, 2, 0))
    flags = cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP
    moved = cv2.warpAffine(hwc, warp, (p, p), flags=flags, borderMode=cv2.BORDER_REPLICATE)
    return min(
        first, cell_misfit(np.ascontiguousarray(moved.transpose(2, 0, 1)), template, 0, cells)
    )


def local_sides(centers, sizes, side: float, inliers: float = 0.06) -> np.ndarray:
    """Each tile's side where it lies (px): a plane fitted to the measured sides over the frame.

    A camera a few degrees off vertical sees the far end of a row smaller than the near end
    (at 10° and a wide lens, by a fifth), so one side for the whole frame cuts the tiles at
    one end too large and at the other too small, and the taught print no longer lines up.
    The measured sides are noisy (a shadow, a cut between touching tiles), so the plane is
    fitted robustly: sides far from the frame's `side` are left out, then those more than
    `inliers` of it off the fit, and it is refitted; with few tiles it is a line or a constant.
    """
    centers = np.asarray(centers, np.float64).reshape(-1, 2)
    sizes = np.asarray(sizes, np.float64).reshape(-1)
    n = len(sizes)
    out = np.full(n, float(side))
    ok = np.abs(sizes / side - 1) < 0.25
    for _ in range(2):
        k = int(ok.sum())
        if k < 3:
            return out
        cols = 3 if k >= 6 and np.ptp(centers[ok, 1]) > side else 2
        a = np.column_stack([np.ones(n), centers[:, 0] - centers[:, 0].mean(),
                             centers[:, 1] - centers[:, 1].mean()])[:, :cols]  # fmt: skip
        coef = np.linalg.lstsq(a[ok], sizes[ok], rcond=None)[0]
        fit = a @ coef
        ok = ok & (np.abs(sizes - fit) < inliers * side)
    return np.clip(fit, side * 0.75, side * 1.25)


# The turn from the outline (`refine_angle`): the disc it looks in and the share of its pixels.
_OUTLINE_DISC = (0.35, 0.65)  # inner and outer radius, in sides: the outline and a little out
_STRONGEST = 0.25  # of the disc's pixels, the strongest colour edges (the outline among them)
_COARSE, _FINE = 2.0, 0.5  # degrees between the turns tried, first over the reach, then near
_ONES_ROW = np.ones((1, 3), np.float32)  # `cv2.transform` by it sums the B, G, R of a pixel
TURN_REACH = 8.0  # degrees from its blob's box a tile's turn is looked for


def refine_angle(
    frame: np.ndarray, center, angle: float, side: float, reach: float = TURN_REACH
) -> float:
    """The tile's turn (degrees) within `reach` of `angle`: the turn at which its straight
    edges line up, or `angle` when no turn in reach stands out.

    A box fitted to a blob is unsure of the turn by a few degrees, and a piece cut from
    touching neighbours has the cut's straight edges for a box. The outline is the longest
    straight edge a tile has: turned right, its four sides each fall into one column (row) of
    the tile's own axes. So the colour edges of a disc around the tile, each projected onto
    both axes of a turn tried (its strength across that axis), make two profiles whose
    energy (sum of squares) is largest at the tile's turn; a print inside (a number badge, a
    character, halftone dots) adds about the same at every turn. Colour edges (the structure
    tensor over B, G, R): a blue tile on green felt differs in hue more than in grey.

    The disc does not turn with the start and the turns tried lie on a fixed grid, so the
    answer does not depend on where it starts within reach: fed its own answer it stays. (The
    gradient direction's mean over a ring turned with the start, which this replaces, was
    ruled by a white badge on foreign box 9 and cycled -1.5, -6.7, -2.0, -9.2°; the tile lay
    at -9.2°.) Measured on foreign boxes 3, 8, 9 (8 scenes each, 343 tiles against the
    turn drawn, `python -m tests.vision.foreign.tile_turns`): median error 0.16-0.28°, worst
    1.3°; the blob's box 0.54-0.63°, worst 5.9°; the old mean 0.77-1.19°, worst 7.6°.
    """
    return refine_angles(frame, [(center, angle, side, reach)])[0]


def refine_angles(frame: np.ndarray, tiles) -> list:
    """`refine_angle` of each (center, angle, side, reach) of one frame, worked out together:
    a tile's edges are a thousand or so numbers, and one at a time each of its ~60 numpy calls
    cost about as much as its arithmetic (issue #7). The same float operations on each tile's
    numbers in the same order as one tile alone, so the same turns to the bit."""
    out = [angle for _, angle, _, _ in tiles]
    found = [_strong_edges(frame, center, side) for center, _, side, _ in tiles]
    live = [i for i, f in enumerate(found) if f is not None]
    if not live:
        return out
    edges = _edge_vectors([found[i] for i in live])
    # On a fixed grid (every 3rd edge pixel will do there: the fine turns near the best read
    # them all; every 4th picked another peak on a striped tile, foreign box 9 #46, issue #7),
    # one past the reach each way: a best turn at either end is no turn found in reach.
    grids = []
    for i in live:
        _, angle, _, reach = tiles[i]
        grids.append(_COARSE * np.arange(np.floor((angle - reach) / _COARSE) - 1,
                                         np.ceil((angle + reach) / _COARSE) + 2))  # fmt: skip
    coarse = _turn_energies(edges, grids, 3)
    peaks, nears = [], []
    for k, (grid, e) in enumerate(zip(grids, coarse, strict=True)):
        j = int(np.argmax(e))
        if 0 < j < len(grid) - 1:
            peaks.append(k)
            nears.append(grid[j] + _FINE * np.arange(-3, 4))
    if not peaks:
        return out
    # The fine turns within one step of the coarse best first, which on a tile of one clear
    # peak holds it; the outer two only for a tile whose best of those lies at their edge.
    fine = _turn_energies([edges[k] for k in peaks], [near[1:-1] for near in nears], 1)
    edge = [m for m, e in enumerate(fine) if int(np.argmax(e)) in (0, len(e) - 1)]
    if edge:
        outer = _turn_energies(
            [edges[peaks[m]] for m in edge], [nears[m][[0, -1]] for m in edge], 1
        )
        for m, e in zip(edge, outer, strict=True):
            fine[m] = np.concatenate([e[:1], fine[m], e[1:]])
    for k, near, e in zip(peaks, nears, fine, strict=True):
        if len(e) < len(near):  # (a tile whose best lay inside: the inner five turns only)
            near = near[1:-1]
        i = live[k]
        _, angle, _, reach = tiles[i]
        j = int(np.argmax(e))
        best = float(near[j])
        if 0 < j < len(near) - 1:  # the peak of the parabola through the best and its neighbours
            den = e[j - 1] - 2 * e[j] + e[j + 1]
            if den < 0:
                best += _FINE * 0.5 * (e[j - 1] - e[j + 1]) / den
        out[i] = best if abs(best - angle) <= reach else angle
    return out


def _strong_edges(frame: np.ndarray, center, side: float):
    """(the structure tensor's jxx, jyy, jxy at the strongest colour edges of the disc round a
    tile, their x and y from `center`, the disc's half width in px), or None when the disc
    holds too few pixels (`refine_angle`)."""
    r_in, r_out = _OUTLINE_DISC[0] * side, _OUTLINE_DISC[1] * side
    half = int(np.ceil(r_out)) + 1
    x, y = int(round(center[0])), int(round(center[1]))
    x0, y0 = max(x - half, 0), max(y - half, 0)
    crop = frame[y0 : y + half + 1, x0 : x + half + 1]
    h, w = crop.shape[:2]
    if h < 8 or w < 8:
        return None
    jxx, jyy, jxy = _tensor(crop)
    xs = np.arange(x0, x0 + w, dtype=np.float32) - np.float32(center[0])
    ys = np.arange(y0, y0 + h, dtype=np.float32) - np.float32(center[1])
    rr = np.add.outer(ys * ys, xs * xs).ravel()
    energy = jxx + jyy
    energy[(rr >= r_out * r_out) | (rr <= r_in * r_in)] = 0
    # The strongest edges only: the felt's weave, sensor noise and JPEG blocks are many weak
    # edges along the pixel grid, which would pull every tile towards 0°.
    sample = energy[energy > 0][::3]
    if len(sample) < 16:
        return None
    k = int(len(sample) * (1 - _STRONGEST))
    sel = np.flatnonzero(energy >= np.partition(sample, k)[k])
    rows, cols = np.divmod(sel, w)
    return jxx[sel], jyy[sel], jxy[sel], xs[cols], ys[rows], half


def _tensor(crop: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The structure tensor's jxx, jyy, jxy of each pixel of a BGR uint8 crop (flat, float32):
    the Sobel gradients' squares and product, summed over B, G, R."""
    gx = cv2.Sobel(crop, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(crop, cv2.CV_32F, 0, 1, ksize=3)
    # Each product summed over B, G, R by OpenCV (`transform` by a row of ones): 313 -> 179 us
    # a tile against numpy's products and `@` (issue #7, load 14). The same numbers, whatever
    # the order of the sums: the gradients of 8-bit pixels are whole numbers (at most 4·255),
    # and their products and any sum of three (< 2^24) are exact in float32.
    return (
        cv2.transform(cv2.multiply(gx, gx), _ONES_ROW).ravel(),
        cv2.transform(cv2.multiply(gy, gy), _ONES_ROW).ravel(),
        cv2.transform(cv2.multiply(gx, gy), _ONES_ROW).ravel(),
    )


def _edge_vectors(found: list) -> list:
    """Each pixel's edge as one vector, the tensor's main direction at its strength: (x, y,
    ex, ey, half) of each tile's `_strong_edges`, all tiles' pixels reckoned in one go."""
    jxx, jyy, jxy = (np.concatenate([f[k] for f in found]) for k in range(3))
    a, b = jxx - jyy, 2 * jxy
    big = np.sqrt(a * a + b * b)
    strength = np.sqrt(0.5 * (jxx + jyy + big))
    cos2 = a / np.maximum(big, 1e-6)
    ex = strength * np.sqrt(np.maximum(0.5 * (1 + cos2), 0))
    ey = np.copysign(strength * np.sqrt(np.maximum(0.5 * (1 - cos2), 0)), b)
    # Each tile's own stretch, by slices (`np.split` took 0.2 ms a frame, issue #7).
    ends = list(itertools.accumulate(len(f[0]) for f in found))
    return [
        (f[3], f[4], ex[a:b], ey[a:b], f[5])
        for f, a, b in zip(found, [0, *ends[:-1]], ends, strict=True)
    ]


def _turn_energies(edges: list, turns: list, step: int) -> list:
    """For each tile's edges (`_edge_vectors`, every `step`th pixel) and its turns tried, the
    energy of both profiles at each turn: every pixel's place along each axis of each turn, in
    1-px bins, summed by strength across that axis, and the bins' squares summed."""
    n = max(len(t) for t in turns)
    qx, qy, hx, hy = (np.concatenate([e[k][::step] for e in edges]) for k in range(4))
    counts = [len(e[0][::step]) for e in edges]
    # The turns of each pixel's tile, one row per turn tried; a tile with fewer turns than
    # the most repeats its last (their bins are left out below). Filled row by row: `np.pad`
    # cost 25 us a tile, 1.3 ms a frame at load 10 (issue #7).
    padded = np.empty((len(turns), n))
    for row, tried in zip(padded, turns, strict=True):
        row[: len(tried)] = tried
        row[len(tried) :] = tried[-1]
    t = np.deg2rad(padded.T).astype(np.float32)
    c, s = np.repeat(np.cos(t), counts, axis=1), np.repeat(np.sin(t), counts, axis=1)
    bins = [2 * e[4] + 2 for e in edges]
    starts = np.cumsum([0] + [2 * n * b for b in bins])
    half = np.repeat(np.float32([e[4] for e in edges]), counts)
    at = np.empty((2 * n, len(qx)), np.int32)  # 1-px bins along each axis of each turn
    np.add(qx * c + qy * s, half, out=at[:n], casting="unsafe")
    np.add(qy * c - qx * s, half, out=at[n:], casting="unsafe")
    # Each tile's bins a block of its own: axis, turn, place.
    at += np.arange(2 * n, dtype=np.int32)[:, None] * np.repeat(np.int32(bins), counts)
    at += np.repeat(starts[:-1].astype(np.int32), counts)
    across = np.empty((2 * n, len(qx)), np.float32)
    np.abs(hx * c + hy * s, out=across[:n])
    np.abs(hy * c - hx * s, out=across[n:])
    p = np.bincount(at.ravel(), across.ravel(), int(starts[-1]))
    out = []
    for k, (b, tried) in enumerate(zip(bins, turns, strict=True)):
        block = p[starts[k] : starts[k + 1]].reshape(2, n, b)[:, : len(tried)]
        block = np.ascontiguousarray(block)
        out.append(np.einsum("ijk,ijk->j", block, block))
    return out
