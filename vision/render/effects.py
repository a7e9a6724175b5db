"""Camera effects for synthetic frames, shared by every renderer (dice now, POW tiles later).

Every function takes and returns a BGR uint8 frame (H×W×3) or works on float32 BGR in 0..255
where it says so; randomness comes only from the numpy Generator passed in, so a seed gives the
same frame everywhere. `CameraLook` draws one scene's camera conditions; `apply_camera` runs
them in the order a real camera would (light on the table, then optics, then sensor, then codec).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class CameraLook:
    """One scene's camera and light conditions (all drawn from a seeded Generator)."""

    wb_gains: tuple[float, float, float]  # per-channel B, G, R gains (white balance off)
    exposure: float  # overall gain
    gamma: float
    light_grad: tuple[float, float, float]  # uneven light: a + bx + cy over the frame in -1..1
    vignette: float  # darkening in the corners, 0..0.4
    hard_shadow: tuple[tuple[float, float], ...] | None  # polygon in frame fractions, or None
    hard_shadow_depth: float  # multiplier inside the hard shadow
    tilt: tuple[float, float]  # camera off vertical: keystone coefficients (fractions)
    defocus_sigma: float
    shake_px: float  # camera shake length in px (motion blur of the whole frame)
    shake_angle: float
    noise_sigma: float
    jpeg_quality: int  # 0 = no JPEG


def draw_look(rng: np.random.Generator, *, all_on: bool = True) -> CameraLook:
    """Random camera conditions; `all_on=False` gives a clean camera (teach sets, unit tests)."""
    if not all_on:
        return CameraLook(
            (1.0, 1.0, 1.0), 1.0, 1.0, (1.0, 0.0, 0.0), 0.0, None, 1.0, (0.0, 0.0), 0.0, 0.0,
            0.0, 1.0, 0,
        )  # fmt: skip
    shadow = None
    if rng.random() < 0.35:
        # A hard shadow (an arm, a lamp arm) as a quadrilateral entering from one side.
        x0, x1 = sorted(rng.uniform(-0.2, 1.2, 2))
        width = rng.uniform(0.1, 0.3)
        shadow = ((x0, -0.1), (x0 + width, -0.1), (x1 + width, 1.1), (x1, 1.1))
        if rng.random() < 0.5:
            shadow = tuple((y, x) for x, y in shadow)
    return CameraLook(
        wb_gains=tuple(float(g) for g in rng.uniform(0.9, 1.1, 3)),
        exposure=float(rng.uniform(0.8, 1.2)),
        gamma=float(rng.uniform(0.85, 1.15)),
        light_grad=(1.0, float(rng.uniform(-0.15, 0.15)), float(rng.uniform(-0.15, 0.15))),
        vignette=float(rng.uniform(0.0, 0.3)),
        hard_shadow=shadow,
        hard_shadow_depth=float(rng.uniform(0.65, 0.85)),
        tilt=(float(rng.uniform(-0.04, 0.04)), float(rng.uniform(-0.04, 0.04))),
        defocus_sigma=float(rng.uniform(0.0, 1.0)),
        shake_px=float(rng.uniform(0.0, 3.0)),
        shake_angle=float(rng.uniform(0, np.pi)),
        noise_sigma=float(rng.uniform(1.0, 5.0)),
        jpeg_quality=int(rng.integers(55, 95)),
    )


def light_field(shape: tuple[int, int], look: CameraLook) -> np.ndarray:
    """Multiplicative light over the table (H×W float32): gradient, vignette, hard shadow."""
    h, w = shape
    ys = np.linspace(-1, 1, h, dtype=np.float32)[:, None]
    xs = np.linspace(-1, 1, w, dtype=np.float32)[None, :]
    a, b, c = look.light_grad
    field = a + b * xs + c * ys
    field = field * (1.0 - look.vignette * (xs * xs + ys * ys) / 2.0)
    if look.hard_shadow is not None:
        mask = np.zeros((h, w), np.float32)
        poly = np.array([[x * w, y * h] for x, y in look.hard_shadow], np.int32)
        cv2.fillPoly(mask, [poly], 1.0)
        mask = cv2.GaussianBlur(mask, (0, 0), 2.0)  # a hard shadow still has a penumbra
        field = field * (1.0 - (1.0 - look.hard_shadow_depth) * mask)
    return field.astype(np.float32)


def tilt_homography(shape: tuple[int, int], tilt: tuple[float, float]) -> np.ndarray:
    """Homography of a camera a few degrees off vertical, mapping scene to frame coordinates.

    The table seen by a leaning camera is a keystone quadrilateral of the scene (the far side
    shrinks); that quadrilateral is stretched to fill the frame, so no border is invented.
    """
    h, w = shape
    tx, ty = tilt
    il, ir = max(-tx, 0) * h / 2, max(tx, 0) * h / 2  # vertical insets at the left/right edges
    it, ib = max(-ty, 0) * w / 2, max(ty, 0) * w / 2  # horizontal insets at the top/bottom
    quad = np.float32([[it, il], [w - it, ir], [w - ib, h - ir], [ib, h - il]])
    rect = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    return cv2.getPerspectiveTransform(quad, rect)


def warp_points(points: np.ndarray, H: np.ndarray) -> np.ndarray:
    """Map N×2 points through the homography (for ground truth after `tilt_homography`)."""
    if len(points) == 0:
        return np.zeros((0, 2), np.float32)
    pts = np.asarray(points, np.float32).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(pts, H).reshape(-1, 2)


def motion_kernel(length: float, angle: float) -> np.ndarray:
    """A normalised line kernel for motion blur of `length` px at `angle` radians."""
    n = max(1, int(np.ceil(length)) | 1)
    k = np.zeros((n, n), np.float32)
    c = n // 2
    dx, dy = np.cos(angle) * length / 2, np.sin(angle) * length / 2
    cv2.line(k, (round(c - dx), round(c - dy)), (round(c + dx), round(c + dy)), 1.0, 1, cv2.LINE_AA)
    s = k.sum()
    return k / s if s > 0 else k


# Rows per band where a pass works band by band: a full 1280×720 float32 BGR frame is 11 MB,
# and a pass that made whole-frame temporaries held several at once (the demo's peak memory).
BAND_ROWS = 64


def apply_light(img: np.ndarray, look: CameraLook, *, in_place: bool = False) -> np.ndarray:
    """Light and white balance on a float32 BGR scene (0..255) before the sensor.

    `in_place`: write into `img` (a renderer's own canvas, not needed afterwards)."""
    field = light_field(img.shape[:2], look)
    gains = np.float32(look.wb_gains) * np.float32(look.exposure)
    out = np.multiply(img, field[:, :, None], out=img if in_place else None)
    return np.multiply(out, gains[None, None, :], out=out)


def apply_optics(img: np.ndarray, look: CameraLook, *, in_place: bool = False) -> np.ndarray:
    """Keystone, defocus and shake on a float32 frame.

    Each pass draws into the frame the pass before last left free, so at most two frames are
    held at once; `in_place`: `img` may be drawn over too."""
    h, w = img.shape[:2]
    current, spare, owned = img, None, in_place

    def done(out: np.ndarray) -> None:
        nonlocal current, spare, owned
        spare = current if owned else None
        current, owned = out, True

    if look.tilt != (0.0, 0.0):
        H = tilt_homography((h, w), look.tilt)
        done(
            cv2.warpPerspective(
                current, H, (w, h), dst=spare, flags=cv2.INTER_LINEAR,
                borderMode=cv2.BORDER_REPLICATE,
            )
        )  # fmt: skip
    if look.defocus_sigma > 0.2:
        done(cv2.GaussianBlur(current, (0, 0), look.defocus_sigma, dst=spare))
    if look.shake_px > 1.0:
        done(cv2.filter2D(current, -1, motion_kernel(look.shake_px, look.shake_angle), dst=spare))
    return current


def apply_sensor(img: np.ndarray, look: CameraLook, rng: np.random.Generator) -> np.ndarray:
    """Gamma, noise (read + shot) and quantisation: float32 in, BGR uint8 out.

    Band by band (every step is per pixel; the noise is drawn in the same order, so the frame
    is the one a whole-frame pass gives) to hold a few small temporaries, not whole frames."""
    out = np.empty(img.shape, np.uint8)
    for y0 in range(0, img.shape[0], BAND_ROWS):
        x = np.clip(img[y0 : y0 + BAND_ROWS], 0, 255) / 255.0
        if look.gamma != 1.0:
            x = np.power(x, look.gamma, dtype=np.float32)
        if look.noise_sigma > 0:
            sigma = look.noise_sigma / 255.0 * (0.6 + 0.8 * np.sqrt(x))  # brighter: more noise
            x = x + rng.standard_normal(x.shape, dtype=np.float32) * sigma
        out[y0 : y0 + BAND_ROWS] = np.clip(x * 255.0 + 0.5, 0, 255)
    return out


def apply_jpeg(img: np.ndarray, quality: int) -> np.ndarray:
    """Round-trip through JPEG at `quality` (0 = leave as is)."""
    if quality <= 0:
        return img
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    if not ok:
        raise RuntimeError("JPEG encoding failed")
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


def apply_camera(
    scene: np.ndarray, look: CameraLook, rng: np.random.Generator, *, in_place: bool = False
) -> tuple[np.ndarray, np.ndarray]:
    """The whole camera on a float32 BGR scene: returns (BGR uint8 frame, homography).

    The homography maps scene coordinates to frame coordinates, for the ground truth.
    `in_place`: the scene is a renderer's own canvas, drawn over here (saves a frame's memory).
    """
    h, w = scene.shape[:2]
    img = apply_light(scene, look, in_place=in_place)
    # apply_light gave a new frame or drew over the scene: either way optics may reuse it.
    img = apply_optics(img, look, in_place=True)
    frame = apply_sensor(img, look, rng)
    frame = apply_jpeg(frame, look.jpeg_quality)
    return frame, tilt_homography((h, w), look.tilt)
