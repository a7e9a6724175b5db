"""The running companion: camera -> vision -> rules -> store -> screen, buttons, faults, resume."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from companion.app import App
from companion.controllers import Status, malacca
from companion.controllers.pow import PowController
from companion.games import Game
from companion.records import replay_text, result_json
from companion.store import Store
from companion.wiring import pow_header
from hardware.buttons import ButtonPanel
from hardware.camera import Camera, SimulatedCamera
from hardware.watch import CameraWatch

ROOT = Path(__file__).resolve().parents[2]
SHORT = {"heroes": [3, 1, 4], "villains": [-2, -1, -3]}


class Screen:
    """The display's seam, headless: remembers every model shown, gives queued inputs."""

    def __init__(self):
        self.shown: list[object] = []
        self.pending: list[str] = []

    def show(self, model):
        from display import screens

        screens.render(_surface(), model, "en")  # the real screen draws it
        self.shown.append(model)

    def inputs(self):
        out, self.pending = self.pending, []
        return out


def _surface():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    return pygame.Surface((800, 480))


class Clock:
    def __init__(self):
        self.t = 0.0

    def __call__(self):
        return self.t


def pow_app(tmp_path, camera=None, eye=None, players=("Ann", "Ben")):
    store = Store(tmp_path / "games.sqlite3")
    header = {**pow_header(list(players)), **SHORT}
    gid = store.new_game(header)
    status = Status(camera="test", buttons="test")
    return App(
        store, gid, PowController(), Screen(), status, camera=camera, eye=eye, hello_seconds=0
    )


# -- faults -------------------------------------------------------------------------------
class Flaky(Camera):
    kind = "usb"

    def __init__(self, plug):
        self.name = "USB camera 0"
        self.plug = plug

    def _read(self):
        if self.plug["mode"] == "raise":
            raise OSError("No such device")
        if self.plug["mode"] == "none":
            return None
        frame = np.zeros((36, 64, 3), np.uint8)
        frame[0, 0, 0] = self.plug.setdefault("n", 0) % 256
        if self.plug["mode"] == "ok":
            self.plug["n"] += 1
        return frame


@pytest.mark.parametrize("mode", ["raise", "none", "repeat"])
def test_camera_fault_shows_a_banner_allows_manual_entry_and_recovers(tmp_path, mode):
    plug = {"mode": mode}
    clock = Clock()
    camera = CameraWatch(lambda: Flaky(plug), clock=clock, missing_after=1, frozen_after=1)
    app = pow_app(tmp_path, camera=camera)
    for _ in range(4):  # time passes, the fault persists; the loop keeps going
        clock.t += 1
        assert app.step()
    banner = app.screen.shown[-1].banner
    assert banner and "USB camera 0" in banner
    # POW-5 by hand while the camera is away: select opens manual entry, confirm enters.
    app.screen.pending = ["select", "confirm"]
    app.step()
    assert app.game.log == [{"type": "roll", "dice": ["shield"] * 5}]
    plug["mode"] = "ok"
    for _ in range(3):
        clock.t += 2.5
        app.step()
    assert camera.status.ok and app.screen.shown[-1].banner is None


# -- buttons ------------------------------------------------------------------------------
@pytest.fixture
def mock_pins():
    Device.pin_factory = MockFactory()
    yield Device.pin_factory
    Device.pin_factory.reset()


def test_buttons_through_mock_pins_take_a_tile_and_undo(tmp_path, mock_pins):
    app = pow_app(tmp_path)
    app.store.append(
        app.game_id,
        {"type": "roll", "dice": ["shield", "skull", "skull", "bubble-blue", "bubble-blue"]},
    )
    pins = {"next": 5, "previous": 6, "select": 13, "confirm": 19, "undo": 26}
    with ButtonPanel(pins, app.inputs.put, hold_actions={}):
        for pin in (5, 19):  # next: the 2nd option (POW-9: 2 skulls), confirm: take it
            mock_pins.pin(pin).drive_low()
            mock_pins.pin(pin).drive_high()
        app.step()
        assert app.game.log[-1] == {"type": "take", "row": "villains", "position": 2}
        assert app.game.state.stack_of("Ann").villains == (-1,)
        mock_pins.pin(26).drive_low()
        mock_pins.pin(26).drive_high()
        app.step()  # undoing a take takes back a turn: it asks first
        assert app.game.state_id == 2 and app.screen.shown[-1].notice.rule == "UNDO"
        mock_pins.pin(26).drive_low()
        mock_pins.pin(26).drive_high()
        app.step()
        assert app.game.log[-1] == {"type": "undo"}
        assert app.game.state.stack_of("Ann").villains == ()


def _display_builders() -> bool:
    try:
        import display.build  # noqa: F401
    except ImportError:
        return False
    return True


@pytest.mark.skipif(
    not _display_builders(), reason="display.build (the Malacca/Dig Mars view builders) not landed"
)
def test_undo_from_a_form_closes_it_and_withdraws_the_last_action(tmp_path):
    header = (ROOT / "tests/records/malacca-legal-000.jsonl").read_text().splitlines()[0]
    import json

    store = Store(tmp_path / "g.sqlite3")
    gid = store.new_game(json.loads(header))
    app = App(store, gid, malacca.controller(), Screen(), Status("none", "keyboard"))
    app.screen.pending = ["confirm", "next", "confirm"]  # open the ship form, 9 silver, enter
    app.step()
    assert app.game.log == [{"type": "ship", "value": 9}]
    app.screen.pending = ["confirm", "undo"]  # open the reveal form, then undo
    app.step()
    assert app.controller.editing is None
    assert app.game.log[-1] == {"type": "undo"} and app.game.state_id == 2
    assert len(app.game.in_force) == 0


def test_undo_of_a_finished_turn_needs_a_second_press_and_anything_else_cancels(tmp_path):
    app = pow_app(tmp_path)
    roll = ["shield", "shield", "skull", "skull", "skull"]
    app.store.append(app.game_id, {"type": "roll", "dice": roll})
    app.store.append(app.game_id, {"type": "take", "row": "heroes", "position": 2})
    app.screen.pending = ["undo", "next", "undo"]  # asked, cancelled by "next", asked again
    app.step()
    assert app.game.state_id == 2
    app.screen.pending = ["undo"]
    app.step()
    assert app.game.log[-1] == {"type": "undo"} and app.game.state.turn.last is not None
    app.screen.pending = ["undo"]  # undoing a roll within the turn needs no confirmation
    app.step()
    assert app.game.state_id == 4 and app.game.in_force == []


def test_a_refused_action_changes_nothing_and_is_shown(tmp_path):
    app = pow_app(tmp_path)
    app.store.append(app.game_id, {"type": "roll", "dice": ["shield"] * 5})
    app.enter([{"type": "roll", "dice": ["skull"] * 5}])  # POW-6: nothing set aside
    assert app.game.state_id == 1
    app.step()
    assert app.screen.shown[-1].notice.rule == "POW-6"


def test_an_action_is_committed_before_the_screen_shows_it(tmp_path):
    app = pow_app(tmp_path)
    seen_by_screen = []

    def show(model):
        # What the screen shows is already on disk: a second connection reads it.
        with Store(app.store.path) as other:
            seen_by_screen.append(other.load(app.game_id).state_id)

    app.screen.show = show
    app.screen.pending = ["select", "confirm"]
    app.step()
    assert seen_by_screen[-1] == 1


# -- the whole game through the camera ----------------------------------------------------


def _live_vision() -> bool:
    try:
        import vision.stability  # noqa: F401
    except ImportError:
        return False
    return True


needs_vision = pytest.mark.skipif(
    not _live_vision(), reason="vision's live dice reader (vision/stability.py) has not landed"
)


@needs_vision
def test_pow_game_end_to_end_through_the_simulated_camera_real_vision_store_and_screen(tmp_path):
    from companion.eye import DiceEye
    from companion.robot import Robot
    from companion.simtable import PowTable

    table = PowTable(seed=7)
    camera = CameraWatch(lambda: SimulatedCamera(table.frame))
    app = pow_app(tmp_path, camera=camera, eye=DiceEye())
    robot = Robot(app, table, seed=7)
    robot.resume()
    for _ in range(3000):
        if app.over:
            break
        assert app.step()
        robot.act()
    app.step()
    assert app.over, robot.stats
    game = app.game
    # The store holds the game: replaying its export gives the same result.
    assert result_json(replay_text(app.store.export(app.game_id)).game) == result_json(game)
    # Every roll at the table is in the record, and the camera read some by itself.
    assert robot.stats.read >= 1 and robot.stats.read + robot.stats.by_hand == robot.stats.rolls
    assert type(app.screen.shown[-1]).__name__ == "PowTally"
    # POW-15: over when both rows are empty; all six tiles sit in the players' stacks.
    assert sum(len(s.heroes) + len(s.villains) for s in game.state.stacks) == 6


@needs_vision
def test_the_screen_says_why_the_dice_are_not_taken_and_clears_it_on_commit(tmp_path):
    # Issue #6: rendered frames through the real DiceEye/LiveDice, the app and the screen.
    from companion.eye import DiceEye
    from display import screens
    from display.views.pow import DiceWhy
    from tests.companion.test_eye import COCKED, REST, still

    frames = iter(still(COCKED, 6, case="cocked") + still(REST, 6))
    camera = CameraWatch(lambda: SimulatedCamera(lambda: next(frames)))
    app = pow_app(tmp_path, camera=camera, eye=DiceEye(why_frames=3))
    models = []
    for _ in range(12):
        assert app.step()
        models.append(app.screen.shown[-1])
    shown = [m.dice_why for m in models]
    # Not while the why is new (no flicker); then said until the dice are committed.
    assert shown[:3] == [None] * 3
    assert shown[3:7] == [DiceWhy("cocked", 3, 5)] * 4
    assert shown[-1] is None and app.eye.commits == 1
    texts = screens.render(_surface(), models[3], "en").texts
    assert "A die is cocked on another — lay it flat" in texts


# -- a crash mid-game ---------------------------------------------------------------------
@needs_vision
def test_kill_9_mid_game_then_resume_with_nothing_lost(tmp_path):
    store_path = tmp_path / "games.sqlite3"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "PYTHONPATH": str(ROOT)}
    demo = [sys.executable, "-m", "companion", "--store", str(store_path), "demo"]
    args = ["--display", "headless", "--snapshots", str(tmp_path / "shots"), "--tiles", "3"]
    proc = subprocess.Popen(
        [*demo, "--seed", "3", *args], stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT
    )
    reported = 0
    try:
        for line in proc.stdout:
            if line.startswith("entered "):
                reported = int(line.split()[1])
                if reported >= 4:
                    break
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(30)
    assert reported >= 4
    with Store(store_path) as store:
        gid = store.unfinished()
        game = store.load(gid)
        assert game.state_id >= reported  # everything reported entered is on disk
        at_kill = (game.state_id, game.engine.replay_state(game.state))
    done = subprocess.run(
        [*demo, "--resume", "--seed", "4", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    assert f"resumed at action {at_kill[0]}" in done.stdout
    assert "tally:" in done.stdout
    with Store(store_path) as store:
        resumed = store.load(gid)
        assert resumed.summary().over
        # The first actions are exactly those of before the kill: the game went on from there.
        replayed = Game.start(resumed.engine, resumed.header)
        replayed.play_all(resumed.log[: at_kill[0]])
        assert (replayed.state_id, resumed.engine.replay_state(replayed.state)) == at_kill


def test_the_screen_says_which_camera_and_buttons_are_in_use_at_start(tmp_path):
    clock = Clock()
    store = Store(tmp_path / "g.sqlite3")
    gid = store.new_game({**pow_header(["Ann", "Ben"]), **SHORT})
    status = Status(camera="usb (USB camera at /dev/video0)", buttons="keyboard and screen")
    app = App(store, gid, PowController(), Screen(), status, hello_seconds=5, clock=clock)
    app.step()
    banner = app.screen.shown[-1].banner
    assert "usb (USB camera at /dev/video0)" in banner and "keyboard and screen" in banner
    clock.t += 6
    app.step()
    assert app.screen.shown[-1].banner is None


def test_inputs_queue_is_drained_in_order(tmp_path):
    app = pow_app(tmp_path)
    q: queue.Queue[str] = app.inputs
    for name in ("select", "next", "select", "confirm"):
        q.put(name)
    app.step()
    assert app.game.log == [
        {"type": "roll", "dice": ["shield", "skull", "shield", "shield", "shield"]}
    ]


# -- the tile rows after a take -----------------------------------------------------------
def _rows_scene(seed=0):
    from vision.render.tiles import TileSpec, render_tiles

    spec = TileSpec(
        heroes=(3, 1, 4), villains=(-2, -1, -3), taken=(0.0, 0.0), effects=False, distractors=False
    )
    return render_tiles(np.random.default_rng(seed), spec)


def test_tile_eye_reads_the_rows_and_names_what_differs():
    from companion.eye import TileEye

    scene = _rows_scene()
    eye = TileEye()
    assert eye.check(scene.image, (3, 1, 4), (-2, -1, -3)) == []
    problems = eye.check(scene.image, (3, 4), (-2, -1, -3))  # the record says 1 was taken
    assert problems and "hero row" in problems[0]
    assert eye.check(np.zeros((720, 1280, 3), np.uint8), (3,), (-2,)) is None  # no rows seen


def test_a_tile_left_on_the_table_after_a_take_becomes_a_notice(tmp_path):
    from companion.eye import TileEye

    scene = _rows_scene()
    camera = CameraWatch(lambda: SimulatedCamera(lambda: scene.image))
    app = pow_app(tmp_path, camera=camera)
    app.tiles, app.tiles_after = TileEye(), 2
    app.store.append(
        app.game_id, {"type": "roll", "dice": ["shield", "skull", "skull", "skull", "bubble-blue"]}
    )
    app.enter([{"type": "take", "row": "heroes", "position": 1}])  # but the +3 stays on the table
    for _ in range(3):
        app.step()
    notice = app.screen.shown[-1].notice
    assert notice.rule == "TILES" and "hero row" in notice.message
