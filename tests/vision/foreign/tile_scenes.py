"""Foreign tile-row scenes: an independent generator for checking the tile reader on tiles it
was not written for (issue #7 acceptance). It shares no code with vision/render.

A "box" of 24 POW tiles (POW-1: 12 blue heroes +1…+6 twice, 12 orange villains −1 ×5, −2 ×4,
−3 ×2, −4) printed in a style of its own: per box a shade of blue and of orange, a rim (white,
dark or none), rounded corners, a comic background (halftone dots, stripes or a glow), a
geometric character (star, bolt, mask, crest) and the number in a font and place of the box's
choosing (a badge in a corner, big in the middle top, small at the bottom). The tiles are 3-D
cardboard squares 2 mm thick on a table plane (green felt, a wooden floor, a linen cloth with a
check), seen through a pinhole camera 2–7° off vertical (a far tile up to ~7 % smaller), under a light gradient,
a colour cast, soft shadows, blur, sensor noise and JPEG.

The two rows are laid out once (POW-3: each colour shuffled, the hero row above or below);
scenes show the same rows after some takes (POW-8/9: the N-th tile from the left, so the left
end empties first; POW-13: the others stay where they lie), each tile nudged and turned a
little, and in some scenes a hand or a die lies across one tile (the reader must refuse it),
or dice and a player's taken tiles lie away from the rows (to be ignored).

    python -m tests.vision.foreign.tile_scenes OUT --seed 1 --count 40

writes OUT/teach.jpg (both full rows as laid out), OUT/layout.json ({"heroes": [...],
"villains": [...]}, left to right, for `companion tiles teach`), OUT/scenes/tiles-NNN.jpg and
OUT/truth.json ({image: {"case", "surface", "reason", "heroes": [{"value", "center",
"covered"}], "villains": [...]}}).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from .scenes import (
    PIP_BODIES,
    Camera,
    Placed,
    _draw_die,
    _smooth_noise,
    aim,
    felt,
    lay_table,
    pip_texture,
    sensor,
    wood,
)

W, H = 1280, 720
TEX = 160  # tile face texture (px)
TILE_MM = 30.0
THICK_MM = 2.0

# POW-1 as the rules give it for the default set; the teach step is told these values.
HEROES = (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)
VILLAINS = (-1, -1, -1, -1, -1, -2, -2, -2, -2, -3, -3, -4)

# Printed colours (BGR), one of each per box: other blues and oranges than our renderer's.
BLUES = ((200, 120, 30), (215, 150, 60), (150, 75, 25), (225, 135, 70), (170, 100, 10))
ORANGES = ((30, 140, 245), (40, 105, 225), (20, 160, 240), (60, 120, 250), (25, 90, 210))
FONTS = (
    cv2.FONT_HERSHEY_SIMPLEX,
    cv2.FONT_HERSHEY_TRIPLEX,
    cv2.FONT_HERSHEY_COMPLEX,
    cv2.FONT_HERSHEY_PLAIN,
    cv2.FONT_HERSHEY_SCRIPT_COMPLEX,
)
SURFACES = ("felt", "wood", "cloth")
CASES = ("normal",) * 8 + ("hand", "die")


@dataclass(frozen=True)
class Box:
    """How one printing of the tiles looks (fixed per box seed)."""

    seed: int
    blue: tuple[int, int, int]
    orange: tuple[int, int, int]
    rim: str  # "white", "dark" or "none"
    corner: float  # corner radius, fraction of the side
    background: str  # "dots", "stripes" or "glow"
    font: int
    number_at: str  # "badge" (a disc in a corner), "top" (big, centred), "bottom" (small)
    signed: bool  # "+3" or "3"
    faces: dict = field(default_factory=dict, repr=False, compare=False)  # (hero, value, copy)


def make_box(seed: int) -> Box:
    rng = np.random.default_rng([seed, 77])
    return Box(
        seed,
        BLUES[int(rng.integers(len(BLUES)))],
        ORANGES[int(rng.integers(len(ORANGES)))],
        str(rng.choice(["white", "dark", "none"])),
        float(rng.uniform(0.06, 0.16)),
        str(rng.choice(["dots", "stripes", "glow"])),
        int(FONTS[int(rng.integers(len(FONTS)))]),
        str(rng.choice(["badge", "top", "bottom"])),
        bool(rng.random() < 0.5),
    )


def _shade(c, k: float) -> tuple[int, int, int]:
    return tuple(int(np.clip(v * k, 0, 255)) for v in c)


def _star(cx: float, cy: float, r: float, points: int, inner: float, turn: float) -> np.ndarray:
    t = turn + np.arange(2 * points) * np.pi / points
    rr = np.where(np.arange(2 * points) % 2 == 0, r, r * inner)
    return np.stack([cx + rr * np.sin(t), cy - rr * np.cos(t)], 1)


def _character(img: np.ndarray, ident: np.random.Generator, base) -> None:
    """A geometric hero or villain: a star, a bolt, a mask or a crest, with a second colour."""
    s = TEX
    ink = (20, 20, 25)
    fill = tuple(int(v) for v in ident.integers(30, 240, 3))
    accent = tuple(255 - v for v in fill)
    cx, cy = s * ident.uniform(0.42, 0.58), s * ident.uniform(0.5, 0.6)
    kind = int(ident.integers(4))
    lw = max(2, s // 45)
    if kind == 0:
        pts = _star(cx, cy, s * ident.uniform(0.26, 0.33), int(ident.integers(4, 8)),
                    ident.uniform(0.35, 0.55), ident.uniform(0, 1))  # fmt: skip
    elif kind == 1:  # a lightning bolt
        w = s * ident.uniform(0.16, 0.22)
        pts = np.array([(cx + w * 0.6, cy - s * 0.32), (cx - w, cy + s * 0.04),
                        (cx, cy + s * 0.02), (cx - w * 0.6, cy + s * 0.33),
                        (cx + w, cy - s * 0.06), (cx, cy - s * 0.04)])  # fmt: skip
    elif kind == 2:  # a domino mask: a wide band with two eye holes
        a, b = s * ident.uniform(0.28, 0.34), s * ident.uniform(0.12, 0.17)
        t = np.linspace(0, 2 * np.pi, 40)
        pts = np.stack([cx + a * np.cos(t), cy + b * np.sin(t) * (1 + 0.4 * np.cos(2 * t))], 1)
    else:  # a crest
        w = s * ident.uniform(0.24, 0.3)
        pts = np.array([(cx - w, cy - s * 0.28), (cx + w, cy - s * 0.28), (cx + w, cy),
                        (cx, cy + s * 0.32), (cx - w, cy)])  # fmt: skip
    poly = np.round(pts * 16).astype(np.int32)
    cv2.fillPoly(img, [poly], fill, cv2.LINE_AA, 4)
    cv2.polylines(img, [poly], True, ink, lw, cv2.LINE_AA, 4)
    # Inner detail, per tile: eyes, a ring, a bar or a smaller star.
    detail = int(ident.integers(4))
    r = s * 0.05
    if detail == 0 or kind == 2:
        for dx in (-1, 1):
            c = (round(cx + dx * s * 0.1), round(cy))
            cv2.ellipse(img, c, (round(r * 1.4), round(r * 0.8)), 0, 0, 360, ink, -1, cv2.LINE_AA)
    elif detail == 1:
        cv2.circle(img, (round(cx), round(cy)), round(s * 0.09), accent, lw, cv2.LINE_AA)
    elif detail == 2:
        cv2.rectangle(img, (round(cx - s * 0.12), round(cy - r)),
                      (round(cx + s * 0.12), round(cy + r)), accent, -1, cv2.LINE_AA)  # fmt: skip
    else:
        small = np.round(_star(cx, cy, s * 0.1, 5, 0.45, 0.0) * 16).astype(np.int32)
        cv2.fillPoly(img, [small], accent, cv2.LINE_AA, 4)


def _background(img: np.ndarray, box: Box, base, ident: np.random.Generator) -> None:
    s = TEX
    light = _shade(base, 1.25)
    dark = _shade(base, 0.8)
    if box.background == "dots":
        step = s // 11
        for y in range(step // 2, s, step):
            for x in range(step // 2 + (y // step % 2) * step // 2, s, step):
                cv2.circle(img, (x, y), max(1, step // 4), dark, -1, cv2.LINE_AA)
    elif box.background == "stripes":
        t = float(ident.uniform(0, np.pi))
        d = np.array([np.cos(t), np.sin(t)])
        for k in range(-s, 2 * s, s // 7):
            p = np.array([s / 2, s / 2]) + d * (k - s / 2)
            q = np.array([-d[1], d[0]]) * s
            cv2.line(img, tuple(np.round(p - q).astype(int)), tuple(np.round(p + q).astype(int)),
                     light, max(2, s // 22), cv2.LINE_AA)  # fmt: skip
    else:
        yy, xx = np.mgrid[0:s, 0:s].astype(np.float32)
        c = ident.uniform(0.35, 0.65, 2) * s
        g = np.exp(-((xx - c[0]) ** 2 + (yy - c[1]) ** 2) / (2 * (0.3 * s) ** 2))
        img[:] = np.clip(img * (1 - 0.4 * g[..., None]) + np.float32(light) * 0.4 * g[..., None],
                         0, 255).astype(np.uint8)  # fmt: skip


def _number(img: np.ndarray, box: Box, value: int) -> None:
    s = TEX
    text = f"{value:+d}" if box.signed else str(abs(value)) if value > 0 else str(value)
    white, ink = (245, 245, 240), (25, 20, 20)
    if box.number_at == "badge":
        c = (round(s * 0.78), round(s * 0.78))
        cv2.circle(img, c, round(s * 0.16), white, -1, cv2.LINE_AA)
        cv2.circle(img, c, round(s * 0.16), ink, max(1, s // 60), cv2.LINE_AA)
        scale = cv2.getFontScaleFromHeight(box.font, round(s * 0.13), 3)
        (tw, th), _ = cv2.getTextSize(text, box.font, scale, 3)
        cv2.putText(img, text, (c[0] - tw // 2, c[1] + th // 2), box.font, scale, ink, 3,
                    cv2.LINE_AA)  # fmt: skip
    elif box.number_at == "top":
        scale = cv2.getFontScaleFromHeight(box.font, round(s * 0.2), 4)
        (tw, th), _ = cv2.getTextSize(text, box.font, scale, 4)
        org = (s // 2 - tw // 2, round(s * 0.08) + th)
        cv2.putText(img, text, org, box.font, scale, ink, 9, cv2.LINE_AA)
        cv2.putText(img, text, org, box.font, scale, white, 4, cv2.LINE_AA)
    else:
        scale = cv2.getFontScaleFromHeight(box.font, round(s * 0.12), 3)
        (tw, th), _ = cv2.getTextSize(text, box.font, scale, 3)
        cv2.rectangle(img, (s // 2 - tw // 2 - 6, round(s * 0.8) - th - 5),
                      (s // 2 + tw // 2 + 6, round(s * 0.8) + 7), white, -1)  # fmt: skip
        cv2.putText(img, text, (s // 2 - tw // 2, round(s * 0.8)), box.font, scale, ink, 3,
                    cv2.LINE_AA)  # fmt: skip


def tile_face(box: Box, hero: bool, value: int, copy: int) -> np.ndarray:
    """The TEX×TEX BGR printed face of one tile of the box (the same every time it is asked)."""
    key = (hero, value, copy)
    if key not in box.faces:
        ident = np.random.default_rng([box.seed, int(hero), value + 10, copy])
        base = box.blue if hero else box.orange
        img = np.empty((TEX, TEX, 3), np.uint8)
        img[:] = base
        _background(img, box, base, ident)
        _character(img, ident, base)
        _number(img, box, value)
        m = round(TEX * 0.04)
        if box.rim == "white":
            cv2.rectangle(img, (0, 0), (TEX - 1, TEX - 1), (235, 235, 230), 2 * m)
        elif box.rim == "dark":
            cv2.rectangle(img, (m, m), (TEX - 1 - m, TEX - 1 - m), _shade(base, 0.45), m)
        box.faces[key] = img
    return box.faces[key]


def _rounded_alpha(corner: float) -> np.ndarray:
    a = np.zeros((TEX, TEX), np.float32)
    r = max(1, int(corner * TEX))
    cv2.rectangle(a, (r, 0), (TEX - r, TEX), 1.0, -1)
    cv2.rectangle(a, (0, r), (TEX, TEX - r), 1.0, -1)
    for cx, cy in ((r, r), (TEX - r, r), (r, TEX - r), (TEX - r, TEX - r)):
        cv2.circle(a, (cx, cy), r, 1.0, -1, cv2.LINE_AA)
    return a


def cloth(rng: np.random.Generator, size: tuple[int, int]) -> np.ndarray:
    """A linen tablecloth: a cream weave with a wide muted check and a few soft folds."""
    h, w = size
    base = np.array([rng.uniform(175, 215), rng.uniform(195, 225), rng.uniform(205, 232)],
                    np.float32)  # fmt: skip
    check = np.array(rng.choice([[120, 150, 120], [140, 140, 150], [110, 130, 160]]), np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    period = rng.uniform(60, 120)
    band = ((xx % period) < period * 0.22).astype(np.float32) + (
        (yy % period) < period * 0.22
    ).astype(np.float32)
    band = cv2.GaussianBlur(band, (0, 0), 1.2) * 0.5
    weave = 0.5 + 0.5 * np.sin(xx * 1.9) * np.sin(yy * 1.9)
    folds = _smooth_noise(rng, (h, w), 60)
    img = base[None, None] * (1 - band[..., None] * 0.35) + check * band[..., None] * 0.35
    img = img * (1 + 0.04 * weave[..., None] + 0.05 * folds[..., None])
    img += rng.normal(0, 3, (h, w, 1)).astype(np.float32)
    return np.clip(img, 0, 255).astype(np.uint8)


def make_camera(rng: np.random.Generator) -> Camera:
    """A camera above the rows, tilted a few degrees off vertical, turned a little."""
    height = rng.uniform(440, 560)
    tilt = np.deg2rad(rng.uniform(2, 7))
    heading = rng.uniform(0, 2 * np.pi)
    target = np.array([rng.uniform(-8, 8), rng.uniform(-6, 6), 0.0])
    pos = target + [0.0, 0.0, height]
    pos[:2] += height * np.tan(tilt) * np.array([np.cos(heading), np.sin(heading)])
    fwd = target - pos
    fwd /= np.linalg.norm(fwd)
    right = np.array([1.0, 0.0, 0.0]) - fwd[0] * fwd
    return aim(rng, pos, fwd, right, roll=3)


@dataclass(frozen=True)
class Layout:
    """Both rows as laid out at setup (POW-3): values left to right, where each row lies."""

    heroes: tuple[int, ...]
    villains: tuple[int, ...]
    heroes_above: bool
    pitch: float  # mm, tile centre to centre along a row
    spacing: float  # mm, row centre to row centre
    angle: float  # degrees, both rows
    shift: tuple[float, float]  # mm, of the rows' middle from the table's


def make_layout(rng: np.random.Generator) -> Layout:
    return Layout(
        tuple(int(v) for v in rng.permutation(HEROES)),
        tuple(int(v) for v in rng.permutation(VILLAINS)),
        bool(rng.random() < 0.5),
        TILE_MM + rng.uniform(2, 8),
        TILE_MM + rng.uniform(10, 30),
        float(rng.uniform(-3, 3)),
        (float(rng.uniform(-12, 12)), float(rng.uniform(-8, 8))),
    )


def _slots(layout: Layout, n: int, row: int) -> np.ndarray:
    """Table mm (x, y) of the n slots of a row (0 heroes, 1 villains), left to right."""
    t = np.deg2rad(layout.angle)
    along, across = np.array([np.cos(t), np.sin(t)]), np.array([-np.sin(t), np.cos(t)])
    above = (row == 0) == layout.heroes_above  # "above" in the picture is table +y
    off = (0.5 if above else -0.5) * layout.spacing
    mid = np.array(layout.shift)
    return np.array([mid + along * (i - (n - 1) / 2) * layout.pitch + across * off
                     for i in range(n)])  # fmt: skip


def take(rng: np.random.Generator, n: int, count: int) -> list[int]:
    """Indices (as laid out) still in a row of n after `count` takes of the N-th from the left
    (POW-8/9: N is the number of shields or skulls, 1 to 5, fewer more often)."""
    left = list(range(n))
    for _ in range(count):
        if len(left) <= 1:
            break
        k = int(rng.choice(5, p=[0.33, 0.3, 0.2, 0.12, 0.05]))
        if k < len(left):  # POW-13: more than the row holds is no option
            left.pop(k)
    return left


def _tile_quad(x: float, y: float, yaw: float, z: float) -> np.ndarray:
    h = TILE_MM / 2
    c, s = np.cos(yaw), np.sin(yaw)
    return np.array([(x + c * u - s * v, y + s * u + c * v, z)
                     for u, v in ((-h, -h), (h, -h), (h, h), (-h, h))])  # fmt: skip


def _warp_into(img, tex, alpha, dst: np.ndarray) -> None:
    """Paint `tex` (BGR) with `alpha` onto the float image where the quad `dst` (4×2 px) is."""
    src = np.float32([[0, 0], [TEX, 0], [TEX, TEX], [0, TEX]])
    m = cv2.getPerspectiveTransform(src, dst.astype(np.float32))
    x0, y0 = np.maximum(np.floor(dst.min(0)).astype(int) - 2, 0)
    x1, y1 = np.minimum(np.ceil(dst.max(0)).astype(int) + 2, (W, H))
    if x1 <= x0 or y1 <= y0:
        return
    t = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64) @ m
    size = (int(x1 - x0), int(y1 - y0))
    warped = cv2.warpPerspective(tex.astype(np.float32), t, size, flags=cv2.INTER_AREA)
    a = cv2.warpPerspective(alpha, t, size, flags=cv2.INTER_LINEAR)[..., None]
    roi = img[y0:y1, x0:x1]
    roi[:] = roi * (1 - a) + warped * a


@dataclass(frozen=True)
class PlacedTile:
    hero: bool
    value: int
    copy: int
    x: float
    y: float
    yaw: float
    wear: float


def _draw_tile(img, cam: Camera, box: Box, t: PlacedTile, alpha: np.ndarray, light) -> None:
    base = _tile_quad(t.x, t.y, t.yaw, 0.0)
    top = _tile_quad(t.x, t.y, t.yaw, THICK_MM)
    eye = -cam.r.T @ cam.t
    edge = np.float32(_shade(box.blue if t.hero else box.orange, 0.55))
    for i in range(4):
        j = (i + 1) % 4
        quad = np.array([base[i], base[j], top[j], top[i]])
        normal = np.cross(base[j] - base[i], top[i] - base[i])
        normal /= np.linalg.norm(normal)
        if normal @ (eye - quad.mean(0)) <= 0:
            continue
        lit = 0.6 + 0.3 * max(0.0, float(-normal @ light))
        pts = cam.project(quad)
        cv2.fillConvexPoly(img, np.round(pts * 16).astype(np.int32),
                           tuple(float(v) for v in edge * lit), cv2.LINE_AA, 4)  # fmt: skip
    face = tile_face(box, t.hero, t.value, t.copy).astype(np.float32)
    face = face * np.float32(1 - t.wear) + np.float32(255 * t.wear * 0.6)
    # The face's top edge is the far one (+y): the picture's top, so the print is not mirrored.
    _warp_into(img, face, alpha, cam.project(top[[3, 2, 1, 0]]))


def _hand(img, rng: np.random.Generator, c: np.ndarray, side_px: float) -> None:
    """A forearm from the nearer long edge of the picture ending in fingers over the tile at c."""
    skin = np.float32(rng.choice([[110, 145, 205], [80, 115, 165], [55, 75, 115], [140, 170, 220]]))
    layer = np.zeros((H, W), np.float32)
    start = np.array([c[0] + rng.uniform(-250, 250), -60.0 if c[1] < H / 2 else H + 60.0])
    d = (c - start) / np.linalg.norm(c - start)
    perp = np.array([-d[1], d[0]])
    wrist = c - d * side_px * rng.uniform(0.9, 1.3)
    cv2.line(layer, tuple(np.round(start).astype(int)), tuple(np.round(wrist).astype(int)), 1.0,
             round(side_px * rng.uniform(0.9, 1.2)), cv2.LINE_AA)  # fmt: skip
    palm = wrist + d * side_px * 0.25
    cv2.ellipse(layer, tuple(np.round(palm).astype(int)), (round(side_px * 0.5), round(side_px * 0.42)),
                float(np.degrees(np.arctan2(d[1], d[0]))), 0, 360, 1.0, -1, cv2.LINE_AA)  # fmt: skip
    reach = rng.uniform(0.9, 1.2)  # the fingertips lie well onto the tile
    for k, length in zip(np.linspace(-0.32, 0.32, 4), (0.8, 1.0, 0.95, 0.75), strict=True):
        b = palm + d * side_px * 0.3 + perp * side_px * k
        tip = b + d * side_px * length * reach * 0.7
        cv2.line(layer, tuple(np.round(b).astype(int)), tuple(np.round(tip).astype(int)), 1.0,
                 max(3, round(side_px * 0.15)), cv2.LINE_AA)  # fmt: skip
    thumb = palm + perp * side_px * rng.choice([-0.45, 0.45])
    cv2.line(layer, tuple(np.round(palm).astype(int)), tuple(np.round(thumb + d * side_px * 0.3).astype(int)),
             1.0, max(3, round(side_px * 0.17)), cv2.LINE_AA)  # fmt: skip
    shadow = cv2.GaussianBlur(layer, (0, 0), side_px * 0.25)
    shadow = np.roll(shadow, (int(side_px * 0.15), int(side_px * 0.1)), (0, 1))
    img *= (1 - 0.45 * shadow)[..., None]
    layer = cv2.GaussianBlur(layer, (0, 0), 1.2)
    tone = 0.85 + 0.25 * cv2.GaussianBlur(layer, (0, 0), side_px * 0.4)
    img[:] = img * (1 - layer[..., None]) + (skin * tone[..., None]) * layer[..., None]


def render(
    rng: np.random.Generator,
    box: Box,
    layout: Layout,
    takes: tuple[int, int] = (0, 0),
    case: str = "normal",
    surface: str = "felt",
    extras: bool = False,
    jpeg: bool = True,
) -> tuple[np.ndarray, dict]:
    """A frame (BGR uint8 H×W×3) of the rows after `takes` (per row) and its truth."""
    cam = make_camera(rng)
    span_x, span_y = 900.0, 640.0
    tw, th = int(span_x * 2), int(span_y * 2)
    tex = {"felt": felt, "wood": wood, "cloth": cloth}[surface](rng, (th, tw))
    corners = np.array([[-span_x / 2, -span_y / 2, 0], [span_x / 2, -span_y / 2, 0],
                        [span_x / 2, span_y / 2, 0], [-span_x / 2, span_y / 2, 0]])  # fmt: skip
    img = lay_table(cam, tex, corners)
    light = np.array([rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5), -1.0])
    light /= np.linalg.norm(light)

    tiles: list[list[PlacedTile]] = [[], []]
    for row, values in enumerate((layout.heroes, layout.villains)):
        slots = _slots(layout, len(values), row)
        seen: dict[int, int] = {}
        copies = []
        for v in values:
            copies.append(seen.get(v, 0))
            seen[v] = seen.get(v, 0) + 1
        t = np.deg2rad(layout.angle)
        along, across = np.array([np.cos(t), np.sin(t)]), np.array([-np.sin(t), np.cos(t)])
        for i in take(rng, len(values), takes[row]):
            p = slots[i] + across * rng.uniform(-0.08, 0.08) * TILE_MM
            p = p + along * rng.uniform(-0.05, 0.05) * TILE_MM
            yaw = t + np.deg2rad(rng.uniform(-6, 6))
            tiles[row].append(PlacedTile(row == 0, values[i], copies[i], p[0], p[1], yaw,
                                         float(rng.uniform(0, 0.08))))  # fmt: skip

    # Away from the rows: a player's taken tiles and loose dice (the reader ignores them).
    away: list[PlacedTile] = []
    dice: list[Placed] = []
    if extras:
        for _ in range(int(rng.integers(0, 3))):
            hero = bool(rng.random() < 0.5)
            values = layout.heroes if hero else layout.villains
            y = rng.choice([-1, 1]) * rng.uniform(layout.spacing + 2.2 * TILE_MM, 150)
            away.append(PlacedTile(hero, int(rng.choice(values)), 0, rng.uniform(-200, 200), y,
                                   rng.uniform(0, 2 * np.pi), 0.03))  # fmt: skip
        for _ in range(int(rng.integers(0, 3))):
            y = rng.choice([-1, 1]) * rng.uniform(layout.spacing + 2.2 * TILE_MM, 150)
            dice.append(Placed("1", pip_texture(int(rng.integers(1, 7)), "white"),
                               (232, 236, 238), rng.uniform(-220, 220), y,
                               rng.uniform(0, 2 * np.pi)))  # fmt: skip
    away = [a for a in away if _inside(cam, a.x, a.y)]
    dice = [d for d in dice if _inside(cam, d.x, d.y)]

    # Soft shadows of everything lying on the table.
    shade = np.zeros((H, W), np.float32)
    drop = -light[:2] / -light[2] * THICK_MM * 2.5
    for t in [*tiles[0], *tiles[1], *away]:
        q = _tile_quad(t.x + drop[0], t.y + drop[1], t.yaw, 0.0)
        cv2.fillConvexPoly(shade, np.round(cam.project(q) * 16).astype(np.int32), 1.0,
                           cv2.LINE_AA, 4)  # fmt: skip
    img *= 1 - 0.35 * cv2.GaussianBlur(shade, (0, 0), 3.0)[..., None]
    alpha = _rounded_alpha(box.corner)
    for t in [*away, *tiles[0], *tiles[1]]:
        _draw_tile(img, cam, box, t, alpha, light)
    for d in dice:
        _draw_die(img, cam, d, light)

    side_px = _side_px(cam)
    covered: tuple[int, int] | None = None
    if case != "normal":
        row = int(rng.integers(2))
        k = int(rng.integers(len(tiles[row])))
        covered = (row, k)
        t = tiles[row][k]
        if case == "hand":
            c = cam.project(np.array([[t.x, t.y, THICK_MM]]))[0]
            _hand(img, rng, c, side_px)
        else:
            a = rng.uniform(0, 2 * np.pi)
            off = rng.uniform(0.1, 0.3) * TILE_MM
            kind = str(rng.choice(list(PIP_BODIES)))
            tex_die = pip_texture(int(rng.integers(1, 7)), kind)
            body = PIP_BODIES[kind][0]
            _draw_die(img, cam, Placed("1", tex_die, body, t.x + off * np.cos(a),
                                       t.y + off * np.sin(a), rng.uniform(0, np.pi)), light)  # fmt: skip

    # Light: a gradient across the table, a vignette, a colour cast; then the sensor.
    out = sensor(img, rng, tilt=0.3, gain=(0.75, 1.12), cast=0.1, blur=1.0, jpeg=jpeg and 93)

    def row_truth(row: int) -> list[dict]:
        out = []
        for k, t in enumerate(tiles[row]):
            c = cam.project(np.array([[t.x, t.y, THICK_MM]]))[0]
            out.append({"value": t.value, "center": [round(float(c[0]), 1), round(float(c[1]), 1)],
                        "covered": covered == (row, k)})  # fmt: skip
        return out

    return out, {
        "case": case,
        "surface": surface,
        "reason": None if covered is None else case,
        "side": round(side_px, 1),
        "heroes": row_truth(0),
        "villains": row_truth(1),
    }


def _side_px(cam: Camera) -> float:
    q = cam.project(_tile_quad(0.0, 0.0, 0.0, THICK_MM))
    return float(np.mean(np.linalg.norm(q - np.roll(q, 1, 0), axis=1)))


def _inside(cam: Camera, x: float, y: float) -> bool:
    p = cam.project(np.array([[x, y, 0.0]]))[0]
    return bool(60 < p[0] < W - 60 and 50 < p[1] < H - 50)


def write_set(out: Path, seed: int, count: int) -> dict:
    """One box and one layout: OUT/teach.jpg + layout.json, `count` scenes + truth.json.

    The teach frame and the scenes draw from separate seeds, so no scene is the teach picture.
    """
    box = make_box(seed)
    rng = np.random.default_rng([seed, 1])
    layout = make_layout(rng)
    out.mkdir(parents=True, exist_ok=True)
    teach, _ = render(rng, box, layout, (0, 0), "normal", str(rng.choice(SURFACES)))
    cv2.imwrite(str(out / "teach.jpg"), teach, [cv2.IMWRITE_JPEG_QUALITY, 92])
    (out / "layout.json").write_text(
        json.dumps({"heroes": list(layout.heroes), "villains": list(layout.villains)})
    )
    scenes = out / "scenes"
    scenes.mkdir(exist_ok=True)
    rng = np.random.default_rng([seed, 2])
    truth = {}
    for i in range(count):
        case = str(rng.choice(CASES))
        takes = (int(rng.integers(0, 10)), int(rng.integers(0, 10)))
        img, t = render(rng, box, layout, takes, case, SURFACES[i % 3], rng.random() < 0.4)
        name = f"tiles-{i:03d}.jpg"
        cv2.imwrite(str(scenes / name), img, [cv2.IMWRITE_JPEG_QUALITY, 95])
        truth[name] = t
    (out / "truth.json").write_text(json.dumps(truth, indent=1))
    return truth


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--seed", type=int, default=1, help="the box, its layout and the scenes")
    ap.add_argument("--count", type=int, default=40)
    a = ap.parse_args(argv)
    write_set(a.out, a.seed, a.count)
    lay = json.loads((a.out / "layout.json").read_text())
    print(
        f"companion tiles teach {a.out / 'teach.jpg'} --heroes {','.join(map(str, lay['heroes']))}"
        f" --villains={','.join(map(str, lay['villains']))} --out PROFILE"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
