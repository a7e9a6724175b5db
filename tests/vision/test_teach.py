"""vision/teach.py: what the teach step measures about the taught faces (the rest of teach is
exercised through tests/vision/foreign and test_reader's round trips)."""

import numpy as np

from vision.profile import default_profile
from vision.teach import hue_weight


def _prints(colours: list[tuple[float, float]], rng: np.random.Generator) -> np.ndarray:
    """Descriptor grids of one die per colour: a random print, its hue that colour times its
    brightness (plus noise), as vision.faces.descriptor lays them out."""
    rows = []
    for a, b in colours:
        light = rng.normal(0, 1, 24 * 24)
        hue = np.stack([a * light, b * light], 1) + rng.normal(0, 0.05, (24 * 24, 2))
        rows.append(np.concatenate([light[:, None], hue], 1).reshape(-1))
    return np.array(rows, np.float32)


def test_the_hue_counts_in_full_when_the_faces_prints_differ_in_colour():
    # Two faces printed blue, two orange (POW), several dice each: the hue tells them apart.
    rng = np.random.default_rng(5)
    colours = [(-0.1, -0.5), (0.1, 0.9), (-0.2, -0.4), (0.15, 0.95)]
    labels = np.repeat(np.arange(4), 6)
    t = _prints([colours[f] for f in labels], rng)
    assert hue_weight(t, labels) == 1.0


def test_the_hue_counts_little_when_every_faces_print_is_one_colour():
    # Six faces, every die's print one colour against its body, whatever the die's colour
    # (pips on dice of several colours): the hue tells no face from another.
    rng = np.random.default_rng(6)
    labels = np.repeat(np.arange(6), 8)
    die_colours = rng.normal(0, 0.4, (len(labels), 2))
    t = _prints([tuple(c) for c in die_colours], rng)
    assert hue_weight(t, labels) < 0.5


def test_the_shipped_profile_of_pow_dice_keeps_the_hue_in_full():
    # The shipped profile (our own POW dice, taught from above) was made before the weight
    # existed: its faces differ in colour, so teaching it again would keep the hue too.
    p = default_profile()
    assert p.hue_weight == 1.0
    assert hue_weight(p.templates, p.labels) == 1.0


def test_a_pixels_distance_from_a_bin_colour_is_under_48_where_the_float_norm_is():
    # Issue #6: find_teach_dice takes the pixels near a body colour by whole-number squares
    # (`_squared_from`) instead of np.linalg.norm of the float difference: the same pixels,
    # for every bin's middle colour, pixels at the edge of the ball included.
    from vision.profile import BINS
    from vision.teach import _squared_from

    rng = np.random.default_rng(48)
    for _ in range(40):
        mode = rng.integers(0, BINS, 3).astype(float)
        body = (mode + 0.5) * (256 / BINS)
        near = body + rng.integers(-49, 50, (4000, 3))  # around the ball's edge
        pixels = np.clip(np.concatenate([near, rng.integers(0, 256, (4000, 3))]), 0, 255)
        pixels = pixels.astype(np.uint8)
        want = np.linalg.norm(pixels.astype(np.float32) - body, axis=1) < 48
        got = _squared_from(pixels, body) < 48**2
        assert np.array_equal(got, want)
        assert 0 < want.sum() < len(want)
