"""Foreign dice scenes: an independent generator for checking the dice reader on dice it was
not written for (issue #6 acceptance). It shares no code with vision/render.

Real 3-D cubes (top face and the side faces the camera sees) on a table plane, seen through a
pinhole camera tilted 20–30° off vertical (an oblique webcam), so dice far away are smaller and
foreshortened; green felt or a wooden bowl's grain under a light gradient, a colour cast, cast
shadows, sensor noise and JPEG. Two sets:
  "pips"    six-sided dice, faces "1"…"6": white dice with black pips and red dice with white
            pips (one body colour per die, both in one picture).
  "outline" POW-like dice, faces shield/skull/bubble-blue/bubble-orange, drawn in another
            style: outline-only symbols in light blue and amber on a dark slate body.

    python -m tests.vision.foreign.scenes OUT --style pips --seed 1 --count 20 [--dice 5]

writes OUT/teach/<face>/*.jpg (per face: pictures of 5 dice showing it, and single-die crops),
OUT/scenes/*.jpg and OUT/truth.json ({image: [{"face", "center"}]}); the teach pictures use
their own seed, so scenes are never pictures the reader was taught on.
"""

from __future__ import annotations

import argparse
import copy
import itertools
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

W, H = 1280, 720
SIDE_MM = 16.0
TEX = 128  # top-face texture size (px)

PIP_FACES = ("1", "2", "3", "4", "5", "6")
OUTLINE_FACES = ("shield", "skull", "bubble-blue", "bubble-orange")

# Body and print colours (BGR).
PIP_BODIES = {"white": ((232, 236, 238), (25, 25, 30)), "red": ((45, 40, 190), (240, 240, 240))}
SLATE = (62, 52, 48)
LIGHT_BLUE = (235, 190, 120)
AMBER = (40, 170, 250)


def _pip_spots(n: int) -> list[tuple[float, float]]:
    o = 0.27
    return {
        1: [(0, 0)],
        2: [(-o, -o), (o, o)],
        3: [(-o, -o), (0, 0), (o, o)],
        4: [(-o, -o), (o, -o), (-o, o), (o, o)],
        5: [(-o, -o), (o, -o), (-o, o), (o, o), (0, 0)],
        6: [(-o, -o), (o, -o), (-o, o), (o, o), (-o, 0), (o, 0)],
    }[n]


def pip_texture(n: int, body: str) -> np.ndarray:
    """A TEX×TEX BGR top face of a pip die showing n."""
    bg, ink = PIP_BODIES[body]
    img = np.empty((TEX, TEX, 3), np.uint8)
    img[:] = bg
    r = int((0.1 if n > 1 else 0.14) * TEX * 16)
    rim = tuple(int(v * 0.6) for v in ink)
    for dx, dy in _pip_spots(n):
        c = (int((0.5 + dx) * TEX * 16), int((0.5 + dy) * TEX * 16))
        cv2.circle(img, c, r, ink, -1, cv2.LINE_AA, shift=4)
        # A pip is drilled: a darker rim on one side.
        cv2.ellipse(img, c, (r, r), 0, 200, 340, rim, 2, cv2.LINE_AA, shift=4)
    return img


def _p(x: float, y: float) -> tuple[int, int]:
    return (int(round(x * TEX)), int(round(y * TEX)))


def outline_texture(face: str) -> np.ndarray:
    """A TEX×TEX BGR top face of the outline-style POW-like die."""
    img = np.empty((TEX, TEX, 3), np.uint8)
    img[:] = SLATE
    t = max(2, TEX // 22)
    if face == "shield":
        pts = np.array([_p(0.28, 0.22), _p(0.5, 0.16), _p(0.72, 0.22), _p(0.7, 0.55),
                        _p(0.5, 0.82), _p(0.3, 0.55)], np.int32)  # fmt: skip
        cv2.polylines(img, [pts], True, LIGHT_BLUE, t, cv2.LINE_AA)
        cv2.line(img, _p(0.5, 0.24), _p(0.5, 0.72), LIGHT_BLUE, t, cv2.LINE_AA)
    elif face == "skull":
        cv2.circle(img, _p(0.5, 0.42), int(0.24 * TEX), AMBER, t, cv2.LINE_AA)
        cv2.circle(img, _p(0.41, 0.42), int(0.06 * TEX), AMBER, t, cv2.LINE_AA)
        cv2.circle(img, _p(0.59, 0.42), int(0.06 * TEX), AMBER, t, cv2.LINE_AA)
        cv2.rectangle(img, _p(0.38, 0.64), _p(0.62, 0.8), AMBER, t, cv2.LINE_AA)
        for x in (0.46, 0.54):
            cv2.line(img, _p(x, 0.66), _p(x, 0.8), AMBER, max(1, t // 2), cv2.LINE_AA)
    else:
        colour = LIGHT_BLUE if face == "bubble-blue" else AMBER
        cv2.ellipse(img, _p(0.5, 0.43), (int(0.3 * TEX), int(0.2 * TEX)), 0, 0, 360, colour, t,
                    cv2.LINE_AA)  # fmt: skip
        tail = np.array([_p(0.36, 0.58), _p(0.28, 0.8), _p(0.5, 0.62)], np.int32)
        cv2.polylines(img, [tail], False, colour, t, cv2.LINE_AA)
        for x in (0.38, 0.5, 0.62):
            cv2.circle(img, _p(x, 0.43), max(2, TEX // 30), colour, -1, cv2.LINE_AA)
    return img


@dataclass(frozen=True)
class Camera:
    k: np.ndarray  # 3×3
    r: np.ndarray  # world→camera rotation
    t: np.ndarray  # world→camera translation

    def project(self, pts: np.ndarray) -> np.ndarray:
        """World points (N×3, mm) → image points (N×2, px)."""
        c = pts @ self.r.T + self.t
        p = c @ self.k.T
        return p[:, :2] / p[:, 2:3]


def camera(rng: np.random.Generator, tilt_deg: float) -> Camera:
    """A webcam above the table centre, tilted `tilt_deg` off vertical towards the players."""
    height = rng.uniform(380, 460)
    tilt = np.deg2rad(tilt_deg)
    pos = np.array([rng.uniform(-15, 15), -height * np.tan(tilt), height])
    target = np.array([rng.uniform(-10, 10), rng.uniform(-10, 10), 0.0])
    fwd = target - pos
    fwd /= np.linalg.norm(fwd)
    right = np.cross(fwd, [0.0, 0.0, 1.0])
    return aim(rng, pos, fwd, right, roll=4)


def aim(
    rng: np.random.Generator, pos: np.ndarray, fwd: np.ndarray, right: np.ndarray, roll: float
) -> Camera:
    """A camera at `pos` looking along unit `fwd`, its image x along `right` (any length, at
    right angles to `fwd`), turned about its axis by up to ±`roll`°, with a focal length of
    1050-1200 px. Shared by the dice and the tile scenes."""
    right = right / np.linalg.norm(right)
    down = np.cross(fwd, right)
    turn = np.deg2rad(rng.uniform(-roll, roll))
    right, down = (np.cos(turn) * right + np.sin(turn) * down,
                   -np.sin(turn) * right + np.cos(turn) * down)  # fmt: skip
    r = np.stack([right, down, fwd])
    f = rng.uniform(1050, 1200)
    k = np.array([[f, 0, W / 2], [0, f, H / 2], [0, 0, 1]])
    return Camera(k, r, -r @ pos)


def _smooth_noise(rng: np.random.Generator, size: tuple[int, int], sigma: float) -> np.ndarray:
    """Gaussian-smoothed noise of unit spread (made at 1/8 size, then enlarged)."""
    h, w = size
    small = rng.normal(0, 1, (h // 8 + 1, w // 8 + 1)).astype(np.float32)
    small = cv2.GaussianBlur(small, (0, 0), sigma / 8)
    small /= max(float(small.std()), 1e-6)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)


def felt(rng: np.random.Generator, size: tuple[int, int]) -> np.ndarray:
    """Green felt: a mottled green with fine fibres."""
    h, w = size
    base = np.array([rng.uniform(50, 75), rng.uniform(105, 135), rng.uniform(25, 45)], np.float32)
    mottle = _smooth_noise(rng, (h, w), 12)
    mottle /= max(float(np.abs(mottle).max()), 1e-6)
    fibre = rng.normal(0, 9, (h, w)).astype(np.float32)
    fibre = cv2.GaussianBlur(fibre, (0, 0), 0.8)
    img = base[None, None] * (1 + 0.12 * mottle[..., None]) + fibre[..., None]
    return np.clip(img, 0, 255).astype(np.uint8)


def wood(rng: np.random.Generator, size: tuple[int, int]) -> np.ndarray:
    """A wooden bowl's floor: rings of grain around an off-frame centre, with knots of tone."""
    h, w = size
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    cx, cy = rng.uniform(-0.5, 1.5) * w, rng.uniform(1.4, 2.2) * h
    rad = np.sqrt((xx - cx) ** 2 + (yy - cy) ** 2)
    wobble = _smooth_noise(rng, (h, w), 25) * 4
    grain = 0.5 + 0.5 * np.sin((rad + wobble) / rng.uniform(6, 11))
    grain = grain**3
    base = np.array([rng.uniform(55, 80), rng.uniform(105, 135), rng.uniform(150, 185)], np.float32)
    dark = base * 0.62
    img = base[None, None] * (1 - grain[..., None]) + dark[None, None] * grain[..., None]
    img += rng.normal(0, 4, (h, w, 1)).astype(np.float32)
    return np.clip(img, 0, 255).astype(np.uint8)


def _box(cx: float, cy: float, yaw: float, z: float) -> np.ndarray:
    h = SIDE_MM / 2
    c, s = np.cos(yaw), np.sin(yaw)
    corners = [(-h, -h), (h, -h), (h, h), (-h, h)]
    return np.array([(cx + c * x - s * y, cy + s * x + c * y, z) for x, y in corners])


@dataclass(frozen=True)
class Placed:
    face: str
    texture: np.ndarray
    body: tuple[int, int, int]
    x: float
    y: float
    yaw: float


def _draw_die(img: np.ndarray, cam: Camera, die: Placed, light: np.ndarray) -> tuple[float, float]:
    base = _box(die.x, die.y, die.yaw, 0.0)
    top = _box(die.x, die.y, die.yaw, SIDE_MM)
    # Side faces the camera sees (rounded edges approximated by flat faces).
    eye = -cam.r.T @ cam.t
    body = np.array(die.body, np.float32)
    for i in range(4):
        j = (i + 1) % 4
        quad = np.array([base[i], base[j], top[j], top[i]])
        centre = quad.mean(0)
        normal = np.cross(base[j] - base[i], top[i] - base[i])
        normal /= np.linalg.norm(normal)
        if normal @ (eye - centre) <= 0:
            continue  # the normal points outward (corners run counter-clockwise from above)
        lit = 0.45 + 0.35 * max(0.0, float(-normal @ light))
        pts = cam.project(quad).astype(np.float32)
        cv2.fillConvexPoly(img, (pts * 16).astype(np.int32), tuple(float(v) for v in body * lit),
                           cv2.LINE_AA, 4)  # fmt: skip
    # Top face: the texture warped onto the projected top, with rounded corners.
    dst = cam.project(top).astype(np.float32)
    src = np.float32([[0, 0], [TEX, 0], [TEX, TEX], [0, TEX]])
    m = cv2.getPerspectiveTransform(src, dst)
    alpha = np.zeros((TEX, TEX), np.float32)
    rr = int(0.14 * TEX)
    cv2.rectangle(alpha, (rr, 0), (TEX - rr, TEX), 1.0, -1)
    cv2.rectangle(alpha, (0, rr), (TEX, TEX - rr), 1.0, -1)
    for cx, cy in [(rr, rr), (TEX - rr, rr), (rr, TEX - rr), (TEX - rr, TEX - rr)]:
        cv2.circle(alpha, (cx, cy), rr, 1.0, -1, cv2.LINE_AA)
    x0, y0 = np.floor(dst.min(0)).astype(int) - 2
    x1, y1 = np.ceil(dst.max(0)).astype(int) + 2
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, W), min(y1, H)
    t = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64) @ m
    size = (x1 - x0, y1 - y0)
    tex = cv2.warpPerspective(die.texture, t, size, flags=cv2.INTER_AREA)
    a = cv2.warpPerspective(alpha, t, size, flags=cv2.INTER_LINEAR)[..., None]
    roi = img[y0:y1, x0:x1]
    roi[:] = roi * (1 - a) + tex.astype(np.float32) * a
    c = cam.project(np.array([[die.x, die.y, SIDE_MM]]))[0]
    return float(c[0]), float(c[1])


def _cocked_corners(on: Placed, rng: np.random.Generator) -> np.ndarray:
    """The 8 corners (mm; bottom face then top face, each as `_box` orders them) of a die
    cocked on the die `on`: turned 25-45 degrees about a level axis, its centre 0.6-0.8 of a
    side off `on`'s over one of `on`'s edges, its lowest corner halfway up `on` (a die
    resting on another's edge: its top tilted, a side face turned up, both over `on`)."""
    h = SIDE_MM / 2
    local = np.array([(x, y, z) for z in (-h, h) for x, y in ((-h, -h), (h, -h), (h, h), (-h, h))])
    tilt = np.deg2rad(rng.uniform(25, 45)) * rng.choice([-1.0, 1.0])
    lean = np.array([[1, 0, 0], [0, np.cos(tilt), -np.sin(tilt)], [0, np.sin(tilt), np.cos(tilt)]])
    out = on.yaw + int(rng.integers(4)) * np.pi / 2
    turn = out + rng.uniform(-0.2, 0.2)
    c, s = np.cos(turn), np.sin(turn)
    yaw = np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])
    pts = local @ (yaw @ lean).T
    off = rng.uniform(0.6, 0.8) * SIDE_MM
    pts += [on.x + off * np.sin(out), on.y - off * np.cos(out), SIDE_MM / 2 - pts[:, 2].min()]
    return pts


def _draw_cube(
    img: np.ndarray, cam: Camera, pts: np.ndarray, texture: np.ndarray, body, light: np.ndarray
) -> tuple[float, float]:
    """A die at any turn (its 8 corners `pts` as `_cocked_corners` gives them): the faces the
    camera sees, far ones first, lit as `_draw_die` lights its sides, the top (the last four
    corners) printed with `texture`. Returns the top's centre in the image."""
    eye = -cam.r.T @ cam.t
    centre = pts.mean(0)
    quads = [[0, 1, 5, 4], [1, 2, 6, 5], [2, 3, 7, 6], [3, 0, 4, 7], [3, 2, 1, 0], [4, 5, 6, 7]]
    seen = []
    for k, q in enumerate(quads):
        face = pts[q]
        normal = face.mean(0) - centre
        normal /= np.linalg.norm(normal)
        if normal @ (eye - face.mean(0)) > 0:
            seen.append((-float(np.linalg.norm(eye - face.mean(0))), k, face, normal))
    colour = np.array(body, np.float32)
    for _, k, face, normal in sorted(seen, key=lambda f: f[0]):
        quad = cam.project(face).astype(np.float32)
        if k < 5:
            lit = 0.45 + 0.35 * max(0.0, float(-normal @ light))
            cv2.fillConvexPoly(img, (quad * 16).astype(np.int32),
                               tuple(float(v) for v in colour * lit), cv2.LINE_AA, 4)  # fmt: skip
            continue
        src = np.float32([[0, 0], [TEX, 0], [TEX, TEX], [0, TEX]])
        m = cv2.getPerspectiveTransform(src, quad)
        tex = cv2.warpPerspective(texture, m, (W, H), flags=cv2.INTER_AREA).astype(np.float32)
        a = cv2.warpPerspective(np.ones((TEX, TEX), np.float32), m, (W, H))[..., None]
        img[:] = img * (1 - a) + tex * a
    c = cam.project(pts[4:].mean(0)[None])[0]
    return float(c[0]), float(c[1])


def _draw_rolling(
    img: np.ndarray, cam: Camera, die: Placed, light: np.ndarray, rng: np.random.Generator
) -> tuple[np.ndarray, tuple[float, float]]:
    """The frame with `die` still rolling over it: the die drawn at 9 places along a path of
    0.6-1.5 sides, turning up to 0.6 rad as it goes, averaged over the exposure (its shadow,
    moving too, is left out). Returns the frame and the die's top centre mid-path."""
    path = rng.uniform(0.6, 1.5) * SIDE_MM
    way = rng.uniform(0, 2 * np.pi)
    spin = rng.uniform(-0.6, 0.6)
    out = np.zeros_like(img)
    for t in np.linspace(-0.5, 0.5, 9):
        moved = Placed(die.face, die.texture, die.body, die.x + t * path * np.cos(way),
                       die.y + t * path * np.sin(way), die.yaw + t * spin)  # fmt: skip
        frame = img.copy()
        _draw_die(frame, cam, moved, light)
        out += frame
    c = cam.project(np.array([[die.x, die.y, SIDE_MM]]))[0]
    return out / 9, (float(c[0]), float(c[1]))


def _fits(cam: Camera, x: float, y: float, margin: float) -> bool:
    pts = cam.project(
        np.concatenate([_box(x, y, 0.0, 0.0), _box(x, y, 0.0, SIDE_MM)]) * [1.3, 1.3, 1]
        + [x * -0.3, y * -0.3, 0]
    )
    return bool(
        (pts[:, 0] > margin).all()
        and (pts[:, 0] < W - margin).all()
        and (pts[:, 1] > margin).all()
        and (pts[:, 1] < H - margin).all()
    )


def _beside(on: Placed, rng: np.random.Generator) -> tuple[float, float, float]:
    """(x, y, yaw) of a die lying flat against the die `on`: face to face (turned up to 0.1
    rad off it), 1.0-1.15 sides from its centre across one of its sides, slid along it by up
    to a third of a side."""
    side = int(rng.integers(4)) * np.pi / 2 + on.yaw
    off, slide = rng.uniform(1.0, 1.15) * SIDE_MM, rng.uniform(-1, 1) * SIDE_MM / 3
    x = on.x + off * np.cos(side) - slide * np.sin(side)
    y = on.y + off * np.sin(side) + slide * np.cos(side)
    return float(x), float(y), on.yaw + rng.uniform(-0.1, 0.1)


def render(
    rng: np.random.Generator,
    faces: list[str],
    style: str,
    surface: str,
    bodies: list[str] | None = None,
    jpeg: bool = True,
    cocked: bool = False,
    rolling: bool = False,
    touching: bool = False,
) -> tuple[np.ndarray, list[dict]]:
    """A frame (BGR uint8 H×W×3) of dice showing `faces`, and the truth for each die. With
    `cocked` the last die rests cocked on another (`_cocked_corners`), with `rolling` it is
    still rolling (`_draw_rolling`); its truth says so. With `touching` the last die lies
    flat against another (`_beside`); elsewhere dice lie 1.9 sides apart or more."""
    cam = camera(rng, rng.uniform(20, 30))
    # The table texture, mapped onto the plane z=0 (0.5 mm per texel).
    span_x, span_y = 700.0, 560.0
    tw, th = int(span_x * 2), int(span_y * 2)
    tex = felt(rng, (th, tw)) if surface == "felt" else wood(rng, (th, tw))
    corners = np.array(
        [[-span_x / 2, span_y / 2 - 150, 0], [span_x / 2, span_y / 2 - 150, 0],
         [span_x / 2, -span_y / 2 - 150, 0], [-span_x / 2, -span_y / 2 - 150, 0]]
    )  # fmt: skip
    img = lay_table(cam, tex, corners)
    light = np.array([rng.uniform(-0.6, 0.6), rng.uniform(-0.6, 0.6), -1.0])
    light /= np.linalg.norm(light)
    placed: list[Placed] = []
    tries = 0
    while len(placed) < len(faces) - cocked:
        tries += 1
        if tries > 5000:
            raise RuntimeError("could not place the dice")
        x, y = rng.uniform(-160, 160), rng.uniform(-120, 120)
        against = touching and len(placed) == len(faces) - 1
        if against:
            x, y, yaw = _beside(placed[int(rng.integers(len(placed)))], rng)
        if not _fits(cam, x, y, 12):
            continue
        # (A die against another lies 1.0-1.15 sides off it, and as clear of the rest.)
        apart = sorted(np.hypot(x - p.x, y - p.y) / SIDE_MM for p in placed)[int(against) :]
        if apart and apart[0] < 1.9:
            continue
        face = faces[len(placed)]
        if style == "pips":
            body = bodies[len(placed)] if bodies else str(rng.choice(list(PIP_BODIES)))
            texture = pip_texture(int(face), body)
            colour = PIP_BODIES[body][0]
        else:
            texture, colour = outline_texture(face), SLATE
        # A die lies at any turn; its face as printed is turned by a quarter too.
        texture = np.ascontiguousarray(np.rot90(texture, int(rng.integers(4))))
        turn = yaw if against else rng.uniform(0, 2 * np.pi)
        placed.append(Placed(face, texture, colour, x, y, turn))
    roller = placed.pop() if rolling else None
    shade = np.zeros((H, W), np.float32)
    truth = []
    # Far dice first, so a near die's side is drawn over what lies behind it.
    order = sorted(placed, key=lambda p: -p.y)
    for p in order:
        _draw_die_shadow(shade, cam, p, light)
    pile = _cocked_die(rng, faces[-1], style, placed, bodies) if cocked else None
    if pile is not None:
        _draw_shadow(shade, cam, pile[0], light)
    img *= 1 - 0.45 * cv2.GaussianBlur(shade, (0, 0), 3)[..., None]
    for p in order:
        cx, cy = _draw_die(img, cam, p, light)
        truth.append({"face": p.face, "center": [round(cx, 1), round(cy, 1)]})
    if roller is not None:
        img, (cx, cy) = _draw_rolling(img, cam, roller, light, rng)
        truth.append({"face": roller.face, "center": [round(cx, 1), round(cy, 1)], "rolling": True})
    if pile is not None:
        cx, cy = _draw_cube(img, cam, *pile, light)
        truth.append({"face": faces[-1], "center": [round(cx, 1), round(cy, 1)], "cocked": True})
    out = sensor(img, rng, tilt=0.25, gain=(0.7, 1.15), cast=0.12, blur=0.9, jpeg=jpeg and 92)
    truth.sort(key=lambda d: d["center"][0])
    return out, truth


def lay_table(cam: Camera, tex: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The table texture `tex` seen by `cam`, its four corners at `corners` (mm, on the table's
    plane, in the texture's order: top left, top right, bottom right, bottom left): the
    frame's float BGR background. Shared by the dice and the tile scenes."""
    th, tw = tex.shape[:2]
    m = cv2.getPerspectiveTransform(
        np.float32([[0, 0], [tw, 0], [tw, th], [0, th]]), cam.project(corners).astype(np.float32)
    )
    img = cv2.warpPerspective(tex, m, (W, H), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REFLECT)
    return img.astype(np.float32)


def sensor(
    img: np.ndarray, rng: np.random.Generator, *, tilt: float, gain: tuple[float, float],
    cast: float, blur: float, jpeg: int | bool,
) -> np.ndarray:  # fmt: skip
    """The light and the camera over a drawn float BGR table: a gradient up to ±`tilt` across
    it, a vignette, an overall `gain` and a colour cast of ±`cast`, a defocus of 0.4-`blur` px,
    sensor noise, then (when `jpeg` is a quality bound) JPEG at 70 to below it. Shared by the
    dice and the tile scenes, each with its own ranges."""
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    g = rng.uniform(-tilt, tilt) * (xx / w - 0.5) + rng.uniform(-tilt, tilt) * (yy / h - 0.5)
    vig = 1 - 0.25 * (((xx - w / 2) / w) ** 2 + ((yy - h / 2) / h) ** 2)
    light = rng.uniform(*gain) * (1 + g) * vig
    tint = rng.uniform(1 - cast, 1 + cast, 3).astype(np.float32)
    img = img * light[..., None] * tint[None, None]
    img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.4, blur))
    img += rng.normal(0, rng.uniform(1.5, 4.5), img.shape).astype(np.float32)
    out = np.clip(img, 0, 255).astype(np.uint8)
    if jpeg:
        _, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(70, jpeg))])
        out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return out


def _draw_die_shadow(shade: np.ndarray, cam: Camera, die: Placed, light: np.ndarray) -> None:
    base = _box(die.x, die.y, die.yaw, 0.0)
    _draw_shadow(shade, cam, np.concatenate([base, _box(die.x, die.y, die.yaw, SIDE_MM)]), light)


def _draw_shadow(shade: np.ndarray, cam: Camera, pts: np.ndarray, light: np.ndarray) -> None:
    """The shadow on the table of a die with corners `pts` (mm), cast along `light`."""
    flat = pts[:, :2] + -light[:2] / -light[2] * pts[:, 2:3]
    sh = np.concatenate([flat, np.zeros((len(flat), 1))], axis=1)
    hull = cv2.convexHull(cam.project(sh).astype(np.float32)).astype(np.int32)
    cv2.fillConvexPoly(shade, hull, 1.0, cv2.LINE_AA)


def _cocked_die(
    rng: np.random.Generator, face: str, style: str, placed: list[Placed], bodies: list[str] | None
) -> tuple[np.ndarray, np.ndarray, tuple]:
    """(corners, top texture, body colour) of a die showing `face` cocked on one of `placed`."""
    on = placed[int(rng.integers(len(placed)))]
    if style == "pips":
        body = bodies[-1] if bodies else str(rng.choice(list(PIP_BODIES)))
        texture, colour = pip_texture(int(face), body), PIP_BODIES[body][0]
    else:
        texture, colour = outline_texture(face), SLATE
    texture = np.ascontiguousarray(np.rot90(texture, int(rng.integers(4))))
    return _cocked_corners(on, rng), texture, colour


def faces_of(style: str) -> tuple[str, ...]:
    return PIP_FACES if style == "pips" else OUTLINE_FACES


def write_teach(out: Path, style: str, seed: int, per_face: int = 2, crops: int = 2) -> None:
    """out/<face>/: `per_face` pictures of 5 dice showing the face, and `crops` single-die crops."""
    rng = np.random.default_rng(seed)
    for i, face in enumerate(faces_of(style)):
        d = out / face
        d.mkdir(parents=True, exist_ok=True)
        for k in range(per_face):
            surface = ("felt", "wood")[(i + k) % 2]
            bodies = ["white", "red", "white", "red", "white"] if k % 2 == 0 else None
            if style == "pips" and k % 2 == 1:
                bodies = ["red", "white", "red", "white", "red"]
            img, _ = render(rng, [face] * 5, style, surface, bodies)
            cv2.imwrite(str(d / f"five-{k}.jpg"), img)
        for k in range(crops):
            surface = ("wood", "felt")[(i + k) % 2]
            bodies = [("white", "red")[k % 2]] if style == "pips" else None
            img, truth = render(rng, [face], style, surface, bodies)
            cx, cy = truth[0]["center"]
            r = 38
            x0, y0 = int(max(cx - r, 0)), int(max(cy - r, 0))
            cv2.imwrite(str(d / f"crop-{k}.jpg"), img[y0 : int(cy + r), x0 : int(cx + r)])


def draw_scenes(
    style: str,
    seed: int,
    dice: int = 5,
    cocked: bool = False,
    rolling: bool = False,
    touching: bool = False,
) -> Iterator[tuple[str, np.ndarray, list]]:
    """The scenes of a set in order, without end: (image name, picture, truth) of `dice`
    random faces, with `cocked` the last of them cocked on another, with `rolling` still
    rolling, with `touching` lying flat against another (`render`). Every scene draws on from
    the one before it, so scene N is drawn after scenes 0…N-1."""
    for _, name, img, t in drawn_with_states(style, seed, dice, cocked, rolling, touching):
        yield name, img, t


def drawn_with_states(
    style: str, seed: int, dice: int, cocked: bool, rolling: bool, touching: bool
) -> Iterator[tuple[dict, str, np.ndarray, list]]:
    """`draw_scenes`, each scene with the generator's state just before it: `draw_scene` from
    that state draws the scene again without the ones before it."""
    rng = np.random.default_rng(seed)
    for i in itertools.count():
        state = copy.deepcopy(rng.bit_generator.state)
        yield (state, *draw_scene(rng, style, i, dice, cocked, rolling, touching))


def draw_scene(
    rng: np.random.Generator,
    style: str,
    index: int,
    dice: int = 5,
    cocked: bool = False,
    rolling: bool = False,
    touching: bool = False,
) -> tuple[str, np.ndarray, list]:
    """Scene `index` of a set (`draw_scenes`) drawn from `rng`: its image name, picture and
    truth. Its table alternates with the index, felt first."""
    faces = [str(rng.choice(faces_of(style))) for _ in range(dice)]
    img, t = render(rng, faces, style, ("felt", "wood")[index % 2], cocked=cocked,
                    rolling=rolling, touching=touching)  # fmt: skip
    return f"{style}-{index:03d}.jpg", img, t


def write_scenes(
    out: Path,
    style: str,
    seed: int,
    count: int,
    dice: int = 5,
    cocked: bool = False,
    rolling: bool = False,
    touching: bool = False,
) -> dict:
    """out/<style>-NNN.jpg: the first `count` scenes of `draw_scenes`; returns {image name:
    truth}."""
    out.mkdir(parents=True, exist_ok=True)
    truth = {}
    drawn = draw_scenes(style, seed, dice, cocked=cocked, rolling=rolling, touching=touching)
    for name, img, t in itertools.islice(drawn, count):
        cv2.imwrite(str(out / name), img)
        truth[name] = t
    return truth


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--style", choices=("pips", "outline"), default="pips")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--dice", type=int, default=5)
    ap.add_argument("--per-face", type=int, default=2)
    a = ap.parse_args(argv)
    write_teach(a.out / "teach", a.style, seed=a.seed + 1000, per_face=a.per_face)
    truth = write_scenes(a.out / "scenes", a.style, a.seed, a.count, a.dice)
    (a.out / "truth.json").write_text(json.dumps(truth, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
