"""The dice teach wizard end to end with rendered dice: captures, teach, config, then reading."""

from __future__ import annotations

import numpy as np
import pytest

from companion import config

cv2 = pytest.importorskip("cv2")


class ShownFrames:
    """A camera showing whatever picture the test puts on the table."""

    def __init__(self):
        self.image = None

    def read(self):
        return self.image


def test_dice_teach_wizard_profile_reads_rendered_dice(tmp_path):
    from companion.controllers.teach_wizard import DiceTeachWizard
    from vision.config import dice_config
    from vision.profile import DiceProfile
    from vision.reader import read_dice
    from vision.render.dice import STYLES
    from vision.render.scene import SceneSpec, render_scene
    from vision.render.sets import write_teach_set

    faces = tuple(STYLES["pow"].faces)
    shots = write_teach_set(tmp_path / "rendered", 7, style="pow", per_face=2)
    camera = ShownFrames()
    cfg = tmp_path / "config.toml"
    cfg.write_text('[screen]\nlanguage = "et"\n')
    w = DiceTeachWizard(camera, tmp_path / "teach", cfg, faces)
    for face in faces:
        assert w.view().face == face
        for k, name in enumerate(("select", "confirm")):
            camera.image = cv2.imread(str(shots[face][k]))
            w.look()
            view = w.view()
            assert view.camera is not None and len(view.seen) >= 1
            w.on_input(name)
    assert w.notice is None, w.notice
    assert w.profile_path is not None and w.face is None
    loaded = config.load(cfg)
    assert loaded["vision"]["dice_profile"] == str(w.profile_path)
    assert loaded["screen"]["language"] == "et"

    profile = DiceProfile.load(w.profile_path)
    rng = np.random.default_rng(11)
    right = total = 0
    for _ in range(6):
        scene = render_scene(rng, SceneSpec(style="pow", distractors=False, touching=0.0))
        reading = read_dice(dice_config({}), profile, scene.image)
        truth = sorted(d.face for d in scene.dice)
        total += 1
        right += sorted(d.face for d in reading.dice) == truth
    print(f"taught by the wizard: {right}/{total} rendered scenes read right")
    assert right >= 4, f"{right}/{total} scenes read right"


def test_dice_teach_wizard_view_draws_headless(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from companion.controllers.teach_wizard import DiceTeachWizard
    from display.backend import Display
    from vision.render.sets import write_teach_set

    shots = write_teach_set(tmp_path / "r", 3, style="pow", per_face=1)
    camera = ShownFrames()
    w = DiceTeachWizard(camera, tmp_path / "t", tmp_path / "c.toml", tuple(shots))
    camera.image = cv2.imread(str(next(iter(shots.values()))[0]))
    w.look()
    d = Display(backend="headless", size=(800, 480), lang="fa")
    try:
        d.show(w.view())
        w.on_input("confirm")
        d.show(w.view())
    finally:
        d.close()
    assert w.view().captured == (next(iter(shots)),)
