"""Live frames: a cheap motion check on every frame, the full read on still frames, and a
reading committed only when it has been the same over several frames with every die confident.

A committed wrong reading is the worst failure (design.md): anything unsure resets the count —
motion, an unreadable frame (a die still rolling is "blurred"), a die count other than the
dice in play, a die that moved or changed face.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from .profile import DiceProfile
from .reader import DiceReading, Die, read_dice


class MotionGate:
    """Whether anything moved since the previous frame (BGR uint8), on a tiny grey copy."""

    def __init__(self, size: tuple[int, int] = (160, 90), level: int = 14, pixels: int = 4) -> None:
        self.size, self.level, self.pixels = size, level, pixels
        self._prev: np.ndarray | None = None

    def moving(self, frame: np.ndarray) -> bool:
        grey = cv2.cvtColor(
            cv2.resize(frame, self.size, interpolation=cv2.INTER_AREA), cv2.COLOR_BGR2GRAY
        )
        prev, self._prev = self._prev, grey
        if prev is None:
            return True  # nothing to compare with: not known to be still
        changed = int(np.count_nonzero(cv2.absdiff(grey, prev) > self.level))
        return changed >= self.pixels


@dataclass(frozen=True)
class Why:
    """Why a frame's reading cannot be committed, as plain data the screen can word in the
    table's language: `reason` is "moving", one of the reader's `REASONS` ("cocked", "cut", …),
    "count" (an "ok" reading of another number of dice than are in play: a pile the reader did
    not find at all reads "ok" short of two dice) or "no-dice"; `seen` is how many dice the
    frame read, `expected` how many are in play (None: not known)."""

    reason: str
    seen: int = 0
    expected: int | None = None

    def __str__(self) -> str:
        if self.reason == "count":
            return f"{self.seen} dice seen, {self.expected} expected"
        return "no dice seen" if self.reason == "no-dice" else self.reason


@dataclass(frozen=True)
class Commit:
    dice: tuple[Die, ...]
    frames: int  # how many consecutive agreeing frames it took


class StabilityFilter:
    """Feed it one reading per still frame; it returns a `Commit` once, when the same reading
    has come `stable_frames` times in a row (and again only after the table changes)."""

    def __init__(
        self, stable_frames: int = 4, expected: int | None = None, tolerance: float = 0.25
    ) -> None:
        if stable_frames < 1:
            raise ValueError("stable_frames must be at least 1")
        self.stable_frames, self.expected, self.tolerance = stable_frames, expected, tolerance
        self.reset()

    def reset(self) -> None:
        self._last: DiceReading | None = None
        self._count = 0
        self._committed = False
        self.why: Why | None = None

    def _why(self, reading: DiceReading | None) -> Why | None:
        """Why a frame's reading cannot be committed (None when it can be): the table is told
        "3 dice seen, 5 expected" rather than nothing when a pile was not found at all."""
        if reading is None:
            return Why("moving", expected=self.expected)
        n = len(reading.dice)
        if reading.status != "ok":
            return Why(reading.reason or "uncertain", n, self.expected)
        if not n:
            return Why("no-dice", 0, self.expected)
        if self.expected is not None and n != self.expected:
            return Why("count", n, self.expected)
        return None

    def _same(self, a: DiceReading, b: DiceReading) -> bool:
        if len(a.dice) != len(b.dice):
            return False
        left = list(b.dice)
        for d in a.dice:
            match = next(
                (
                    o
                    for o in left
                    if o.face == d.face
                    and o.kept == d.kept
                    and np.hypot(o.center[0] - d.center[0], o.center[1] - d.center[1])
                    <= self.tolerance * max(d.side, 1.0)
                ),
                None,
            )
            if match is None:
                return False
            left.remove(match)
        return True

    def push(self, reading: DiceReading | None) -> Commit | None:
        """One frame's reading (None = the frame moved). Returns a Commit or None."""
        # A reading is usable exactly when nothing keeps it from being committed.
        why = self._why(reading)
        if why is not None:
            self.reset()
            self.why = why
            return None
        self.why = None
        if self._last is not None and self._same(reading, self._last):
            self._count += 1
        else:
            self._count, self._committed = 1, False
        self._last = reading
        if self._count >= self.stable_frames and not self._committed:
            self._committed = True
            return Commit(reading.dice, self._count)
        return None


class LiveDice:
    """The live loop's dice stage: motion check on every frame, read and filter still frames."""

    def __init__(
        self,
        config: Mapping[str, Any],
        profile: DiceProfile,
        stable_frames: int = 4,
        expected: int | None = None,
    ) -> None:
        self.config, self.profile = config, profile
        self.gate = MotionGate()
        self.filter = StabilityFilter(stable_frames, expected)

    @property
    def why(self) -> Why | None:
        """Why the last frame was not a reading to commit (`StabilityFilter.why`), or None."""
        return self.filter.why

    def feed(self, frame: np.ndarray) -> Commit | None:
        """One BGR uint8 camera frame; returns a Commit when a reading is settled."""
        if self.gate.moving(frame):
            self.filter.push(None)
            return None
        return self.filter.push(read_dice(self.config, self.profile, frame))
