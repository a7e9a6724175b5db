"""Shared, seeded tile scenes for the tile tests: one taught profile, rendered once per run."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from vision.render.tiles import TileScene, TileSpec, render_tiles
from vision.tiles import TilesProfile, teach, tiles_config

TEACH_SEED = 11


@lru_cache(maxsize=1)
def setup_scene() -> TileScene:
    """Both full rows as laid out (POW-3), on a neutral table, camera effects on."""
    return render_tiles(
        np.random.default_rng(TEACH_SEED),
        TileSpec(taken=(0.0, 0.0), distractors=False, surface="laminate"),
    )


@lru_cache(maxsize=1)
def profile() -> TilesProfile:
    scene = setup_scene()
    return teach(tiles_config(), scene.image, *scene.laid_out)


@lru_cache(maxsize=64)
def scene(seed: int, **spec) -> TileScene:
    return render_tiles(np.random.default_rng(seed), TileSpec(**spec))


def values(tiles) -> list[int | None]:
    return [t.value for t in tiles]
