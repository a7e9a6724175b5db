"""First-time wizards as controllers: map the buttons by pressing them (more to come here).

The button wizard listens on every candidate GPIO pin at once (a gpiozero Button each; the
callbacks only put the pin number on a queue, the app's one thread does the rest), asks for
each logical input in turn — "press the button you want as CONFIRM" — refuses a pin already
chosen, and at the end saves the pins to [buttons] of the config file.
"""

from __future__ import annotations

import queue
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..config import GPIO_PINS, PHYSICAL_PIN
from ..config_file import update
from ..errors import ConfigError
from .pow import Notice

# Confirm first: it is the button every later screen asks for.
TARGETS = ("confirm", "next", "previous", "select", "undo")


class ButtonWizard:
    def __init__(
        self,
        config_path: Path,
        pins: Iterable[int] = GPIO_PINS,
        pin_factory: Any = None,
        targets: tuple[str, ...] = TARGETS,
    ):
        from gpiozero import Button

        self.config_path = config_path
        self.targets = targets
        self.pressed: queue.Queue[int] = queue.Queue()
        self.mapped: dict[str, int] = {}
        self.notice: Notice | None = None
        self.saved = False
        self._buttons = []
        try:
            for pin in pins:
                b = Button(pin, pull_up=True, pin_factory=pin_factory)
                b.when_pressed = lambda _dev=None, p=pin: self.pressed.put(p)
                self._buttons.append(b)
        except Exception:
            self.close()
            raise

    @property
    def target(self) -> str | None:
        return self.targets[len(self.mapped)] if len(self.mapped) < len(self.targets) else None

    def poll(self, timeout: float | None = None) -> bool:
        """Take pending presses (waiting up to `timeout` for the first); True if any came."""
        got = False
        while True:
            try:
                pin = self.pressed.get(timeout=timeout) if not got and timeout else None
                if pin is None:
                    pin = self.pressed.get_nowait()
            except queue.Empty:
                return got
            got = True
            self.on_pin(pin)

    def on_pin(self, pin: int) -> None:
        target = self.target
        if target is None:
            return
        owner = next((k for k, p in self.mapped.items() if p == pin), None)
        if owner is not None:
            # Two inputs on one pin would make one of them unreachable (config refuses it too).
            self.notice = Notice(
                "buttons", f"GPIO {pin} is already {owner.upper()}: press another button"
            )
            return
        self.notice = None
        self.mapped[target] = pin
        if self.target is None:
            # A pin's comment in the file names its physical pin: keep it true for the new pin.
            notes = {k: f"physical pin {PHYSICAL_PIN[p]}" for k, p in self.mapped.items()}
            try:
                update(self.config_path, "buttons", {**self.mapped, "source": "gpio"}, notes)
            except ConfigError as exc:
                # Nothing written (a read-only config, a pin a player key holds): say why;
                # undo takes back the last button to try again.
                self.notice = Notice("config", str(exc))
                return
            self.saved = True

    def on_input(self, name: str) -> None:
        """Undo (a key or touch) takes back the last pin chosen."""
        if name == "undo" and self.mapped and not self.saved:
            self.mapped.pop(list(self.mapped)[-1])
            self.notice = None

    def view(self) -> Any:
        """The display's wizard view model (display.views.setup.Wizard)."""
        from display.views.setup import Wizard

        return Wizard(
            kind="buttons",
            step=len(self.mapped),
            steps=len(self.targets),
            target=self.target,
            mapped=tuple((k, f"GPIO {p}") for k, p in self.mapped.items()),
            notice=self.notice,
        )

    def close(self) -> None:
        for b in self._buttons:
            b.close()
        self._buttons = []
