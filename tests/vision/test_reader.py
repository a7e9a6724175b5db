"""Teach -> read round trip on rendered sets, every unreadable reason, the BGR pixel format."""

import cv2
import numpy as np
import pytest

from vision.config import dice_config
from vision.errors import BadConfig
from vision.reader import read_dice
from vision.render import SceneSpec, render_scene

CONFIG = dice_config()


def _clean(seed, **kw):
    spec = SceneSpec(effects=False, distractors=False, **kw)
    return render_scene(np.random.default_rng(seed), spec)


def test_teach_learns_the_faces_the_folders_name(pow_profile):
    assert sorted(pow_profile.faces) == ["bubble-blue", "bubble-orange", "shield", "skull"]
    lo, hi = pow_profile.side_range
    assert 30 < lo <= hi < 110


@pytest.mark.parametrize("seed", [201, 202, 203])
def test_round_trip_reads_every_die_and_its_kept_flag(pow_profile, seed):
    scene = _clean(seed)
    reading = read_dice(CONFIG, pow_profile, scene.image)
    assert reading.status == "ok", reading
    assert len(reading.dice) == len(scene.dice)
    for truth in scene.dice:
        die = min(
            reading.dice,
            key=lambda d: np.hypot(d.center[0] - truth.center[0], d.center[1] - truth.center[1]),
        )
        assert (
            np.hypot(die.center[0] - truth.center[0], die.center[1] - truth.center[1])
            < truth.side / 3
        )
        assert die.face == truth.face
        assert die.kept == truth.kept
        assert 0.5 <= die.confidence <= 1.0


@pytest.mark.parametrize("case", ["cut", "blurred", "cocked", "too-many"])
def test_every_unreadable_case_gives_its_reason(pow_profile, case):
    hits = 0
    for seed in (301, 302, 303):
        reading = read_dice(CONFIG, pow_profile, _clean(seed, case=case).image)
        assert reading.status == "unreadable", (seed, reading)
        hits += reading.reason == case
    assert hits >= 2  # the reason is right on most; unreadable on all


def test_max_dice_sets_how_many_are_in_play(pow_profile):
    scene = _clean(301, case="too-many")
    assert len(scene.dice) > 5
    assert read_dice(CONFIG, pow_profile, scene.image).reason == "too-many"
    many = dice_config({"max_dice": 25})
    assert read_dice(many, pow_profile, scene.image).reason != "too-many"


def test_a_face_never_taught_is_uncertain_not_misread(pow_teach_dir):
    # Teach without the skull: a skull on the table must not be read as another face.
    from vision.teach import teach

    # (one picture a face: what is claimed is of the face not taught, not of the set's size)
    folders = {
        p.name: sorted(p.iterdir())[:1] for p in pow_teach_dir.iterdir() if p.name != "skull"
    }
    profile = teach(folders)
    scene = _clean(305, faces=("skull", "shield", "shield", "bubble-blue", "bubble-orange"))
    reading = read_dice(CONFIG, profile, scene.image)
    assert reading.status == "unreadable" and reading.reason == "uncertain"


def test_frames_are_bgr_a_swapped_frame_reads_differently(pow_profile):
    scene = _clean(306, faces=("bubble-blue",))
    bgr = read_dice(CONFIG, pow_profile, scene.image)
    assert bgr.status == "ok" and {d.face for d in bgr.dice} == {"bubble-blue"}
    rgb = read_dice(CONFIG, pow_profile, np.ascontiguousarray(scene.image[:, :, ::-1]))
    assert not (rgb.status == "ok" and {d.face for d in rgb.dice} == {"bubble-blue"})


def test_a_frame_that_is_not_bgr_uint8_is_refused(pow_profile):
    with pytest.raises(ValueError, match="BGR uint8"):
        read_dice(CONFIG, pow_profile, np.zeros((720, 1280), np.uint8))
    with pytest.raises(ValueError, match="BGR uint8"):
        read_dice(CONFIG, pow_profile, np.zeros((720, 1280, 3), np.float32))


def test_a_config_typo_is_an_error():
    with pytest.raises(BadConfig, match="min_confidance"):
        dice_config({"min_confidance": 0.9})


def test_the_shipped_default_profile_reads_rendered_pow_dice():
    from vision.profile import default_profile

    scene = _clean(307)
    reading = read_dice(CONFIG, default_profile(), scene.image)
    assert sorted(d.face for d in reading.dice) == sorted(d.face for d in scene.dice)


def test_a_die_cut_out_off_centre_is_read_on_a_second_look(pow_profile):
    # The finder's box can sit a seventh of a side off (a die half in shade, dice touching):
    # the second look cuts the die out again around it and every face gets its best cut.
    from dataclasses import replace

    from vision.faces import descriptor, face_distances, face_patch, match
    from vision.finder import find_dice
    from vision.reader import _second_look

    scene = _clean(308)
    for truth in scene.dice:
        die = min(
            find_dice(CONFIG, pow_profile, scene.image).dice,
            key=lambda c: np.hypot(c.center[0] - truth.center[0], c.center[1] - truth.center[1]),
        )
        off = replace(die, center=(die.center[0] + die.side / 7, die.center[1] - die.side / 7))
        patch = face_patch(scene.image, off.center, off.side, off.angle, pow_profile.patch)
        first = match(CONFIG, pow_profile, descriptor(patch, step_hue=pow_profile.step_hue)[None])[
            0
        ]
        second = _second_look(
            CONFIG,
            pow_profile,
            scene.image,
            off,
            (off.side,),
            face_distances(pow_profile, descriptor(patch, step_hue=pow_profile.step_hue)[None])[0],
        )
        assert pow_profile.faces[second.face] == truth.face
        assert second.best < first.best


def test_starts_placed_in_step_are_each_placed_alone(pow_profile, monkeypatch):
    # The teach places each taught die from five starts at once (vision.teach._slid): each
    # start's row must be `placed` from it alone, to the bit, though the starts climb a
    # different number of rounds and their cuts are described in shared calls, a cut tried
    # again (a climb's neighbours hold the cut it came from) described once.
    from dataclasses import replace

    from vision import reader
    from vision.finder import find_dice
    from vision.reader import placed, placed_from
    from vision.teach import _slid

    described = []
    describe_turned = reader.describe_turned

    def counted(profile, frame, c, cuts):
        described.extend(cuts)
        return describe_turned(profile, frame, c, cuts)

    monkeypatch.setattr(reader, "describe_turned", counted)

    scene = _clean(308)
    dice = find_dice(CONFIG, pow_profile, scene.image).dice
    assert len(dice) >= 2
    for die in dice[:2]:
        (x, y), side = die.center, die.side
        starts = [
            replace(die, center=q, side=side * k)
            for q, k in _slid(x, y, side, float(CONFIG["place_reach"]))
        ]
        described.clear()
        together = placed_from(CONFIG, pow_profile, scene.image, starts)
        assert len(set(described)) == len(described)  # no cut described twice
        alone = np.concatenate([placed(CONFIG, pow_profile, scene.image, c) for c in starts])
        assert together.shape == (len(starts), len(pow_profile.faces))
        assert np.array_equal(together, alone)
        assert len({row.tobytes() for row in alone}) > 1  # (the starts do place apart)


@pytest.mark.parametrize(("seed", "ok"), [(669, True), (555, False)])
def test_checks_of_a_cloth_smaller_than_the_dice_do_not_set_the_die_size(seed, ok):
    # Rendered cloth scenes whose pale checks are clean squares half a die across: they set
    # the frame's die size, the real dice (bigger) were then taken for cocked or dropped, and
    # a check smeared one way made the frame "blurred" (0 of 5 dice read right before). Checks
    # that match no taught face no longer set the die size. (555 also has a stripe at the
    # frame edge taken for a cut die: unreadable, but every die is still read right.)
    from vision.evaluate import dice_right
    from vision.profile import default_profile

    scene = render_scene(np.random.default_rng(seed), SceneSpec(surface="cloth"))
    reading = read_dice(CONFIG, default_profile(), scene.image)
    assert dice_right(reading, scene) == len(scene.dice) == len(reading.dice), reading
    assert (reading.status == "ok") == ok, reading


def test_a_box_that_took_in_a_side_face_is_read_at_the_frame_s_die_size(pow_profile):
    # A die half in shade does not show its whole top face by its colour, and its box may take
    # in a side face and its shadow: a quarter too big, off-centre. The second look also cuts
    # at the size of the dice read with confidence (all dice of a set are one size).
    from dataclasses import replace

    from vision.faces import descriptor, face_distances, face_patch
    from vision.finder import find_dice
    from vision.reader import _second_look

    scene = _clean(309)
    found = find_dice(CONFIG, pow_profile, scene.image).dice
    fixed = 0
    for die in found:
        big = replace(
            die,
            center=(die.center[0] + die.side / 8, die.center[1] + die.side / 8),
            side=die.side * 1.25,
        )
        patch = face_patch(scene.image, big.center, big.side, big.angle, pow_profile.patch)
        first = face_distances(pow_profile, descriptor(patch, step_hue=pow_profile.step_hue)[None])[
            0
        ]
        own = _second_look(CONFIG, pow_profile, scene.image, big, (big.side,), first)
        both = _second_look(CONFIG, pow_profile, scene.image, big, (big.side, die.side), first)
        assert both.best <= own.best
        truth = min(
            scene.dice,
            key=lambda t: np.hypot(t.center[0] - die.center[0], t.center[1] - die.center[1]),
        )
        assert pow_profile.faces[both.face] == truth.face
        fixed += own.confidence < 0.5 <= both.confidence
    assert fixed >= 3  # 4 of 5 when written


@pytest.mark.parametrize("seed", [827, 989])
def test_a_square_the_second_look_brings_near_a_face_is_held_closer(seed):
    # Rendered scenes with a coin (or another die-sized square) that matches no taught face
    # (over 4 typical distances) but that the second look's search over ~30 cuts brought
    # under 4: it was kept as an uncertain sixth die ("too-many"). A searched distance is held
    # to 3 typical distances; the dice the search reads come within 1.8.
    from vision.profile import default_profile

    scene = render_scene(np.random.default_rng(seed), SceneSpec())
    reading = read_dice(CONFIG, default_profile(), scene.image)
    assert reading.status == "ok" and len(reading.dice) == len(scene.dice), reading
    old = read_dice(dice_config({"not_a_die_searched": 4.0}), default_profile(), scene.image)
    assert old.reason == "too-many"


def test_a_die_half_in_a_hard_shadow_is_read_with_confidence():
    # A hard shadow's edge across a die (an arm, a lamp) is a step in the light: the smooth
    # light estimate blurred it over its own width and left a light and a dark band along the
    # edge, so the die was far from every taught face ("uncertain": the commonest refusal on
    # fresh rendered sets). The step is now fitted and divided out first. Each die of a clean
    # scene in turn, shaded to 0.7 on one side of a line through its middle at four turns:
    # 9 of 20 read with confidence before, 16 after (and every face right both ways).
    from vision.faces import descriptor, face_patch, match
    from vision.finder import find_dice
    from vision.profile import default_profile

    profile = default_profile()
    scene = _clean(311)
    h, w = scene.image.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w]
    sure = 0
    for truth in scene.dice:
        for turn in np.deg2rad([20, 65, 110, 155]):
            side = (xx - truth.center[0]) * np.cos(turn) + (yy - truth.center[1]) * np.sin(turn)
            shade = cv2.GaussianBlur((side > 0).astype(np.float32), (0, 0), 2.0)  # a penumbra
            image = np.clip(scene.image * (1 - 0.3 * shade[:, :, None]), 0, 255).astype(np.uint8)
            die = min(
                find_dice(CONFIG, profile, image).dice,
                key=lambda c: np.hypot(
                    c.center[0] - truth.center[0], c.center[1] - truth.center[1]
                ),
            )
            patch = face_patch(image, die.center, die.side, die.angle, profile.patch)
            m = match(CONFIG, profile, descriptor(patch, step_hue=profile.step_hue)[None])[0]
            assert profile.faces[m.face] == truth.face
            sure += m.confidence >= CONFIG["min_confidence"]
    assert sure >= 15


def test_an_evenly_lit_die_has_no_shadow_step():
    # The step is fitted only where the light really steps: on the dice of clean scenes it is
    # never found (0 of 100 dice when written), so dice in even light read as before.
    from vision.faces import _shadow_step

    rng = np.random.default_rng(5)
    light = 95.0 + rng.normal(0, 1.5, (24, 24))
    light[8:16, 8:16] = 40.0  # a dark print in the middle
    assert _shadow_step(light, light > 60.0, np.log(95.0)) is None
    light[:, 12:] *= 0.8  # the same die with a shadow's edge down its middle
    step = _shadow_step(light, light > 50.0, np.log(95.0))
    assert step is not None
    assert np.allclose(step[:, :10], 1.0, atol=0.02) and np.allclose(step[:, 14:], 0.8, atol=0.03)
