"""Synthetic dice: our own stylised faces, drawn as sprites (top face + alpha) for the scenes.

Two styles: "pow" (the POW dice: blue shield, orange skull, blue and orange speech bubbles,
2/2/1/1 per die, on an ivory body) and "pips" (a six-sided pip die in several body colours),
so the reader is exercised on faces it was never written for.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

Draw = Callable[[np.ndarray, int, np.random.Generator], None]

BLUE = (200, 110, 30)  # BGR
ORANGE = (30, 130, 240)


def _pt(x: float, y: float, s: int) -> tuple[int, int]:
    return (round(x * s), round(y * s))


def _shield(img: np.ndarray, s: int, rng: np.random.Generator) -> None:
    pts = np.array(
        [
            _pt(x, y, s)
            for x, y in [(0.27, 0.24), (0.73, 0.24), (0.72, 0.52), (0.5, 0.8), (0.28, 0.52)]
        ],
        np.int32,
    )
    cv2.fillPoly(img, [pts], BLUE, cv2.LINE_AA)
    # A pale chevron across the shield.
    cv2.line(
        img, _pt(0.32, 0.38, s), _pt(0.5, 0.52, s), (235, 225, 215), max(1, s // 18), cv2.LINE_AA
    )
    cv2.line(
        img, _pt(0.5, 0.52, s), _pt(0.68, 0.38, s), (235, 225, 215), max(1, s // 18), cv2.LINE_AA
    )


def _skull(img: np.ndarray, s: int, rng: np.random.Generator) -> None:
    cv2.circle(img, _pt(0.5, 0.44, s), round(0.22 * s), ORANGE, -1, cv2.LINE_AA)
    cv2.rectangle(img, _pt(0.38, 0.55, s), _pt(0.62, 0.74, s), ORANGE, -1, cv2.LINE_AA)
    body = tuple(int(v) for v in img[1, 1])
    for x in (0.41, 0.59):
        cv2.circle(img, _pt(x, 0.45, s), round(0.065 * s), body, -1, cv2.LINE_AA)
    tri = np.array([_pt(0.5, 0.53, s), _pt(0.47, 0.59, s), _pt(0.53, 0.59, s)], np.int32)
    cv2.fillPoly(img, [tri], body, cv2.LINE_AA)
    for x in (0.45, 0.5, 0.55):
        cv2.line(img, _pt(x, 0.66, s), _pt(x, 0.74, s), body, max(1, s // 40), cv2.LINE_AA)


def _bubble(colour: tuple[int, int, int]) -> Draw:
    def draw(img: np.ndarray, s: int, rng: np.random.Generator) -> None:
        cv2.ellipse(img, _pt(0.5, 0.44, s), _pt(0.27, 0.19, s), 0, 0, 360, colour, -1, cv2.LINE_AA)
        tail = np.array([_pt(0.34, 0.55, s), _pt(0.26, 0.76, s), _pt(0.47, 0.6, s)], np.int32)
        cv2.fillPoly(img, [tail], colour, cv2.LINE_AA)
        body = tuple(int(v) for v in img[1, 1])
        for x in (0.39, 0.5, 0.61):
            cv2.circle(img, _pt(x, 0.44, s), round(0.04 * s), body, -1, cv2.LINE_AA)

    return draw


_PIP_SPOTS = {
    "one": [(0.5, 0.5)],
    "two": [(0.28, 0.28), (0.72, 0.72)],
    "three": [(0.26, 0.26), (0.5, 0.5), (0.74, 0.74)],
    "four": [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
    "five": [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    "six": [(0.28, 0.25), (0.72, 0.25), (0.28, 0.5), (0.72, 0.5), (0.28, 0.75), (0.72, 0.75)],
}


def _pips(face: str) -> Draw:
    def draw(img: np.ndarray, s: int, rng: np.random.Generator) -> None:
        body = img[1, 1].astype(int)
        ink = (25, 25, 25) if body.mean() > 110 else (240, 240, 240)
        r = 0.13 if face == "one" else 0.085
        for x, y in _PIP_SPOTS[face]:
            cv2.circle(img, _pt(x, y, s), round(r * s), ink, -1, cv2.LINE_AA)

    return draw


@dataclass(frozen=True)
class DiceStyle:
    name: str
    faces: tuple[str, ...]  # in the order of `weights`
    weights: tuple[int, ...]  # how many sides of one die show each face
    bodies: tuple[tuple[int, int, int], ...]  # body colours (BGR) a die may have
    draws: dict[str, Draw]

    def roll(self, rng: np.random.Generator) -> str:
        p = np.array(self.weights, float) / sum(self.weights)
        return str(self.faces[rng.choice(len(self.faces), p=p)])


POW = DiceStyle(
    name="pow",
    faces=("shield", "skull", "bubble-blue", "bubble-orange"),
    weights=(2, 2, 1, 1),
    bodies=((222, 236, 244),),
    draws={
        "shield": _shield,
        "skull": _skull,
        "bubble-blue": _bubble(BLUE),
        "bubble-orange": _bubble(ORANGE),
    },
)

PIPS = DiceStyle(
    name="pips",
    faces=tuple(_PIP_SPOTS),
    weights=(1, 1, 1, 1, 1, 1),
    bodies=((235, 235, 235), (40, 40, 200), (60, 140, 40)),
    draws={face: _pips(face) for face in _PIP_SPOTS},
)

STYLES = {"pow": POW, "pips": PIPS}


def rounded_square(size: int, radius: float) -> np.ndarray:
    """Anti-aliased alpha (float32 0..1) of a rounded square filling a size×size patch."""
    big = np.zeros((size * 4, size * 4), np.uint8)
    r = int(radius * size * 4)
    n = size * 4 - 1
    cv2.rectangle(big, (r, 0), (n - r, n), 255, -1)
    cv2.rectangle(big, (0, r), (n, n - r), 255, -1)
    for cx, cy in ((r, r), (n - r, r), (r, n - r), (n - r, n - r)):
        cv2.circle(big, (cx, cy), r, 255, -1)
    return cv2.resize(big, (size, size), interpolation=cv2.INTER_AREA).astype(np.float32) / 255


def face_sprite(
    style: DiceStyle,
    face: str,
    size: int,
    body: tuple[int, int, int],
    rng: np.random.Generator,
) -> tuple[np.ndarray, np.ndarray]:
    """The top face of a die: (float32 BGR size×size×3, float32 alpha size×size).

    The symbol is printed with a little jitter (position, scale, ink colour) as real printing
    varies, and the face darkens toward its rounded edges.
    """
    img = np.zeros((size, size, 3), np.uint8)
    img[:] = body
    style.draws[face](img, size, rng)
    # Printing jitter: shift/scale the symbol a little, ink a little off.
    jitter = rng.normal(0, 0.015, 2) * size
    scale = 1 + rng.normal(0, 0.03)
    m = cv2.getRotationMatrix2D((size / 2, size / 2), float(rng.normal(0, 2)), scale)
    m[:, 2] += jitter
    img = cv2.warpAffine(img, m, (size, size), borderMode=cv2.BORDER_REPLICATE)
    out = img.astype(np.float32) * np.float32(rng.uniform(0.95, 1.05, 3))
    alpha = rounded_square(size, 0.14)
    # Edge shading: the rounded edge turns away from the light.
    dist = cv2.distanceTransform((alpha > 0.5).astype(np.uint8), cv2.DIST_L2, 3)
    shade = np.clip(0.72 + 0.28 * dist / (0.08 * size), 0.72, 1.0)
    return out * shade[:, :, None], alpha
