"""The setup loop `companion run` opens when there is no game: presses in, a header out; and
the three first-time wizards reached from its "Table setup" menu by button presses alone,
each saving to the config file and coming back to the setup screen."""

from __future__ import annotations

import argparse

import numpy as np
import pytest

from companion import config
from companion.setup_flow import SetupFlow, choose_new_game, panel_opener, run_wizard

pygame = pytest.importorskip("pygame")
cv2 = pytest.importorskip("cv2")
gpiozero = pytest.importorskip("gpiozero")
from gpiozero.pins.mock import MockFactory  # noqa: E402

# From the first screen (the game list, POW highlighted): previous wraps to "Table setup",
# confirm opens it, then the wizard's row: buttons, dice, rows.
TO_TABLE_MENU = ["previous", "confirm"]
TO_WIZARD = {"buttons": [], "dice": ["next"], "rows": ["next", "next"]}


class ShownFrames:
    """A camera showing whatever picture the test puts on the table."""

    def __init__(self, image=None):
        self.image = image
        self.closed = 0

    def read(self):
        return self.image

    def close(self):
        self.closed += 1


class Panels:
    """Records each button panel opened (with the pins of the config it was given) and closed."""

    def __init__(self):
        self.opened: list[dict] = []
        self.open_now = 0

    def __call__(self, cfg, put):
        self.opened.append(dict(cfg["buttons"]))
        self.open_now += 1
        panels = self

        class Panel:
            def describe(self):
                return "test panel"

            def close(self):
                panels.open_now -= 1

        return Panel()


@pytest.fixture
def display(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from display.backend import Display

    d = Display(backend="headless", size=(800, 480), lang="en")
    yield d
    d.close()


@pytest.fixture
def factory():
    f = MockFactory()
    yield f
    f.reset()


@pytest.fixture
def cfg_path(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text(
        '# the table by the window\n[screen]\nlanguage = "en"\n\n[rules.pow]\n'
        'row_positions = "as_laid_out"\n'
    )
    return path


def flow_for(cfg_path, display, tmp_path, camera=None, factory=None, panels=None):
    return SetupFlow(
        config.load(cfg_path),
        cfg_path,
        display,
        panels or Panels(),
        lambda: camera,
        tmp_path / "data",
        pin_factory=factory,
    )


def press(factory, pin: int) -> None:
    p = factory.pin(pin)
    p.drive_low()
    p.drive_high()


def feed(flow, *names):
    out = None
    for name in names:
        out = flow.feed(name)
        flow.tick()
    return out


def test_setup_flow_turns_presses_into_a_dig_mars_header(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    args = argparse.Namespace(display="headless", snapshots=None, buttons="keyboard")
    presses = ["option:2", "confirm", "confirm", "confirm", "confirm"]
    header = choose_new_game(args, config.parse(""), presses, sleep=lambda s: None)
    assert header == {
        "game": "digmars",
        "version": 1,
        "players": ["Ann", "Ben", "Cai"],
        "rules": {},
        "colours": {"Ann": "red", "Ben": "blue", "Cai": "green"},
    }


def test_buttons_wizard_is_reached_by_presses_saves_the_pins_and_returns_to_setup(
    cfg_path, display, tmp_path, factory
):
    panels = Panels()
    flow = flow_for(cfg_path, display, tmp_path, factory=factory, panels=panels)
    try:
        feed(flow, *TO_TABLE_MENU, *TO_WIZARD["buttons"], "confirm")
        assert flow.kind == "buttons" and panels.open_now == 0  # the panel freed its pins
        assert display.model.kind == "buttons" and display.model.target == "confirm"
        chosen = [21, 20, 16, 12, 4]
        for pin in chosen:
            press(factory, pin)
            assert flow.wizard.poll(timeout=2.0)  # waits on the pin's callback
            flow.tick()
        assert flow.wizard is None and flow.controller.step == "table"
        assert display.model.step == "table" and display.model.saved == "buttons"
        assert display.model.table[0].detail == "GPIO 21, 20, 16, 12, 4"
        # the panel is back, with the pins the wizard saved
        assert panels.open_now == 1
        assert [
            panels.opened[-1][k] for k in ("confirm", "next", "previous", "select", "undo")
        ] == chosen
    finally:
        flow.close()
    loaded = config.load(cfg_path)
    assert loaded["buttons"]["confirm"] == 21 and loaded["buttons"]["source"] == "gpio"
    assert loaded.rules["pow"] == {"row_positions": "as_laid_out"}  # the rest kept


def test_dice_wizard_is_reached_by_presses_teaches_saves_and_returns_to_setup(
    cfg_path, display, tmp_path
):
    from companion.games.pow.model import FACES
    from vision.render.sets import write_teach_set

    shots = write_teach_set(tmp_path / "rendered", 7, style="pow", per_face=1)
    camera = ShownFrames()
    flow = flow_for(cfg_path, display, tmp_path, camera=camera)
    try:
        feed(flow, *TO_TABLE_MENU, *TO_WIZARD["dice"], "confirm")
        assert flow.kind == "dice" and display.model.kind == "dice"
        for face in FACES:
            assert display.model.face == face
            camera.image = cv2.imread(str(shots[face][0]))
            flow.tick()  # the live view
            assert display.model.camera is not None and display.model.seen
            feed(flow, "confirm")
        assert flow.wizard is None and camera.closed == 1
        assert display.model.step == "table" and display.model.saved == "dice"
        assert display.model.table[1].detail == "dice-profile.npz"
        assert display.model.notice is None  # the teach left no die out
    finally:
        flow.close()
    saved = config.load(cfg_path)["vision"]["dice_profile"]
    assert saved == str(tmp_path / "data" / "dice-teach" / "dice-profile.npz")
    assert (tmp_path / "data" / "dice-teach" / "dice-profile.npz").exists()


def test_dice_a_teach_left_out_are_told_on_the_setup_screen(
    cfg_path, display, tmp_path, monkeypatch
):
    # Which teach pictures leave a die out is vision's (tests/companion/controllers/
    # test_teach_wizard.py teaches such a set); here, that what the wizard tells reaches
    # the screen it returns to. (So the teach step is the shipped profile: the wizard's real
    # teach is the test above's.)
    import vision.teach
    from companion.controllers.pow import Notice
    from companion.controllers.teach_wizard import DiceTeachWizard
    from companion.games.pow.model import FACES
    from vision.profile import default_profile
    from vision.render.sets import write_teach_set

    told = Notice("TEACH", "the teach left out 1 die cut off its top: skull (teach-0.png)")
    monkeypatch.setattr(DiceTeachWizard, "done_notice", lambda self: told)
    monkeypatch.setattr(vision.teach, "teach_with_notes", lambda folder: (default_profile(), []))
    shots = write_teach_set(tmp_path / "rendered", 7, style="pow", per_face=1)
    camera = ShownFrames()
    flow = flow_for(cfg_path, display, tmp_path, camera=camera)
    try:
        feed(flow, *TO_TABLE_MENU, *TO_WIZARD["dice"], "confirm")
        for face in FACES:
            camera.image = cv2.imread(str(shots[face][0]))
            flow.tick()
            feed(flow, "confirm")
        assert display.model.step == "table" and display.model.saved == "dice"
        assert display.model.notice.rule == "TEACH"
        assert display.model.notice.message == told.message
    finally:
        flow.close()


def test_rows_wizard_is_reached_by_presses_teaches_saves_and_returns_to_setup(
    cfg_path, display, tmp_path
):
    from companion.controllers.rows_wizard import HERO_VALUES, VILLAIN_VALUES
    from vision.render.tiles import TileSpec, render_tiles

    rng = np.random.default_rng(5)
    setup = render_tiles(rng, TileSpec(taken=(0.0, 0.0), distractors=False, surface="laminate"))
    heroes, villains = setup.laid_out
    camera = ShownFrames(setup.image)
    flow = flow_for(cfg_path, display, tmp_path, camera=camera)
    try:
        feed(flow, *TO_TABLE_MENU, *TO_WIZARD["rows"], "confirm")
        assert flow.kind == "rows" and display.model.kind == "rows"
        feed(flow, "confirm")  # capture
        w = flow.wizard
        for row, values, allowed in (
            (w.heroes, heroes, HERO_VALUES),
            (w.villains, villains, VILLAIN_VALUES),
        ):
            for k, v in enumerate(values):
                steps = (allowed.index(v) - allowed.index(row[k])) % len(allowed)
                feed(flow, *["next"] * steps, "select")
        feed(flow, "confirm")
        assert flow.wizard is None, w.notice
        assert display.model.step == "table" and display.model.saved == "rows"
    finally:
        flow.close()
    assert config.load(cfg_path)["vision"]["tiles_profile"].endswith("tiles-profile.npz")


def test_undo_on_a_wizards_first_step_leaves_it_and_saves_nothing(cfg_path, display, tmp_path):
    camera = ShownFrames()
    before = cfg_path.read_text()
    flow = flow_for(cfg_path, display, tmp_path, camera=camera)
    try:
        feed(flow, *TO_TABLE_MENU, *TO_WIZARD["dice"], "confirm")
        assert flow.kind == "dice"
        feed(flow, "undo")
        assert flow.wizard is None and camera.closed == 1
        assert display.model.step == "table" and display.model.saved is None
        feed(flow, "undo")  # and undo again: back to the game list
        assert display.model.step == "game"
    finally:
        flow.close()
    assert cfg_path.read_text() == before


def test_a_wizard_that_cannot_start_says_why_on_the_setup_screen(cfg_path, display, tmp_path):
    def no_camera():
        raise OSError("no camera on this machine")

    flow = SetupFlow(
        config.load(cfg_path), cfg_path, display, Panels(), no_camera, tmp_path / "data"
    )
    try:
        feed(flow, *TO_TABLE_MENU, *TO_WIZARD["rows"], "confirm")
        assert flow.wizard is None and display.model.step == "table"
        assert "no camera on this machine" in display.model.notice.message
    finally:
        flow.close()


def test_run_wizard_buttons_alone_saves_and_ends(cfg_path, tmp_path, monkeypatch, factory):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    args = argparse.Namespace(display="headless", snapshots=None, buttons="keyboard")
    pins = [5, 6, 13, 19, 26]
    frames = []

    def sleep(_s):  # between frames a player presses the next button
        frames.append(1)
        assert len(frames) < 1000, "the wizard never finished"
        if pins:
            press(factory, pins.pop(0))

    assert run_wizard(args, config.load(cfg_path), "buttons", pin_factory=factory, sleep=sleep)
    b = config.load(cfg_path)["buttons"]
    assert [b[k] for k in ("confirm", "next", "previous", "select", "undo")] == [5, 6, 13, 19, 26]


def test_panel_opener_keyboard_describes_itself():
    panel = panel_opener("keyboard")(config.parse(""), lambda name: None)
    assert panel.describe() == "keyboard and screen"
    panel.close()
