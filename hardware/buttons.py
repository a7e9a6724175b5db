"""Buttons on GPIO pins through gpiozero, mapped to the logical inputs the app understands.

Logical inputs: "next", "previous", "select", "confirm", "undo", and "player:N" for optional
per-player keys (N from 0, in the order the game lists its players — the display's keys 1…8
give player:0…7 the same way). A button whose name has a hold action (HOLD_ACTIONS) gives its own
input when released before `hold_seconds`, and the hold action when held that long — so a panel
of two buttons (next, select) still reaches previous and confirm. Other buttons give their
input as soon as they are pressed.

Faults a player can cause are ignored with one log line, never acted on: a button held down for
`stuck_seconds` (a book lying on it) is ignored until released; a button that chatters (more
presses than a finger can make: `chatter_presses` within `chatter_window` seconds) is ignored
until it has been quiet for `quiet_seconds`.

Pins come from an injected gpiozero pin factory (`pin_factory=`, default gpiozero's own
choice), so tests drive real gpiozero Buttons through `gpiozero.pins.mock.MockFactory`.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import BadPin, GpioUnavailable, HardwareError, PinInUse, UnknownInput

log = logging.getLogger(__name__)

INPUTS = ("next", "previous", "select", "confirm", "undo")
HOLD_ACTIONS: Mapping[str, str] = {"next": "previous", "select": "confirm"}


def check_input(name: str) -> str:
    """`name` when it is a logical input, else UnknownInput listing them."""
    if name in INPUTS or re.fullmatch(r"player:(0|[1-9]\d*)", name):
        return name
    raise UnknownInput(f"{name!r} is not an input; inputs: {', '.join(INPUTS)}, player:N")


@dataclass
class _Key:
    name: str
    pin: int
    hold_action: str | None
    button: Any = None
    armed: bool = False  # the current press was accepted (its release or hold may act)
    held: bool = False  # the hold action fired during the current press
    stuck: bool = False
    chattering: bool = False
    last_press: float = float("-inf")
    presses: deque[float] = field(default_factory=deque)

    @property
    def label(self) -> str:
        return f"button '{self.name}' (GPIO {self.pin})"


class ButtonPanel:
    """gpiozero Buttons on `pins` ({input: BCM pin}; None = not wired) calling `on_input`.

    `on_input` is called from gpiozero's threads; give it something thread-safe (queue.put).
    """

    kind = "gpio"

    def __init__(
        self,
        pins: Mapping[str, int | None],
        on_input: Callable[[str], None],
        *,
        bounce_ms: int = 30,
        hold_seconds: float = 1.0,
        hold_actions: Mapping[str, str] = HOLD_ACTIONS,
        stuck_seconds: float = 10.0,
        chatter_presses: int = 5,
        chatter_window: float = 0.25,
        quiet_seconds: float = 1.0,
        pin_factory: Any = None,
        clock: Callable[[], float] = time.monotonic,
    ):
        self._on_input = on_input
        self._clock = clock
        self.stuck_seconds = stuck_seconds
        self.chatter_presses = chatter_presses
        self.chatter_window = chatter_window
        self.quiet_seconds = quiet_seconds
        self._lock = threading.Lock()
        self.keys: dict[str, _Key] = {}
        used: dict[int, str] = {}
        for name, pin in pins.items():
            check_input(name)
            if pin is None:
                continue
            if pin in used:
                raise PinInUse(f"pin {pin} is already used by '{used[pin]}'")
            used[pin] = name
            action = hold_actions.get(name)
            self.keys[name] = _Key(name, pin, check_input(action) if action else None)
        try:
            for key in self.keys.values():
                key.button = _make_button(key, bounce_ms, hold_seconds, pin_factory)
        except BaseException:
            self.close()
            raise
        for key in self.keys.values():
            key.button.when_pressed = lambda _b, k=key: self._pressed(k)
            key.button.when_released = lambda _b, k=key: self._released(k)
            key.button.when_held = lambda _b, k=key: self._held(k)
            if key.button.is_pressed:
                key.stuck = True
                log.warning("%s is held down at start: ignored until released", key.label)

    # -- events (gpiozero threads) --------------------------------------------------------
    def _pressed(self, key: _Key) -> None:
        with self._lock:
            now = self._clock()
            key.armed = key.held = False
            if key.stuck:
                return
            if key.chattering:
                if now - key.last_press < self.quiet_seconds:
                    key.last_press = now
                    return
                key.chattering = False
                log.info("%s is quiet again: in use", key.label)
            key.last_press = now
            key.presses.append(now)
            while key.presses and now - key.presses[0] > self.chatter_window:
                key.presses.popleft()
            if len(key.presses) >= self.chatter_presses:
                key.chattering = True
                key.presses.clear()
                log.warning(
                    "%s is chattering (%d presses in %g s): ignored until quiet for %g s",
                    key.label,
                    self.chatter_presses,
                    self.chatter_window,
                    self.quiet_seconds,
                )
                return
            key.armed = True
            emit = key.hold_action is None
        if emit:
            self._on_input(key.name)

    def _released(self, key: _Key) -> None:
        with self._lock:
            if key.stuck:
                key.stuck = False
                log.info("%s was released: in use again", key.label)
                return
            emit = key.armed and key.hold_action is not None and not key.held
            key.armed = False
        if emit:
            self._on_input(key.name)

    def _held(self, key: _Key) -> None:
        with self._lock:
            if key.stuck or not key.armed:
                return
            if (key.button.active_time or 0.0) >= self.stuck_seconds:
                key.stuck = True
                key.armed = False
                log.warning(
                    "%s held down for %g s: ignored until released", key.label, self.stuck_seconds
                )
                return
            if key.held or key.hold_action is None:
                return
            key.held = True
            action = key.hold_action
        self._on_input(action)

    # -- state ----------------------------------------------------------------------------
    def ignored(self) -> dict[str, str]:
        """Buttons being ignored now and why ("held down" / "chattering"), for the screen."""
        with self._lock:
            return {
                k.name: "held down" if k.stuck else "chattering"
                for k in self.keys.values()
                if k.stuck or k.chattering
            }

    def describe(self) -> str:
        wired = ", ".join(f"{k.name}={k.pin}" for k in self.keys.values())
        return f"GPIO buttons ({wired})" if wired else "GPIO (no buttons wired)"

    def close(self) -> None:
        for key in self.keys.values():
            if key.button is not None:
                key.button.close()
                key.button = None

    def __enter__(self) -> ButtonPanel:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _make_button(key: _Key, bounce_ms: int, hold_seconds: float, pin_factory: Any) -> Any:
    from gpiozero import Button
    from gpiozero.exc import BadPinFactory, GPIOPinInUse, PinError

    try:
        return Button(
            key.pin,
            pull_up=True,
            bounce_time=bounce_ms / 1000 if bounce_ms else None,
            hold_time=hold_seconds,
            # Repeating holds let a button held far too long be noticed (stuck_seconds).
            hold_repeat=True,
            pin_factory=pin_factory,
        )
    except GPIOPinInUse as exc:
        raise PinInUse(f"pin {key.pin} ('{key.name}') is busy: {exc}") from exc
    except BadPinFactory as exc:
        raise GpioUnavailable(
            f"no GPIO on this machine for '{key.name}' ({exc}); use --buttons keyboard"
        ) from exc
    except PinError as exc:
        raise BadPin(f"pin {key.pin} ('{key.name}') is not usable on this board: {exc}") from exc
    except HardwareError:
        raise
    except Exception as exc:
        # lgpio reports a pin claimed by another program as "GPIO busy".
        if "busy" in str(exc).lower():
            raise PinInUse(f"pin {key.pin} ('{key.name}') is busy in another program") from exc
        raise


class KeyboardPanel:
    """No buttons: on a desktop the screen's keyboard (display's events) gives the inputs."""

    kind = "keyboard"
    keys: dict[str, _Key] = {}

    def ignored(self) -> dict[str, str]:
        return {}

    def describe(self) -> str:
        return "keyboard and screen"

    def close(self) -> None:
        pass

    def __enter__(self) -> KeyboardPanel:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_buttons(
    source: str,
    pins: Mapping[str, int | None],
    on_input: Callable[[str], None],
    **options: Any,
) -> ButtonPanel | KeyboardPanel:
    """ "gpio", "keyboard", or "auto" (detect.detect_buttons())."""
    if source == "auto":
        from .detect import detect_buttons

        choice = detect_buttons()
        log.info("buttons: %s", choice)
        source = choice.kind
    if source == "gpio":
        return ButtonPanel(pins, on_input, **options)
    if source == "keyboard":
        return KeyboardPanel()
    raise HardwareError(f"unknown buttons source {source!r}; sources: gpio, keyboard")
