"""Keeps a camera honest: a source that raises, gives nothing, or freezes becomes a status.

The app reads frames through a `CameraWatch`; it never crashes on a camera fault. The watch
closes a failed source and reopens it every `retry_every` seconds, so a camera plugged back in
comes back by itself (with the exposure and white balance it was locked at). While it is not
"ok", read() gives None and `status` says what is wrong — the screen shows a banner and offers
manual dice entry.

Colours: with `lock_after`, once a (newly opened) camera has given good pictures that long —
auto exposure and white balance have settled on the table — they are locked, so the dice
colours hold still; the locked settings go back on every reopen.

Frozen: a real sensor's noise never repeats a frame exactly, so identical frames for
`frozen_after` seconds mean the driver stalled. Sources whose frames may repeat (replay,
simulation: Camera.still_ok) are not judged frozen.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from .camera import Camera
from .frames import Frame

log = logging.getLogger(__name__)

OK = "ok"
STARTING = "starting"
LOST = "lost"  # cannot open, raised, or no picture for a while
FROZEN = "frozen"


@dataclass(frozen=True)
class CameraStatus:
    state: str  # OK, STARTING, LOST or FROZEN
    detail: str  # for the log and the banner: what happened, naming the source

    @property
    def ok(self) -> bool:
        return self.state == OK


class CameraWatch:
    """Reads through `open_source()`'s camera and survives its faults (see the module doc)."""

    def __init__(
        self,
        open_source: Callable[[], Camera],
        *,
        clock: Callable[[], float] = time.monotonic,
        missing_after: float = 2.0,
        frozen_after: float = 3.0,
        retry_every: float = 2.0,
        lock_after: float | None = None,
    ):
        self._open = open_source
        self._clock = clock
        self.missing_after = missing_after
        self.frozen_after = frozen_after
        self.retry_every = retry_every
        self.lock_after = lock_after
        self._good_since: float | None = None
        self.source: Camera | None = None
        self.status = CameraStatus(STARTING, "camera starting")
        self.locked: dict[str, Any] | None = None
        self._next_try = clock()
        self._last_frame_at = clock()
        self._same_since: float | None = None
        self._previous: Frame | None = None

    # -- reading --------------------------------------------------------------------------
    def read(self) -> Frame | None:
        """The next good frame, or None (status says why when it is a fault)."""
        now = self._clock()
        if self.source is None and not self._reopen(now):
            return None
        assert self.source is not None
        try:
            frame = self.source.read()
        except Exception as exc:  # any fault of any driver: a banner, never a crash
            self._fail(LOST, f"{self.source.name} stopped: {exc}", now)
            return None
        if frame is None:
            if now - self._last_frame_at >= self.missing_after:
                self._fail(
                    LOST,
                    f"no picture from {self.source.name} for {now - self._last_frame_at:.0f} s",
                    now,
                )
            return None
        self._last_frame_at = now
        if self._is_frozen(frame, now):
            self._fail(
                FROZEN,
                f"{self.source.name} shows the same picture for {self.frozen_after:g} s",
                now,
            )
            return None
        if not self.status.ok:
            log.info("camera: %s is back", self.source.name)
            self.status = CameraStatus(OK, self.source.name)
        if self.locked is None and self.lock_after is not None:
            if self._good_since is None:
                self._good_since = now
            elif now - self._good_since >= self.lock_after:
                try:
                    self.lock()
                except Exception as exc:  # a camera that cannot lock still gives pictures
                    log.warning("camera: cannot lock exposure and white balance: %s", exc)
                    self.lock_after = None
        return frame

    def _is_frozen(self, frame: Frame, now: float) -> bool:
        if self.source is None or self.source.still_ok:
            return False
        previous, self._previous = self._previous, frame
        # A sparse grid is enough: sensor noise touches every pixel.
        same = (
            previous is not None
            and previous.shape == frame.shape
            and np.array_equal(previous[::7, ::7], frame[::7, ::7])
        )
        if not same or self._same_since is None:
            self._same_since = now  # when this picture first appeared
            return False
        if self.status.state == FROZEN:  # reopened, and still the very same picture
            return True
        return now - self._same_since >= self.frozen_after

    # -- faults and recovery --------------------------------------------------------------
    def _reopen(self, now: float) -> bool:
        if now < self._next_try:
            return False
        try:
            source = self._open()
        except Exception as exc:
            self._next_try = now + self.retry_every
            if self.status.state != LOST or self.status.detail != f"no camera: {exc}":
                log.warning("camera: cannot open: %s (retrying every %g s)", exc, self.retry_every)
            self.status = CameraStatus(LOST, f"no camera: {exc}")
            return False
        if self.locked is not None:
            try:
                source.lock(self.locked)
            except Exception as exc:
                log.warning("camera: %s reopened, but locking failed: %s", source.name, exc)
        self.source = source
        self._last_frame_at = now
        if self.status.state == STARTING:
            log.info("camera: using %s", source.name)
            self.status = CameraStatus(OK, source.name)
        return True

    def _fail(self, state: str, detail: str, now: float) -> None:
        self._good_since = None
        # One warning per fault, not one per retry.
        (log.warning if state != self.status.state else log.debug)("camera: %s; reopening", detail)
        self.status = CameraStatus(state, detail)
        self._close_source()
        self._next_try = now + self.retry_every

    def _close_source(self) -> None:
        if self.source is not None:
            try:
                self.source.close()
            except Exception as exc:
                log.debug("camera: closing %s failed: %s", self.source.name, exc)
        self.source = None

    # -- calibration ----------------------------------------------------------------------
    def lock(self, settings: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Lock exposure and white balance now (or at `settings`), and again on every reopen."""
        if self.source is None:
            self.locked = dict(settings) if settings else None
            return self.locked or {}
        self.locked = self.source.lock(settings)
        return self.locked

    def close(self) -> None:
        self._close_source()
