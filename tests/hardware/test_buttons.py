"""Buttons through gpiozero's own MockFactory: real pin edges, events waited on, no sleeps."""

from __future__ import annotations

import logging
import queue
import threading

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPin

from hardware.buttons import ButtonPanel, KeyboardPanel, check_input, open_buttons
from hardware.errors import BadPin, PinInUse, UnknownInput

PINS = {"next": 5, "previous": 6, "select": 13, "confirm": 19, "undo": 26}


class Inputs:
    """Collects logical inputs; `wait(n)` blocks (with a timeout) until n have arrived."""

    def __init__(self):
        self.q: queue.Queue[str] = queue.Queue()

    def __call__(self, name):
        self.q.put(name)

    def get(self, timeout=2.0):
        return self.q.get(timeout=timeout)

    def empty(self):
        return self.q.empty()


class Clock:
    def __init__(self):
        self.t = 0.0

    def __call__(self):
        return self.t


@pytest.fixture(autouse=True)
def mock_pins():
    Device.pin_factory = MockFactory()
    yield Device.pin_factory
    Device.pin_factory.reset()


def press(pin_number):
    pin = Device.pin_factory.pin(pin_number)
    pin.drive_low()
    return pin


def release(pin_number):
    Device.pin_factory.pin(pin_number).drive_high()


def tap(pin_number):
    press(pin_number)
    release(pin_number)


def test_each_button_gives_its_input():
    got = Inputs()
    with ButtonPanel(PINS, got, hold_actions={}):
        for name, pin in PINS.items():
            tap(pin)
            assert got.get() == name


def test_player_keys():
    got = Inputs()
    with ButtonPanel({"player:0": 20, "player:1": 21}, got):
        tap(21)
        assert got.get() == "player:1"


def test_a_short_press_of_a_button_with_a_hold_action_acts_on_release():
    got = Inputs()
    with ButtonPanel(PINS, got, hold_seconds=5):
        press(13)
        assert got.empty()  # it might still become a hold
        release(13)
        assert got.get() == "select"


def test_holding_select_confirms_once():
    got = Inputs()
    held = threading.Event()
    with ButtonPanel(PINS, lambda name: (got(name), held.set()), hold_seconds=0.2):
        press(13)
        assert held.wait(2)
        release(13)
        assert got.get() == "confirm"
        assert got.empty()  # no "select" on release after a hold, no second confirm


def test_a_button_held_down_too_long_is_ignored_until_released(caplog):
    got = Inputs()
    stuck = threading.Event()

    class Watch(logging.Handler):
        def emit(self, record):
            if "held down for" in record.getMessage():
                stuck.set()

    handler = Watch()
    logging.getLogger("hardware.buttons").addHandler(handler)
    try:
        with ButtonPanel(PINS, got, hold_seconds=0.2, stuck_seconds=0.5) as panel:
            press(5)
            assert stuck.wait(3)
            assert panel.ignored() == {"next": "held down"}
            release(5)
            assert panel.ignored() == {}
            tap(5)
            # Only the hold action from before it was judged stuck, then the new tap.
            assert [got.get(), got.get()] == ["previous", "next"]
            assert got.empty()
    finally:
        logging.getLogger("hardware.buttons").removeHandler(handler)


class PressedPin(MockPin):
    """A pin whose button is already down: the pull-up cannot raise it until it is released."""

    def _set_pull(self, value):
        super()._set_pull(value)
        self._change_state(False)


def test_a_button_pressed_at_start_is_ignored_until_released(caplog):
    got = Inputs()
    Device.pin_factory.pin(26, pin_class=PressedPin)
    with caplog.at_level(logging.WARNING), ButtonPanel(PINS, got) as panel:
        assert "button 'undo' (GPIO 26) is held down at start" in caplog.text
        release(26)
        assert got.empty() and panel.ignored() == {}
        tap(26)
        assert got.get() == "undo"


def test_a_chattering_button_is_ignored_until_quiet(caplog):
    got = Inputs()
    clock = Clock()
    with (
        caplog.at_level(logging.WARNING),
        ButtonPanel(PINS, got, hold_actions={}, clock=clock, chatter_presses=5) as panel,
    ):
        for _ in range(12):  # bounces far faster than a finger: all within the window
            tap(26)
            clock.t += 0.01
        assert "button 'undo' (GPIO 26) is chattering" in caplog.text
        assert panel.ignored() == {"undo": "chattering"}
        assert [got.get() for _ in range(4)] == ["undo"] * 4  # before it was recognised
        assert got.empty()
        clock.t += 1.5  # quiet
        tap(26)
        assert got.get() == "undo" and panel.ignored() == {}


def test_quick_human_presses_are_not_chatter():
    got = Inputs()
    clock = Clock()
    with ButtonPanel(PINS, got, hold_actions={}, clock=clock):
        for _ in range(8):
            tap(5)
            clock.t += 0.15  # ~7 presses a second: a fast finger
        assert [got.get() for _ in range(8)] == ["next"] * 8


def test_a_pin_given_twice_names_the_first_user():
    with pytest.raises(PinInUse, match="pin 19 is already used by 'confirm'"):
        ButtonPanel({"confirm": 19, "undo": 19}, Inputs())


def test_a_pin_busy_in_another_device_is_a_clear_error():
    from gpiozero import Button

    other = Button(19)
    try:
        with pytest.raises(PinInUse, match="pin 19 \\('confirm'\\) is busy"):
            ButtonPanel(PINS, Inputs())
        # The buttons made before the failure were closed: their pins are free again.
        Button(5).close()
    finally:
        other.close()


def test_a_pin_that_does_not_exist_is_a_clear_error():
    with pytest.raises(BadPin, match="pin 40 \\('undo'\\) is not usable on this board"):
        ButtonPanel({"undo": 40}, Inputs())


def test_unknown_inputs_are_refused():
    with pytest.raises(UnknownInput, match="'jump' is not an input"):
        ButtonPanel({"jump": 5}, Inputs())
    assert check_input("player:0") == "player:0"
    with pytest.raises(UnknownInput):
        check_input("player:01")


def test_unwired_buttons_are_skipped():
    with ButtonPanel({**PINS, "previous": None}, Inputs()) as panel:
        assert set(panel.keys) == {"next", "select", "confirm", "undo"}
        assert "previous" not in panel.describe()


def test_open_buttons_by_name():
    with open_buttons("keyboard", PINS, Inputs()) as panel:
        assert isinstance(panel, KeyboardPanel) and panel.kind == "keyboard"
    with open_buttons("gpio", PINS, Inputs(), pin_factory=Device.pin_factory) as panel:
        assert panel.kind == "gpio" and len(panel.keys) == 5
