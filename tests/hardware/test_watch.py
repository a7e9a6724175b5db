"""Camera faults become a status, never a crash, and the camera comes back by itself."""

from __future__ import annotations

import numpy as np
import pytest

from hardware.camera import Camera, SimulatedCamera
from hardware.errors import CameraUnavailable
from hardware.watch import FROZEN, LOST, OK, CameraWatch


class Clock:
    def __init__(self):
        self.t = 100.0

    def __call__(self):
        return self.t


class Sensor(Camera):
    """A real-sensor-like source: every frame differs (noise), unless told to misbehave."""

    kind = "usb"

    def __init__(self, behaviour="ok"):
        self.name = f"sensor({behaviour})"
        self.behaviour = behaviour
        self.n = 0
        self.locked_with = None
        self.closed = False

    def _read(self):
        self.n += 1
        if self.behaviour == "raise":
            raise OSError("device disconnected")
        if self.behaviour == "none":
            return None
        frame = np.zeros((8, 8, 3), np.uint8)
        if self.behaviour != "repeat":
            frame[:, :, 1] = self.n % 256
        return frame

    def lock(self, settings=None):
        self.locked_with = settings
        return dict(settings or {"ExposureTime": 9000})

    def close(self):
        self.closed = True


class Plug:
    """The camera socket: what the next open gives (a Sensor, or nothing plugged in)."""

    def __init__(self, behaviour="ok"):
        self.behaviour = behaviour
        self.opened: list[Sensor] = []

    def __call__(self):
        if self.behaviour is None:
            raise CameraUnavailable("no camera answers at /dev/video0")
        self.opened.append(Sensor(self.behaviour))
        return self.opened[-1]


@pytest.fixture
def clock():
    return Clock()


def test_good_camera_is_ok(clock):
    watch = CameraWatch(Plug(), clock=clock)
    assert watch.read() is not None
    assert watch.status.ok and watch.status.detail == "sensor(ok)"


def test_a_source_that_raises_is_lost_then_recovers(clock):
    plug = Plug("raise")
    watch = CameraWatch(plug, clock=clock, retry_every=2)
    assert watch.read() is None
    assert watch.status.state == LOST and "device disconnected" in watch.status.detail
    assert plug.opened[0].closed
    clock.t += 1  # too soon to retry
    assert watch.read() is None and len(plug.opened) == 1
    plug.behaviour = "ok"  # plugged back in
    clock.t += 1.5
    assert watch.read() is not None
    assert watch.status.state == OK and len(plug.opened) == 2


def test_nothing_plugged_in_retries_without_crashing(clock):
    plug = Plug(None)
    watch = CameraWatch(plug, clock=clock, retry_every=2)
    for _ in range(5):
        assert watch.read() is None
        clock.t += 1
    assert watch.status.state == LOST and "/dev/video0" in watch.status.detail
    plug.behaviour = "ok"
    clock.t += 2
    assert watch.read() is not None and watch.status.ok


def test_a_source_that_returns_none_is_lost_after_a_while(clock):
    plug = Plug("none")
    watch = CameraWatch(plug, clock=clock, missing_after=2, retry_every=1)
    assert watch.read() is None and watch.status.ok  # a missed frame is not yet a fault
    clock.t += 2.5
    assert watch.read() is None
    assert watch.status.state == LOST and "no picture from sensor(none)" in watch.status.detail
    plug.behaviour = "ok"
    clock.t += 1
    assert watch.read() is not None and watch.status.ok


def test_a_source_repeating_the_same_frame_is_frozen_and_stays_so_until_it_moves(clock):
    plug = Plug("repeat")
    watch = CameraWatch(plug, clock=clock, frozen_after=3, retry_every=1)
    assert watch.read() is not None  # one frame is not frozen
    for _ in range(3):
        clock.t += 1
        watch.read()
    assert watch.status.state == FROZEN and "same picture" in watch.status.detail
    assert plug.opened[0].closed
    clock.t += 1  # reopened, and still the same picture: no banner flicker
    assert watch.read() is None and watch.status.state == FROZEN and len(plug.opened) == 2
    plug.behaviour = "ok"
    clock.t += 1
    assert watch.read() is not None and watch.status.ok


def test_repeated_frames_are_fine_for_sources_that_may_repeat(clock):
    still = np.zeros((8, 8, 3), np.uint8)
    watch = CameraWatch(lambda: SimulatedCamera(lambda: still), clock=clock, frozen_after=1)
    for _ in range(5):
        clock.t += 1
        assert watch.read() is not None
    assert watch.status.ok


def test_locked_settings_go_back_on_reopen(clock):
    plug = Plug("ok")
    watch = CameraWatch(plug, clock=clock, retry_every=1)
    watch.read()
    assert watch.lock() == {"ExposureTime": 9000}
    plug.opened[0].behaviour = "raise"
    watch.read()
    clock.t += 1
    assert watch.read() is not None
    assert plug.opened[1].locked_with == {"ExposureTime": 9000}


def test_exposure_and_white_balance_lock_once_the_picture_has_settled(clock):
    plug = Plug("ok")
    watch = CameraWatch(plug, clock=clock, lock_after=2, retry_every=1)
    watch.read()
    clock.t += 1
    watch.read()
    assert watch.locked is None  # auto exposure still settling
    clock.t += 1.5
    watch.read()
    assert watch.locked == {"ExposureTime": 9000} and plug.opened[0].locked_with is None
    plug.opened[0].behaviour = "raise"  # unplugged and back: the same settings go back
    watch.read()
    clock.t += 1
    watch.read()
    assert plug.opened[1].locked_with == {"ExposureTime": 9000}
