"""A die seen obliquely is called "cocked" only for a die truly cocked on another (issue #6):
a lone die's blob holds its top, its side faces and its shadow, larger than the frame's tops,
and was refused so (foreign outline 16 scene 12, 25-dice pips 16 photo 5, each die read at
1.00); dice drawn cocked on another by the foreign generator are still refused."""

from collections import Counter

import pytest

from tests.vision.foreign.scenes import write_scenes, write_teach
from vision.config import dice_config
from vision.images import load_bgr
from vision.reader import read_dice
from vision.teach import teach


@pytest.fixture(scope="module")
def profiles(tmp_path_factory):
    """The profiles taught for foreign seed 16 (teach seed 1016), outline and pips."""
    out = {}
    for style in ("outline", "pips"):
        root = tmp_path_factory.mktemp(f"teach-{style}")
        write_teach(root, style, seed=1016, per_face=2)
        out[style] = teach(root)
    return out


def _read(tmp_path, profile, style, seed, scene, dice=5, cocked=False, **overrides):
    truth = write_scenes(tmp_path, style, seed=seed, count=scene + 1, dice=dice, cocked=cocked)
    name = f"{style}-{scene:03d}.jpg"
    config = dice_config({"max_dice": dice, "dice_in_play": dice, **overrides})
    return read_dice(config, profile, load_bgr(tmp_path / name)), truth[name]


@pytest.mark.parametrize(
    ("style", "scene", "dice"),
    [
        # a slate skull on green felt, its side faces and shadow to its left and below
        pytest.param("outline", 12, 5, id="outline_16_12"),
        # a red 5 on dark wood, its side face and long shadow beside other dice
        pytest.param("pips", 5, 25, id="pips_25_dice_16_5"),
    ],
)
def test_a_lone_die_seen_with_its_side_faces_and_shadow_is_not_cocked(
    tmp_path, profiles, style, scene, dice
):
    # The blob holds one top, read at 1.00, and nothing else of a top's colour: its rest is
    # the die's side faces and shadow (`own_sides`). Without the check it is "cocked".
    reading, truth = _read(tmp_path, profiles[style], style, 16, scene, dice)
    assert reading.status == "ok", reading
    assert Counter(d.face for d in reading.dice) == Counter(w["face"] for w in truth)
    off, _ = _read(tmp_path, profiles[style], style, 16, scene, dice, own_sides=0.0)
    assert (off.status, off.reason) == ("unreadable", "cocked")


@pytest.mark.parametrize(
    ("style", "seed", "scene"),
    [
        # a slate bubble cocked on a slate die: the other die's top, lit as a top, is of the
        # body colour of the frame's brighter dice (0.13 of the blob's rest; 0.045 of the top's
        # own body colour alone)
        pytest.param("outline", 501, 3, id="outline_slate_on_slate"),
        # a white die cocked on a red one: the red top holds 0.28 of the rest, of the frame's
        # red dice's colour (0.05 of the white top's own)
        pytest.param("pips", 503, 11, id="pips_white_on_red"),
    ],
)
def test_a_die_cocked_on_another_seen_obliquely_is_still_cocked(
    tmp_path, profiles, style, seed, scene
):
    reading, truth = _read(tmp_path, profiles[style], style, seed, scene, cocked=True)
    assert [w for w in truth if w.get("cocked")], truth
    assert (reading.status, reading.reason) == ("unreadable", "cocked")
