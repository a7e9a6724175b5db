"""vision.tiles.config: the tile reader's config takes a value only of its key's kind."""

from __future__ import annotations

import pytest

from vision.errors import BadConfig
from vision.tiles.config import tiles_config


@pytest.mark.parametrize(
    "key, value, must",
    [
        ("shadow_depths", 0.5, "a tuple of numbers above 0 and at most 1, of any length"),
        ("shadow_depths", (0.5, 1.2), "a tuple of numbers above 0 and at most 1"),
        ("texture_scales", (1.2,), "a tuple of 2 numbers above 0"),
        ("teach_scales", (0.94, 0), "a tuple of numbers above 0, of any length"),
        ("rescue_turns", ("left",), "a tuple of numbers, of any length"),
        ("table_colours", 0, "a whole number 1 or more"),
        ("table_colours", 4.5, "a whole number 1 or more"),
        ("search", -2, "a whole number 0 or more"),
        ("speck_band", -0.6, "a number 0 or more"),  # sides off a row's line
        ("cells", True, "a whole number 1 or more"),
        ("patch", "40", "a whole number 1 or more"),
        ("blur", 0, "a number above 0"),
        ("pair_quantile", 1.5, "a number from 0 to 1"),
        ("weak_min_fit", 1.2, "a number from 0 to 1"),
        ("weak_min_fit", -0.5, "a number from 0 to 1"),
        ("weak_gap", -0.1, "a number 0 or more"),
        ("cover_hue_level", 0, "a number above 0"),
        ("cover_hue_share", 1.5, "a number from 0 to 1"),
        ("cover_hue_share", -0.2, "a number from 0 to 1"),
        ("border", 0.6, "a number from 0 to 0.5"),
        ("max_row_angle", 120.0, "a number from 0 to 90"),
        ("min_score", -0.1, "a number 0 or more"),
        ("min_score", None, "a number 0 or more"),
        ("number_check", 0, "True or False"),
        ("glare_gains", (0.9,), "a tuple of numbers above 1, of any length"),
        ("glare_level", 300, "a whole number from 0 to 255"),
        ("cut_gap_lengths", (1.25, 0.8), "a tuple of 2 numbers 0 or more (shortest < longest)"),
        ("cut_gap_margin", -0.1, "a number 0 or more"),
        ("faint_share", 1.5, "a number from 0 to 1"),
        ("faint_clear", -1.0, "a number 0 or more"),
        ("detail_fine_quantile", 1.2, "a number from 0 to 1"),
        ("detail_fine_margin", -0.06, "a number 0 or more"),
        ("lone_texture_median_share", -0.15, "a number 0 or more"),
        ("lone_texture_median_share", "0.15", "a number 0 or more"),
        ("flat_scales", (12.0, 4.0), "a tuple of 2 numbers above 0 (fine < coarse)"),
        ("flat_scales", (4.0,), "a tuple of 2 numbers above 0"),
        ("flat_window", 0, "a number above 0"),
        ("flat_share", 1.5, "a number from 0 to 1"),
        ("flat_halvings", 1.5, "a whole number 0 or more"),
        ("min_flat_table", -1e-4, "a number 0 or more"),
    ],
)
def test_a_wrong_tile_value_names_the_key_and_what_it_must_be(key, value, must):
    with pytest.raises(BadConfig) as caught:
        tiles_config({key: value})
    message = str(caught.value)
    assert message.startswith(f"tile vision setting {key!r} = {value!r} is not allowed")
    assert must in message


def test_the_off_switches_the_tests_use_are_still_allowed():
    c = tiles_config(
        {"shadow_depths": (), "rescue_turns": (0.0,), "rescue_score": 2.0, "shade": 0,
         "flatten_sigma": 0, "min_hidden_area": 99.0, "number_rescue": False,
         "glare_gains": (), "glare_level": 0, "glare_pale": 0, "faint_share": 0.0,
         "detail_fine_margin": 2.0, "lone_texture_median_share": 0.0,
         "flat_share": 0.0}
    )  # fmt: skip
    assert c["shadow_depths"] == () and c["rescue_turns"] == (0.0,) and c["rescue_score"] == 2.0


def test_rescue_turns_go_either_way():
    assert tiles_config({"rescue_turns": [-8, 0, 8]})["rescue_turns"] == (-8, 0, 8)
