"""A synthetic table scene: dice (and the unreadable cases) on a surface, through a camera.

`render_scene(rng, spec)` returns a `Scene`: a BGR uint8 frame of `spec.size` (default
1280×720) and its ground truth (face, centre in frame pixels, kept flag and state per die,
and the reason the frame must be read as unreadable, if any).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

import cv2
import numpy as np

from . import distractors as dis
from .dice import STYLES, DiceStyle, face_sprite, rounded_square
from .effects import apply_camera, draw_look, warp_points
from .surfaces import SURFACES, make_surface

# The unreadable cases and the reason a reader must give for each.
CASES = ("normal", "blurred", "cocked", "cut", "too-many")


@dataclass(frozen=True)
class DieTruth:
    face: str
    center: tuple[float, float]  # frame pixels (x, y)
    kept: bool
    state: str  # "flat", "rolling", "cocked" or "cut"
    side: float  # px across the top face


@dataclass(frozen=True)
class SceneSpec:
    style: str = "pow"
    n_dice: int = 5
    case: str = "normal"
    effects: bool = True  # camera conditions on (white balance, light, blur, noise, JPEG …)
    distractors: bool = True
    size: tuple[int, int] = (1280, 720)  # width, height
    side: tuple[float, float] = (40.0, 90.0)
    faces: tuple[str, ...] | None = None  # force these faces (a teach frame shows one face)
    kept_zone: tuple[float, float, float, float] = (0.0, 0.0, 1.0, 0.25)
    touching: float = 0.3  # chance a die is put against another one
    surface: str | None = None
    # How many dice (the first of `faces`) lie in the kept zone; None: a random number. The
    # simulated table (companion.simtable) sets it to show the dice a player has set aside.
    kept: int | None = None


@dataclass(frozen=True)
class Scene:
    image: np.ndarray = field(repr=False)  # BGR uint8, H×W×3
    dice: tuple[DieTruth, ...]
    reason: str | None  # the unreadable reason the reader must give, None when readable
    surface: str
    spec: SceneSpec

    def truth(self) -> dict:
        """Ground truth as JSON-ready data."""
        return {
            "reason": self.reason,
            "surface": self.surface,
            "style": self.spec.style,
            "case": self.spec.case,
            "kept_zone": list(self.spec.kept_zone),
            "dice": [
                {**asdict(d), "center": [round(d.center[0], 1), round(d.center[1], 1)]}
                for d in self.dice
            ],
        }


def _paste(canvas: np.ndarray, rgb: np.ndarray, alpha: np.ndarray, m: np.ndarray) -> None:
    """Composite a sprite (float32 rgb + alpha) onto canvas through the 2×3 affine `m`."""
    h, w = alpha.shape
    corners = np.array([[0, 0, 1], [w, 0, 1], [w, h, 1], [0, h, 1]], np.float64) @ m.T
    x0, y0 = np.floor(corners.min(0)).astype(int) - 1
    x1, y1 = np.ceil(corners.max(0)).astype(int) + 1
    x0, y0 = max(x0, 0), max(y0, 0)
    x1, y1 = min(x1, canvas.shape[1]), min(y1, canvas.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    mm = m.copy()
    mm[:, 2] -= (x0, y0)
    size = (x1 - x0, y1 - y0)
    a = cv2.warpAffine(alpha, mm, size, flags=cv2.INTER_LINEAR)
    roi = canvas[y0:y1, x0:x1]
    if canvas.ndim == 3:
        c = cv2.warpAffine(rgb, mm, size, flags=cv2.INTER_LINEAR)
        roi[:] = roi * (1 - a[:, :, None]) + c * a[:, :, None]
    else:
        roi[:] = np.maximum(roi, a)


def _affine(center: tuple[float, float], angle: float, scale: float, sprite: int) -> np.ndarray:
    """Sprite (size×size) → canvas: rotate by `angle` degrees, scale, put at `center`."""
    m = cv2.getRotationMatrix2D((sprite / 2, sprite / 2), angle, scale)
    m[:, 2] += np.array(center) - sprite / 2
    return m


def _play_area(zone: tuple[float, float, float, float], w: int, h: int, margin: float) -> tuple:
    """The largest band of the frame outside the kept zone, shrunk by `margin` (px)."""
    kl, kt, kr, kb = zone
    bands = [
        (0, 0, w, kt * h), (0, kb * h, w, h), (0, 0, kl * w, h), (kr * w, 0, w, h),
    ]  # fmt: skip
    x0, y0, x1, y1 = max(bands, key=lambda b: (b[2] - b[0]) * (b[3] - b[1]))
    return (x0 + margin, y0 + margin, x1 - margin, y1 - margin)


class _Table:
    """The scene canvas, its shadow map and what is already placed (for no overlaps)."""

    def __init__(self, rng: np.random.Generator, spec: SceneSpec, surface: str) -> None:
        self.w, self.h = spec.size
        self.img = make_surface(rng, (self.h, self.w), surface)
        self.shadow = np.zeros((self.h, self.w), np.float32)
        self.rects: list[tuple[tuple[float, float], tuple[float, float], float]] = []
        self.circles: list[tuple[float, float, float]] = []

    def free(self, rect: tuple, margin: float = 0.0) -> bool:
        (cx, cy), (rw, rh), _ = rect
        r = np.hypot(rw, rh) / 2
        for x, y, rr in self.circles:
            if np.hypot(cx - x, cy - y) < r + rr + margin:
                return False
        for other in self.rects:
            shrunk = (rect[0], (rw * 0.98, rh * 0.98), rect[2])
            kind, _ = cv2.rotatedRectangleIntersection(shrunk, other)
            if kind != cv2.INTERSECT_NONE:
                return False
        return True


def _die_top_offset(
    spec: SceneSpec, center: np.ndarray, side: float, lean: np.ndarray
) -> np.ndarray:
    """Where the top face sits relative to the base: outward from the frame centre (perspective)."""
    w, h = spec.size
    rel = (center - np.array([w / 2, h / 2])) / (w / 2)
    return side * (0.10 * rel + lean)


def _draw_die(
    table: _Table,
    style: DiceStyle,
    face: str,
    center: np.ndarray,
    angle: float,
    side: float,
    body: tuple[int, int, int],
    lean: np.ndarray,
    light: np.ndarray,
    rng: np.random.Generator,
    spec: SceneSpec,
    canvas: np.ndarray | None = None,
) -> np.ndarray:
    """Draw a flat die whose top face is centred at `center`; returns the top face centre."""
    canvas = table.img if canvas is None else canvas
    sprite = int(side * 2)
    rgb, alpha = face_sprite(style, face, sprite, body, rng)
    scale = side / sprite
    offset = _die_top_offset(spec, center, side, lean)
    base = center - offset
    sil = rounded_square(sprite, 0.14)
    body_f = np.float32(body)
    for t, shade in ((0.0, 0.5), (0.33, 0.58), (0.66, 0.66)):
        side_rgb = np.broadcast_to(body_f * shade, (sprite, sprite, 3)).astype(np.float32)
        _paste(canvas, side_rgb, sil, _affine(tuple(base + t * offset), angle, scale, sprite))
    _paste(canvas, rgb, alpha, _affine(tuple(center), angle, scale, sprite))
    return center


def _die_shadow(
    table: _Table,
    spec: SceneSpec,
    center: np.ndarray,
    angle: float,
    side: float,
    lean: np.ndarray,
    light: np.ndarray,
) -> None:
    sprite = int(side * 2)
    sil = rounded_square(sprite, 0.14)
    base = center - _die_top_offset(spec, center, side, lean)
    _paste(
        table.shadow,
        sil,
        sil,
        _affine(tuple(base + light * side), angle, side / sprite * 1.08, sprite),
    )


def _place(
    table: _Table,
    rng: np.random.Generator,
    side: float,
    zone: tuple[float, float, float, float],
    angle: float,
    near: list | None,
) -> tuple[np.ndarray, float] | None:
    """A free spot for a die inside `zone` (px rectangle), maybe against a die in `near`."""
    x0, y0, x1, y1 = zone
    for _ in range(200):
        a = angle
        if near and rng.random() < 0.5:
            (ox, oy), _, oa = near[int(rng.integers(len(near)))]
            t = np.deg2rad(oa)
            axis = np.array([np.cos(t), np.sin(t)])
            perp = np.array([-axis[1], axis[0]])
            d = axis if rng.random() < 0.5 else perp
            d = d * (1 if rng.random() < 0.5 else -1)
            c = (
                np.array([ox, oy])
                + d * side * rng.uniform(1.02, 1.08)
                + (perp if d is axis else axis) * rng.uniform(-0.35, 0.35) * side
            )
            a = oa + rng.uniform(-4, 4)
        else:
            c = np.array([rng.uniform(x0, x1), rng.uniform(y0, y1)])
        if not (x0 <= c[0] <= x1 and y0 <= c[1] <= y1):
            continue
        rect = ((float(c[0]), float(c[1])), (side * 1.1, side * 1.1), float(a))
        if table.free(rect, margin=4):
            table.rects.append(rect)
            return c, a
    return None


def render_scene(rng: np.random.Generator, spec: SceneSpec = SceneSpec()) -> Scene:
    """Render one scene and its ground truth from the seeded Generator `rng`."""
    if spec.case not in CASES:
        raise ValueError(f"unknown case {spec.case!r}; cases: {', '.join(CASES)}")
    style = STYLES[spec.style]
    surface = spec.surface or str(rng.choice(SURFACES))
    look = draw_look(rng, all_on=spec.effects)
    table = _Table(rng, spec, surface)
    w, h = spec.size
    side = float(rng.uniform(*spec.side))
    body = style.bodies[int(rng.integers(len(style.bodies)))]
    lean = np.array(look.tilt) * 2.0
    light = rng.normal(0, 1, 2)
    light = light / (np.linalg.norm(light) + 1e-9) * rng.uniform(0.08, 0.2)
    kl, kt, kr, kb = spec.kept_zone
    margin = 0.8 * side + 30
    kept_px = (kl * w + margin, kt * h + margin, kr * w - margin, kb * h - margin)
    play_px = _play_area(spec.kept_zone, w, h, margin)

    n = spec.n_dice
    if spec.case == "too-many":
        n = spec.n_dice + int(rng.integers(1, 3))
    n_kept = (
        int(rng.integers(0, min(n, 4) + 1))
        if kept_px[2] > kept_px[0] and kept_px[3] > kept_px[1]
        else 0
    )
    if spec.kept is not None and kept_px[2] > kept_px[0] and kept_px[3] > kept_px[1]:
        n_kept = min(spec.kept, n)
    faces = list(spec.faces) if spec.faces else [style.roll(rng) for _ in range(n)]
    faces = (faces * n)[:n]
    special = {"blurred": "rolling", "cocked": "cocked", "cut": "cut"}.get(spec.case)
    placed: list[tuple[str, np.ndarray, float, bool]] = []
    n_flat = n - (1 if special else 0)
    for i in range(n_flat):
        kept = i < n_kept
        zone = kept_px if kept else play_px
        near = [r for r in table.rects] if rng.random() < spec.touching else None
        spot = _place(
            table, rng, side * rng.uniform(0.98, 1.02), zone, float(rng.uniform(0, 90)), near
        )
        if spot is None:
            continue
        placed.append((faces[i], spot[0], spot[1], kept))

    if spec.distractors:
        for draw, count in (
            (dis.draw_coin, rng.integers(0, 4)),
            (dis.draw_tile, rng.integers(0, 3)),
            (dis.draw_pencil, rng.integers(0, 3)),
        ):
            for _ in range(int(count)):
                for _ in range(50):
                    x, y = rng.uniform(60, w - 60), rng.uniform(60, h - 60)
                    r = 150 if draw is dis.draw_pencil else 75
                    if table.free(((x, y), (2 * r, 2 * r), 0.0), margin=side):
                        table.circles.append((x, y, r))
                        draw(table.img, table.shadow, rng, x, y)
                        break

    # Shadows first (they fall on the table and distractors), then the dice.
    for _, c, a, _ in placed:
        _die_shadow(table, spec, c, a, side, lean, light)
    table.shadow = cv2.GaussianBlur(table.shadow, (0, 0), max(1.0, side * 0.12))
    table.img *= (1 - 0.45 * table.shadow)[:, :, None]
    truths: list[tuple[str, np.ndarray, bool, str]] = []
    for face, c, a, kept in placed:
        _draw_die(table, style, face, c, a, side, body, lean, light, rng, spec)
        truths.append((face, c, kept, "flat"))

    if special == "rolling":
        truths.append(_rolling_die(table, style, faces[-1], side, body, rng, spec, play_px))
    elif special == "cocked" and placed:
        truths.append(_cocked_die(table, style, faces[-1], side, body, rng, placed))
    elif special == "cut":
        truths.append(_cut_die(table, style, faces[-1], side, body, lean, light, rng, spec, look))

    if spec.distractors and rng.random() < 0.3 and _edges_clear(table, side):
        dis.draw_hand_edge(table.img, rng)

    frame, H = apply_camera(table.img, look, rng, in_place=True)
    centres = warp_points(np.array([t[1] for t in truths], np.float32), H)
    dice = []
    for (face, _, _, state), c in zip(truths, centres, strict=True):
        kept = bool(kl * w <= c[0] <= kr * w and kt * h <= c[1] <= kb * h)
        dice.append(DieTruth(face, (float(c[0]), float(c[1])), kept, state, side))
    reason = None if spec.case == "normal" else spec.case
    return Scene(frame, tuple(dice), reason, surface, spec)


def _edges_clear(table: _Table, side: float) -> bool:
    """A hand edge is drawn only where it cannot cover a die (dice near an edge stay seen)."""
    return all(min(x, y, table.w - x, table.h - y) > 170 + side for (x, y), _, _ in table.rects)


def _rolling_die(table, style, face, side, body, rng, spec, zone) -> tuple:
    """A die still rolling: strong motion blur along its path, no contact shadow."""
    size = int(side * 4)
    local = np.zeros((size, size, 3), np.float32)
    cover = np.zeros((size, size), np.float32)
    sprite = int(side * 2)
    rgb, alpha = face_sprite(style, face, sprite, body, rng)
    angle = float(rng.uniform(0, 90))
    m = _affine((size / 2, size / 2), angle, side / sprite, sprite)
    _paste(local, rgb * 1.0, alpha, m)
    _paste(cover, alpha, alpha, m)
    length = side * rng.uniform(0.5, 1.2)
    direction = float(rng.uniform(0, np.pi))
    from .effects import motion_kernel

    k = motion_kernel(length, direction)
    prem = cv2.filter2D(local * cover[:, :, None], -1, k)
    a = cv2.filter2D(cover, -1, k)
    rgb_b = prem / np.maximum(a, 1e-4)[:, :, None]
    for _ in range(200):
        c = np.array([rng.uniform(zone[0], zone[2]), rng.uniform(zone[1], zone[3])])
        rect = ((float(c[0]), float(c[1])), (side * 1.2 + length, side * 1.2 + length), 0.0)
        if table.free(rect, margin=4):
            table.rects.append(rect)
            break
    mm = np.float32([[1, 0, c[0] - size / 2], [0, 1, c[1] - size / 2]])
    _paste(table.img, rgb_b, a, mm)
    return (face, c, False, "rolling")


def _cocked_die(table, style, face, side, body, rng, placed) -> tuple:
    """A die resting cocked on the edge of another: foreshortened top, a big side face showing."""
    _, oc, oa, kept = placed[int(rng.integers(len(placed)))]
    tilt = np.deg2rad(rng.uniform(30, 45))
    sprite = int(side * 2)
    rgb, alpha = face_sprite(style, face, sprite, body, rng)
    top_h = np.cos(tilt)
    side_h = np.sin(tilt)
    total = top_h + side_h
    # Local sprite: top face squashed into the upper part, side face below it.
    local_n = sprite
    local = np.zeros((local_n, local_n, 3), np.float32)
    cover = np.zeros((local_n, local_n), np.float32)
    sq = np.float32([[1, 0, 0], [0, top_h / total, 0]])
    local += cv2.warpAffine(rgb * alpha[:, :, None], sq, (local_n, local_n))
    cover += cv2.warpAffine(alpha, sq, (local_n, local_n))
    y0 = int(local_n * top_h / total) - 2
    sil = rounded_square(sprite, 0.14)
    side_sil = cv2.resize(sil, (local_n, local_n - y0))
    side_rgb = np.float32(body) * 0.6
    local[y0:] = local[y0:] * (1 - side_sil[:, :, None]) + side_rgb * side_sil[:, :, None]
    cover[y0:] = np.maximum(cover[y0:], side_sil)
    rgb_l = local / np.maximum(cover, 1e-4)[:, :, None]
    scale = side * total / local_n
    t = np.deg2rad(oa + rng.choice([0, 90, 180, 270]))
    d = np.array([np.cos(t), np.sin(t)])
    c = oc + d * side * rng.uniform(0.6, 0.8)
    angle = float(np.rad2deg(t)) - 90 + rng.uniform(-10, 10)
    m = _affine(tuple(c), -angle, scale, local_n)
    sh = _affine(tuple(c + 0.15 * side), -angle, scale * 1.1, local_n)
    _paste(table.img, np.zeros_like(rgb_l), cover * 0.35, sh)
    _paste(table.img, rgb_l, cover, m)
    return (face, c, kept, "cocked")


def _cut_die(table, style, face, side, body, lean, light, rng, spec, look) -> tuple:
    """A die cut by the frame edge: its centre near an edge, in frame coordinates."""
    from .effects import tilt_homography

    w, h = spec.size
    hinv = np.linalg.inv(tilt_homography((h, w), look.tilt))
    for _ in range(100):
        edge = int(rng.integers(4))
        inside = rng.uniform(-0.1, 0.3) * side
        along = rng.uniform(0.3, 0.7)
        q = [
            (inside, along * h),
            (w - inside, along * h),
            (along * w, inside),
            (along * w, h - inside),
        ][edge]
        c = warp_points(np.array([q], np.float32), hinv)[0].astype(float)
        rect = ((float(c[0]), float(c[1])), (side * 1.1, side * 1.1), 0.0)
        if table.free(rect, margin=4):
            break
    angle = float(rng.uniform(0, 90))
    _draw_die(table, style, face, c, angle, side, body, lean, light, rng, spec)
    return (face, c, False, "cut")
