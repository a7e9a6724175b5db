"""The simulated table: the dice a player rolls and sets aside are the dice the renderer draws."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from companion.simtable import ROLLING_FRAMES, PowTable
from hardware.camera import SimulatedCamera
from vision.render import SceneSpec, render_scene


def test_render_scene_puts_the_asked_number_of_dice_in_the_kept_zone():
    faces = ("skull", "shield", "shield", "bubble-blue", "skull")
    for seed in range(3):
        scene = render_scene(
            np.random.default_rng(seed),
            SceneSpec(faces=faces, kept=2, side=(40.0, 56.0), distractors=False),
        )
        assert Counter(d.face for d in scene.dice if d.kept) == Counter(faces[:2])


def test_pow_6_rolls_and_set_aside_dice_as_the_camera_sees_them():
    table = PowTable(seed=3)
    camera = SimulatedCamera(table.frame)
    first = table.new_turn()
    assert len(first) == 5 and table.kept == []
    rolling = [camera.read() for _ in range(ROLLING_FRAMES)]
    settled = camera.read()
    assert all(np.array_equal(f, rolling[0]) for f in rolling)
    assert not np.array_equal(settled, rolling[0])
    assert settled.shape == (720, 1280, 3) and settled.dtype == np.uint8
    keep = first[:2]
    again = table.roll(keep=keep)
    assert table.kept == keep and len(again) == 3
    with pytest.raises(ValueError, match="not in play"):
        table.roll(keep=["shield"] * 4)
