"""Loading image files as BGR uint8 frames, with one clear error per bad file."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from .errors import BadImage


def load_bgr(path: Path) -> np.ndarray:
    """Read an image file as a BGR uint8 H×W×3 array, or raise BadImage naming the file."""
    path = Path(path)
    if not path.exists():
        raise BadImage(f"{path}: no such file")
    if not path.is_file():
        raise BadImage(f"{path}: not a file")
    if path.stat().st_size == 0:
        raise BadImage(f"{path}: empty file")
    img = cv2.imdecode(np.fromfile(path, np.uint8), cv2.IMREAD_COLOR)
    if img is None or img.size == 0:
        raise BadImage(f"{path}: not an image OpenCV can read (PNG, JPEG, BMP, TIFF, WebP …)")
    return img
