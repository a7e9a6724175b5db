"""Synthetic POW tile rows: blue hero and orange villain tiles in two rows, through the camera.

`render_tiles(rng, TileSpec(...))` -> `TileScene`: a BGR uint8 frame (default 1280×720) and its
ground truth — each row's tiles left to right (value, centre in frame pixels, covered or not)
and the reason a reader must refuse the frame, if any. The two rows are laid as at setup
(POW-3), some tiles taken (POW-13: the rest stay where they were, leaving holes), tiles a
little rotated and out of line, and in the "hand"/"die" cases something lying across one tile.

A tile's printed artwork (number and character) depends only on which tile it is (colour,
value, copy), like a real printed set; wear, light and camera differ per frame. The camera
effects are the dice renderer's (`effects.apply_camera`).
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field

import cv2
import numpy as np

from . import distractors as dis
from .dice import POW, face_sprite, rounded_square
from .effects import CameraLook, apply_camera, draw_look, warp_points
from .scene import _affine, _paste
from .surfaces import SURFACES, make_surface

# POW-1: the default value set (Sushizock im Gockelwok's), heroes positive, villains negative.
DEFAULT_HEROES = (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)
DEFAULT_VILLAINS = (-1, -1, -1, -1, -1, -2, -2, -2, -2, -3, -3, -4)

# What lies across a tile in each case; the reader must refuse such a frame.
TILE_CASES = ("normal", "hand", "die")

# Printed tile colours (BGR): the renderer's own "edition"; the reader learns them at teach.
HERO_BLUE = (190, 105, 35)
VILLAIN_ORANGE = (35, 125, 235)


@dataclass(frozen=True)
class TileTruth:
    value: int
    center: tuple[float, float]  # frame pixels (x, y)
    covered: bool  # a hand or a die lies across it


@dataclass(frozen=True)
class TileSpec:
    heroes: tuple[int, ...] | None = None  # as laid out, left to right; None: shuffled default
    villains: tuple[int, ...] | None = None
    taken: tuple[float, float] = (0.0, 0.6)  # fraction of each row already taken (drawn per row)
    case: str = "normal"
    effects: bool = True  # camera conditions (white balance, light, blur, noise, JPEG …)
    distractors: bool = True  # coins, pencils, other tiles away from the rows
    size: tuple[int, int] = (1280, 720)  # width, height
    side: tuple[float, float] = (62.0, 78.0)  # tile side in px
    rotate: float = 6.0  # largest rotation of a tile (degrees)
    out_of_line: float = 0.08  # largest shift of a tile across its row (fraction of the side)
    surface: str | None = None


@dataclass(frozen=True)
class TileScene:
    image: np.ndarray = field(repr=False)  # BGR uint8, H×W×3
    heroes: tuple[TileTruth, ...]  # the tiles still in the row, left to right
    villains: tuple[TileTruth, ...]
    laid_out: tuple[tuple[int, ...], tuple[int, ...]]  # both rows as laid out at setup
    reason: str | None  # "hand" / "die" when something covers a tile, None when readable
    surface: str
    side: float
    spec: TileSpec
    look: CameraLook | None = field(default=None, repr=False)  # the camera this frame had
    table: tuple[float, float, float] | None = None  # the table's median BGR, before the camera

    def truth(self) -> dict:
        """Ground truth as JSON-ready data."""

        def row(tiles: tuple[TileTruth, ...]) -> list[dict]:
            return [
                {"value": t.value, "center": [round(t.center[0], 1), round(t.center[1], 1)],
                 "covered": t.covered}
                for t in tiles
            ]  # fmt: skip

        return {
            "reason": self.reason,
            "surface": self.surface,
            "case": self.spec.case,
            "side": round(self.side, 1),
            "laid_out": {"heroes": list(self.laid_out[0]), "villains": list(self.laid_out[1])},
            "heroes": row(self.heroes),
            "villains": row(self.villains),
        }


def _identity_rng(hero: bool, value: int, copy: int) -> np.random.Generator:
    """The printing of one tile: fixed by which tile it is, not by the frame's seed."""
    return np.random.default_rng(zlib.crc32(f"pow-tile/{hero}/{value}/{copy}".encode()))


def _character(img: np.ndarray, s: int, ident: np.random.Generator) -> None:
    """A small costumed figure: head, body, arms, cape, emblem — pose and colours per tile."""
    skin = [(150, 185, 230), (110, 150, 200), (70, 100, 150)][int(ident.integers(3))]
    suit = tuple(int(v) for v in ident.integers(20, 235, 3))
    cape = tuple(int(v) for v in ident.integers(20, 235, 3))
    cx = s * float(ident.uniform(0.52, 0.62))
    head_y, head_r = s * float(ident.uniform(0.36, 0.44)), s * float(ident.uniform(0.08, 0.12))
    ink = (25, 25, 25)
    if ident.random() < 0.6:  # a cape behind the body
        spread = ident.uniform(0.18, 0.3)
        pts = np.array([(cx - s * 0.08, head_y + head_r), (cx + s * 0.08, head_y + head_r),
                        (cx + s * spread, s * 0.9), (cx - s * spread, s * 0.9)], np.int32)  # fmt: skip
        cv2.fillPoly(img, [pts], cape, cv2.LINE_AA)
    body = np.array([(cx - s * 0.1, head_y + head_r), (cx + s * 0.1, head_y + head_r),
                     (cx + s * 0.14, s * 0.8), (cx - s * 0.14, s * 0.8)], np.int32)  # fmt: skip
    cv2.fillPoly(img, [body], suit, cv2.LINE_AA)
    cv2.polylines(img, [body], True, ink, max(1, s // 60), cv2.LINE_AA)
    for side in (-1, 1):  # arms at a pose of their own
        a = np.deg2rad(ident.uniform(-60, 80))
        x0, y0 = cx + side * s * 0.1, head_y + head_r + s * 0.05
        x1, y1 = x0 + side * np.cos(a) * s * 0.2, y0 - np.sin(a) * s * 0.2
        cv2.line(img, (round(x0), round(y0)), (round(x1), round(y1)), suit, max(2, s // 16),
                 cv2.LINE_AA)  # fmt: skip
        cv2.circle(img, (round(x1), round(y1)), max(2, s // 30), skin, -1, cv2.LINE_AA)
    cv2.circle(img, (round(cx), round(head_y)), round(head_r), skin, -1, cv2.LINE_AA)
    cv2.circle(img, (round(cx), round(head_y)), round(head_r), ink, max(1, s // 60), cv2.LINE_AA)
    if ident.random() < 0.5:  # a mask across the eyes
        cv2.rectangle(img, (round(cx - head_r), round(head_y - head_r * 0.3)),
                      (round(cx + head_r), round(head_y + head_r * 0.1)), ink, -1, cv2.LINE_AA)  # fmt: skip
    emblem = int(ident.integers(3))
    ey, er = s * 0.6, s * 0.045
    colour = tuple(255 - v for v in suit)
    if emblem == 0:
        cv2.circle(img, (round(cx), round(ey)), round(er), colour, -1, cv2.LINE_AA)
    elif emblem == 1:
        tri = np.array([(cx, ey - er), (cx - er, ey + er), (cx + er, ey + er)], np.int32)
        cv2.fillPoly(img, [tri], colour, cv2.LINE_AA)
    else:
        cv2.rectangle(img, (round(cx - er), round(ey - er)), (round(cx + er), round(ey + er)),
                      colour, -1, cv2.LINE_AA)  # fmt: skip


def tile_sprite(
    hero: bool, value: int, copy: int, size: int, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray]:
    """One printed tile, a little worn: (float32 BGR size×size×3, float32 alpha size×size)."""
    ident = _identity_rng(hero, value, copy)
    base = np.float32(HERO_BLUE if hero else VILLAIN_ORANGE)
    img = np.zeros((size, size, 3), np.uint8)
    img[:] = tuple(int(v) for v in base)
    # A lighter inner frame and a burst behind the figure, as comic tiles have.
    light = tuple(int(min(255, v * 1.25 + 30)) for v in base)
    m = max(2, size // 16)
    cv2.rectangle(img, (m, m), (size - 1 - m, size - 1 - m), light, max(1, size // 40), cv2.LINE_AA)
    rays = int(ident.integers(5, 9))
    c = (round(size * 0.57), round(size * 0.5))
    for k in range(rays):
        t = 2 * np.pi * k / rays + float(ident.uniform(0, 0.5))
        p = (round(c[0] + np.cos(t) * size * 0.45), round(c[1] + np.sin(t) * size * 0.45))
        cv2.line(img, c, p, light, max(1, size // 30), cv2.LINE_AA)
    _character(img, size, ident)
    # The printed value, top left: "+3" / "-2", white with a dark outline.
    text = f"{value:+d}"
    scale = size / 75
    org = (round(size * 0.08), round(size * 0.3))
    cv2.putText(img, text, org, cv2.FONT_HERSHEY_DUPLEX, scale, (20, 20, 20),
                max(2, round(size / 18)), cv2.LINE_AA)  # fmt: skip
    cv2.putText(img, text, org, cv2.FONT_HERSHEY_DUPLEX, scale, (245, 245, 245),
                max(1, round(size / 40)), cv2.LINE_AA)  # fmt: skip
    out = img.astype(np.float32)
    # Wear: a little fading, scuffed corners and edges, a few light scratches.
    out = out * np.float32(1 - rng.uniform(0, 0.08)) + np.float32(rng.uniform(0, 20))
    scuff = np.zeros((size, size), np.float32)
    for _ in range(int(rng.integers(2, 6))):
        edge = rng.integers(4)
        t = float(rng.uniform(0, size))
        x, y = [(t, 0), (t, size - 1), (0, t), (size - 1, t)][edge]
        cv2.circle(scuff, (round(x), round(y)), int(rng.integers(2, max(3, size // 12))), 1.0, -1)
    for _ in range(int(rng.integers(0, 4))):
        p0 = rng.uniform(0.1, 0.9, 2) * size
        p1 = p0 + rng.normal(0, 0.2, 2) * size
        cv2.line(scuff, tuple(np.round(p0).astype(int)), tuple(np.round(p1).astype(int)),
                 float(rng.uniform(0.3, 0.6)), 1, cv2.LINE_AA)  # fmt: skip
    scuff = cv2.GaussianBlur(scuff, (0, 0), 0.7)
    out = out * (1 - 0.5 * scuff[:, :, None]) + 225 * 0.5 * scuff[:, :, None]
    return out, rounded_square(size, 0.06)


def _layout(
    rng: np.random.Generator, spec: TileSpec, side: float, n_rows: tuple[int, int]
) -> tuple[list[list[np.ndarray]], list[float]]:
    """Row slots (scene px) for both rows as laid out, hero row first, and each row's angle."""
    w, h = spec.size
    gap = side * rng.uniform(0.1, 0.3)
    pitch = side + gap
    row_gap = side * rng.uniform(0.45, 1.2)
    longest = max(n_rows) * pitch
    angle = float(rng.uniform(-4, 4)) if longest < w * 0.9 else float(rng.uniform(-1.5, 1.5))
    t = np.deg2rad(angle)
    along, across = np.array([np.cos(t), np.sin(t)]), np.array([-np.sin(t), np.cos(t)])
    centre = np.array([w / 2, h / 2]) + rng.uniform(-1, 1, 2) * [
        max(0.0, (w - longest) / 2 - side) * 0.5,
        h * 0.05,
    ]
    hero_first = rng.random() < 0.5
    slots, angles = [], []
    for r, n in enumerate(n_rows):
        k = (0 if r == 0 else 1) if hero_first else (1 if r == 0 else 0)
        offset = (k - 0.5) * (side + row_gap)
        start = centre - along * (n - 1) * pitch / 2 + rng.uniform(-0.2, 0.2) * side * along
        slots.append([start + along * i * pitch + across * offset for i in range(n)])
        angles.append(angle)
    return slots, angles


def _default_row(rng: np.random.Generator, values: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(int(v) for v in rng.permutation(np.array(values)))  # POW-3: shuffled


def _copies(values: tuple[int, ...]) -> list[int]:
    """Which copy of its value each tile is (the 1st and 2nd +3 are printed differently)."""
    seen: dict[int, int] = {}
    out = []
    for v in values:
        out.append(seen.get(v, 0))
        seen[v] = seen.get(v, 0) + 1
    return out


def render_tiles(rng: np.random.Generator, spec: TileSpec = TileSpec()) -> TileScene:
    """Render one frame of the two tile rows and its ground truth from the seeded `rng`."""
    if spec.case not in TILE_CASES:
        raise ValueError(f"unknown case {spec.case!r}; cases: {', '.join(TILE_CASES)}")
    heroes = spec.heroes if spec.heroes is not None else _default_row(rng, DEFAULT_HEROES)
    villains = spec.villains if spec.villains is not None else _default_row(rng, DEFAULT_VILLAINS)
    if any(v <= 0 for v in heroes) or any(v >= 0 for v in villains):
        raise ValueError("POW-1: hero values are positive and villain values negative")
    surface = spec.surface or str(rng.choice(SURFACES))
    look = draw_look(rng, all_on=spec.effects)
    w, h = spec.size
    img = np.ascontiguousarray(make_surface(rng, (h, w), surface))  # cv2 draws need C order
    table = tuple(float(v) for v in np.median(img[::8, ::8].reshape(-1, 3), 0))
    shadow = np.zeros((h, w), np.float32)
    side = float(rng.uniform(*spec.side))
    slots, angles = _layout(rng, spec, side, (len(heroes), len(villains)))
    rows = (heroes, villains)

    # POW-13: a taken tile leaves its place empty; the others stay where they were laid.
    present: list[list[int]] = []
    for values in rows:
        n = len(values)
        k = int(round(rng.uniform(*spec.taken) * n))
        k = min(k, n - 1) if n else 0
        gone = set(rng.choice(n, size=k, replace=False).tolist()) if k else set()
        present.append([i for i in range(n) if i not in gone])

    placed: list[tuple[int, int, np.ndarray, float]] = []  # row, index, centre, angle
    for r in (0, 1):
        for i in present[r]:
            c = slots[r][i].copy()
            t = np.deg2rad(angles[r])
            across = np.array([-np.sin(t), np.cos(t)])
            c += across * rng.uniform(-1, 1) * spec.out_of_line * side
            c += np.array([np.cos(t), np.sin(t)]) * rng.uniform(-0.04, 0.04) * side
            a = float(np.rad2deg(t) + rng.uniform(-spec.rotate, spec.rotate))
            placed.append((r, i, c, a))

    # Distractors well away from the rows (the rows' band is kept clear).
    band = _row_band(slots, side)
    if spec.distractors:
        for draw, count in ((dis.draw_coin, rng.integers(0, 4)), (dis.draw_tile, rng.integers(0, 2)),
                            (dis.draw_pencil, rng.integers(0, 2))):  # fmt: skip
            for _ in range(int(count)):
                for _ in range(50):
                    x, y = rng.uniform(80, w - 80), rng.uniform(60, h - 60)
                    r = 150 if draw is dis.draw_pencil else 75
                    if _clear_of(band, x, y, r + side * 0.5):
                        draw(img, shadow, rng, x, y)
                        break

    # Tiles: a thin cardboard edge and a soft shadow, then the printed face.
    light = rng.normal(0, 1, 2)
    light = light / (np.linalg.norm(light) + 1e-9) * rng.uniform(0.03, 0.07) * side
    sprite = int(round(side * 1.6))
    sil = rounded_square(sprite, 0.06)
    for _, _, c, a in placed:
        _paste(shadow, sil, sil, _affine(tuple(c + light), a, side / sprite * 1.02, sprite))
    shadow = cv2.GaussianBlur(shadow, (0, 0), max(1.0, side * 0.05))
    img *= (1 - 0.4 * shadow)[:, :, None]
    copies = [_copies(heroes), _copies(villains)]
    for r, i, c, a in placed:
        hero = r == 0
        value = rows[r][i]
        face, alpha = tile_sprite(hero, value, copies[r][i], sprite, rng)
        edge = np.broadcast_to(face.mean((0, 1)) * 0.55, face.shape).astype(np.float32)
        _paste(img, edge, alpha, _affine(tuple(c + light * 0.3), a, side / sprite, sprite))
        _paste(img, face, alpha, _affine(tuple(c), a, side / sprite, sprite))

    covered_at: tuple[int, int] | None = None
    if spec.case != "normal" and placed:
        r, i, c, a = placed[int(rng.integers(len(placed)))]
        covered_at = (r, i)
        if spec.case == "hand":
            _hand_across(img, rng, c, side, (w, h))
        else:
            _die_on(img, rng, c, side)

    frame, H = apply_camera(img, look, rng, in_place=True)
    centres = warp_points(np.array([p[2] for p in placed], np.float32), H)
    truth: list[list[TileTruth]] = [[], []]
    order = sorted(range(len(placed)), key=lambda k: (placed[k][0], placed[k][1]))
    for k in order:
        r, i, _, _ = placed[k]
        cx, cy = centres[k]
        truth[r].append(TileTruth(rows[r][i], (float(cx), float(cy)), covered_at == (r, i)))
    return TileScene(
        frame,
        tuple(truth[0]),
        tuple(truth[1]),
        (tuple(heroes), tuple(villains)),
        None if covered_at is None else spec.case,
        surface,
        side,
        spec,
        look,
        table,
    )


def _row_band(slots: list[list[np.ndarray]], side: float) -> np.ndarray:
    pts = np.array([p for row in slots for p in row], np.float32)
    return np.array([*pts.min(0) - side * 1.2, *pts.max(0) + side * 1.2])


def _clear_of(band: np.ndarray, x: float, y: float, r: float) -> bool:
    x0, y0, x1, y1 = band
    return not (x0 - r < x < x1 + r and y0 - r < y < y1 + r)


def _hand_across(
    img: np.ndarray, rng: np.random.Generator, c: np.ndarray, side: float, size: tuple[int, int]
) -> None:
    """A forearm from the nearer top/bottom frame edge ending in a hand over the tile at `c`."""
    w, h = size
    skin = np.float32(rng.choice([[120, 150, 200], [90, 120, 170], [60, 80, 120], [150, 180, 225]]))
    layer = np.zeros((h, w), np.float32)
    start = np.array([c[0] + rng.uniform(-0.4, 0.4) * w * 0.3, -40.0 if c[1] < h / 2 else h + 40.0])
    d = c - start
    d = d / np.linalg.norm(d)
    # The hand reaches about half way over the tile: its palm centre sits short of the tile's.
    palm = c - d * side * rng.uniform(0.1, 0.45)
    arm_w = side * rng.uniform(0.8, 1.1)
    cv2.line(layer, tuple(np.round(start).astype(int)), tuple(np.round(palm).astype(int)), 1.0,
             round(arm_w), cv2.LINE_AA)  # fmt: skip
    ang = float(np.rad2deg(np.arctan2(d[1], d[0])))
    cv2.ellipse(layer, tuple(np.round(palm).astype(int)), (round(side * 0.55), round(side * 0.45)),
                ang, 0, 360, 1.0, -1, cv2.LINE_AA)  # fmt: skip
    perp = np.array([-d[1], d[0]])
    for k in np.linspace(-0.35, 0.35, 4):  # fingers
        base = palm + d * side * 0.35 + perp * side * k
        tip = base + d * side * rng.uniform(0.35, 0.5)
        cv2.line(layer, tuple(np.round(base).astype(int)), tuple(np.round(tip).astype(int)), 1.0,
                 max(3, round(side * 0.14)), cv2.LINE_AA)  # fmt: skip
    layer = cv2.GaussianBlur(layer, (0, 0), 1.5)
    shade = 0.8 + 0.2 * cv2.GaussianBlur(layer, (0, 0), side * 0.3)
    img[:] = img * (1 - layer[:, :, None]) + (skin * shade[:, :, None]) * layer[:, :, None]


def _die_on(img: np.ndarray, rng: np.random.Generator, c: np.ndarray, side: float) -> None:
    """A POW die lying across the tile at `c` (off its centre, so part of it shows)."""
    die = side * rng.uniform(0.6, 0.8)
    sprite = int(die * 2)
    face = POW.roll(rng)
    rgb, alpha = face_sprite(POW, face, sprite, POW.bodies[0], rng)
    t = rng.uniform(0, 2 * np.pi)
    at = c + np.array([np.cos(t), np.sin(t)]) * side * rng.uniform(0.15, 0.4)
    angle = float(rng.uniform(0, 90))
    sil = rounded_square(sprite, 0.14)
    dark = np.zeros_like(rgb)
    _paste(
        img, dark, sil * 0.45, _affine(tuple(at + die * 0.12), angle, die / sprite * 1.05, sprite)
    )
    side_rgb = np.broadcast_to(np.float32(POW.bodies[0]) * 0.6, rgb.shape).astype(np.float32)
    _paste(img, side_rgb, sil, _affine(tuple(at + die * 0.06), angle, die / sprite, sprite))
    _paste(img, rgb, alpha, _affine(tuple(at), angle, die / sprite, sprite))
