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


def test_dice_the_teach_left_out_are_told_when_the_wizard_is_done(tmp_path, monkeypatch):
    # Foreign pips seed 3's teach set (teach seed 1003), shown to the wizard picture by
    # picture: in the first picture of the 3s a die seen obliquely is cut at its plain side
    # face, and the teach step leaves it out (vision.teach.OffPrint), as `companion dice
    # teach` warns. The wizard saves the profile and tells the table which picture it was.
    # (What is left out is decided before the teach set's own mistakes are measured, most of
    # a pips teach's CPU (its placed reads alone: 19 of 26 s for this set): they are left
    # unmeasured here, as in a profile taught before they were; the test above reads with a
    # wizard's whole teach. Shown fewer pictures the teach leaves nothing out: all are shown.)
    import vision.teach
    from companion.controllers.setup import SetupController
    from companion.controllers.teach_wizard import DiceTeachWizard
    from tests.vision.foreign.scenes import faces_of, write_teach

    monkeypatch.setattr(vision.teach, "_teach_mistakes", lambda config, profile, cuts: (None, None))
    write_teach(tmp_path / "shots", "pips", seed=1003, per_face=2)
    faces = tuple(faces_of("pips"))
    camera = ShownFrames()
    w = DiceTeachWizard(camera, tmp_path / "teach", tmp_path / "c.toml", faces)
    for face in faces:
        pictures = sorted((tmp_path / "shots" / face).iterdir())
        for k, path in enumerate(pictures):
            camera.image = cv2.imread(str(path))
            w.look()
            w.on_input("confirm" if k == len(pictures) - 1 else "select")
    assert w.profile_path is not None and w.notice is None, w.notice
    told = w.done_notice()
    assert told is not None and told.rule == "TEACH"
    assert told.message.startswith("the teach left out 1 die cut off its top: 3 (teach-")
    assert "teach the dice again" in told.message

    setup = SetupController()
    setup.wizard_done("dice", saved=True, detail=w.profile_path.name, notice=told)
    shown = setup.view().notice
    assert shown is not None and shown.message == told.message


def test_a_teach_that_left_nothing_out_tells_nothing(tmp_path):
    from companion.controllers.teach_wizard import DiceTeachWizard

    w = DiceTeachWizard(ShownFrames(), tmp_path / "teach", tmp_path / "c.toml", ("a", "b"))
    assert w.done_notice() is None
