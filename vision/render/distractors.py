"""Things on a real table that are not dice: coins, tiles, pencils, the edge of a hand.

Each `draw_*` paints onto a float32 BGR canvas in place and returns the bounding circle
(x, y, r) it occupies, so the scene can keep dice and distractors apart.
"""

from __future__ import annotations

import cv2
import numpy as np


def _text(
    canvas: np.ndarray, text: str, org: tuple[int, int], scale: float, colour, thick: int
) -> None:
    """putText on a float canvas (OpenCV draws text only on 8-bit images): via a local mask."""
    (tw, th), base = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, thick)
    x0, y0 = max(org[0] - 2, 0), max(org[1] - th - 2, 0)
    x1, y1 = min(org[0] + tw + 2, canvas.shape[1]), min(org[1] + base + 2, canvas.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.putText(
        mask,
        text,
        (org[0] - x0, org[1] - y0),
        cv2.FONT_HERSHEY_SIMPLEX,
        scale,
        255,
        thick,
        cv2.LINE_AA,
    )
    a = mask.astype(np.float32)[:, :, None] / 255
    roi = canvas[y0:y1, x0:x1]
    roi[:] = roi * (1 - a) + np.float32(colour) * a


def draw_coin(
    canvas: np.ndarray, shadow: np.ndarray, rng: np.random.Generator, x: float, y: float
) -> float:
    r = float(rng.uniform(15, 28))
    metal = np.float32(rng.choice([[60, 170, 210], [185, 185, 180], [70, 110, 170]]))
    c = (round(x), round(y))
    cv2.circle(shadow, (c[0] + 3, c[1] + 3), round(r), 1.0, -1, cv2.LINE_AA)
    cv2.circle(canvas, c, round(r), tuple(float(v) * 0.75 for v in metal), -1, cv2.LINE_AA)
    cv2.circle(canvas, c, round(r * 0.82), tuple(float(v) for v in metal), -1, cv2.LINE_AA)
    # A specular highlight and an embossed mark.
    hx, hy = round(x - r * 0.35), round(y - r * 0.35)
    cv2.circle(
        canvas,
        (hx, hy),
        max(2, round(r * 0.2)),
        tuple(min(255.0, float(v) * 1.3) for v in metal),
        -1,
        cv2.LINE_AA,
    )
    _text(canvas, str(int(rng.integers(1, 10))), (round(x - r * 0.3), round(y + r * 0.35)), r / 22, tuple(float(v) * 0.6 for v in metal), 2)  # fmt: skip
    return r


def draw_tile(
    canvas: np.ndarray, shadow: np.ndarray, rng: np.random.Generator, x: float, y: float
) -> float:
    w, h = float(rng.uniform(60, 80)), float(rng.uniform(85, 120))
    angle = float(rng.uniform(0, 180))
    box = cv2.boxPoints(((x, y), (w, h), angle)).astype(np.int32)
    colour = tuple(
        float(v) for v in rng.choice([[60, 60, 170], [150, 90, 40], [40, 140, 60], [30, 30, 30]])
    )
    cv2.fillPoly(shadow, [box + 3], 1.0, cv2.LINE_AA)
    cv2.fillPoly(canvas, [box], colour, cv2.LINE_AA)
    inner = cv2.boxPoints(((x, y), (w * 0.8, h * 0.8), angle)).astype(np.int32)
    cv2.polylines(canvas, [inner], True, (200, 200, 200), 2, cv2.LINE_AA)
    _text(canvas, str(int(rng.integers(-9, 10))), (round(x - 14), round(y + 10)), 1.0, (230, 230, 230), 2)  # fmt: skip
    return float(np.hypot(w, h) / 2)


def draw_pencil(
    canvas: np.ndarray, shadow: np.ndarray, rng: np.random.Generator, x: float, y: float
) -> float:
    length, width = float(rng.uniform(150, 280)), float(rng.uniform(9, 14))
    angle = float(rng.uniform(0, np.pi))
    d = np.array([np.cos(angle), np.sin(angle)])
    a, b = np.array([x, y]) - d * length / 2, np.array([x, y]) + d * length / 2
    tip = b + d * width * 1.6
    colour = tuple(float(v) for v in rng.choice([[30, 200, 230], [40, 40, 180], [60, 150, 50]]))
    pa, pb = tuple(np.round(a).astype(int)), tuple(np.round(b).astype(int))
    cv2.line(shadow, (pa[0] + 4, pa[1] + 4), (pb[0] + 4, pb[1] + 4), 1.0, round(width), cv2.LINE_AA)
    cv2.line(canvas, pa, pb, colour, round(width), cv2.LINE_AA)
    n = np.array([-d[1], d[0]]) * width / 2
    cone = np.array([b + n, b - n, tip], np.int32)
    cv2.fillPoly(canvas, [cone], (130, 180, 215), cv2.LINE_AA)
    cv2.circle(
        canvas,
        tuple(np.round(tip - d * 2).astype(int)),
        max(1, round(width / 5)),
        (50, 50, 50),
        -1,
        cv2.LINE_AA,
    )
    return length / 2 + width


def draw_hand_edge(canvas: np.ndarray, rng: np.random.Generator) -> tuple[float, float, float]:
    """A hand or forearm entering from one frame edge; returns its bounding circle."""
    h, w = canvas.shape[:2]
    side = int(rng.integers(4))
    r = float(rng.uniform(90, 150))
    along = float(rng.uniform(0.2, 0.8))
    cx, cy = [
        (along * w, -r * 0.4),
        (along * w, h + r * 0.4),
        (-r * 0.4, along * h),
        (w + r * 0.4, along * h),
    ][side]
    skin = np.float32(rng.choice([[120, 150, 200], [90, 120, 170], [60, 80, 120], [150, 180, 225]]))
    layer = np.zeros((h, w), np.float32)
    cv2.ellipse(
        layer,
        (round(cx), round(cy)),
        (round(r), round(r * 0.7)),
        float(rng.uniform(0, 180)),
        0,
        360,
        1.0,
        -1,
        cv2.LINE_AA,
    )
    layer = cv2.GaussianBlur(layer, (0, 0), 3.0)
    shade = 0.8 + 0.2 * cv2.GaussianBlur(layer, (0, 0), 25.0)
    canvas[:] = (
        canvas * (1 - layer[:, :, None])
        + (skin[None, None, :] * shade[:, :, None]) * layer[:, :, None]
    )
    return cx, cy, r
