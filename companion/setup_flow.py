"""`companion run` with no unfinished game and none named: the table sets one up on the screen,
and may open the first-time wizards from its "Table setup" menu (or `run --wizard KIND`).

Its own small loop (screen + buttons → the setup controller, or the wizard open now) before the
game's App starts; it answers the new game's header, or None when the screen is closed. A
wizard gets the hardware only while it runs: the camera is opened for the dice and rows wizards
and closed after; the button wizard listens on every GPIO pin, so the button panel is closed
while it runs and reopened with the pins it saved. Undo on a wizard's first step leaves it.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from .config import Config, load
from .controllers.setup import WIZARDS, OpenWizard, SetupController

log = logging.getLogger(__name__)

QUIT = "quit"  # display.backend.QUIT: the window was closed


def button_pins(config: Any) -> dict[str, int | None]:
    buttons = config["buttons"]
    pins: dict[str, int | None] = {
        k: buttons[k] for k in ("next", "previous", "select", "confirm", "undo")
    }
    pins.update({f"player:{i}": pin for i, pin in enumerate(buttons["players"])})
    return pins


def table_state(config: Config) -> dict[str, str]:
    """What the config holds from each wizard, for the "Table setup" menu ("" = not yet)."""
    b, v = config["buttons"], config["vision"]
    out = {"buttons": "", "dice": "", "rows": ""}
    if config.source is not None and b["source"] == "gpio":
        out["buttons"] = "GPIO " + ", ".join(str(b[k]) for k in _targets())
    if v["dice_profile"]:
        out["dice"] = Path(v["dice_profile"]).name
    if v["tiles_profile"]:
        out["rows"] = Path(v["tiles_profile"]).name
    return out


def _targets() -> tuple[str, ...]:
    from .controllers.wizards import TARGETS

    return TARGETS


class SetupFlow:
    """The setup screen and its wizards over one display; `feed` inputs, `tick` to redraw.

    `open_panel(config, put)` opens the buttons of `config` (calling `put(name)` per press);
    `open_camera()` gives a camera (read() -> BGR frame or None, close()) for the wizards;
    `pin_factory` is gpiozero's, for the button wizard (None: gpiozero's own choice).
    """

    def __init__(
        self,
        config: Config,
        config_path: Path,
        display: Any,
        open_panel: Callable[[Config, Callable[[str], None]], Any],
        open_camera: Callable[[], Any],
        folder: Path,
        pin_factory: Any = None,
    ):
        self.config = config
        self.config_path = Path(config_path)
        self.display = display
        self.open_panel = open_panel
        self.open_camera = open_camera
        self.folder = Path(folder)  # teach pictures and profiles go under it
        self.pin_factory = pin_factory
        self.pressed: queue.Queue[str] = queue.Queue()
        self.controller = SetupController(
            lang=config["screen"]["language"], on_lang=display.set_lang, table=table_state(config)
        )
        self.wizard: Any = None
        self.kind: str | None = None
        self.camera: Any = None
        self.panel = open_panel(config, self.pressed.put)
        self.shown: object = None

    # -- inputs -----------------------------------------------------------------------------
    def take(self) -> list[str]:
        """The inputs waiting: button presses, then the screen's (keys, touch, quit)."""
        names = []
        while not self.pressed.empty():
            names.append(self.pressed.get_nowait())
        return names + self.display.inputs()

    def feed(self, name: str) -> dict[str, Any] | None:
        """One logical input; the new game's header when the table confirms Start."""
        if self.wizard is not None:
            self._wizard_input(name)
            return None
        out = self.controller.on_input(name)
        if isinstance(out, OpenWizard):
            self.open_wizard(out.kind)
            return None
        if out is not None:
            log.info("setup done: %s for %s", out["game"], out["players"])
        return out

    def tick(self) -> None:
        """Let the open wizard look at the camera / take its pins, then redraw if changed."""
        w = self.wizard
        if w is not None:
            if self.kind == "buttons":
                w.poll()
            else:
                w.look()
            self._check_done()
        model = self.wizard.view() if self.wizard is not None else self.controller.view()
        if model != self.shown:
            self.display.show(model)
            self.shown = model

    # -- wizards ----------------------------------------------------------------------------
    def open_wizard(self, kind: str) -> bool:
        """Start wizard `kind`; False (and a notice on the setup screen) if it cannot start."""
        if kind not in WIZARDS:
            raise ValueError(f"unknown wizard {kind!r}; wizards: {', '.join(WIZARDS)}")
        self.controller.notice = None
        try:
            if kind == "buttons":
                from .controllers.wizards import ButtonWizard

                self.panel.close()  # its pins are among those the wizard listens on
                self.panel = None
                self.wizard = ButtonWizard(self.config_path, pin_factory=self.pin_factory)
            else:
                self.camera = self.open_camera()
                if kind == "dice":
                    from .controllers.teach_wizard import DiceTeachWizard
                    from .games.pow.model import FACES

                    self.wizard = DiceTeachWizard(
                        self.camera, self.folder / "dice-teach", self.config_path, FACES
                    )
                else:
                    from .controllers.rows_wizard import RowsWizard

                    self.wizard = RowsWizard(
                        self.camera, self.folder / "rows-teach", self.config_path
                    )
        except Exception as exc:  # no GPIO here, no camera: say so, stay on the menu
            log.error("wizard %s cannot start: %s", kind, exc)
            self._leave(kind, saved=False)
            self.controller.notice = ("wizard", f"{kind}: {exc}")
            return False
        self.kind = kind
        log.info("wizard %s started", kind)
        return True

    def _wizard_input(self, name: str) -> None:
        w = self.wizard
        first = not w.mapped if self.kind == "buttons" else w.step == 0
        if name == QUIT or (name == "undo" and first):
            self._leave(self.kind or "", saved=False)
            return
        w.on_input(name)
        self._check_done()

    def _check_done(self) -> None:
        w, kind = self.wizard, self.kind
        if kind == "buttons" and w.saved:
            detail = "GPIO " + ", ".join(str(w.mapped[k]) for k in w.targets)
        elif kind in ("dice", "rows") and w.profile_path is not None:
            detail = w.profile_path.name
        else:
            return
        log.info("wizard %s saved to %s: %s", kind, self.config_path, detail)
        told = w.done_notice() if hasattr(w, "done_notice") else None
        if told is not None:
            log.warning("wizard %s: %s", kind, told.message)
        self._leave(kind, saved=True, detail=detail, notice=told)

    def _leave(self, kind: str, saved: bool, detail: str = "", notice: Any = None) -> None:
        if self.wizard is not None and hasattr(self.wizard, "close"):
            self.wizard.close()
        if self.camera is not None:
            self.camera.close()
        self.wizard = self.camera = self.kind = None
        if saved:
            self.config = load(self.config_path)  # what the wizard wrote, checked
        if self.panel is None:
            self.panel = self.open_panel(self.config, self.pressed.put)
        self.controller.wizard_done(kind, saved, detail, notice)

    def close(self) -> None:
        if self.wizard is not None and hasattr(self.wizard, "close"):
            self.wizard.close()
        if self.camera is not None:
            self.camera.close()
        if self.panel is not None:
            self.panel.close()
        self.wizard = self.camera = self.panel = None

    def run(
        self,
        presses: Iterable[str] = (),
        sleep: Callable[[float], None] = time.sleep,
        until_wizard_done: bool = False,
    ) -> dict[str, Any] | None:
        """Loop until Start (the header) or quit (None); with `until_wizard_done`, until the
        open wizard is finished or left (None)."""
        for name in presses:
            self.pressed.put(name)
        while True:
            for name in self.take():
                if name == QUIT and self.wizard is None:
                    return None
                header = self.feed(name)
                if header is not None:
                    return header
            self.tick()
            if until_wizard_done and self.wizard is None:
                return None
            sleep(1 / 30)


def wizard_camera(config: Config, kind: str = "", path: str = "") -> Callable[[], Any]:
    """Opens the table's camera as `companion run` does (the config's source unless named)."""

    def open_it() -> Any:
        from hardware.camera import open_camera
        from hardware.watch import CameraWatch

        from .wiring import camera_choice

        cam = config["camera"]
        source, reason, device = camera_choice(kind or cam["source"], path or cam["path"], config)
        render = None
        if source == "sim":
            from .simtable import PowTable

            render = PowTable(seed=0).frame
        log.info("wizard camera: %s (%s)", source, reason)
        return CameraWatch(
            lambda: open_camera(
                source,
                device=device,
                path=path or cam["path"],
                width=cam["width"],
                height=cam["height"],
                render=render,
            ),
            lock_after=3.0,  # the service locks exposure too: teach under the same colours
        )

    return open_it


def panel_opener(source: str | None) -> Callable[[Config, Callable[[str], None]], Any]:
    def open_panel(config: Config, put: Callable[[str], None]) -> Any:
        from hardware.buttons import open_buttons
        from hardware.errors import HardwareError

        from .errors import CompanionError

        buttons = config["buttons"]
        try:
            return open_buttons(
                source or buttons["source"],
                button_pins(config),
                put,
                bounce_ms=buttons["bounce_ms"],
                hold_seconds=buttons["hold_seconds"],
            )
        except HardwareError as exc:
            raise CompanionError(str(exc)) from exc

    return open_panel


@contextlib.contextmanager
def _open_flow(
    args: Any, config: Config, open_camera: Callable[[], Any] | None, pin_factory: Any
) -> Iterator[SetupFlow]:
    """The screen `args` asks for and a SetupFlow on it; both closed after."""
    from .config import default_config_path
    from .wiring import open_display

    display = open_display(args, config)
    try:
        flow = SetupFlow(
            config,
            config.source or default_config_path(),
            display,
            panel_opener(getattr(args, "buttons", None)),
            open_camera or wizard_camera(config),
            config.store_path().parent,
            pin_factory=pin_factory,
        )
        try:
            yield flow
        finally:
            flow.close()
    finally:
        display.close()


def run_wizard(
    args: Any,
    config: Config,
    kind: str,
    open_camera: Callable[[], Any] | None = None,
    pin_factory: Any = None,
    sleep: Callable[[float], None] = time.sleep,
) -> bool:
    """`companion run --wizard KIND`: that wizard alone on the screen; True if it saved."""
    with _open_flow(args, config, open_camera, pin_factory) as flow:
        if not flow.open_wizard(kind):
            return False
        flow.run(sleep=sleep, until_wizard_done=True)
        return flow.controller.saved == kind


def choose_new_game(
    args: Any,
    config: Config,
    presses: Iterable[str] = (),
    sleep: Callable[[float], None] = time.sleep,
    open_camera: Callable[[], Any] | None = None,
    pin_factory: Any = None,
) -> dict[str, Any] | None:
    """Show the setup screen until Start (the header) or quit (None). `presses` are queued
    first (tests, scripted demos)."""
    with _open_flow(args, config, open_camera, pin_factory) as flow:
        log.info("no unfinished game: the setup screen (%s)", flow.panel.describe())
        return flow.run(presses, sleep)
