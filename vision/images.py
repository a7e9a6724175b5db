"""Loading image files as BGR uint8 frames, with one clear error per bad file."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from .errors import BadImage

MAX_BYTES = 64 * 1024 * 1024
MAX_PIXELS = 50_000_000  # a 50-megapixel photo is the largest we decode


def load_bgr(path: Path) -> np.ndarray:
    """Read an image file as a BGR uint8 H×W×3 array, or raise BadImage naming the file."""
    path = Path(path)
    if not path.exists():
        raise BadImage(f"{path}: no such file")
    if not path.is_file():
        raise BadImage(f"{path}: not a file")
    size = path.stat().st_size
    if size == 0:
        raise BadImage(f"{path}: empty file")
    if size > MAX_BYTES:
        raise BadImage(
            f"{path}: too large ({size // (1024 * 1024)} MiB; at most {MAX_BYTES // (1024 * 1024)} MiB)"
        )
    data = np.fromfile(path, np.uint8)
    # Check the pixel count from the header before decoding a huge image into memory.
    if not _header_ok(data):
        raise BadImage(f"{path}: not an image OpenCV can read (PNG, JPEG, BMP, TIFF, WebP …)")
    dims = _dimensions(data.tobytes()[:65536])
    if dims and dims[0] * dims[1] > MAX_PIXELS:
        raise BadImage(f"{path}: too large ({dims[0]}×{dims[1]} pixels; at most 50 megapixels)")
    img = cv2.imdecode(data, cv2.IMREAD_COLOR)
    if img is None or img.size == 0:
        raise BadImage(f"{path}: not an image OpenCV can read (PNG, JPEG, BMP, TIFF, WebP …)")
    if img.shape[0] * img.shape[1] > MAX_PIXELS:
        raise BadImage(
            f"{path}: too large ({img.shape[1]}×{img.shape[0]} pixels; at most 50 megapixels)"
        )
    return img


def _header_ok(data: np.ndarray) -> bool:
    head = data[:16].tobytes()
    return any(
        head.startswith(m)
        for m in (
            b"\x89PNG",
            b"\xff\xd8",
            b"BM",
            b"II*\x00",
            b"MM\x00*",
            b"RIFF",
            b"P5",
            b"P6",
            b"P3",
        )
    )


def _dimensions(head: bytes) -> tuple[int, int] | None:
    """(width, height) from a PNG or JPEG header, so a huge image is refused before decoding."""
    if head.startswith(b"\x89PNG") and len(head) >= 24:
        return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
    if head.startswith(b"\xff\xd8"):
        i = 2
        while i + 9 < len(head):
            if head[i] != 0xFF:
                return None
            marker = head[i + 1]
            length = int.from_bytes(head[i + 2 : i + 4], "big")
            if marker in (
                0xC0,
                0xC1,
                0xC2,
                0xC3,
                0xC5,
                0xC6,
                0xC7,
                0xC9,
                0xCA,
                0xCB,
                0xCD,
                0xCE,
                0xCF,
            ):
                h = int.from_bytes(head[i + 5 : i + 7], "big")
                w = int.from_bytes(head[i + 7 : i + 9], "big")
                return w, h
            i += 2 + length
    return None
