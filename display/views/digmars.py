"""Dig Mars view models: the board, stations, levels, the turn, and "who can dig here?".

Treasure points are private (DIG-6): no player's total is ever in `DigMarsBoard` except in
`private`, which the builder fills only when that player asked to see their own.
"""

from __future__ import annotations

from dataclasses import dataclass

from .common import Notice

Place = tuple[int, int]


@dataclass(frozen=True)
class Cell:
    height: int  # tiles left in the stack (0: a used-up place)
    explored: bool | None  # top tile face up; None when the place is empty
    dig: int | None = None  # an unexplored top's dig difficulty (None: not entered yet)
    transport: int | None = None  # an explored top's face
    points: int | None = None
    bonus: str | None = None


@dataclass(frozen=True)
class Player:
    name: str
    colour: str  # a key of theme.PLAYER_COLOURS
    levels: tuple[int, int, int]  # dig, transport, fleet (1..4)


@dataclass(frozen=True)
class Answer:
    """Can `player` dig / transport at the chosen place, at what level, with whose help (DIG-9)."""

    player: str
    kind: str  # "dig" | "transport"
    possible: bool
    level: int
    difficulty: int | None
    helpers: tuple[str, ...]
    rule: str | None = None


@dataclass(frozen=True)
class Choice:
    """One option the rules list now (a controller form), described by its record fields."""

    type: str
    player: str | None = None
    at: Place | None = None
    frm: Place | None = None
    to: Place | None = None
    owner: str | None = None
    equipment: str | None = None


@dataclass(frozen=True)
class Field:
    """A value being entered (a dug tile's face, a back's difficulty)."""

    key: str  # "dig" | "transport" | "points" | "bonus"
    value: object
    focused: bool


@dataclass(frozen=True)
class Private:
    """Shown only at its owner's request (DIG-6/16)."""

    player: str
    points: int
    can_declare: bool


@dataclass(frozen=True)
class DigMarsBoard:
    board: tuple[tuple[Cell, ...], ...]  # 4×4, row 0 at the top
    players: tuple[Player, ...]
    stations: tuple[tuple[int, Place], ...]  # (player index, place), every station
    phase: str  # setup | play | over
    to_act: int | None
    actions_used: int
    bonuses: tuple[str, ...] = ()  # bonus actions the player to act may still use
    pending_place: str | None = None  # must place a station now (DIG-21)
    cursor: Place | None = None  # the stack asked about
    answers: tuple[Answer, ...] = ()
    choices: tuple[Choice, ...] = ()
    focus: int = 0
    entry: tuple[Field, ...] = ()  # the form being filled
    entry_for: Choice | None = None
    private: Private | None = None
    winners: tuple[str, ...] = ()
    declared: str | None = None
    victory_at: int = 0
    notice: Notice | None = None
    banner: str | None = None

    ACTIONS = 3  # DIG-5/19
