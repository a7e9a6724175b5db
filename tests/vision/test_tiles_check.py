"""Rows seen against rows the rules expect: the messages the app shows after a take."""

import pytest

from vision.tiles import disagreements, row_disagreements


def test_agreeing_rows_give_nothing():
    assert disagreements([3, 1, 4], [-2, -5], [3, 1, 4], [-2, -5]) == []


def test_a_wrong_tile_names_its_place_and_both_values():
    (d,) = disagreements([3, 1, 4, 1, 5], [], [3, 1, 2, 1, 5], [])
    assert str(d) == "tile 3 of the hero row looks wrong: expected +4, seen +2"
    assert (d.row, d.position, d.expected, d.seen) == ("hero", 3, 4, 2)


def test_a_count_mismatch_is_one_message_for_the_row():
    (d,) = disagreements([], [-1, -2, -3, -1, -2, -1, -4], [], [-1, -2, -3, -1, -2, -1, -4, -2])
    assert str(d).startswith("villain row: expected 7 tiles, seen 8")
    assert "tile 8 (-2) should have been taken" in str(d)


def test_pow_13_a_tile_left_behind_after_a_take_is_pointed_at():
    (d,) = row_disagreements("hero", [3, 4, 5], [3, 1, 4, 5])
    assert str(d) == "hero row: expected 3 tiles, seen 4 (tile 2 (+1) should have been taken)"
    (d,) = row_disagreements("hero", [3, 1, 4, 5], [3, 4, 5])
    assert "tile 2 (+1) is missing" in str(d)


def test_pow_13_gaps_of_as_laid_out_rows_are_not_tiles():
    # With row_positions = as_laid_out the rules keep None for a taken place; the camera
    # sees only the tiles still there.
    assert row_disagreements("villain", [-1, None, -3], [-1, -3]) == []


def test_an_unrecognised_tile_is_named():
    (d,) = row_disagreements("hero", [2, 6], [2, None])
    assert str(d) == "tile 2 of the hero row can't be read: expected +6"


def test_both_rows_are_reported_hero_first():
    ds = disagreements([1, 2], [-1], [2, 2], [-1, -1])
    assert [d.row for d in ds] == ["hero", "villain"]


def test_unknown_row_name():
    with pytest.raises(ValueError):
        row_disagreements("sidekick", [], [])
