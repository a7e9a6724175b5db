"""POW view models: the turn (dice, rows, options, stacks) and the end tally.

Covered tiles never enter these values (POW-14): a stack is its height and its top tile only.
The end tally, shown once the game is over (POW-15), holds every tile.
"""

from __future__ import annotations

from dataclasses import dataclass

from .common import Notice

FACES = ("shield", "skull", "bubble-blue", "bubble-orange")


@dataclass(frozen=True)
class StackTop:
    height: int
    top: int | None  # value of the top tile; None when the stack is empty


@dataclass(frozen=True)
class Seat:
    name: str
    heroes: StackTop
    villains: StackTop


@dataclass(frozen=True)
class Option:
    """One choice the final dice allow (POW-8..12), as the engine lists it."""

    kind: str  # "hero" | "villain" | "steal" | "forced"
    row: str  # "heroes" | "villains": the row taken from, or the stack stolen from
    position: int  # 1-based: from the left of a row, from the top of a stack
    value: int | None  # the tile's value when visible (rows, a stack's top); None when covered
    victim: str | None = None  # steals: whose stack
    action: tuple[tuple[str, object], ...] = ()  # the record dict the app enters (items)


@dataclass(frozen=True)
class Odds:
    """Chance that re-rolling the free dice reaches the next option of a kind."""

    kind: str  # "hero" | "villain" | "steal-hero" | "steal-villain"
    target: int  # the count of that face it would reach
    chance: float  # 0..1


@dataclass(frozen=True)
class Event:
    """What just happened, shown big for a moment: a steal, a forced take, a take."""

    kind: str  # "steal" | "forced" | "take"
    actor: str
    row: str  # heroes | villains
    value: int | None
    victim: str | None = None


@dataclass(frozen=True)
class DiceWhy:
    """Why the camera has not taken the dice on the table yet, once the same why has held for
    a few frames: the screen words it as what the table should do (lay a cocked die flat…)."""

    # "cocked" | "cut" | "blurred" | "too-many" | "uncertain" | "missing" (the reader's reasons),
    # "count" (another number of dice than in play) | "no-dice"
    reason: str
    seen: int = 0  # dice read in the frame
    expected: int | None = None  # dice in play


@dataclass(frozen=True)
class PowTurn:
    seats: tuple[Seat, ...]
    current: int  # index into seats of the player to act
    heroes: tuple[int | None, ...]  # the hero row, left to right; None: a gap (POW-13)
    villains: tuple[int | None, ...]
    kept: tuple[str, ...]  # dice set aside (POW-6)
    rolled: tuple[str, ...]  # the last roll, read by the camera
    rolls_left: int
    options: tuple[Option, ...] = ()
    focus: int = 0  # the highlighted option
    odds: tuple[Odds, ...] = ()
    event: Event | None = None
    notice: Notice | None = None
    manual: tuple[tuple[str, bool], ...] | None = None  # dice entered by hand: (face, set aside)
    manual_focus: int = 0
    banner: str | None = None  # a hardware fault to show (camera lost)
    dice_why: DiceWhy | None = None  # why the dice on the table are not taken yet


@dataclass(frozen=True)
class TallySeat:
    name: str
    heroes: tuple[int, ...]  # kept hero tiles, bottom first (after POW-16)
    removed: tuple[int, ...]  # hero tiles removed by POW-16
    villains: tuple[int, ...]
    score: int


@dataclass(frozen=True)
class PowTally:
    seats: tuple[TallySeat, ...]
    winners: tuple[str, ...]
    history: tuple[tuple[str, tuple[int, ...]], ...] = ()  # each player's score after each turn
    notice: Notice | None = None
    banner: str | None = None
    colours: tuple[str, ...] = ()  # each seat's colour (theme.PLAYER_COLOURS), chosen at setup
