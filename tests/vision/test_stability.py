"""The stability filter: nothing is committed while a die rolls; a reading is committed once,
after `stable_frames` agreeing still frames with every die in play read."""

import numpy as np
import pytest

from vision.config import dice_config
from vision.reader import DiceReading, Die
from vision.render import SceneSpec, render_scene
from vision.stability import LiveDice, MotionGate, StabilityFilter, Why


def reading(*faces, status="ok", reason=None, shift=0.0):
    dice = tuple(
        Die(f, (100.0 * i + shift, 300.0), 0.9, False, 60.0) for i, f in enumerate(faces, 1)
    )
    return DiceReading(status, reason, dice)


FIVE = ("shield", "skull", "shield", "bubble-blue", "skull")


def test_commits_after_stable_frames_and_only_once():
    f = StabilityFilter(stable_frames=4, expected=5)
    assert [f.push(reading(*FIVE)) for _ in range(3)] == [None, None, None]
    commit = f.push(reading(*FIVE))
    assert commit is not None and commit.frames == 4
    assert [d.face for d in commit.dice] == list(FIVE)
    assert f.push(reading(*FIVE)) is None  # the same table is not committed twice


def test_a_rolling_die_is_never_committed():
    f = StabilityFilter(stable_frames=2, expected=5)
    for _ in range(20):
        assert f.push(reading(*FIVE, status="unreadable", reason="blurred")) is None
        assert f.push(reading(*FIVE)) is None  # one good frame between blurred ones is not enough


def test_a_changed_face_or_a_moved_die_starts_the_count_again():
    f = StabilityFilter(stable_frames=3, expected=5)
    f.push(reading(*FIVE))
    f.push(reading(*FIVE))
    assert f.push(reading("skull", *FIVE[1:])) is None
    f.push(reading("skull", *FIVE[1:], shift=40.0))  # moved by 2/3 of a die
    assert f.push(reading("skull", *FIVE[1:], shift=40.0)) is None
    assert f.push(reading("skull", *FIVE[1:], shift=40.0)) is not None


def test_a_die_missing_from_the_dice_in_play_is_not_committed():
    f = StabilityFilter(stable_frames=1, expected=5)
    assert f.push(reading(*FIVE[:4])) is None
    assert f.push(reading(*FIVE)) is not None


def test_a_frame_short_of_the_dice_in_play_says_how_many_were_seen():
    # Issue #6: a pile the reader did not find at all left a frame "ok" with 3 of its 5
    # dice; the filter never commits it, and the table is told why rather than nothing.
    f = StabilityFilter(stable_frames=2, expected=5)
    assert f.push(reading(*FIVE[:3])) is None
    assert f.why == Why("count", 3, 5) and str(f.why) == "3 dice seen, 5 expected"
    f.push(reading(*FIVE[:4], status="unreadable", reason="cocked"))
    assert f.why == Why("cocked", 4, 5) and str(f.why) == "cocked"
    f.push(None)
    assert f.why == Why("moving", 0, 5)
    f.push(reading())
    assert f.why == Why("no-dice", 0, 5) and str(f.why) == "no dice seen"
    f.push(reading(*FIVE))
    assert f.why is None


def test_stable_frames_must_be_positive():
    with pytest.raises(ValueError):
        StabilityFilter(stable_frames=0)


def test_motion_gate_sees_a_moving_die_not_sensor_noise():
    rng = np.random.default_rng(3)
    scene = render_scene(rng, SceneSpec(effects=False, distractors=False))
    gate = MotionGate()
    assert gate.moving(scene.image)  # the first frame is never known to be still
    noisy = np.clip(scene.image + rng.normal(0, 3, scene.image.shape), 0, 255).astype(np.uint8)
    assert not gate.moving(noisy)
    moved = render_scene(np.random.default_rng(4), SceneSpec(effects=False, distractors=False))
    assert gate.moving(moved.image)


def test_live_loop_commits_only_after_the_dice_come_to_rest(pow_profile):
    rng = np.random.default_rng(8)
    live = LiveDice(dice_config(), pow_profile, stable_frames=4, expected=5)
    for seed in range(3):  # the dice still rolling: a new blurred scene every frame
        roll = render_scene(
            np.random.default_rng(600 + seed), SceneSpec(case="blurred", effects=False)
        )
        assert live.feed(roll.image) is None
    rest = render_scene(np.random.default_rng(700), SceneSpec(effects=False, distractors=False))
    commits = []
    for _ in range(8):
        frame = np.clip(rest.image + rng.normal(0, 2, rest.image.shape), 0, 255).astype(np.uint8)
        commits.append(live.feed(frame))
    done = [i for i, c in enumerate(commits) if c is not None]
    assert len(done) == 1 and done[0] <= 5
    assert sorted(d.face for d in commits[done[0]].dice) == sorted(d.face for d in rest.dice)
