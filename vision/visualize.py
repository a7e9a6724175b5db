"""Drawing a dice reading over its frame (for people checking the reader; never used to read)."""

from __future__ import annotations

import cv2
import numpy as np

from .reader import DiceReading


def draw_reading(
    frame: np.ndarray, reading: DiceReading, kept_zone: tuple[float, ...] | None = None
) -> np.ndarray:
    """A copy of the BGR uint8 frame with each die's face and confidence, and the kept zone."""
    out = frame.copy()
    h, w = out.shape[:2]
    if kept_zone is not None:
        left, top, right, bottom = kept_zone
        cv2.rectangle(
            out,
            (int(left * w), int(top * h)),
            (int(right * w) - 1, int(bottom * h) - 1),
            (255, 255, 0),
            2,
        )
    for d in reading.dice:
        x, y = int(round(d.center[0])), int(round(d.center[1]))
        r = int(max(d.side, 20) * 0.6)
        colour = (0, 200, 0) if d.confidence >= 0.5 else (0, 0, 255)
        cv2.circle(out, (x, y), r, colour, 2, cv2.LINE_AA)
        label = f"{d.face} {d.confidence:.2f}{' K' if d.kept else ''}"
        cv2.putText(
            out, label, (x - r, y - r - 4), cv2.FONT_HERSHEY_SIMPLEX, 0.5, colour, 1, cv2.LINE_AA
        )
    status = reading.status if reading.reason is None else f"{reading.status}: {reading.reason}"
    cv2.putText(
        out,
        status,
        (10, h - 12),
        cv2.FONT_HERSHEY_SIMPLEX,
        0.8,
        (0, 0, 255) if reading.reason else (0, 160, 0),
        2,
        cv2.LINE_AA,
    )
    return out
