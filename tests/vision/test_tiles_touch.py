"""A hand on a tile whose arm leaves the row (touch.py): joined to the tile in the mask, refused.

Scene 103 (felt, every tile readable) with things painted on it: a hand whose fingers lie on
the villain row's "-2" and whose arm reaches the frame's top edge, and a card just below the
"-4", apart from it or overlapping its edge.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.vision.tiles_fixtures import profile, scene, values
from vision.tiles import read_tiles, tiles_config
from vision.tiles.find import find_blobs
from vision.tiles.rescue import rescue
from vision.tiles.rows import find_rows
from vision.tiles.touch import touching_cover

CONFIG = tiles_config()
BLIND = tiles_config({"min_touch_area": 0.0})
SKIN = (120, 150, 200)  # BGR


def _clean():
    s = scene(103)
    assert read_tiles(CONFIG, profile(), s.image).reason is None
    assert [t.value for t in s.villains] == [-3, -4, -2, -1, -1]
    return s


def _hand(image: np.ndarray, center, fingers: int) -> np.ndarray:
    """Fingers `fingers` px onto the top edge of the tile at `center`, the arm up and out of
    the frame."""
    img = image.copy()
    cx, cy = center
    cv2.line(img, (cx + 10, cy - 40), (cx + 160, -40), SKIN, 46)
    for dx in (-14, -3, 8, 19):
        cv2.ellipse(img, (cx + dx, cy - 36 + fingers // 2), (5, fingers), 0, 0, 360, SKIN, -1)
    return cv2.GaussianBlur(img, (3, 3), 0)


@pytest.mark.parametrize("fingers", [8, 20])
def test_pow_13_a_hand_on_a_tile_whose_arm_leaves_the_row_is_refused(fingers):
    # The tile under the fingers still matches its taught look and the arm crosses the row's
    # band only over the tile itself: without the check the row reads "ok" (here with the
    # right values, but the tile under a hand is not seen, issue #7).
    s = _clean()
    img = _hand(s.image, (743, 257), fingers)
    blind = read_tiles(BLIND, profile(), img)
    assert blind.reason is None and values(blind.villains) == [-3, -4, -2, -1, -1]
    r = read_tiles(CONFIG, profile(), img)
    assert r.reason == "something covers tile 3 of the villain row (a hand?)"


def _card(image: np.ndarray, gap: int) -> np.ndarray:
    """A pale card 1.7 by 0.6 tiles, `gap` px below the villain "-4" (negative: over its edge)."""
    img = image.copy()
    top = 243 + 36 + gap
    cv2.rectangle(img, (570, top), (690, top + 45), (230, 232, 235), -1)
    return img


def test_a_thing_near_a_tile_but_apart_from_it_in_the_mask_does_not_refuse():
    s = _clean()
    r = read_tiles(CONFIG, profile(), _card(s.image, 10))
    assert r.reason is None and values(r.villains) == [-3, -4, -2, -1, -1]


def test_pow_13_a_thing_joined_to_a_tile_s_edge_is_refused_naming_that_tile():
    s = _clean()
    img = _card(s.image, -3)
    assert read_tiles(BLIND, profile(), img).reason is None
    r = read_tiles(CONFIG, profile(), img)
    assert r.reason == "something covers tile 2 of the villain row (a hand?)"


def test_touching_cover_is_off_at_zero_and_without_a_mask():
    from dataclasses import replace

    s = _clean()
    img = _card(s.image, -3)
    # As read_tiles does: the card and the tile are one blob, the tile is found again by its
    # look (rescue) and what is left of the blob is the card.
    found = rescue(CONFIG, profile(), img, find_blobs(CONFIG, img))
    rows = find_rows(CONFIG, found, profile().colours)
    assert rows.problem is None
    assert touching_cover(CONFIG, found, rows) == [("villains", 2)]
    assert touching_cover(BLIND, found, rows) == []
    assert touching_cover(CONFIG, replace(found, mask=None), rows) == []
