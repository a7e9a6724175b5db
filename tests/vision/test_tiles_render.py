"""The tile-row renderer: seeded frames, ground truth that follows POW-1/3/13, the cover cases."""

import numpy as np
import pytest

from vision.render.tiles import (
    DEFAULT_HEROES,
    DEFAULT_VILLAINS,
    TILE_CASES,
    TileSpec,
    render_tiles,
)


def test_same_seed_same_frame_and_truth():
    a = render_tiles(np.random.default_rng(3), TileSpec())
    b = render_tiles(np.random.default_rng(3), TileSpec())
    assert np.array_equal(a.image, b.image)
    assert a.truth() == b.truth()


def test_pow_1_default_set_and_signs():
    assert (
        sorted(DEFAULT_HEROES) == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6] and sum(DEFAULT_HEROES) == 42
    )
    assert sum(DEFAULT_VILLAINS) == -23 and len(DEFAULT_VILLAINS) == 12
    with pytest.raises(ValueError, match="POW-1"):
        render_tiles(np.random.default_rng(0), TileSpec(heroes=(1, -2)))


def test_pow_3_full_rows_are_a_shuffle_of_the_set_in_bgr_1280x720():
    s = render_tiles(np.random.default_rng(4), TileSpec(taken=(0.0, 0.0)))
    assert s.image.shape == (720, 1280, 3) and s.image.dtype == np.uint8
    assert sorted(t.value for t in s.heroes) == sorted(DEFAULT_HEROES)
    assert sorted(t.value for t in s.villains) == sorted(DEFAULT_VILLAINS)
    # Left to right: centres increase along each row.
    for row in (s.heroes, s.villains):
        xs = [t.center[0] for t in row]
        assert xs == sorted(xs)
    # A hero tile is blue in BGR order: at its centre's neighbourhood B > R on a clean frame.
    clean = render_tiles(
        np.random.default_rng(4), TileSpec(taken=(0.0, 0.0), effects=False, surface="laminate")
    )
    x, y = (round(v) for v in clean.heroes[0].center)
    patch = clean.image[y - 25 : y + 25, x - 25 : x + 25].reshape(-1, 3).astype(int)
    assert np.median(patch[:, 0]) > np.median(patch[:, 2])


def test_pow_13_taken_tiles_leave_the_rest_in_order():
    s = render_tiles(np.random.default_rng(8), TileSpec(taken=(0.5, 0.5)))
    for row, laid in zip((s.heroes, s.villains), s.laid_out, strict=True):
        left = [t.value for t in row]
        assert len(left) == 6
        it = iter(laid)
        assert all(v in it for v in left)  # a subsequence: nothing moved


@pytest.mark.parametrize("case", TILE_CASES)
def test_each_case_has_its_truth(case):
    s = render_tiles(np.random.default_rng(5), TileSpec(case=case))
    covered = [t for t in s.heroes + s.villains if t.covered]
    assert s.reason == (None if case == "normal" else case)
    assert len(covered) == (0 if case == "normal" else 1)
    assert s.truth()["reason"] == s.reason


def test_unknown_case_is_refused():
    with pytest.raises(ValueError, match="unknown case"):
        render_tiles(np.random.default_rng(0), TileSpec(case="flood"))
