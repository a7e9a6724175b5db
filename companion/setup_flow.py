"""`companion run` with no unfinished game and none named: the table sets one up on the screen.

Its own small loop (screen + buttons → the setup controller) before the game's App starts; it
answers the new game's header, or None when the screen is closed.
"""

from __future__ import annotations

import logging
import queue
import time
from collections.abc import Callable, Iterable
from typing import Any

from .controllers.setup import SetupController

log = logging.getLogger(__name__)


def button_pins(config: Any) -> dict[str, int | None]:
    buttons = config["buttons"]
    pins: dict[str, int | None] = {
        k: buttons[k] for k in ("next", "previous", "select", "confirm", "undo")
    }
    pins.update({f"player:{i}": pin for i, pin in enumerate(buttons["players"])})
    return pins


def choose_new_game(
    args: Any,
    config: Any,
    presses: Iterable[str] = (),
    sleep: Callable[[float], None] = time.sleep,
) -> dict[str, Any] | None:
    """Show the setup screen until Start (the header) or quit (None). `presses` are queued
    first (tests, scripted demos)."""
    from display.backend import QUIT, Display
    from hardware.buttons import open_buttons
    from hardware.errors import HardwareError

    from .errors import CompanionError

    screen = config["screen"]
    display = Display(
        backend=args.display,
        size=(screen["width"], screen["height"]),
        lang=screen["language"],
        snapshot_dir=args.snapshots,
    )
    pressed: queue.Queue[str] = queue.Queue()
    for name in presses:
        pressed.put(name)
    try:
        buttons = config["buttons"]
        try:
            panel = open_buttons(
                args.buttons or buttons["source"],
                button_pins(config),
                pressed.put,
                bounce_ms=buttons["bounce_ms"],
                hold_seconds=buttons["hold_seconds"],
            )
        except HardwareError as exc:
            raise CompanionError(str(exc)) from exc
        try:
            controller = SetupController(lang=screen["language"], on_lang=display.set_lang)
            log.info("no unfinished game: the setup screen (%s)", panel.describe())
            shown = None
            while True:
                names = []
                while not pressed.empty():
                    names.append(pressed.get_nowait())
                for name in names + display.inputs():
                    if name == QUIT:
                        return None
                    header = controller.on_input(name)
                    if header is not None:
                        log.info("setup done: %s for %s", header["game"], header["players"])
                        return header
                model = controller.view()
                if model != shown:
                    display.show(model)
                    shown = model
                sleep(1 / 30)
        finally:
            panel.close()
    finally:
        display.close()
