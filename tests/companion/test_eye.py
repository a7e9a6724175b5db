"""The app's eye on the dice: committed readings out, and the why that keeps the dice from being
committed, shown only once it has held (issue #6: the table is told to lay a cocked die flat)."""

from __future__ import annotations

import numpy as np
import pytest

from companion.eye import DiceEye
from vision.render import SceneSpec, render_scene
from vision.stability import Why

# Own rendered scenes (vision/render): seed 800's cocked die on another reads "cocked" with 3
# flat dice beside the pile; seed 700 is five flat dice at rest (tests/vision/test_stability).
COCKED, REST = 800, 700


def still(seed: int, frames: int, noise_seed: int = 1, case: str = "normal") -> list[np.ndarray]:
    """`frames` camera frames of one scene lying still: the same picture with sensor noise."""
    scene = render_scene(np.random.default_rng(seed), SceneSpec(case=case, effects=False))
    rng = np.random.default_rng(noise_seed)
    return [
        np.clip(scene.image + rng.normal(0, 2, scene.image.shape), 0, 255).astype(np.uint8)
        for _ in range(frames)
    ]


def test_a_cocked_die_is_said_once_its_why_has_held_and_cleared_on_commit():
    eye = DiceEye(why_frames=3)
    whys = []
    for frame in still(COCKED, 5, case="cocked"):
        assert eye.look(frame) is None  # never committed
        whys.append(eye.why)
    # The first frame is not known to be still; then "cocked" holds 1, 2, 3 frames.
    assert whys[:3] == [None, None, None]
    assert whys[3:] == [Why("cocked", 3, 5)] * 2
    seen = [eye.look(frame) for frame in still(REST, 6)]
    committed = [i for i, s in enumerate(seen) if s is not None]
    assert len(committed) == 1 and len(seen[committed[0]].dice) == 5
    # Kept over the frames the table moved and settled (no flicker), gone with the commit.
    assert eye.why is None and eye.commits == 1


class Live:
    """The live stage's seam for the debounce alone: a why per frame, never a commit."""

    def __init__(self, whys):
        self.whys, self.why = list(whys), None

    def feed(self, frame):
        self.why = self.whys.pop(0)


def test_a_why_that_changes_from_frame_to_frame_is_not_shown():
    eye = DiceEye(why_frames=2)
    cocked, short = Why("cocked", 4, 5), Why("count", 3, 5)
    eye.live = Live([cocked, short, cocked, short, Why("moving"), cocked, cocked])
    shown = []
    for _ in range(7):
        eye.look(None)
        shown.append(eye.why)
    assert shown == [None] * 6 + [cocked]


def test_moving_frames_keep_what_is_shown_and_break_the_run():
    eye = DiceEye(why_frames=2)
    cocked, cut = Why("cocked", 4, 5), Why("cut", 5, 5)
    eye.live = Live([cocked, cocked, Why("moving"), cut, Why("moving"), cut, None, cut, cut])
    shown = []
    for _ in range(9):
        eye.look(None)
        shown.append(eye.why)
    assert shown == [None, cocked, cocked, cocked, cocked, cocked, cocked, cocked, cut]


def test_why_frames_must_be_positive():
    with pytest.raises(ValueError, match="why_frames"):
        DiceEye(why_frames=0)
