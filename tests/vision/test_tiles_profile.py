"""The shipped default tile profile is what teaching the synthetic tiles gives now, and reads."""

from __future__ import annotations

import numpy as np

from vision.render.tiles import TileSpec, render_tiles
from vision.tiles import read_tiles, tiles_config
from vision.tiles.profile import DEFAULT_TILES_PROFILE, default_profile, make_default

REMAKE = "the shipped tile profile is stale: run python -m vision.tiles.default_profile"


def test_the_shipped_default_tile_profile_is_a_fresh_teach_of_the_synthetic_tiles():
    shipped, fresh = default_profile(), make_default()
    assert DEFAULT_TILES_PROFILE.is_file()
    assert shipped.patch == fresh.patch and np.array_equal(shipped.values, fresh.values), REMAKE
    assert shipped.templates.shape == fresh.templates.shape, REMAKE
    assert np.allclose(shipped.templates, fresh.templates, atol=1e-4), REMAKE
    assert shipped.scales == fresh.scales and shipped.scaled is not None, REMAKE
    assert np.allclose(shipped.scaled, fresh.scaled, atol=1e-4), REMAKE
    assert shipped.detail is not None, REMAKE
    assert np.allclose(shipped.detail, fresh.detail, atol=1e-4), REMAKE
    assert abs(shipped.side - fresh.side) < 1e-3, REMAKE
    assert np.allclose(shipped.colours.heroes, fresh.colours.heroes, atol=1e-3), REMAKE
    assert np.allclose(shipped.colours.villains, fresh.colours.villains, atol=1e-3), REMAKE


def test_the_shipped_default_tile_profile_reads_a_rendered_pow_3_setup():
    scene = render_tiles(np.random.default_rng(5), TileSpec(taken=(0.0, 0.0)))
    reading = read_tiles(tiles_config(), default_profile(), scene.image)
    assert reading.status == "ok", reading.reason
    assert [t.value for t in reading.heroes] == list(scene.laid_out[0])
    assert [t.value for t in reading.villains] == list(scene.laid_out[1])
