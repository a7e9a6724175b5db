"""The running companion: the one place that wires camera → vision → rules → store → display.

One loop, one thread (gpiozero's button callbacks only put names on a queue). Each `step()`:
logical inputs (buttons, keyboard, touch) go to the game's controller, which answers with record
actions; a camera frame goes through the eye (vision reader + stability filter) and a committed
reading goes to the controller too — while none is, why not, so the screen can ask the table
to lay a cocked die flat. Every action is appended to the store — checked by the rules and
committed to disk — before the screen shows its effect; a refused action changes nothing and
is shown as a notice. Undo works from any screen: it is an action like the others.

A camera fault never stops the loop: the CameraWatch turns it into a banner, and the controller
offers manual entry until the camera is back.
"""

from __future__ import annotations

import logging
import queue
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any, Protocol

from .controllers import Status
from .games import GameError, RuleError
from .store import StaleActionError, Store

log = logging.getLogger(__name__)

QUIT = "quit"
UNDO = {"type": "undo"}
# Actions that end a player's turn: undoing one takes back a turn of someone who may have
# looked away, so it needs a second press of undo (Board Game Arena's rule, conventions.md).
TURN_ENDS = {
    "pow": ("take", "steal", "forced_take"),
    "malacca": ("settle",),
    "digmars": ("end_turn", "declare"),
}


class Eye(Protocol):
    """Frames in, committed readings out (vision's reader behind its stability filter); `why`
    says what keeps the table's dice from being committed (None when nothing does)."""

    why: Any

    def look(self, frame: Any) -> Any | None: ...


class Screen(Protocol):
    def show(self, model: object) -> object: ...

    def inputs(self) -> list[str]: ...


class App:
    def __init__(
        self,
        store: Store,
        game_id: int,
        controller: Any,
        screen: Screen,
        status: Status,
        *,
        camera: Any = None,
        eye: Eye | None = None,
        inputs: queue.Queue[str] | None = None,
        tiles: Any = None,
        tiles_after: int = 10,
        hello_seconds: float = 5.0,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.store = store
        self.game_id = game_id
        self.controller = controller
        self.screen = screen
        self.status = status
        self.camera = camera
        self.eye = eye
        self.inputs: queue.Queue[str] = inputs if inputs is not None else queue.Queue()
        self.entered = 0  # actions entered since start (the demo and the tests count them)
        self.frames = 0
        self._shown: object = None
        self._undo_armed = False
        self.tiles = tiles  # POW: the tile-row check after each take (eye.TileEye)
        self.tiles_after = tiles_after  # frames to wait after a take (hands leave the rows)
        self._tiles_in: int | None = None
        # design.md: the screen says what hardware is in use — for the first seconds after a
        # start, in the banner line (a fault takes the line over).
        self._clock = clock
        self._hello_until = clock() + hello_seconds

    @property
    def game(self):
        return self.store.load(self.game_id)

    @property
    def over(self) -> bool:
        return self.game.summary().over

    # -- one turn of the loop -------------------------------------------------------------
    def step(self) -> bool:
        """Handle pending inputs and one camera frame, then redraw if anything changed.
        False when the screen asked to quit."""
        names: list[str] = []
        while True:
            try:
                names.append(self.inputs.get_nowait())
            except queue.Empty:
                break
        names += self.screen.inputs()
        for name in names:
            if name == QUIT:
                return False
            self.handle(name)
        if self.camera is not None:
            self._look()
        self.show()
        return True

    def handle(self, name: str) -> None:
        """One logical input from a button, a key or a touch."""
        log.debug("input %s", name)
        if name == "undo":
            game = self.game
            last = game.in_force[-1][0] if game.in_force else {}
            if last.get("type") in TURN_ENDS.get(game.header["game"], ()) and not self._undo_armed:
                self._undo_armed = True
                self.controller.on_refused(
                    "UNDO", "this takes back the last turn: press undo again to confirm"
                )
                return
            self._undo_armed = False
            self.controller.on_undo()
            self.enter([UNDO])
            return
        self._undo_armed = False
        self.enter(self.controller.on_input(name, self.game))

    def _look(self) -> None:
        frame = self.camera.read()
        banner = None if self.camera.status.ok else self.camera.status.detail
        if banner != self.status.banner:
            self.status = replace(self.status, banner=banner)
        if frame is None:
            if self.eye is not None:  # no picture: the banner speaks, not an old why
                self.controller.on_dice_why(None)
            return
        if self._tiles_in is not None:
            self._tiles_in -= 1
            if self._tiles_in <= 0:
                self._tiles_in = None
                self._check_rows(frame)
        if self.eye is None:
            return
        self.frames += 1
        seen = self.eye.look(frame)
        self.controller.on_dice_why(self.eye.why)
        if seen is not None:
            self.enter(self.controller.on_dice(seen, self.game))

    def enter(self, actions: list[dict[str, Any]]) -> bool:
        """Append actions in order; the first refused one stops the rest and becomes a notice."""
        for action in actions:
            game = self.game
            try:
                self.store.append(self.game_id, action, state_id=game.state_id)
            except RuleError as exc:
                log.info("refused %s: %s", action, exc)
                self.controller.on_refused(exc.rule, exc.message)
                return False
            except (GameError, StaleActionError) as exc:
                log.warning("refused %s: %s", action, exc)
                self.controller.on_refused("?", str(exc))
                return False
            self.entered += 1
            log.info("entered %s", action)
            if self.tiles is not None and action.get("type") in TURN_ENDS.get(
                game.header["game"], ()
            ):
                self._tiles_in = self.tiles_after
        return bool(actions)

    def _check_rows(self, frame: Any) -> None:
        state = self.game.state
        try:
            problems = self.tiles.check(frame, state.heroes, state.villains)
        except Exception as exc:  # a vision fault must not stop the game
            log.warning("tile rows not checked: %s", exc)
            return
        if problems:
            log.info("tile rows differ from the record: %s", "; ".join(problems))
            self.controller.on_refused("TILES", "; ".join(problems))

    def show(self) -> None:
        status = self.status
        if status.banner is None and self._clock() < self._hello_until:
            status = replace(status, banner=f"Camera: {status.camera} · Buttons: {status.buttons}")
        model = self.controller.view(self.game, status)
        if model != self._shown:
            self.screen.show(model)
            self._shown = model

    # -- running --------------------------------------------------------------------------
    def run(
        self,
        fps: float = 30.0,
        until: Callable[[App], bool] | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        """Step at most `fps` times a second until quit (or `until(app)` is true)."""
        period = 1.0 / fps
        while True:
            started = time.monotonic()
            if not self.step() or (until is not None and until(self)):
                return
            rest = period - (time.monotonic() - started)
            if rest > 0:
                sleep(rest)
