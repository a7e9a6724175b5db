"""Dig Mars values: places, tiles, stacks, the game state and the record actions.

Everything here is an immutable value. Record dicts (records.md, Dig Mars section) become
action values through `parse_action` and back through `to_record`; a missing or wrongly typed
field is a MalformedError naming the action and the field. Tile values (dig and transport
difficulties, points) are never constants here (DIG-2): the table enters them as tiles show.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import MalformedError, header_players

SIZE = 4  # DIG-3: a 4×4 grid of stacks
STACK_HEIGHT = 3  # DIG-3: 3 tiles per stack
TILES = SIZE * SIZE * STACK_HEIGHT  # DIG-1: 48 exploration tiles
MIN_PLAYERS, MAX_PLAYERS = 2, 4  # DIG-1: 4 colours of stations and markers
MAX_LEVEL = 4  # DIG-1: equipment levels 1–4; fleet 4 = all 4 stations on the board
ACTIONS_PER_TURN = 3  # DIG-5 (as cited by DIG-19)
EQUIPMENT = ("dig", "transport", "fleet")
BONUSES = ("extra-dig", "extra-transport", "relocate", "extra-point", "inspect")
# DIG-16: points needed to declare victory, by number of players.
VICTORY_AT = {2: 40, 3: 30, 4: 20}

Place = tuple[int, int]

PLACES: tuple[Place, ...] = tuple((r, c) for r in range(SIZE) for c in range(SIZE))


def index(place: Place) -> int:
    return place[0] * SIZE + place[1]


@dataclass(frozen=True)
class Back:
    """An unexplored top tile; `dig` is None until the table enters it (a `soil` action)."""

    dig: int | None = None


@dataclass(frozen=True)
class Face:
    """An explored top tile, as read when it was dug (DIG-2)."""

    transport: int
    points: int
    bonus: str | None = None


@dataclass(frozen=True)
class Stack:
    """One place of the board: how many tiles are left and what its top shows."""

    height: int
    top: Back | Face | None

    @property
    def empty(self) -> bool:
        return self.height == 0


FULL_STACK = Stack(STACK_HEIGHT, Back())
EMPTY = Stack(0, None)

SETUP, PLAY, OVER = "setup", "play", "over"


@dataclass(frozen=True)
class State:
    """A Dig Mars game between actions. Per-player tuples follow the header's player order."""

    players: tuple[str, ...]
    board: tuple[Stack, ...] = (FULL_STACK,) * (SIZE * SIZE)  # row-major
    stations: tuple[tuple[Place, ...], ...] = ()  # each player's, sorted
    levels: tuple[tuple[int, int, int], ...] = ()  # dig, transport, fleet
    points: tuple[int, ...] = ()
    taken: tuple[int, ...] = ()  # tiles each player transported (DIG-6)
    phase: str = SETUP
    to_act: int | None = 0
    actions_used: int = 0  # counted actions of the current turn (DIG-19)
    bonuses: tuple[tuple[str, int], ...] = ()  # unused bonus actions of this turn (DIG-12…15)
    pending_place: int | None = None  # a fleet upgrader who must place a station (DIG-21)
    winners: tuple[str, ...] = ()
    declared: str | None = None  # who declared victory (DIG-16)

    @classmethod
    def start(cls, players: tuple[str, ...]) -> State:
        n = len(players)
        return cls(
            players=players,
            stations=((),) * n,
            levels=((1, 1, 1),) * n,
            points=(0,) * n,
            taken=(0,) * n,
        )

    def stack(self, place: Place) -> Stack:
        return self.board[place[0] * SIZE + place[1]]

    def evolve(self, changes: Mapping[str, Any]) -> State:
        """This state with `changes` (field -> value): `dataclasses.replace` without its
        per-call field introspection and `__init__`, which were most of an action's cost."""
        if not changes.keys() <= _FIELDS:
            raise TypeError(f"State has no field(s) {', '.join(changes.keys() - _FIELDS)}")
        new = object.__new__(State)
        fields = new.__dict__
        fields.update(self.__dict__)
        fields.update(changes)
        return new

    def player_index(self, player: str) -> int | None:
        try:
            return self.players.index(player)
        except ValueError:
            return None

    def stations_at(self, place: Place) -> int:
        return sum(own.count(place) for own in self.stations)

    def present(self, place: Place) -> tuple[str, ...]:
        """The players with at least one station on `place`, in turn order."""
        return tuple(p for p, own in zip(self.players, self.stations, strict=True) if place in own)

    def bonus_count(self, name: str) -> int:
        for bonus, count in self.bonuses:  # mostly empty, at most five pairs
            if bonus == name:
                return count
        return 0

    @property
    def tiles_on_board(self) -> int:
        return sum(stack.height for stack in self.board)


_FIELDS = frozenset(f.name for f in dataclasses.fields(State))


# --- actions (records.md, Dig Mars) --------------------------------------------------------


@dataclass(frozen=True)
class Soil:
    at: Place
    dig: int


@dataclass(frozen=True)
class PlaceStation:
    player: str
    at: Place


@dataclass(frozen=True)
class Dig:
    player: str
    at: Place
    transport: int
    points: int
    bonus: str | None


@dataclass(frozen=True)
class Transport:
    player: str
    at: Place


@dataclass(frozen=True)
class Move:
    player: str
    frm: Place
    to: Place


@dataclass(frozen=True)
class Upgrade:
    player: str
    equipment: str


@dataclass(frozen=True)
class Relocate:
    player: str
    frm: Place
    to: Place
    owner: str


@dataclass(frozen=True)
class ExtraPoint:
    player: str


@dataclass(frozen=True)
class Inspect:
    player: str
    at: Place


@dataclass(frozen=True)
class EndTurn:
    pass


@dataclass(frozen=True)
class Declare:
    player: str


Action = (
    Soil
    | PlaceStation
    | Dig
    | Transport
    | Move
    | Upgrade
    | Relocate
    | ExtraPoint
    | Inspect
    | EndTurn
    | Declare
)

# record type -> (class, record fields in order); `from` is `frm` in Python.
_SHAPES: dict[str, tuple[type, tuple[str, ...]]] = {
    "soil": (Soil, ("at", "dig")),
    "place": (PlaceStation, ("player", "at")),
    "dig": (Dig, ("player", "at", "transport", "points", "bonus")),
    "transport": (Transport, ("player", "at")),
    "move": (Move, ("player", "from", "to")),
    "upgrade": (Upgrade, ("player", "equipment")),
    "relocate": (Relocate, ("player", "from", "to", "owner")),
    "extra_point": (ExtraPoint, ("player",)),
    "inspect": (Inspect, ("player", "at")),
    "end_turn": (EndTurn, ()),
    "declare": (Declare, ("player",)),
}
_TYPE_OF = {cls: kind for kind, (cls, _) in _SHAPES.items()}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _field(kind: str, name: str, value: Any) -> Any:
    """A record field's value checked for its type; MalformedError naming action and field."""
    if name in ("at", "from", "to"):
        if isinstance(value, list | tuple) and len(value) == 2:
            r, c = value
            if _is_int(r) and _is_int(c) and 0 <= r < SIZE and 0 <= c < SIZE:
                return (r, c)
        raise MalformedError(
            f"'{kind}' field '{name}' must be a place [row, col] with each from 0 to {SIZE - 1},"
            f" not {value!r}"
        )
    if name in ("player", "owner"):
        if isinstance(value, str) and value:
            return value
        raise MalformedError(f"'{kind}' field '{name}' must be a player's name, not {value!r}")
    if name in ("dig", "transport", "points"):
        if _is_int(value) and value >= 0:
            return value
        raise MalformedError(
            f"'{kind}' field '{name}' must be a whole number of at least 0, not {value!r}"
        )
    if name == "bonus":
        if value is None or value in BONUSES:
            return value
        raise MalformedError(
            f"'{kind}' field 'bonus' must be null or one of {', '.join(BONUSES)}, not {value!r}"
        )
    if name == "equipment":
        if value in EQUIPMENT:
            return value
        raise MalformedError(
            f"'{kind}' field 'equipment' must be one of {', '.join(EQUIPMENT)}, not {value!r}"
        )
    raise AssertionError(f"no check for field {name!r}")  # a programming error, not input


def parse_action(obj: Mapping[str, Any]) -> Action:
    """The action value of a record dict. Extra fields (e.g. "source") are ignored."""
    if not isinstance(obj, Mapping):
        raise MalformedError("an action must be a JSON object")
    kind = obj.get("type")
    if kind not in _SHAPES:
        raise MalformedError(
            f"unknown Dig Mars action type {kind!r}; known: {', '.join(_SHAPES)}, undo"
        )
    cls, names = _SHAPES[kind]
    values = []
    for name in names:
        if name not in obj:
            raise MalformedError(f"'{kind}' needs the field '{name}'")
        values.append(_field(kind, name, obj[name]))
    return cls(*values)


def kind(action: Action) -> str:
    """The record `type` of an action ("dig", "end_turn", …)."""
    return _TYPE_OF[type(action)]


def to_record(action: Action) -> dict[str, Any]:
    """The record dict of an action (parse_action's inverse)."""
    kind = _TYPE_OF[type(action)]
    _, names = _SHAPES[kind]
    record: dict[str, Any] = {"type": kind}
    for name in names:
        value = getattr(action, "frm" if name == "from" else name)
        record[name] = list(value) if isinstance(value, tuple) else value
    return record


def parse_header(header: Mapping[str, Any]) -> tuple[str, ...]:
    """The players of a Dig Mars header (DIG-1: 2–4, distinct names); MalformedError if bad."""
    players = header_players(header, "Dig Mars", MIN_PLAYERS, MAX_PLAYERS, "DIG-1")
    rules = header.get("rules", {})
    if not isinstance(rules, Mapping):
        raise MalformedError("the header's 'rules' must be an object")
    if rules:
        # No house rules yet: DIG-18…23 are fixed readings. A key here is a typo, not silence.
        raise MalformedError(
            f"Dig Mars has no house rules; unknown key(s) in 'rules': {', '.join(map(str, rules))}"
        )
    return tuple(players)
