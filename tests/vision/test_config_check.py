"""vision.config_check: a value must be of its default's kind, and the error names the key."""

from __future__ import annotations

import math

import pytest

from vision.config import DICE_ALLOWED, DICE_DEFAULTS, dice_config
from vision.config_check import FRACTION, POSITIVE, Allowed, merged
from vision.errors import BadConfig
from vision.tiles.config import TILES_ALLOWED, TILES_DEFAULTS, tiles_config

DEFAULTS = {
    "flag": True,
    "count": 3,
    "share": 0.5,
    "size": 2.0,
    "pair": (1.0, 2.0),
    "turns": (0.0, -5.0),
    "how_many": None,
}
ALLOWED = {
    "share": FRACTION,
    "size": POSITIVE,
    "pair": Allowed(above=True, ordered=((0, 1),), note="(the smaller first)"),
    "turns": Allowed(lo=None, any_length=True),
    "how_many": POSITIVE,
}


def config(**overrides):
    return merged("test", DEFAULTS, ALLOWED, overrides)


def test_the_defaults_themselves_pass():
    assert dict(config(**DEFAULTS)) == DEFAULTS


@pytest.mark.parametrize(
    "key, value, must",
    [
        ("flag", 1, "True or False"),
        ("flag", "yes", "True or False"),
        ("count", "five", "a whole number 0 or more"),
        ("count", 2.0, "a whole number 0 or more"),  # a whole number means an int
        ("count", True, "a whole number 0 or more"),  # a bool is not a count
        ("count", -1, "a whole number 0 or more"),
        ("share", 1.5, "a number from 0 to 1"),
        ("share", -0.1, "a number from 0 to 1"),
        ("share", math.nan, "a number from 0 to 1"),
        ("share", math.inf, "a number from 0 to 1"),
        ("share", "0.5", "a number from 0 to 1"),
        ("size", 0.0, "a number above 0"),
        ("pair", 1.5, "a tuple of 2 numbers above 0 (the smaller first)"),
        ("pair", (1.0,), "a tuple of 2 numbers above 0 (the smaller first)"),
        ("pair", (2.0, 1.0), "a tuple of 2 numbers above 0 (the smaller first)"),
        ("pair", (1.0, "2"), "a tuple of 2 numbers above 0 (the smaller first)"),
        ("pair", (1.0, True), "a tuple of 2 numbers above 0 (the smaller first)"),
        ("turns", "0,5", "a tuple of numbers, of any length"),
        ("how_many", 0, "None or a whole number 1 or more"),
        ("how_many", 2.5, "None or a whole number 1 or more"),
    ],
)
def test_a_wrong_value_names_the_key_the_value_and_what_it_must_be(key, value, must):
    with pytest.raises(BadConfig) as caught:
        config(**{key: value})
    assert str(caught.value) == (
        f"test setting {key!r} = {value!r} is not allowed: it must be {must}"
    )


def test_an_unknown_key_is_named_with_the_keys_there_are():
    with pytest.raises(BadConfig, match="unknown test setting 'cuont'; settings: flag, count"):
        config(cuont=3)


def test_a_bad_value_changes_nothing():
    defaults = dict(DEFAULTS)
    with pytest.raises(BadConfig):
        merged("test", DEFAULTS, ALLOWED, {"share": 0.2, "count": "five"})
    assert DEFAULTS == defaults


def test_right_values_are_kept_as_given_and_a_list_as_a_tuple():
    c = config(count=0, share=1, size=0.1, pair=[0.5, 3], turns=[], how_many=None)
    assert (c["count"], c["share"], c["size"], c["pair"], c["turns"]) == (0, 1, 0.1, (0.5, 3), ())
    assert config(turns=(-5.0, 5.0, 10.0), how_many=2)["turns"] == (-5.0, 5.0, 10.0)


def test_a_threshold_beyond_reach_stays_allowed():
    # Open above: a threshold set out of reach is how a check is switched off.
    assert config(size=1e9)["size"] == 1e9


def test_the_config_cannot_be_changed_afterwards():
    with pytest.raises(TypeError):
        config()["count"] = 4  # type: ignore[index]


@pytest.mark.parametrize(
    "make, defaults, allowed",
    [(dice_config, DICE_DEFAULTS, DICE_ALLOWED), (tiles_config, TILES_DEFAULTS, TILES_ALLOWED)],
    ids=["dice", "tiles"],
)
def test_each_readers_defaults_pass_their_own_check_and_name_only_real_keys(
    make, defaults, allowed
):
    # No default or reading changes: every shipped value is taken as it is.
    assert dict(make(dict(defaults))) == dict(defaults)
    assert set(allowed) <= set(defaults)
