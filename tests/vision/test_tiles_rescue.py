"""Tiles the colour mask loses (a table of the tiles' own colour) found again by appearance."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pytest

from tests.vision.tiles_fixtures import profile, scene, values
from vision.render.tiles import TileSpec, render_tiles
from vision.tiles import read_tiles, teach, tiles_config
from vision.tiles.find import find_blobs
from vision.tiles.rescue import rescue

CONFIG = tiles_config()
NO_RESCUE = tiles_config({"rescue_score": 2.0})


def _exact(r, s) -> bool:
    return (
        r.reason is None
        and values(r.heroes) == values(s.heroes)
        and values(r.villains) == values(s.villains)
    )


@pytest.mark.parametrize("seed", [7008, 7013])
def test_pow_3_blue_hero_row_on_blue_cloth_is_read_not_lost(seed):
    """Seeded blue-cloth scenes: the colour mask keeps only the heroes' printing, and the whole
    hero row was refused as "can't be made out"; the taught tiles find it again."""
    s = scene(seed, surface="cloth")
    before = read_tiles(NO_RESCUE, profile(), s.image)
    assert before.reason is not None and "hero row can't be made out" in before.reason
    r = read_tiles(CONFIG, profile(), s.image)
    assert _exact(r, s), r.reason


@pytest.mark.parametrize("seed", [7037, 7060])
def test_pow_3_orange_villain_tile_on_orange_wood_is_read_not_refused(seed):
    """Seeded orange-wood scenes: a villain tile half lost in the wood was refused; now read."""
    s = scene(seed, surface="wood")
    before = read_tiles(NO_RESCUE, profile(), s.image)
    assert before.reason is not None and "villain row" in before.reason
    assert _exact(read_tiles(CONFIG, profile(), s.image), s)


def test_rescue_makes_tiles_only_where_tiles_are():
    """Every tile the rescue adds lies on a tile of the truth (within a fifth of a side)."""
    s = scene(7008, surface="cloth")
    found = find_blobs(CONFIG, s.image)
    more = rescue(CONFIG, profile(), s.image, found)
    added = [b for b in more.blobs if b not in found.blobs]
    assert len(added) >= 5
    truth = np.array([t.center for t in s.heroes + s.villains])
    for b in added:
        assert np.hypot(*(truth - np.array(b.center)).T).min() < 0.2 * s.side


@pytest.mark.parametrize("case,seed", [("hand", 7101), ("die", 7102), ("die", 7104)])
def test_a_covered_tile_on_a_same_coloured_table_is_still_refused(case, seed):
    """The rescue explains a tile's printing, never a hand or a die: the frame stays refused."""
    for surface in ("cloth", "wood"):
        s = render_tiles(np.random.default_rng(seed), TileSpec(case=case, surface=surface))
        r = read_tiles(CONFIG, profile(), s.image)
        assert r.status == "unreadable", (surface, r.reason)


def test_pow_3_a_turned_hero_tile_on_blue_cloth_is_found_at_its_own_turn():
    """Seeded blue-cloth scene 7169 with a hero tile turned against its row: its faint edges
    gave no turn, matched square to the row it scored under the bar and its printing was
    taken for something covering the row; a few turns tried around the row's find it. (The
    cloth's darker folds counted as table, `shadow_depths`, keep the tile apart too, and so
    does looking for its edges 8° either side of the usual turn, `rescue_wider`.)"""
    s = scene(7169, surface="cloth")
    old = {"rescue_turns": (0.0,), "shadow_depths": (), "rescue_wider": 0.0}
    before = read_tiles(tiles_config(old), profile(), s.image)
    assert before.reason is not None and "covers the hero row" in before.reason
    assert _exact(read_tiles(CONFIG, profile(), s.image), s)


def test_pow_3_a_turned_hero_tile_on_blue_cloth_reads_exactly():
    """Seeded blue-cloth scene 7474, a hero tile turned against its row: refused "covers the
    hero row" when only the row's turn was tried. With the teach's tiles measured without
    their shadow (`shadow_depths`, about 1 % smaller) it is matched at the row's turn too."""
    s = scene(7474, surface="cloth")
    assert _exact(read_tiles(CONFIG, profile(), s.image), s)


@lru_cache(maxsize=1)
def _benchmark_profile():
    setup = render_tiles(
        np.random.default_rng(7),
        TileSpec(taken=(0.0, 0.0), distractors=False, surface="laminate"),
    )
    return teach(CONFIG, setup.image, *setup.laid_out)


def test_pow_3_a_villain_tile_merged_with_a_shadows_edge_is_read():
    """The benchmark's scene 18 (blue cloth, a hard shadow): a villain tile and the shadow's
    edge above it make one piece longer than a tile, which the rescue skipped, so the frame was
    refused "can't be made out"; now tiles are looked for across the piece and the speck left
    over is noise."""
    rng = np.random.default_rng(900_000)
    for _ in range(18):
        render_tiles(rng, TileSpec())
    s = render_tiles(rng, TileSpec())
    assert s.surface == "cloth" and s.look.hard_shadow is not None
    assert _exact(read_tiles(CONFIG, _benchmark_profile(), s.image), s)
