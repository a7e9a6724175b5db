"""A die's placed check keeps its cut's far edge, away from the camera, on someone else's
drawing taught through the same teach step (vision.reader._checked, `place_toward`)."""

from __future__ import annotations

from collections import Counter

from vision.config import dice_config
from vision.images import load_bgr
from vision.reader import read_dice


def _read(foreign_sets, style, seed, scene, **overrides):
    # A foreign set as the held-out runner draws it (teach seed 1000 + seed), one scene.
    profile = foreign_sets.profile(style, 1000 + seed)
    image, truth = foreign_sets.scene(style, seed, scene)
    config = dice_config({"max_dice": 5, "dice_in_play": 5, **overrides})
    return read_dice(config, profile, load_bgr(image)), truth


def test_a_far_red_pip_die_is_not_refused_by_a_check_cut_on_one_of_its_pips(foreign_sets):
    # A far red 2 seen obliquely, its top and front side face one red: its cut and the search
    # read "2", but the check's placed cut, shrunk to 0.81 of it over one pip and off its far
    # edge, read a 1 and refused it ("uncertain"). Against the far edge it reads the 2.
    reading, truth = _read(foreign_sets, "pips", 51, 10)
    assert reading.status == "ok"
    assert Counter(d.face for d in reading.dice) == Counter(d["face"] for d in truth)


def test_placed_freely_the_check_refuses_it(foreign_sets):
    # Placed freely (as before), the check refuses the same frame: the test above would fail
    # without the rule, and the die refused is the far red 2.
    reading, truth = _read(foreign_sets, "pips", 51, 10, place_toward=1.0)
    assert (reading.status, reading.reason) == ("unreadable", "uncertain")
    (unsure,) = [d for d in reading.dice if d.confidence < 0.5]
    (two,) = [t for t in truth if t["face"] == "2" and t["center"][1] < 250]
    assert unsure.face == "2"
    assert abs(unsure.center[0] - two["center"][0]) < 10


def test_a_slate_top_cut_with_its_side_face_is_still_checked_at_its_far_part(foreign_sets):
    # A far slate shield cut with its front side face, read a blue bubble by that cut and the
    # search: placed at its far part (0.81 of the cut, 0.09 of a side away from the camera)
    # it reads the shield, and the die stays refused. A floor at the frame's dice size tried
    # instead kept the cut whole there, confirmed the bubble and read the frame "ok": wrong.
    reading, truth = _read(foreign_sets, "outline", 40, 31)
    assert reading.status == "unreadable"
    (shield,) = [t for t in truth if t["face"] == "shield"]
    at = [d for d in reading.dice if abs(d.center[0] - shield["center"][0]) < 15]
    assert all(d.face == "shield" or d.confidence < 0.5 for d in at)
