"""A tile's appearance as a descriptor: its printed face, upright, at a fixed size, in colour.

The face is cut out along the tile's rotated box (so a tile turned a few degrees reads the
same), its outer rim dropped (the box edge wobbles with shadows), lightly blurred against
noise and JPEG blocks, one patch per BGR channel. What all tiles of a colour share (frame,
background) is subtracted — the mean of that colour's taught tiles — so the number and the
character decide. Comparison is normalised correlation per channel (it ignores exposure,
contrast and white balance), over a few pixels of shift (the box centre wobbles too).
"""

from __future__ import annotations

import cv2
import numpy as np

INNER = 0.84  # the part of the tile side the patch covers


def cut(frame: np.ndarray, center, angle: float, side: float, size: int, patch: int) -> np.ndarray:
    """The 3×`size`×`size` float32 patch (BGR planes) around a tile at `patch` px per INNER·side."""
    k = side * INNER / patch  # frame px per patch px
    t = np.deg2rad(angle)
    a = k * np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]])
    b = np.array(center) - a @ np.array([size / 2, size / 2])
    m = np.hstack([a, b[:, None]]).astype(np.float32)
    out = cv2.warpAffine(
        frame, m, (size, size), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )  # fmt: skip
    out = cv2.GaussianBlur(out.astype(np.float32), (0, 0), 0.8)
    return np.ascontiguousarray(out.transpose(2, 0, 1))


def normalise(patches: np.ndarray, mean: np.ndarray | float = 0.0) -> np.ndarray:
    """N×C×P×P patches → N×(C·P²) rows: mean pattern off, each channel zero-mean, unit norm."""
    x = patches.astype(np.float32) - mean
    x = x.reshape(x.shape[0], x.shape[1], -1)
    x = x - x.mean(2, keepdims=True)
    x = x / np.maximum(np.linalg.norm(x, axis=2, keepdims=True), 1e-6)
    x = x.reshape(x.shape[0], -1)
    return x / np.maximum(np.linalg.norm(x, axis=1, keepdims=True), 1e-6)


def scores(window: np.ndarray, templates: np.ndarray, mean: np.ndarray, patch: int) -> np.ndarray:
    """Best correlation of each template (N×(C·P²) from `normalise`) at any shift in `window`.

    The same numbers as `normalise`-ing every shifted patch, without making those copies: the
    templates are zero-mean per channel, so a patch's own mean drops out of the dot product and
    only its per-channel spread is needed.
    """
    c = window.shape[0]
    n = patch * patch
    views = np.lib.stride_tricks.sliding_window_view(window, (patch, patch), axis=(1, 2))
    x = views.transpose(1, 2, 0, 3, 4).reshape(-1, c, n) - mean.reshape(1, c, n)
    s1 = x.sum(2)
    spread = np.sqrt(np.maximum(np.einsum("skn,skn->sk", x, x) - s1 * s1 / n, 1e-6))
    t = templates.reshape(len(templates), c, n)
    total = np.zeros((x.shape[0], len(templates)), np.float32)
    for k in range(c):
        total += (x[:, k, :] @ t[:, k, :].T) / spread[:, k : k + 1]
    return total.max(0) / np.sqrt(c)
