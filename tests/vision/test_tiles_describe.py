"""A tile's side where it lies (vision/tiles/describe.py `local_sides`): the perspective of a
camera a little off vertical, fitted robustly from the measured sides."""

from __future__ import annotations

import cv2
import numpy as np

from vision.tiles.describe import aligned_pair, local_sides, pair_margin


def _rows(n: int = 12) -> np.ndarray:
    x = np.linspace(150, 1100, n)
    return np.concatenate(
        [np.stack([x, np.full(n, 300.0)], 1), np.stack([x, np.full(n, 400.0)], 1)]
    )


def test_pow_3_a_row_seen_at_a_slant_gets_a_side_per_tile():
    # The far end of the rows 20 % smaller than the near end (a camera ~10° off vertical).
    centers = _rows()
    true = 75 - 15 * (centers[:, 0] - 150) / 950 + 0.01 * (centers[:, 1] - 350)
    rng = np.random.default_rng(3)
    measured = true + rng.normal(0, 0.8, len(true))
    measured[[3, 17]] *= (1.3, 0.7)  # a shadow run in, a tile cut from its neighbour
    got = local_sides(centers, measured, float(np.median(measured)))
    assert np.abs(got - true).max() < 1.0


def test_a_flat_view_keeps_the_frames_side_and_few_tiles_are_not_fitted():
    centers = _rows()
    rng = np.random.default_rng(4)
    got = local_sides(centers, 70 + rng.normal(0, 0.8, len(centers)), 70.0)
    assert np.abs(got - 70).max() < 0.8
    few = local_sides(centers[:2], [60.0, 80.0], 70.0)
    assert few.tolist() == [70.0, 70.0]


def test_sides_far_off_the_frame_side_do_not_tilt_the_fit():
    # Half the measured sides of one row are of merged pieces: the rest decide.
    centers = _rows()
    measured = np.full(len(centers), 70.0)
    measured[:5] = 140.0
    got = local_sides(centers, measured, 70.0)
    assert np.allclose(got, 70.0, atol=0.5)


def _lookalikes() -> tuple[np.ndarray, np.ndarray]:
    """Two 3×40×40 tiles of one artwork whose printed value differs in a small corner patch."""
    rng = np.random.default_rng(9)
    art = rng.normal(0, 1, (3, 40, 40)).astype(np.float32)
    a, b = art.copy(), art.copy()
    a[:, 30:36, 30:36] += 3.0  # a "1" here …
    b[:, 30:36, 31:37] -= 3.0  # … a "2" there
    return a, b


def _window(tile: np.ndarray, dy: int, dx: int, seed: int) -> np.ndarray:
    w = np.zeros((3, 44, 44), np.float32)
    w[:, 2 + dy : 42 + dy, 2 + dx : 42 + dx] = tile
    return w + np.random.default_rng(seed).normal(0, 0.3, w.shape).astype(np.float32)


def test_pow_1_lookalike_tiles_are_told_apart_where_they_differ_and_never_the_wrong_way():
    # Over the whole patch the two fit nearly alike; where they differ, only the right one.
    a, b = _lookalikes()
    for seed, (dy, dx) in enumerate(((0, 0), (1, -1), (-2, 2))):
        assert pair_margin(_window(a, dy, dx, seed), a, b, 0.85) > 0.3
        assert pair_margin(_window(b, dy, dx, seed), a, b, 0.85) < -0.3


def _printed_lookalikes() -> tuple[np.ndarray, np.ndarray]:
    """Two 3×64×64 BGR tiles of one smooth artwork, a light badge in a corner with a "1" in
    one and a "7" in the other (a few px of stroke, as a badge number is seen)."""
    rng = np.random.default_rng(11)
    art = cv2.GaussianBlur(rng.uniform(40, 220, (64, 64, 3)).astype(np.float32), (0, 0), 3)
    art = cv2.normalize(art, None, 40, 220, cv2.NORM_MINMAX)
    cv2.circle(art, (50, 50), 9, (235, 235, 235), -1)
    a, b = art.copy(), art.copy()
    cv2.line(a, (50, 44), (50, 56), (30, 30, 30), 2)
    cv2.line(b, (46, 44), (54, 44), (30, 30, 30), 2)
    cv2.line(b, (54, 44), (48, 56), (30, 30, 30), 2)
    return tuple(np.ascontiguousarray(t.transpose(2, 0, 1)) for t in (a, b))


def _seen(tile: np.ndarray, seed: int) -> np.ndarray:
    """`tile` as a frame shows it: a little larger, turned and off centre, in an 80 px cut."""
    rng = np.random.default_rng(seed)
    m = cv2.getRotationMatrix2D((32, 32), rng.uniform(-3, 3), rng.uniform(0.96, 1.05))
    m[:, 2] += 8 + rng.uniform(-2, 2, 2)
    hwc = cv2.warpAffine(np.ascontiguousarray(tile.transpose(1, 2, 0)), m, (80, 80),
                         borderMode=cv2.BORDER_REPLICATE)  # fmt: skip
    hwc += rng.normal(0, 3, hwc.shape).astype(np.float32)
    return np.ascontiguousarray(np.clip(hwc, 0, 255).transpose(2, 0, 1))


def test_pow_1_lookalikes_cut_a_little_off_are_told_apart_once_aligned_to_each():
    # Issue #7: values differ in a few px of number; a tile seen larger and turned fits both
    # alike at one shift, aligned to each only the printed one.
    a, b = _printed_lookalikes()
    for seed in range(4):
        margin, fit = aligned_pair(_seen(a, seed), a, b, 12.8, 0.85)
        assert margin > 0.1 and fit > 0.8
        margin, fit = aligned_pair(_seen(b, seed), a, b, 12.8, 0.85)
        assert margin < -0.1 and fit > 0.8
