"""Table surfaces for synthetic frames: wood, felt, cloth, laminate (float32 BGR, 0..255).

Textures are made at low resolution and scaled up (cheap), then get fine grain at full size.
Each maker gives a colour (BGR, or a BGR image) and an H×W shade; `make_surface` multiplies
them band by band, so no whole-frame BGR temporaries are held (the renderer's peak memory).
"""

from __future__ import annotations

import cv2
import numpy as np

from .effects import BAND_ROWS

SURFACES = ("wood", "felt", "cloth", "laminate")


def _smooth_noise(rng: np.random.Generator, shape: tuple[int, int], cells: int) -> np.ndarray:
    """Smooth noise in -1..1 with about `cells` blobs across the width."""
    h, w = shape
    small = rng.uniform(-1, 1, (max(2, cells * h // w), max(2, cells))).astype(np.float32)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)


def _wood(rng: np.random.Generator, shape: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    h, w = shape
    base = np.float32(rng.choice([[40, 80, 140], [50, 100, 160], [30, 60, 110], [70, 130, 190]]))
    base = base * np.float32(rng.uniform(0.85, 1.15))
    warp = _smooth_noise(rng, shape, 6) * rng.uniform(10, 30)
    ys = np.arange(h, dtype=np.float32)[:, None]
    xs = np.arange(w, dtype=np.float32)[None, :]
    horizontal = rng.random() < 0.5
    along = ys if horizontal else xs
    period = rng.uniform(6, 14)
    grain = np.sin((along + warp) / period * 2 * np.pi) * 0.5 + 0.5
    grain = grain**3  # thin dark lines of late wood
    shade = 1.0 - 0.18 * grain + 0.08 * _smooth_noise(rng, shape, 3)
    # Plank seams.
    plank = int(rng.uniform(140, 260))
    pos = (ys if horizontal else xs) % plank
    shade = shade * np.where(pos < 2, 0.55, 1.0)
    return base, shade


def _felt(rng: np.random.Generator, shape: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    base = np.float32(
        rng.choice([[40, 110, 30], [110, 60, 20], [30, 30, 120], [70, 70, 70], [80, 40, 60]])
    )
    base = base * np.float32(rng.uniform(0.8, 1.2))
    shade = 1.0 + 0.06 * _smooth_noise(rng, shape, 8)
    fibre = rng.normal(0, 0.06, shape).astype(np.float32)
    fibre = cv2.GaussianBlur(fibre, (0, 0), 0.8)
    return base, shade + fibre


def _cloth(rng: np.random.Generator, shape: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    h, w = shape
    ys = np.arange(h, dtype=np.float32)[:, None]
    xs = np.arange(w, dtype=np.float32)[None, :]
    weave = 0.92 + 0.08 * (np.sin(xs * 1.7) * np.sin(ys * 1.7))
    a = np.float32(rng.choice([[60, 60, 150], [150, 90, 40], [70, 120, 70], [120, 120, 110]]))
    if rng.random() < 0.5:
        # Gingham: crossing bands of a second, lighter colour.
        b = np.minimum(a * 1.3, 235)  # a lighter shade of the same colour
        period = rng.uniform(30, 70)
        bx = ((xs // period) % 2).astype(np.float32)
        by = ((ys // period) % 2).astype(np.float32)
        mix = (bx + by) / 2.0
        colour = a[None, None, :] * (1 - mix[:, :, None]) + b[None, None, :] * mix[:, :, None]
    else:
        colour = a
    folds = 1.0 + 0.1 * _smooth_noise(rng, shape, 4)
    return colour, weave * folds


def _laminate(rng: np.random.Generator, shape: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    base = np.float32(rng.choice([[150, 150, 150], [120, 140, 160], [90, 90, 95], [160, 150, 130]]))
    base = base * np.float32(rng.uniform(0.85, 1.1))
    speckle = rng.normal(0, 0.03, shape).astype(np.float32)
    shade = 1.0 + 0.05 * _smooth_noise(rng, shape, 5) + speckle
    return base, shade


def make_surface(rng: np.random.Generator, shape: tuple[int, int], kind: str) -> np.ndarray:
    """A table surface of `kind` (one of SURFACES), float32 BGR H×W×3 in 0..255."""
    makers = {"wood": _wood, "felt": _felt, "cloth": _cloth, "laminate": _laminate}
    if kind not in makers:
        raise ValueError(f"unknown surface {kind!r}; surfaces: {', '.join(SURFACES)}")
    colour, shade = makers[kind](rng, shape)
    out = np.empty((*shape, 3), np.float32)
    for y0 in range(0, shape[0], BAND_ROWS):
        rows = slice(y0, y0 + BAND_ROWS)
        band = colour if colour.ndim == 1 else colour[rows]
        out[rows] = np.clip(band * shade[rows, :, None], 0, 255)
    return out
