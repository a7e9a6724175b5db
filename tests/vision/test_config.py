"""vision.config: the dice reader's config takes a value only of its key's kind, else names it."""

from __future__ import annotations

import pytest

from vision.config import dice_config
from vision.errors import BadConfig


@pytest.mark.parametrize(
    "key, value, must",
    [
        ("max_dice", "five", "a whole number 1 or more"),
        ("max_dice", 0, "a whole number 1 or more"),
        ("max_dice", -1, "a whole number 1 or more"),
        ("max_dice", 5.0, "a whole number 1 or more"),
        ("patch", True, "a whole number 1 or more"),  # a bool where a number is wanted
        ("scan_refined", 0, "a whole number 1 or more"),  # the scan keeps one of them
        ("scan_print", -0.1, "a number 0 or more"),
        ("scan_own_blobs", -1, "a whole number 0 or more"),  # a count of the frame's blobs
        ("scan_own_blobs", 2.5, "a whole number 0 or more"),
        ("scan_own_blobs", "few", "a whole number 0 or more"),
        ("print_floor", -0.5, "a number 0 or more"),
        ("print_floor", "high", "a number 0 or more"),
        ("teach_print", 1.5, "a number from 0 to 1"),  # the face's better half left out
        ("teach_print", -0.2, "a number from 0 to 1"),
        ("searched_doubt", "yes", "True or False"),  # on or off, nothing between
        ("searched_doubt", 1, "True or False"),
        ("loose_placed", "yes", "True or False"),  # on or off
        ("placed_contradicts", -0.5, "a number 0 or more"),  # (above 1: never contradicts)
        ("placed_contradicts", "sure", "a number 0 or more"),
        ("place_reach", 1.5, "a number from 0 to 1"),  # a part of a die's side
        ("place_reach", -0.1, "a number from 0 to 1"),
        ("place_reach", "far", "a number from 0 to 1"),
        ("place_toward", 1.5, "a number from 0 to 1"),  # a part of a die's side
        ("place_toward", -0.05, "a number from 0 to 1"),
        ("place_toward", "near", "a number from 0 to 1"),
        ("contrast", -3, "a whole number 0 or more"),
        ("odd_face_blob", -1.0, "a number 0 or more"),  # a blob's area in tops' areas
        ("odd_face_blob", "twice", "a number 0 or more"),
        ("thin_line_frame", -0.45, "a number 0 or more"),  # a share of the frame's die
        ("thin_line_frame", "wide", "a number 0 or more"),
        ("min_confidence", "high", "a number 0 or more"),
        ("min_confidence", False, "a number 0 or more"),
        ("scale", 0, "a number above 0 and at most 1"),
        ("scale", 2.0, "a number above 0 and at most 1"),
        ("margin_full", 0.0, "a number above 0"),  # confidence is divided by it
        ("close", "yes", "True or False"),
        ("dice_in_play", 0, "None or a whole number 1 or more"),
        ("dice_in_play", "5", "None or a whole number 1 or more"),
        ("kept_zone", (0, 1), "a tuple of 4 numbers from 0 to 1"),
        ("kept_zone", 0.25, "a tuple of 4 numbers from 0 to 1"),
        ("kept_zone", (0.0, 0.0, 1.5, 0.25), "a tuple of 4 numbers from 0 to 1"),
        ("kept_zone", (0.6, 0.0, 0.4, 0.25), "left < right, top < bottom"),
        ("one_size", (1.3, 0.75), "a tuple of 2 numbers above 0 (the smaller first)"),
        ("shadow_depth", (0.92, 0.3), "a tuple of 2 numbers above 0 (the smaller first)"),
        ("split_turn", 1.5, "a number from 0 to 1"),  # a share of the edges' strength
        ("split_turn", -0.1, "a number from 0 to 1"),
        ("step_hue", -1.0, "a number 0 or more"),  # tolerances of the body's hue
        ("step_hue", "twice", "a number 0 or more"),
        ("own_sides", 1.5, "a number from 0 to 1"),  # a share of a blob's pixels
        ("own_sides", -0.05, "a number from 0 to 1"),
        ("covered_rim", 1.2, "a number from 0 to 1"),  # a share of a top's rim
        ("pair_overlap", 1.5, "a number from 0 to 1"),  # a share of a top's extent
        ("pair_fit", -1.0, "a number 0 or more"),
        ("cut_table", 0.0, "a number above 0"),  # would take every cut die for table
        ("cut_table", "cloth", "a number above 0"),
        ("pile_gap", -1.5, "a number 0 or more"),
        ("pile_gap", "near", "a number 0 or more"),
        ("top_over", -1.15, "a number 0 or more"),  # times the frame's dice
        ("top_over", "large", "a number 0 or more"),
        ("top_beyond", -0.15, "a number 0 or more"),  # a part of a side
        ("top_beyond", "far", "a number 0 or more"),
        ("shade_chroma", -0.04, "a number 0 or more"),  # a chromaticity difference
        ("shade_chroma", "grey", "a number 0 or more"),
        ("shade_dim", -0.8, "a number from 0 to 1"),  # a part of the table's brightness
        ("shade_dim", 1.5, "a number from 0 to 1"),  # a shade brighter than the table
        ("shade_dim", "dark", "a number from 0 to 1"),
        ("size_reread", -0.9, "a number 0 or more"),  # a share of the frame's dice
        ("size_reread", "smaller", "a number 0 or more"),
        ("join_gap", -0.3, "a number 0 or more"),  # a part of the frame's die side
        ("join_gap", "near", "a number 0 or more"),
        ("join_fill", -0.8, "a number 0 or more"),  # a share of the hull's box
        ("join_fill", "square", "a number 0 or more"),
        ("join_sides", 1.5, "a number from 0 to 1"),  # a share of a hull's outline
        ("join_sides", -0.9, "a number from 0 to 1"),
        ("join_chroma", -0.05, "a number 0 or more"),  # a chromaticity difference
        ("join_chroma", "pale", "a number 0 or more"),
    ],
)
def test_a_wrong_dice_value_names_the_key_and_what_it_must_be(key, value, must):
    with pytest.raises(BadConfig) as caught:
        dice_config({key: value})
    message = str(caught.value)
    assert message.startswith(f"dice vision setting {key!r} = {value!r} is not allowed")
    assert must in message


def test_dice_in_play_beyond_max_dice_is_refused():
    # The reader would call every frame too-many or missing (vision.reader).
    with pytest.raises(BadConfig, match=r"'dice_in_play' = 6 .* at most 'max_dice' = 5"):
        dice_config({"dice_in_play": 6})
    assert dice_config({"max_dice": 6, "dice_in_play": 6})["dice_in_play"] == 6


def test_switching_a_check_off_out_of_reach_is_still_allowed():
    # As the tests and evaluations do: a threshold no die can reach, or 0.
    c = dice_config({"min_confidence": 1.01, "blur_streak": 2.0, "blur_colours": 0.0})
    assert (c["min_confidence"], c["blur_streak"], c["blur_colours"]) == (1.01, 2.0, 0.0)


def test_a_kept_zone_list_as_toml_gives_it_is_kept_as_a_tuple():
    assert dice_config({"kept_zone": [0, 0.5, 1, 1]})["kept_zone"] == (0, 0.5, 1, 1)
