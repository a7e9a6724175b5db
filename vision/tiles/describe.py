"""A tile's appearance as a descriptor: its printed face, upright, at a fixed size, in colour.

The face is cut out along the tile's rotated box (so a tile turned a few degrees reads the
same), its outer rim dropped (the box edge wobbles with shadows), lightly blurred against
noise and JPEG blocks, one patch per BGR channel. What all tiles of a colour share (frame,
background) is subtracted — the mean of that colour's taught tiles — so the number and the
character decide. Comparison is normalised correlation per channel (it ignores exposure,
contrast and white balance), over a few pixels of shift (the box centre wobbles too).
"""

from __future__ import annotations

import cv2
import numpy as np

INNER = 0.84  # the part of the tile side the patch covers


def cut(
    frame: np.ndarray, center, angle: float, side: float, size: int, patch: int, blur: float = 0.8
) -> np.ndarray:
    """The 3×`size`×`size` float32 patch (BGR planes) around a tile at `patch` px per INNER·side."""
    k = side * INNER / patch  # frame px per patch px
    t = np.deg2rad(angle)
    a = k * np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]])
    b = np.array(center) - a @ np.array([size / 2, size / 2])
    m = np.hstack([a, b[:, None]]).astype(np.float32)
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
    lead = x.shape[:-3]
    c, h, w = x.shape[-3:]
    # Channels last, so one blur call does all three planes of a patch.
    hwc = np.ascontiguousarray(x.reshape(-1, c, h, w).transpose(0, 2, 3, 1))
    for i in range(len(hwc)):
        hwc[i] -= cv2.GaussianBlur(hwc[i], (0, 0), sigma, borderType=cv2.BORDER_REFLECT)
    return np.ascontiguousarray(hwc.transpose(0, 3, 1, 2)).reshape(*lead, c, h, w)


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
    c = window.shape[0]
    n = patch * patch
    x = _shifted(window, patch, mean)
    s1 = x.sum(2)
    spread = np.sqrt(np.maximum(np.einsum("skn,skn->sk", x, x) - s1 * s1 / n, 1e-6))
    t = templates.reshape(len(templates), c, n)
    total = np.zeros((x.shape[0], len(templates)), np.float32)
    # In blocks of a row's dozen templates: a larger product goes to the threaded BLAS path,
    # which on a busy machine is many times slower than the small single-threaded one.
    for j in range(0, len(t), 12):
        for k in range(c):
            total[:, j : j + 12] += (x[:, k, :] @ t[j : j + 12, k, :].T) / spread[:, k : k + 1]
    return total.max(0) / np.sqrt(c), total.argmax(0)


def _shifted(window: np.ndarray, patch: int, mean: np.ndarray) -> np.ndarray:
    """Every patch×patch cut of the C×H×W `window` minus `mean`, as (shifts, C, patch²) in
    row-major shift order: the same numbers as `sliding_window_view`, a copy and a subtraction,
    without that function's cost per call or a second array (it runs for every tile)."""
    window = np.ascontiguousarray(window)
    c, h, w = window.shape
    sc, sh, sw = window.strides
    views = np.lib.stride_tricks.as_strided(
        window, (h - patch + 1, w - patch + 1, c, patch, patch), (sh, sw, sc, sh, sw),
        writeable=False,
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
    window: np.ndarray, mine: np.ndarray, other: np.ndarray, shade: float, quantile: float
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
    per channel over the top `1 - quantile` of the pixels where the two templates differ.
    A fit that fails to converge counts as no fit (margin 0).
    """
    c, d, _ = mine.shape
    border = (window.shape[1] - d) / 2
    um, uo = unshade(mine, shade), unshade(other, shade)
    diff = np.abs(um - uo).sum(0)
    mask = diff >= np.quantile(diff, quantile)
    gray = window.sum(0)
    hwc = np.ascontiguousarray(window.transpose(1, 2, 0))
    fits, where = [], []
    for t, ut in ((mine, um), (other, uo)):
        warp = np.array([[1, 0, border], [0, 1, border]], np.float32)
        try:
            _, warp = cv2.findTransformECC(
                t.sum(0), gray, warp, cv2.MOTION_AFFINE,
                (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 50, 1e-4), None, 1,
            )  # fmt: skip
        except cv2.error:
            return 0.0, 0.0
        flags = cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP
        seen = unshade(cv2.warpAffine(hwc, warp, (d, d), flags=flags).transpose(2, 0, 1), shade)
        fits.append(_ncc(seen, ut))
        where.append(_ncc(seen[:, mask], ut[:, mask]))
    margin = where[0] - where[1]
    return margin, fits[0] if margin >= 0 else fits[1]


def _ncc(x: np.ndarray, t: np.ndarray) -> float:
    """Normalised correlation of two C×… arrays, per channel, averaged."""
    x = x.reshape(len(x), -1) - x.reshape(len(x), -1).mean(1, keepdims=True)
    t = t.reshape(len(t), -1) - t.reshape(len(t), -1).mean(1, keepdims=True)
    den = np.linalg.norm(x, axis=1) * np.linalg.norm(t, axis=1) + 1e-6
    return float(((x * t).sum(1) / den).mean())


def cell_misfit(window: np.ndarray, template: np.ndarray, shift: int, cells: int) -> float:
    """How badly the worst part of the patch fits the template: a die or a finger on a tile.

    The patch at `shift` is fitted to the raw template per channel (gain and offset, so light
    and white balance drop out); the residual is averaged over a cells×cells grid, and the
    worst cell is returned relative to the patch's own contrast. A clean match leaves noise
    and blur everywhere; an object on part of the tile leaves one or more cells far off.
    """
    c, p, _ = template.shape
    span = window.shape[1] - p + 1
    y, x = divmod(int(shift), span)
    patch = window[:, y : y + p, x : x + p].reshape(c, -1)
    t = template.reshape(c, -1)
    tc = t - t.mean(1, keepdims=True)
    pc = patch - patch.mean(1, keepdims=True)
    gain = (tc * pc).sum(1, keepdims=True) / np.maximum((tc * tc).sum(1, keepdims=True), 1e-6)
    resid = np.abs(pc - gain * tc).mean(0).reshape(p, p)
    contrast = float(np.abs(pc).mean()) + 1e-6
    k = p // cells
    grid = resid[: k * cells, : k * cells].reshape(cells, k, cells, k).mean((1, 3))
    return float(grid.max()) / contrast


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


def refine_angle(frame: np.ndarray, center, angle: float, side: float) -> float:
    """The tile's turn from its own straight edges, near `angle` (degrees).

    A box fitted to a blob is unsure of the angle (and tiles cut apart from touching
    neighbours have straight cut edges); the tile's outline and printed frame are strong
    straight edges, so the magnitude-weighted mean of the gradient direction taken four times
    over (a square looks the same every 90°) gives the turn.
    """
    half = int(side * 0.7)
    x, y = int(round(center[0])), int(round(center[1]))
    x0, y0 = max(x - half, 0), max(y - half, 0)
    crop = frame[y0 : y + half + 1, x0 : x + half + 1]
    if crop.shape[0] < 8 or crop.shape[1] < 8:
        return angle
    # On the 8-bit grey: a 3×3 Sobel of whole numbers is a small whole number, exact as int16,
    # so the float32 gradients below are the same as from a float image, only sooner.
    g = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
    gx = cv2.Sobel(g, cv2.CV_16S, 1, 0, ksize=3)
    gy = cv2.Sobel(g, cv2.CV_16S, 0, 1, ksize=3)
    # Only the ring where the outline and the printed frame run.
    t = np.deg2rad(angle)
    cos, sin = np.cos(t), np.sin(t)
    xs = (np.arange(x0, x0 + crop.shape[1], dtype=np.float32) - center[0])[None, :]
    ys = (np.arange(y0, y0 + crop.shape[0], dtype=np.float32) - center[1])[:, None]
    # In place where it can be: the same values, fewer crop-sized arrays made (this runs per tile).
    u = np.abs(xs * cos + ys * sin)
    v = ys * cos - xs * sin
    np.abs(v, out=v)
    d = np.maximum(u, v, out=u)
    d /= side
    ring = d > 0.36
    ring &= d < 0.6
    # (gx + i gy)^4 / |g|^2 = |g|^2 e^{4iθ}: the direction four times over, weighted by strength.
    zx, zy = gx[ring].astype(np.float32), gy[ring].astype(np.float32)
    xx, yy = zx * zx, zy * zy
    c2, s2 = xx - yy, 2 * zx * zy
    m2 = xx + yy + 1e-6
    z = complex(float(((c2 * c2 - s2 * s2) / m2).sum()), float((2 * c2 * s2 / m2).sum()))
    if abs(z) < 1e-6:
        return angle
    found = float(np.rad2deg(np.angle(z) / 4))
    diff = (found - angle + 45) % 90 - 45
    return angle + diff if abs(diff) <= 8 else angle
