"""The one frame format every camera source yields, stated once and checked in one place.

A frame is a numpy array of shape (height, width, 3), dtype uint8, channels in B, G, R order —
OpenCV's order. picamera2's "RGB888" is exactly this in memory (its name counts from the high
byte); cv2.VideoCapture and cv2.imread give it too.
"""

from __future__ import annotations

import numpy as np

from .errors import FrameFormatError

Frame = np.ndarray  # (height, width, 3) uint8 BGR; see the module docstring

CHANNELS = ("blue", "green", "red")


def check_frame(frame: object, source: str) -> Frame:
    """`frame` itself when it is a BGR uint8 frame, else FrameFormatError naming `source`."""
    if not isinstance(frame, np.ndarray):
        raise FrameFormatError(f"{source} gave {type(frame).__name__}, not a numpy frame")
    if frame.dtype != np.uint8:
        raise FrameFormatError(f"{source} gave a {frame.dtype} frame; frames are uint8")
    if frame.ndim != 3 or frame.shape[2] != 3 or frame.shape[0] == 0 or frame.shape[1] == 0:
        raise FrameFormatError(
            f"{source} gave a frame of shape {frame.shape}; frames are (height, width, 3) BGR"
        )
    return frame
