"""Acceptance of the dice reader on dice it was not written for (issue #6), through the real
CLI: `companion dice teach` on a foreign teach folder, then `companion dice read --jsonl`.

The scenes (tests/vision/foreign/scenes.py, independent of vision/render) are pip dice and
outline-style POW-like dice on felt and wood under a 20–30° oblique camera. A committed wrong
reading is the worst failure, so "ok" with the wrong dice must never happen; how many dice are
read is measured against the issue's goal and marked as a known gap where it falls short.
"""

import json
import math

import pytest

from companion.cli import main
from tests.vision.foreign.scenes import render, write_teach
from tests.vision.foreign.score import score

COUNT = 6  # scenes per set: small, so the file runs in seconds


def _run(capsys, *argv):
    rc = main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


@pytest.fixture(scope="module", params=["pips", "outline"])
def readings(request, foreign_sets):
    """(style, the scenes' folder, their truth, the profile `companion dice teach` wrote) of
    a small teach set (seed 7100, a picture and a crop a face) and COUNT scenes (seed 7200)."""
    style = request.param
    profile = foreign_sets.profile_file(style, 7100, per_face=1, crops=1)
    folder, truth = foreign_sets.scenes(style, 7200, COUNT)
    return style, folder, truth, profile


def _read(capsys, folder, truth, profile, *extra):
    images = [str(folder / name) for name in truth]
    rc, out, err = _run(capsys, "dice", "read", *images, "--profile", str(profile), "--jsonl",
                        *extra)  # fmt: skip
    assert rc == 0, err
    return score(truth, [json.loads(line) for line in out.splitlines()])


def _teach_then_read(foreign_sets, capsys, style, teach, scenes, *extra):
    """`companion dice teach` on write_teach(**teach), then `dice read` of write_scenes(**scenes)
    (the session's shared folders: tests/vision/foreign/sets.py)."""
    profile = foreign_sets.profile_file(style, **teach)
    folder, truth = foreign_sets.scenes(style, **scenes)
    capsys.readouterr()
    return _read(capsys, folder, truth, profile, *extra)


def test_foreign_dice_are_never_committed_wrong(readings, capsys):
    # design.md Vision: a wrong committed reading is worse than asking. With the count of dice
    # in play given, a die missed or misread must make the image unreadable.
    style, folder, truth, profile = readings
    s = _read(capsys, folder, truth, profile, "--dice", "5")
    assert s.wrong_ok == 0, s.line()


def test_an_oblique_teach_set_makes_the_reader_cut_out_top_faces(readings):
    # The teach pictures show the dice's sides (20-30 deg camera): the profile says so, and the
    # finder then cuts each die out at its top face (the truth's centre is the top's).
    import numpy as np

    from vision.config import dice_config
    from vision.finder import find_dice
    from vision.images import load_bgr
    from vision.profile import DiceProfile

    style, folder, truth, path = readings
    profile = DiceProfile.load(path)
    config = dice_config()
    assert profile.blob_over_top >= config["oblique_blob"]
    errors = []
    for name, want in truth.items():
        found = find_dice(config, profile, load_bgr(folder / name)).dice
        for w in want:
            near = [np.hypot(d.center[0] - w["center"][0], d.center[1] - w["center"][1])
                    for d in found]  # fmt: skip
            if near and min(near) < 20:
                errors.append(min(near))
    assert len(errors) >= 0.6 * sum(len(w) for w in truth.values())
    assert np.median(errors) < 4.0, np.median(errors)


def test_the_table_of_the_frame_is_kept_out_of_the_die_mask(readings):
    # The teach pictures' table is another felt and another wood than the scenes' (random
    # shades): the taught colour model alone put 17-21 % of a wood scene's table (its dark
    # grain, nearly a slate die's colour) in the die mask, where it joined the dice. The
    # colours the frame itself is full of are table (vision.finder.frame_lut).
    import cv2
    import numpy as np

    from vision.config import dice_config
    from vision.finder import die_mask
    from vision.images import load_bgr
    from vision.profile import DiceProfile

    style, folder, truth, path = readings
    profile = DiceProfile.load(path)
    assert profile.body_hist is not None and abs(float(profile.body_hist.sum()) - 1) < 1e-3
    config = dice_config()
    for name, want in truth.items():
        small = cv2.resize(load_bgr(folder / name), None, fx=0.5, fy=0.5,
                           interpolation=cv2.INTER_AREA)  # fmt: skip
        _, mask = die_mask(config, profile, small)
        table = np.ones(mask.shape, np.uint8)
        for w in want:
            cv2.circle(table, (int(w["center"][0] / 2), int(w["center"][1] / 2)), 30, 0, -1)
        share = float(np.mean(mask[table > 0] > 0))
        assert share <= 0.03, (style, name, share)


def test_a_small_pip_dies_top_face_is_cut_out_at_full_size(foreign_sets):
    # Pips seed 1 (teach seed 1001), scenes 1 and 8: the tops of these red dice are ~17 px at
    # the finder's half size, where the pips and their blurred rims cover so much of the top
    # that its colour makes no square: each was "uncertain" (not cut out). The cut is tried
    # on the frame itself when the half-size one fails (vision.finder._top_either).
    import numpy as np

    from vision.config import dice_config
    from vision.finder import find_dice
    from vision.images import load_bgr

    profile = foreign_sets.profile("pips", seed=1001)
    for scene, (x, y) in ((1, (766, 385)), (8, (623, 124))):
        path, truth = foreign_sets.scene("pips", 1, scene)
        found = find_dice(dice_config(), profile, load_bgr(path))
        want = [w["center"] for w in truth if np.hypot(w["center"][0] - x, w["center"][1] - y) < 3]
        assert len(want) == 1
        near = [np.hypot(d.center[0] - want[0][0], d.center[1] - want[0][1]) for d in found.dice]
        assert near and min(near) < 4, (scene, want, found.issues)


@pytest.mark.parametrize(
    ("teach_seed", "seed", "scene", "point"),
    [
        # Outline seed 4, scene 10: a slate die far from the camera whose top, foreshortened
        # and notched by its amber symbol, made a box 1.38 long/short; the top cut asked 1.3
        # at most, found no top, and the die was missed (vision.finder.TOP_ASPECT).
        (1004, 4, 10, (293.8, 121.3)),
        # Outline seed 1, scene 6: a slate die's side face and its shadow made a larger square
        # of one colour than its top (56 px against the other dice's 31-42), with a piece of
        # the symbol at its edge for a "print"; the largest square was taken for the top and
        # the die was dropped as of another size (missed). Of the squares that could be the
        # top, the one nearest a taught face is taken (vision.finder._nearest_face).
        (1001, 1, 6, (978.7, 304.9)),
        # Outline seed 4, scene 9: a slate die on a dark-grained wood; lines of the grain,
        # as dark as the die and in its die mask, joined it into one long ragged blob that
        # ran on to the frame's edge (aspect 4.9, fill 0.27): no top was cut out of it and
        # the die was missed. With every part thinner than `thin_line` of the smallest die
        # taken off, the die is a piece of its own (vision.finder._thinned).
        (1004, 4, 9, (206.0, 336.0)),
        # Outline seed 1, scene 1: a slate die whose symbol, open at its top face's edge, left
        # two thin horns in the die mask, with a wedge of its shadow on the other side: the
        # blob's box held no printed square and the die was missed. Its thin parts taken off,
        # the top is cut out of what is left.
        (1001, 1, 1, (516.8, 131.5)),
    ],
    ids=[
        "a_foreshortened_slate_top_is_cut_out",
        "the_top_is_the_square_nearest_a_taught_face",
        "a_slate_die_joined_to_the_wood_s_grain_is_cut_free",
        "a_slate_die_s_thin_horns_and_shadow_are_taken_off",
    ],
)
def test_a_slate_die_seen_obliquely_is_found(foreign_sets, teach_seed, seed, scene, point):
    import numpy as np

    from vision.config import dice_config
    from vision.finder import find_dice
    from vision.images import load_bgr

    path, truth = foreign_sets.scene("outline", seed, scene)
    profile = foreign_sets.profile("outline", teach_seed)
    (want,) = [w["center"] for w in truth
               if np.hypot(w["center"][0] - point[0], w["center"][1] - point[1]) < 3]  # fmt: skip
    found = find_dice(dice_config(), profile, load_bgr(path))
    near = [np.hypot(d.center[0] - want[0], d.center[1] - want[1]) for d in found.dice]
    assert near and min(near) < 4, (want, found.issues)


def _scene_read_right(
    foreign_sets,
    teach_seed: int,
    seed: int,
    scene: int,
    style: str = "outline",
    teach_overrides: dict | None = None,
):
    """Scene `scene` of seed `seed` (`style`), after a teach (seed `teach_seed`, the teach
    step's own settings `teach_overrides`), reads "ok" with every die's face right."""
    from collections import Counter

    from vision.config import dice_config
    from vision.images import load_bgr
    from vision.reader import read_dice

    path, truth = foreign_sets.scene(style, seed, scene)
    profile = foreign_sets.profile(style, teach_seed, overrides=teach_overrides)
    config = dice_config({"max_dice": 5, "dice_in_play": 5})
    reading = read_dice(config, profile, load_bgr(path))
    assert reading.status == "ok", reading
    assert Counter(d.face for d in reading.dice) == Counter(w["face"] for w in truth)


def test_the_hue_counts_in_full_only_when_the_faces_prints_differ_in_colour(readings):
    # vision.teach.hue_weight: the outline dice's blue and orange prints tell faces apart by
    # their colour (the hue counts in full, reads as before); every pip is one colour, so the
    # pips' hue tells no face from another and counts only a little.
    from vision.profile import DiceProfile

    style, folder, truth, path = readings
    weight = DiceProfile.load(path).hue_weight
    assert weight == 1.0 if style == "outline" else weight < 0.5, (style, weight)


@pytest.mark.parametrize(
    ("seed", "scene"),
    [
        # a pastel-green 5 read within 0.10 of a 4 (confidence 0.12): "uncertain"
        pytest.param(2, 3, id="a_green_tinted_5"),
        # a 5 read within 0.09 of a 4 beside a clear one (confidence 0.45): "uncertain"
        pytest.param(4, 15, id="a_tinted_5_beside_another"),
    ],
)
def test_pips_under_a_tinted_light_read_as_the_taught_dice(foreign_sets, seed, scene):
    # Foreign pips seeds 2 and 4 (teach seed +1000), both refused on main: black pips on a die
    # the scene's light tints carry the tint's hue against the body, which no taught die
    # showed; the hue pushed every face away alike and a clear 5 read near a 4. Every face's
    # print is one colour, so teach lets the hue count only by how much it tells the faces
    # apart (vision.teach.hue_weight), and the pips' brightness decides.
    _scene_read_right(foreign_sets, 1000 + seed, seed, scene, "pips")


def test_a_far_orange_bubble_read_as_a_skull_is_never_ok(foreign_sets):
    # Outline seed 10 (teach seed 1010), scene 52, the lead's held-out check: a far slate
    # die's orange bubble fits the skull best (0.46 confidence). With every taught face also
    # kept under two other white balances (49edd6d, reverted) its confidence rose to 0.65
    # and the image read "ok" with a skull for the bubble: five dice, a wrong commit. The
    # image may be refused; it must never be "ok" and wrong.
    from collections import Counter

    from vision.config import dice_config
    from vision.images import load_bgr
    from vision.reader import read_dice

    path, truth = foreign_sets.scene("outline", 10, 52)
    profile = foreign_sets.profile("outline", 1010)
    config = dice_config({"max_dice": 5, "dice_in_play": 5})
    reading = read_dice(config, profile, load_bgr(path))
    read = Counter(d.face for d in reading.dice)
    assert reading.status != "ok" or read == Counter(w["face"] for w in truth), reading


def test_a_shield_the_search_reads_is_held_to_the_teach_sets_searched_mistakes(foreign_sets):
    # Foreign outline 30 (teach seed 1030), scene 0: a far shield whose first cut fits the
    # blue bubble next (margin 0.15); the second look reads it a shield by 0.38, but the
    # shield's doubt was 0.296 (a blue bubble of the teach set cut off its top, at 47 px,
    # read as a shield in single cuts): 0.32, "uncertain". With the search around its cut the
    # teach set mistook that die by 0.068: the shield is read at 1.00 and the image is "ok".
    # (Placed by the taught faces the shield reads a shield with confidence too: without the
    # searched doubt, placing alone reads the image "ok" — so both are off below.)
    from collections import Counter

    from vision.config import dice_config
    from vision.images import load_bgr
    from vision.reader import read_dice

    path, truth = foreign_sets.scene("outline", 30, 0)
    profile = foreign_sets.profile("outline", 1030)
    frame = load_bgr(path)
    reading = read_dice(dice_config({"max_dice": 5, "dice_in_play": 5}), profile, frame)
    assert reading.status == "ok", reading
    assert Counter(d.face for d in reading.dice) == Counter(w["face"] for w in truth)
    off = {"max_dice": 5, "dice_in_play": 5, "searched_doubt": False, "place_reach": 0.0}
    assert read_dice(dice_config(off), profile, frame).reason == "uncertain"


def _outline_scene(foreign_sets, seed: int, scene: int):
    """Outline scene `scene` of seed `seed` after the teach of seed 1000 + `seed`: the
    profile, the frame and its truth (as tests.vision.foreign.scenes makes a dev set)."""
    from vision.images import load_bgr

    path, truth = foreign_sets.scene("outline", seed, scene)
    return foreign_sets.profile("outline", 1000 + seed), load_bgr(path), truth


def test_a_die_whose_cut_slid_off_its_top_is_read_where_the_taught_faces_place_it(foreign_sets):
    # Foreign outline 15 (teach seed 1015), scene 20: a far orange bubble's cut slid a tenth
    # of a side into the dark side face below its top (the top's colour): its first cut read
    # a skull at 0.54, the second look an orange bubble at 1.00, so the check left it unsure
    # ("uncertain"). Placed by the taught faces (vision.reader.placed: the cut 3 px over, the
    # nearest template of any face) it reads an orange bubble at 1.00 too: two looks that
    # both moved off the first cut agree, with confidence, and the image is "ok", right.
    from vision.config import dice_config
    from vision.reader import read_dice

    profile, frame, truth = _outline_scene(foreign_sets, 15, 20)
    reading = read_dice(dice_config({"max_dice": 5, "dice_in_play": 5}), profile, frame)
    assert reading.status == "ok", reading
    assert sorted(d.face for d in reading.dice) == sorted(w["face"] for w in truth)
    unplaced = dice_config({"max_dice": 5, "dice_in_play": 5, "place_reach": 0.0})
    assert read_dice(unplaced, profile, frame).reason == "uncertain"


def test_a_blue_bubble_read_as_a_shield_off_its_top_is_refused_where_it_is_placed(foreign_sets):
    # The guard: foreign outline 19 (teach seed 1019), scene 21. A blue bubble's cut slid
    # 8 px into the dark side face the top shares its colour with: read a shield at 0.57
    # (margin 0.27, fit 1.43 typical distances), and the second look's search agreed. The
    # image was refused only because its orange bubble stayed unsure (a skull at 0.28;
    # placed, it reads an orange bubble at 0.81, which no other look named: it stays
    # unsure). The shield must be refused on its own: a die checked (read loosely or with
    # little confidence) must also read the same face where the taught faces place it, and
    # placed it reads a blue bubble.
    from vision.config import dice_config
    from vision.reader import read_dice

    profile, frame, truth = _outline_scene(foreign_sets, 19, 21)
    reading = read_dice(dice_config({"max_dice": 5, "dice_in_play": 5}), profile, frame)
    assert reading.status == "unreadable" and reading.reason == "uncertain", reading
    sure = [d for d in reading.dice if d.confidence >= 0.5]
    for d in sure:  # every die read with confidence is read right
        (w,) = [w for w in truth if math.dist(w["center"], d.center) < 25]
        assert d.face == w["face"], reading
    assert "shield" in [d.face for d in reading.dice if d.confidence < 0.5], reading


def _uncertain_with_every_sure_die_right(reading, truth) -> None:
    """The frame refused as "uncertain", every die it read with confidence read right."""
    assert reading.status == "unreadable" and reading.reason == "uncertain", reading
    for d in reading.dice:
        (w,) = [w for w in truth if math.dist(w["center"], d.center) < 25]
        assert d.face == w["face"] or d.confidence < 0.5, reading


def test_a_checked_die_whose_placed_read_is_unsure_is_refused(foreign_sets):
    # Foreign outline 53 (teach seed 1053), scene 54 (the ninth session's held-out end): an
    # orange bubble on a far dark die read as a skull at 0.66, the second look's search a
    # skull at 0.54, placed a skull at 0.00 (as near an orange bubble). The check asked only
    # that the three name one face, and the frame read "ok" with a skull for the bubble. A
    # placed read that cannot tell the face from another, beside a search short of
    # check_confidence, confirms nothing: the die is unsure.
    # The die's top was cut with its side face (1.15 of the frame's dice or more), and cut
    # again at the frame's size with the squash of its neighbours (vision.finder._squash_near)
    # it now reads an orange bubble with confidence: "ok", right. The check is read with that
    # cut as it was (`top_over` 0: no top cut again).
    from vision.config import dice_config
    from vision.reader import read_dice

    profile, frame, truth = _outline_scene(foreign_sets, 53, 54)
    as_cut = dice_config({"max_dice": 5, "dice_in_play": 5, "top_over": 0.0})
    _uncertain_with_every_sure_die_right(read_dice(as_cut, profile, frame), truth)
    reading = read_dice(dice_config({"max_dice": 5, "dice_in_play": 5}), profile, frame)
    assert reading.status == "ok", reading
    assert sorted(d.face for d in reading.dice) == sorted(w["face"] for w in truth), reading


def test_a_die_only_the_search_read_is_held_to_its_placed_read(foreign_sets):
    # Foreign outline 62 (teach seed 1062), scene 16 (the eleventh session's held-out start):
    # a far orange bubble on a dark die, its cut 9 px down into the side face, read a skull
    # at 0.08; the second look's search a skull at 0.77, short of check_confidence, and with
    # no check the frame read "ok" with a skull for the bubble. Placed by the taught faces it
    # reads an orange bubble at 0.91: the search and the placed read disagree, so unsure.
    from vision.config import dice_config
    from vision.reader import read_dice

    profile, frame, truth = _outline_scene(foreign_sets, 62, 16)
    reading = read_dice(dice_config({"max_dice": 5, "dice_in_play": 5}), profile, frame)
    _uncertain_with_every_sure_die_right(reading, truth)
    far = min(reading.dice, key=lambda d: math.dist(d.center, (955, 240)))
    assert far.confidence < 0.5, reading
    # The die beside it at (651, 153), also read only by the search (0.63) and placed a blue
    # bubble with confidence, keeps its read: the check does not refuse agreeing looks.
    near = min(reading.dice, key=lambda d: math.dist(d.center, (651, 153)))
    assert near.face == "bubble-blue" and near.confidence >= 0.5, reading


def test_a_die_only_the_search_read_is_unsure_where_its_placed_read_names_another_face(
    foreign_sets,
):
    # Foreign outline 66 (teach seed 1066), scene 50 (the eleventh session's held-out end):
    # slate dice whose shield and blue bubble are one colour. The blue bubble at (750, 362),
    # cut 11 px down into its side face, was searched a shield by a margin of 0.10 (0.40 with
    # no searched mistake as near to hold it to) and placed a blue bubble by 0.43, which the
    # placed doubt (0.55) leaves at 0.00. With full confidence at a margin of 0.18 rather than
    # 0.25 the search's shield reaches 0.55, and where the placed read had to name another
    # face *with confidence* to count, that wrong shield was kept with confidence (the frame
    # is refused only for the true shield beside it). A placed read naming another face is a
    # second look that disagrees, however unsure.
    from vision.config import dice_config
    from vision.reader import read_dice

    profile, frame, truth = _outline_scene(foreign_sets, 66, 50)
    looser = {"max_dice": 5, "dice_in_play": 5, "margin_full": 0.18}

    def bubble(extra: dict):
        reading = read_dice(dice_config({**looser, **extra}), profile, frame)
        return min(reading.dice, key=lambda d: math.dist(d.center, (750, 362))), reading

    die, reading = bubble({})
    _uncertain_with_every_sure_die_right(reading, truth)
    assert die.confidence < 0.5, reading
    die, reading = bubble({"placed_contradicts": 0.5})
    assert die.face == "shield" and die.confidence >= 0.5, reading


def test_a_die_only_the_search_read_keeps_its_read_where_its_placed_read_is_unsure_of_it(
    foreign_sets,
):
    # The guard: outline 66 scene 45, a far shield at (959, 283) searched right at 0.75 and
    # placed a shield at 0.00 (the placed cut cannot tell this drawing's shield from its blue
    # bubble): a placed read naming the die's own face unsure says nothing, the die keeps its
    # read and the frame reads "ok".
    from collections import Counter

    from vision.config import dice_config
    from vision.reader import read_dice

    profile, frame, truth = _outline_scene(foreign_sets, 66, 45)
    reading = read_dice(dice_config({"max_dice": 5, "dice_in_play": 5}), profile, frame)
    assert reading.status == "ok", reading
    far = min(reading.dice, key=lambda d: math.dist(d.center, (959, 283)))
    assert far.face == "shield" and far.confidence >= 0.5, reading
    assert Counter(d.face for d in reading.dice) == Counter(w["face"] for w in truth), reading


def test_a_shadow_cut_as_a_die_beside_its_top_is_unsure(foreign_sets):
    # Foreign pips 56 (teach seed 1056), scene 26 (the tenth session's held-out start): a far
    # white 5 seen obliquely; its soft shadow on the felt, joined to its blob, was cut as a
    # second die beside its top by the scan (a 2 at 0.75, searched 0.75, placed 0.00). Only
    # "too-many" (6 dice found of 5) kept it from "ok"; with a die fewer on the table it
    # would have read a 2 that is not there. The placed read cannot tell the 2 from another
    # face and the search is short of check_confidence: unsure. (The finder now leaves such
    # a shadow out, `shade_chroma`: turned off here, the reader's check is what is tested.)
    from vision.config import dice_config
    from vision.images import load_bgr
    from vision.reader import read_dice

    path, truth = foreign_sets.scene("pips", 56, 26)
    profile = foreign_sets.profile("pips", 1056)
    config = dice_config({"max_dice": 5, "dice_in_play": 5, "shade_chroma": 0.0})
    reading = read_dice(config, profile, load_bgr(path))
    assert reading.status == "unreadable", reading
    for d in reading.dice:
        w = min(truth, key=lambda w: math.dist(w["center"], d.center))
        assert d.face == w["face"] or d.confidence < 0.5, (d, w, reading)
    side = min(reading.dice, key=lambda d: math.dist(d.center, (792, 189)))
    assert math.dist(side.center, (792, 189)) < 10 and side.confidence < 0.5, reading


def test_a_dies_shadow_on_the_table_is_not_a_die(foreign_sets):
    # The same scene: the shadow's cut is the felt's own green, 0.57 of its brightness, where
    # a die's top is its own body lit (vision.finder._table_in_shade): left out, the frame
    # reads "ok", every face right.
    from vision.config import dice_config
    from vision.images import load_bgr
    from vision.reader import read_dice

    path, truth = foreign_sets.scene("pips", 56, 26)
    profile = foreign_sets.profile("pips", 1056)
    reading = read_dice(dice_config({"max_dice": 5, "dice_in_play": 5}), profile, load_bgr(path))
    assert reading.status == "ok", reading
    assert sorted(d.face for d in reading.dice) == sorted(w["face"] for w in truth), reading
    for d in reading.dice:
        w = min(truth, key=lambda w: math.dist(w["center"], d.center))
        assert d.face == w["face"] and math.dist(w["center"], d.center) < 10, (d, w, reading)


def test_a_slate_die_darker_than_the_table_is_not_its_shade(foreign_sets):
    # Foreign outline 10 (teach seed 1010), scene 41: a far slate die on wood, its top 0.52
    # of the table's brightness, among the dev sets' true dice nearest the table's
    # chromaticity (0.094 off it; the nearest, outline 12 #39, 0.087; shadows 0.004-0.024):
    # read, "ok". Were chromaticity up to 0.1 taken for shade it would be left out and the
    # frame refused for the count.
    from vision.config import dice_config
    from vision.reader import read_dice

    profile, frame, truth = _outline_scene(foreign_sets, 10, 41)
    reading = read_dice(dice_config({"max_dice": 5, "dice_in_play": 5}), profile, frame)
    assert reading.status == "ok", reading
    for d in reading.dice:
        w = min(truth, key=lambda w: math.dist(w["center"], d.center))
        assert d.face == w["face"], (d, w, reading)
    wide = dice_config({"max_dice": 5, "dice_in_play": 5, "shade_chroma": 0.1})
    assert read_dice(wide, profile, frame).reason == "missing"


def test_a_far_slate_die_cut_with_its_side_face_is_cut_again_at_full_size(foreign_sets):
    # Outline seed 1 (teach seed 1001), scene 29: a far slate die's top and the side face
    # below it are near one colour at the finder's half size, and the top cut took in both
    # (its best match 2+ typical distances from every face): the die was read with
    # confidence 0 and the image "uncertain". A top that matches no face even loosely is cut
    # again at full size and kept when that matches a taught face more closely
    # (vision.finder._fitter_tops).
    _scene_read_right(foreign_sets, 1001, 1, 29)


def test_a_slate_dies_top_cut_with_its_side_face_is_found_by_a_wider_look(foreign_sets):
    # Outline seed 3 (teach seed 1003), scene 13: a far skull's top and the side face below
    # it are one colour, and the top cut took in both, at full size as at half (centred 10 px
    # low, a fifth too large): its best match was 2.2 typical distances off every face, so it
    # was not searched and the image was "uncertain". A top cut that fits no face is cut out
    # again shifted and smaller around it, each face at its own best cut
    # (vision.reader._wide_look), and the teach set's doubt still decides.
    _scene_read_right(foreign_sets, 1003, 3, 13)


@pytest.mark.parametrize(
    ("seed", "scene"),
    [
        # a blue bubble cut at 31 px where the frame's dice are 36: the search read it (0.84)
        pytest.param(12, 55, id="read_by_the_search"),
        # a far orange bubble read loosely (1.41 typical distances), confirmed by the search
        pytest.param(4, 58, id="confirmed_by_the_search"),
    ],
)
def test_a_die_cut_smaller_than_expected_is_checked_at_that_size_by_the_search(
    foreign_sets, seed, scene
):
    # Foreign outline seeds 12 and 4 (teach seed +1000): each die's cut was smaller than
    # 0.9 of the size expected where it lies, so it had to read the same face with
    # confidence cut at that size (vision.reader._at_expected_size); one cut there read no
    # face with confidence and a die the search read right was made unsure (seed 12: as
    # unsure and streaked, "blurred"; seed 4: "uncertain"). That cut is now searched around
    # too, as the die's own cut was.
    _scene_read_right(foreign_sets, 1000 + seed, seed, scene)


@pytest.mark.parametrize(
    ("seed", "scene"),
    [
        # two slate dice touching, one blob: the colour cut found the top of one of them
        pytest.param(2, 4, id="two_dice_in_one_blob"),
        # a skull whose print parts its top's colour: the cut found no top in its blob, and
        # a small square beside it matched no face
        pytest.param(7, 30, id="a_print_at_the_tops_edge"),
    ],
)
def test_a_slate_die_the_colour_cut_missed_is_found_by_the_taught_faces(foreign_sets, seed, scene):
    # Foreign outline seeds 2 and 7 (teach seed +1000), both "missing" on main: a blob with
    # room for a die more than the tops cut out of it that match a taught face is searched
    # by the taught faces themselves (vision.finder._scanned_tops).
    _scene_read_right(foreign_sets, 1000 + seed, seed, scene)


def test_a_die_between_the_scans_cuts_is_found_at_a_neighbouring_cuts_turn(foreign_sets):
    # Foreign outline seed 4 (teach seed 1004), scene 45: a blue bubble touching an orange
    # bubble's top, one blob; the scan's nearest grid cut (turned 0 degrees) fitted 1.65
    # typical distances and, measured finer, 1.62 (beyond `scan_fit`): "missing". The next
    # cut a grid step away, turned 45 degrees, fitted 1.76 and finer 0.93: the nearest cuts
    # at the best place and its neighbours are each measured finer (`scan_refined`).
    _scene_read_right(foreign_sets, 1004, 4, 45)


def test_the_scan_measures_finer_no_cut_at_another_place(foreign_sets):
    # Foreign outline seed 6 (teach seed 1006), scene 42: the skull's top was cut with its
    # side face and read by the wide look (0.94). The blob's second-nearest scan cut, most
    # of a side lower, took in the skull's front side face over the felt; measured finer it
    # fitted an orange bubble at 1.20 and read "ok" with it at 0.97 instead of the skull. Only
    # the cuts a grid step around the nearest one are measured finer.
    # The skull's wide-look read is at the edge of confidence: the same teach set taught with
    # another random draw (seed 1) reads it at 0.06, and so does it with the orange bubble cut
    # at its shadow left out (`teach_print`, 0.00). The profile this guard was made on is kept
    # (teach_print 0: the teach as it was), so the test stays about the scan's cuts.
    _scene_read_right(foreign_sets, 1006, 6, 42, teach_overrides={"teach_print": 0.0})


def test_a_side_face_over_the_table_is_no_top_for_the_scan(foreign_sets):
    # Foreign outline seed 16 (teach seed 1016), scene 43: two cuts of the scan, one over a
    # shield's front side face and the felt below it, one between two blue bubbles, fitted an
    # orange bubble within `scan_fit` and read at 0.96-0.98: seven dice, "too-many". Their
    # print contrast was 26 and 31 where the frame's tops held 51 or more: a scanned top must
    # hold a print as strong as `scan_print` of the least the frame's tops hold.
    _scene_read_right(foreign_sets, 1016, 16, 43)


def test_two_slate_dice_in_one_blob_are_searched_by_the_share_the_frames_blobs_show(
    foreign_sets,
):
    # Foreign outline 66 (teach seed 1066), scene 46: a slate orange bubble and a slate blue
    # shield side by side on green felt, their tops, side faces and shadows one blob. The
    # teach pictures show a die's blob 2.2 tops large; this frame's four blobs of one die
    # show 1.6-1.7, so by the taught share the blob had room for 0.58 dice more, under
    # `scan_room`, and the shield was never searched ("missing"). By the frame's own share
    # (vision.finder._blob_share) the scan finds its top; its thin blue print holds 0.73 of
    # the frame's orange and skull prints, but 1.09 of theirs each against its own face's
    # taught least (`_faint`): a top, read "ok", every face right.
    _scene_read_right(foreign_sets, 1066, 66, 46)


def test_by_the_taught_share_alone_the_second_slate_die_is_not_searched(foreign_sets):
    # The same scene with `scan_own_blobs` 0: the shield's blob is not searched, the frame is
    # refused for the count.
    from vision.config import dice_config
    from vision.reader import read_dice

    profile, frame, _ = _outline_scene(foreign_sets, 66, 46)
    config = dice_config({"max_dice": 5, "dice_in_play": 5, "scan_own_blobs": 0})
    assert read_dice(config, profile, frame).reason == "missing"


def test_a_blob_whose_top_the_scan_found_is_no_die_without_a_top(foreign_sets):
    # Foreign outline seed 8 (teach seed 1008), scene 55: the colour cut found no top in a
    # far orange bubble's blob ("uncertain"), then the scan by the taught faces found its top
    # and read it at 1.00: five dice and one issue more, "too-many". A die's blob with a
    # scanned top on it is that die (vision.finder._under_a_top).
    _scene_read_right(foreign_sets, 1008, 8, 55)


def test_a_far_dies_shadow_is_not_read_as_a_face_with_confidence(foreign_sets):
    # Foreign outline seed 14 (teach seed 1014), scene 0: two far dice (an orange bubble and a
    # shield) on green felt were cut out at their shadows, below-right of each, and the green
    # against the dark shadow read as blue bubbles at 0.62 and 1.00 (the image refused only
    # because a third die was unsure). Their print holds about half the weakest taught blue
    # bubble's: under `print_floor` of it a die is unsure. (The finder now leaves the shadow
    # out, its colour the felt's in shade, `shade_chroma`: turned off here for the floor.)
    import numpy as np

    from vision.config import dice_config
    from vision.images import load_bgr
    from vision.reader import read_dice

    path, want = foreign_sets.scene("outline", 14, 0)
    profile = foreign_sets.profile("outline", 1014)
    frame = load_bgr(path)
    config = {"max_dice": 5, "dice_in_play": 5, "shade_chroma": 0.0}

    def shadows(overrides):
        return [
            d
            for d in read_dice(dice_config({**config, **overrides}), profile, frame).dice
            if min(np.hypot(d.center[0] - w["center"][0], d.center[1] - w["center"][1])
                   for w in want) > 15
        ]  # fmt: skip

    # (without the floor a shadow is read with confidence: the scene still shows it. Since
    # the shadow step reaches 2 body-hue tolerances (vision.config "step_hue") the other
    # shadow, at (267, 597), is cut out as no die at all; at 1 it read 0.62 without the floor.)
    low = dice_config()["min_confidence"]
    assert [d.face for d in shadows({"print_floor": 0.0})
            if d.confidence >= low] == ["bubble-blue"]  # fmt: skip
    found = shadows({})
    assert found and all(d.confidence < low for d in found), found
    assert not shadows({"shade_chroma": dice_config()["shade_chroma"]})


@pytest.mark.parametrize(
    ("seed", "scene"),
    [pytest.param(7, 45, id="an_orange_bubble"), pytest.param(10, 4, id="a_skull")],
)
def test_a_near_die_whose_side_runs_off_the_frame_is_read_not_cut(foreign_sets, seed, scene):
    # Foreign outline seeds 7 and 10 (teach seed +1000): a near slate die at the bottom of
    # the frame, its top 13 and 30 px clear of the edge, its side face and shadow running
    # off it: the blob touched the edge and the image was refused as "cut". The top cut out
    # of such a die-sized blob is whole (vision.finder.find_dice, edge_die).
    _scene_read_right(foreign_sets, 1000 + seed, seed, scene)


def test_a_die_whose_top_runs_off_the_frame_is_still_cut(foreign_sets):
    # The same skull as above (outline seed 10, scene 4) with the picture moved 40 px down:
    # its top now runs off the frame's bottom edge, and the image must not be "ok".
    import numpy as np

    from vision.config import dice_config
    from vision.images import load_bgr
    from vision.reader import read_dice

    path, _ = foreign_sets.scene("outline", 10, 4)
    profile = foreign_sets.profile("outline", 1010)
    frame = load_bgr(path)
    moved = np.concatenate([np.repeat(frame[:1], 40, axis=0), frame[:-40]])
    config = dice_config({"max_dice": 5, "dice_in_play": 5})
    reading = read_dice(config, profile, np.ascontiguousarray(moved))
    assert reading.status == "unreadable" and reading.reason in ("cut", "missing"), reading


@pytest.mark.parametrize(
    ("seed", "scene"),
    [pytest.param(6, 19, id="top_left_corner"), pytest.param(17, 31, id="right_edge")],
)
def test_a_chevron_of_wood_grain_running_off_the_frame_is_no_cut_die(foreign_sets, seed, scene):
    # Foreign outline seeds 6 and 17 (teach seed +1000): five dice read right, and a dark
    # chevron of the wood's grain at the frame's edge, die-coloured and a fifth of a die's
    # area, was taken for a cut die ("cut"). A die cut by the frame's straight edge is nearly
    # convex (0.71-0.97 of its hull); the chevron covers 0.44 of its hull
    # (vision.config "cut_solid").
    _scene_read_right(foreign_sets, 1000 + seed, seed, scene)


def test_a_fold_of_rippled_cloth_running_off_the_frame_is_no_cut_die(foreign_sets):
    # Foreign outline seed 72 (teach seed 1072), scene 13: five dice read right, and a dark
    # fold of the brown rippled cloth running off the frame's left edge, die-coloured, a
    # chevron's tip (its arms at the edge, 0.61 of its hull), was taken for a cut die ("cut").
    # What its hull holds between the arms is the cloth: 0.33 of the hull of the cloth's
    # colour around it, where a die cut by the frame holds its print there (vision.config
    # "cut_table"; above 1 it is off, and the image "cut" as before).
    from vision.config import dice_config
    from vision.images import load_bgr
    from vision.reader import read_dice

    _scene_read_right(foreign_sets, 1072, 72, 13)
    path, _ = foreign_sets.scene("outline", 72, 13)
    off = dice_config({"max_dice": 5, "dice_in_play": 5, "cut_table": 2.0})
    reading = read_dice(off, foreign_sets.profile("outline", 1072), load_bgr(path))
    assert (reading.status, reading.reason) == ("unreadable", "cut"), reading


@pytest.mark.parametrize(
    ("scene", "rows"),
    [
        # an orange bubble whose top the bottom edge cuts through its print (0.82 of its hull,
        # 0.05 of the hull of the table's colour: the most of 85 cut dice measured)
        pytest.param(11, (98, 622), id="print_at_the_edge"),
        # a blue bubble cut through its symbol's ring, the die's blob an arch round it (0.62 of
        # its hull: as concave as the fold above)
        pytest.param(28, (144, 576), id="an_arch_round_the_print"),
    ],
)
def test_a_die_cut_through_its_print_by_the_frame_is_still_cut(foreign_sets, scene, rows):
    # Foreign outline seed 31 (teach seed 1031), the frame cropped above and below alike (its
    # centre, and so the taught size slope, where it was) so that the bottom edge runs through
    # a die's top: refused "cut", as without `cut_table` (which, set under the hull's share of
    # the table's colour, takes the first for table).
    import numpy as np

    from vision.config import dice_config
    from vision.images import load_bgr
    from vision.reader import read_dice

    path, _ = foreign_sets.scene("outline", 31, scene)
    profile = foreign_sets.profile("outline", 1031)
    frame = np.ascontiguousarray(load_bgr(path)[rows[0] : rows[1]])
    config = {"max_dice": 5, "dice_in_play": 5}
    reading = read_dice(dice_config(config), profile, frame)
    assert (reading.status, reading.reason) == ("unreadable", "cut"), reading
    if scene == 11:
        loose = read_dice(dice_config({**config, "cut_table": 0.04}), profile, frame)
        assert loose.reason != "cut", loose


def test_the_outline_scenes_once_read_wrong_with_confidence_are_not(foreign_sets, capsys):
    # Reproductions of the confident wrong readings seen (seed 1, 60 outline scenes), each an
    # image "ok" with --dice 5: in scene 10 two orange speech bubbles read as orange skulls
    # (confidence 0.96 and 0.64; the teach set shows these faces can be nearer each other than
    # themselves, so a margin that small is no longer believed); in scene 28 a shield read as
    # a blue bubble after the second look's search over cuts (its smaller best distance left
    # the teach set's own mistakes out of the doubt).
    s = _teach_then_read(
        foreign_sets, capsys, "outline", {"seed": 1001, "per_face": 2}, {"seed": 1, "count": 29},
        "--dice", "5",
    )  # fmt: skip
    assert s.wrong_ok == 0, s.line()


def test_a_die_read_with_little_confidence_must_read_the_same_at_a_second_look(
    foreign_sets, capsys
):
    # Seen once (pips seed 3, teach seed 1003, scene 3, once the teach step's body colours
    # left the wood out): a 4 read as a 5 with confidence 0.54 made the picture "ok". A die
    # read with less than `check_confidence` (or matched loosely) is cut out again around
    # its box (the second look); when that reads another face, the die is unsure.
    s = _teach_then_read(
        foreign_sets, capsys, "pips", {"seed": 1003, "per_face": 2}, {"seed": 3, "count": 4},
        "--dice", "5",
    )  # fmt: skip
    assert s.wrong_ok == 0, s.line()


GAP = (
    "known gap (docs/vision-log.md, branches symbol and place): pips seeds 1-36 x 60 scenes "
    "read 96.7-100 % (99.40 % in all) of dice right, outline seeds 1-36 96.7-100 % (98.56 % "
    "in all; 31 of 2160 images refused) before dice were placed by the taught faces; the "
    "sets re-read with placing (outline 20 sets, most with refusals; pips 17): outline "
    "98.50 -> 98.83 %, pips 99.41 -> 99.61 %, 0 wrong ok; 0-3.3 % of images stay unreadable (faces "
    "read without confidence, a die's blob called cocked, dice missed or a side face taken "
    "for a die)"
)


def test_the_six_scene_foreign_sets_read_as_well_as_the_issue_asks(readings, capsys):
    # Issue #6 goals: >= 99.5 % of dice read correctly, <= 3 % of images unreadable. The
    # pips set's 6 scenes pass since a hard shadow's edge across a die is divided out
    # (vision.faces._shadow_step), the outline set's since a die the check looks at again is
    # also placed by the taught faces (vision.reader.placed). Six scenes are what a test can
    # afford, not the goal's measure: the larger measured sets (GAP, the README's held-out
    # rows) are still short of it, and issue #6 stays open on them.
    style, folder, truth, profile = readings
    s = _read(capsys, folder, truth, profile, "--dice", "5")
    assert s.accuracy >= 0.995 and s.unreadable_rate <= 0.03, f"{s.line()}; {GAP}"


def test_teach_with_an_empty_face_folder_says_which(tmp_path, capsys):
    write_teach(tmp_path / "teach", "pips", seed=7300, per_face=1, crops=0)
    for p in (tmp_path / "teach" / "4").iterdir():
        p.unlink()
    rc, _, err = _run(
        capsys, "dice", "teach", str(tmp_path / "teach"), "--out", str(tmp_path / "p")
    )
    assert rc == 1 and len(err.strip().splitlines()) == 1
    assert "4" in err and "no images" in err
    assert not (tmp_path / "p").exists()


def test_teach_with_no_dice_visible_says_which_face(tmp_path, capsys):
    import cv2
    import numpy as np

    # Photos of the felt with no die on them: not a crop of a die either (a 1280x720 picture).
    for k, face in enumerate(("shield", "skull")):
        (tmp_path / "teach" / face).mkdir(parents=True)
        empty, _ = render(np.random.default_rng(k), [], "outline", "felt")
        cv2.imwrite(str(tmp_path / "teach" / face / "table.jpg"), empty)
    rc, _, err = _run(
        capsys, "dice", "teach", str(tmp_path / "teach"), "--out", str(tmp_path / "p")
    )
    assert rc == 1 and len(err.strip().splitlines()) == 1
    assert "no die found" in err and "'shield'" in err
    assert not (tmp_path / "p").exists()


def _pictures_only(folder) -> dict:
    """A teach folder's pictures of five dice on the table, its crops left out: what the
    README asks a player for ("put all 5 dice on the table with the same face up")."""
    return {d.name: sorted(d.glob("five-*.jpg")) for d in sorted(folder.iterdir())}


def test_a_face_the_colour_cut_finds_no_die_of_is_taught_from_its_blobs_tops(foreign_sets):
    # Foreign outline 76 (teach seed 1076), its pictures without the crops: small slate dice
    # seen obliquely whose two dark side faces hold more pixels than the top's plain body.
    # The teach's colour cut took the sides' colour for the body and found no die in either
    # picture of the skull, and the teach refused ("no die found in the images of the face
    # 'skull'"). That face's pictures are looked at again, each blob cut at its top as the
    # reader cuts a die seen obliquely (vision.teach._looked_again).
    from collections import Counter

    from vision.config import dice_config
    from vision.images import load_bgr
    from vision.reader import read_dice
    from vision.teach import teach

    profile = teach(_pictures_only(foreign_sets.teach_dir("outline", 1076)))
    assert profile.faces == ("bubble-blue", "bubble-orange", "shield", "skull")
    skull = profile.faces.index("skull")
    assert (profile.labels == skull).sum() > 0
    assert 20 < profile.side_range[0] and profile.side_range[1] < 60, profile.side_range
    config = dice_config({"max_dice": 5, "dice_in_play": 5})
    folder, truth = foreign_sets.scenes("outline", 76, 8)
    for name, want in truth.items():
        reading = read_dice(config, profile, load_bgr(folder / name))
        assert reading.status == "ok", (name, reading)
        assert Counter(d.face for d in reading.dice) == Counter(w["face"] for w in want), name


def test_a_teach_that_finds_a_die_of_every_face_looks_at_no_blob_again(foreign_sets, monkeypatch):
    # The blob pass moves the colour model of every teach it touches, and with it what the
    # reader cuts (two pinned cocked piles read "ok" when every teach took it: vision-log,
    # fifteenth session, teach76b): it is only a second try where a face would be refused.
    import vision.teach

    def never(*_):
        raise AssertionError("a teach that found a die of every face looked again")

    monkeypatch.setattr(vision.teach, "_blob_tops", never)
    folder = foreign_sets.teach_dir("outline", 7100, per_face=1, crops=1)
    assert len(vision.teach.teach(folder).faces) == 4


def test_a_teach_die_cut_at_its_plain_side_face_is_left_out_and_said(foreign_sets):
    # Foreign pips seed 3's teach set (teach seed 1003): in 3/five-0.jpg a white 3 seen
    # obliquely, which the colour cut missed, was cut by the teach step's second look at its
    # plain grey side face (print 2.5 where the face's other dice held 20-35). Taught as a 3
    # it set the face's print floor at 2.5, which checks nothing. It is left out, and said.
    from vision.profile import DiceProfile
    from vision.teach import teach

    folder = foreign_sets.teach_dir("pips", 1003)
    # (the run's `companion dice teach` of the set, exit status 0, and what it wrote to
    # stderr: test_a_die_read_with_little_confidence… reads with the same profile)
    profile = foreign_sets.profile_file("pips", 1003)
    err = foreign_sets.teach_said("pips", 1003)
    warned = [line for line in err.splitlines() if line.startswith("warning:")]
    assert len(warned) == 1 and "3/five-0.jpg" in warned[0] and "'3'" in warned[0], err
    assert "cut off its top" in warned[0] and "left out" in warned[0]
    three = DiceProfile.load(profile).faces.index("3")
    assert DiceProfile.load(profile).least_print[three] > 20
    # (without the check the side face is taught: the set still shows the mis-cut; the
    # print floor is set before the teach set's placed mistakes are made, so that teach
    # places nothing: pips 1003's profile is the same but for placed_mistakes, at a quarter
    # of its CPU)
    before = teach(folder, overrides={"teach_print": 0.0, "place_reach": 0.0})
    assert before.least_print[three] < 5


def test_teach_with_a_file_that_is_not_an_image_names_it(tmp_path, capsys):
    write_teach(tmp_path / "teach", "pips", seed=7500, per_face=1, crops=0)
    bad = tmp_path / "teach" / "2" / "notes.jpg"
    bad.write_text("these are my dice")
    rc, _, err = _run(
        capsys, "dice", "teach", str(tmp_path / "teach"), "--out", str(tmp_path / "p")
    )
    assert rc == 1 and len(err.strip().splitlines()) == 1
    assert "notes.jpg" in err and "not an image" in err
    assert not (tmp_path / "p").exists()


def test_the_teach_step_measures_how_far_dice_look_smaller():
    # Dice laid at known places on a table seen obliquely: ln(side) grows by 0.0006 per px
    # down the frame (the foreign scenes' 20-30 degree camera measured 0.00056-0.00069),
    # each picture at its own scale; the fit recovers the slope, and pictures of one die
    # each (crops) teach none.
    import numpy as np

    from vision.teach import _size_slope

    rng = np.random.default_rng(61)
    placed = []
    for _ in range(8):
        scale = rng.uniform(30, 45)
        xy = rng.uniform((0, 0), (1280, 720), (5, 2))
        sides = scale * np.exp(0.0006 * (xy[:, 1] - 360) + rng.normal(0, 0.02, 5))
        placed.append([(x, y, s) for (x, y), s in zip(xy, sides, strict=True)])
    gx, gy = _size_slope(placed)
    assert abs(gx) < 0.0001 and abs(gy - 0.0006) < 0.0001, (gx, gy)
    assert _size_slope([[(640.0, 360.0, 40.0)]] * 8) == (0.0, 0.0)


def test_a_far_dies_part_cut_smaller_than_expected_there_is_not_read_with_confidence(
    foreign_sets,
):
    # Pips seed 4 (teach seed 1004), scene 26: a far 4 (top at y 180) was cut out as a 26 px
    # square, 0.82 of the size expected where it lies, holding two of its pips: read as a 2
    # with confidence 0.98 once the one-size check let far dice be smaller (vision.finder
    # perspective). Cut out at the size expected there it reads no face with confidence, so
    # it is unsure (vision.reader._at_expected_size) and the image is not "ok" with a 2.
    from vision.config import dice_config
    from vision.images import load_bgr
    from vision.reader import read_dice

    path, truth = foreign_sets.scene("pips", 4, 26)
    profile = foreign_sets.profile("pips", 1004)
    assert profile.size_slope[1] > 0.0004  # far (up the frame) dice look smaller
    frame = load_bgr(path)
    reading = read_dice(dice_config({"max_dice": 5, "dice_in_play": 5}), profile, frame)
    faces = sorted(d.face for d in reading.dice)
    assert reading.status != "ok" or faces == sorted(t["face"] for t in truth)
    far = [d for d in reading.dice if abs(d.center[0] - 543) < 6 and abs(d.center[1] - 180) < 6]
    assert not far or far[0].face == "4" or far[0].confidence < 0.5, far


def test_a_far_pip_top_cut_short_at_half_size_is_cut_again_at_full_size(foreign_sets):
    # Pips seed 4 (teach seed 1004), scenes 8 and 26: a far red 4 whose white pips, blurred
    # into its body at the finder's half size, cut the top's colour short of two of its
    # edges: the half-size cut held two pips (26 px against 32 expected where it lies) and
    # the image was "uncertain" (before that, read as a 2). A top that much smaller than the
    # frame's dice is cut again at full size, which outlines the whole top
    # (vision.finder._full_size_tops): both images now read "ok", every die right.
    spots = {8: (686, 189), 26: (541, 177)}
    _far_4s_read_ok(foreign_sets, teach_seed=1004, seed=4, spots=spots, confident=True)


def test_far_pip_tops_are_made_square_again_before_they_are_read(foreign_sets):
    # Pips seed 1 (teach seed 1001), scenes 10 and 12: a far white 4 (tops at y 143 and 124),
    # seen by the oblique camera a quarter flatter than it is wide and turned 12-52 degrees,
    # is a sheared rhombus that the teach set's 4s (nearer, turned otherwise) did not match:
    # it read nearer a 5 (1.27 against 1.40 typical distances) and the image was "uncertain".
    # Teach and read now cut every top out made square again (the shape its second moments
    # show, fitted over the frame: vision.finder._unsquash, _frame_shapes): both read "ok".
    spots = {10: (905, 143), 12: (364, 124)}
    _far_4s_read_ok(foreign_sets, teach_seed=1001, seed=1, spots=spots, confident=False)


def _far_4s_read_ok(foreign_sets, *, teach_seed, seed, spots, confident):
    """Pips scenes of seed `seed` after the teach of `teach_seed`: each scene of `spots` reads
    "ok" with every die right, and its die at the spot (x, y) is a 4 (with confidence ≥ 0.5
    when `confident`)."""
    from vision.config import dice_config
    from vision.images import load_bgr
    from vision.reader import read_dice

    profile = foreign_sets.profile("pips", teach_seed)
    config = dice_config({"max_dice": 5, "dice_in_play": 5})
    for scene, (x, y) in spots.items():
        path, truth = foreign_sets.scene("pips", seed, scene)
        reading = read_dice(config, profile, load_bgr(path))
        assert reading.status == "ok", (scene, reading.reason, reading.dice)
        assert sorted(d.face for d in reading.dice) == sorted(t["face"] for t in truth)
        far = [d for d in reading.dice if abs(d.center[0] - x) < 6 and abs(d.center[1] - y) < 6]
        assert far and far[0].face == "4", (scene, far)
        assert not confident or far[0].confidence >= 0.5, (scene, far)


def test_an_unsure_die_is_raised_only_by_a_placed_read_that_needs_no_check(foreign_sets):
    # Foreign outline seed 81 (teach seed 1081; the fourteenth session's held-out start),
    # scene 2: a far slate shield cut with its side face, read a blue bubble at 0.00 by its
    # wide look and placed a blue bubble at 0.53. The placed read, naming the face the
    # unsure read named, raised it over the bar, where nothing checks it again; only the
    # expected-size rule (`size_reread`) kept the frame from "ok" with a blue bubble for the
    # shield. With that rule off, the die stays unsure: an unsure read is raised only by a
    # placed read that needs no check (`check_confidence`).
    from vision.config import dice_config
    from vision.images import load_bgr
    from vision.profile import DiceProfile
    from vision.reader import read_dice

    path, truth = foreign_sets.scene("outline", 81, 2)
    profile = DiceProfile.load(foreign_sets.profile_file("outline", 1081))
    config = dice_config({"max_dice": 5, "dice_in_play": 5, "size_reread": 0.0})
    reading = read_dice(config, profile, load_bgr(path))
    far = [d for d in reading.dice if math.dist(d.center, (435.0, 134.0)) < 20]
    assert not any(d.face == "bubble-blue" and d.confidence >= 0.5 for d in far), reading
    if reading.status == "ok":
        assert sorted(d.face for d in reading.dice) == sorted(t["face"] for t in truth)


def test_a_far_blue_bubble_read_a_shield_by_every_look_is_never_ok(foreign_sets):
    # Foreign outline seed 104 (teach seed 1104; the eighteenth session's held-out start),
    # scene 15: a far slate blue bubble, its tail faint at the top's edge, read a shield at
    # 0.92 by its first cut (1.08 typical distances; the bubble 1.44) and at 0.92 by the
    # search: "ok" with a shield for the bubble. Its placed read names the shield with no
    # confidence, at the first cut itself: no cut within reach fits any face closer. Right
    # dice read as loosely and placed unsure were placed closer (0.48-0.96 of the first
    # cut's distance), so such a die is unsure (vision.reader._unless_placed_nowhere_closer;
    # nineteenth session).
    # Holding every first read that loose to an unsure placed read refused 12 right images
    # of outline 79 and 7 of outline 93 (eighteenth session): not that.
    from vision.config import dice_config
    from vision.images import load_bgr
    from vision.profile import DiceProfile
    from vision.reader import read_dice

    path, truth = foreign_sets.scene("outline", 104, 15)
    profile = DiceProfile.load(foreign_sets.profile_file("outline", 1104))
    config = dice_config({"max_dice": 5, "dice_in_play": 5})
    reading = read_dice(config, profile, load_bgr(path))
    far = [d for d in reading.dice if math.dist(d.center, (974.0, 103.0)) < 20]
    assert far and far[0].confidence < 0.5, reading
    assert reading.status != "ok", reading
    # (the read that was "ok": off, the die is read a shield with confidence again)
    off = dice_config({"max_dice": 5, "dice_in_play": 5, "loose_placed": False})
    loose = read_dice(off, profile, load_bgr(path))
    assert loose.status == "ok" and "shield" in [d.face for d in loose.dice], loose
