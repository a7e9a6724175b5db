"""POW values: dice faces, house rules, actions and the game state, and the record (de)coding.

Everything here is a frozen value; the rules that move between states live in `rules.py`.
Rule ids (POW-n) refer to ../shared/rules/pow.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..base import MalformedError, header_players, require

NAME = "pow"

# POW-2: each die has 2 shields, 2 skulls, 1 blue and 1 orange speech bubble.
SHIELD, SKULL, BUBBLE_BLUE, BUBBLE_ORANGE = "shield", "skull", "bubble-blue", "bubble-orange"
FACES = (SHIELD, SKULL, BUBBLE_BLUE, BUBBLE_ORANGE)
DICE = 5  # POW-2
MAX_ROLLS = 3  # POW-5
MIN_PLAYERS, MAX_PLAYERS = 2, 5  # the box: 2-5 players

HEROES, VILLAINS = "heroes", "villains"
ROWS = (HEROES, VILLAINS)
# The face that picks a tile of each row (POW-8/9) and the bubble that steals it (POW-10/11).
ROW_FACE = {HEROES: SHIELD, VILLAINS: SKULL}
STEAL_FACE = {HEROES: BUBBLE_BLUE, VILLAINS: BUBBLE_ORANGE}


# --- House rules (POW-13: the open points, each with the documented default first) ---------


@dataclass(frozen=True)
class HouseRule:
    key: str
    allowed: tuple[str, ...]  # the first is the default
    meaning: str

    @property
    def default(self) -> str:
        return self.allowed[0]


HOUSE_RULES = (
    HouseRule(
        "row_positions",
        ("remaining", "as_laid_out"),
        "remaining: rows count only the tiles still there (a taken tile leaves no gap); "
        "as_laid_out: positions count the places as laid out, a taken tile leaves a gap "
        "and a die count that lands on a gap takes nothing",
    ),
    HouseRule(
        "beyond_row",
        ("unavailable", "last_tile"),
        "when N shields/skulls point past the last tile of the row: unavailable (no option), "
        "or last_tile (take the last tile of that row)",
    ),
    HouseRule(
        "steal_without_target",
        ("unavailable", "first_in_row"),
        "3+ bubbles of a colour no opponent holds: unavailable (no option), or first_in_row "
        "(take the first tile of that colour's row instead)",
    ),
)
_RULES_BY_KEY = {rule.key: rule for rule in HOUSE_RULES}


@dataclass(frozen=True)
class HouseRules:
    row_positions: str = "remaining"
    beyond_row: str = "unavailable"
    steal_without_target: str = "unavailable"

    def as_dict(self) -> dict[str, str]:
        return {rule.key: getattr(self, rule.key) for rule in HOUSE_RULES}


def parse_house_rules(obj: Any) -> HouseRules:
    """The header's "rules" object (absent = all defaults); MalformedError names the bad key."""
    if obj is None:
        return HouseRules()
    if not isinstance(obj, Mapping):
        raise MalformedError("the header's 'rules' must be an object of house rules")
    known = ", ".join(_RULES_BY_KEY)
    values = {}
    for key, value in obj.items():
        rule = _RULES_BY_KEY.get(key)
        if rule is None:
            raise MalformedError(f"unknown POW house rule {key!r}; known: {known}")
        if value not in rule.allowed:
            allowed = ", ".join(repr(a) for a in rule.allowed)
            raise MalformedError(f"house rule {key!r} must be one of {allowed}, not {value!r}")
        values[key] = value
    return HouseRules(**values)


# --- Actions ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Roll:
    """The dice just rolled: 5 on the first roll, the dice not set aside later (POW-5/6)."""

    dice: tuple[str, ...]


@dataclass(frozen=True)
class SetAside:
    """Dice of the last roll moved aside before the next roll (POW-6)."""

    dice: tuple[str, ...]


@dataclass(frozen=True)
class Take:
    """Take the tile at `position` (1-based from the left) of a row (POW-8/9)."""

    row: str
    position: int


@dataclass(frozen=True)
class Steal:
    """Steal from an opponent's stack, `position` 1-based from the top (POW-10/11)."""

    victim: str
    stack: str
    position: int


@dataclass(frozen=True)
class ForcedTake:
    """No option: POW-12 picks the tile."""


Action = Roll | SetAside | Take | Steal | ForcedTake
TILE_ACTIONS = (Take, Steal, ForcedTake)  # the actions that end a turn (POW-7)


def _faces(obj: Mapping[str, Any], kind: str) -> tuple[str, ...]:
    dice = require(obj, kind, "dice")
    if not isinstance(dice, list) or not all(isinstance(face, str) for face in dice):
        raise MalformedError(f"{kind!r} field 'dice' must be a list of faces")
    for face in dice:
        if face not in FACES:
            raise MalformedError(f"unknown die face {face!r}; faces: {', '.join(FACES)}")
    return tuple(dice)


def _row(obj: Mapping[str, Any], kind: str, name: str) -> str:
    row = require(obj, kind, name)
    if row not in ROWS:
        raise MalformedError(f"{kind!r} field {name!r} must be 'heroes' or 'villains', not {row!r}")
    return row


def _position(obj: Mapping[str, Any], kind: str) -> int:
    position = require(obj, kind, "position")
    if isinstance(position, bool) or not isinstance(position, int) or position < 1:
        raise MalformedError(f"{kind!r} field 'position' must be a whole number from 1")
    return position


def parse_action(obj: Mapping[str, Any]) -> Action:
    """An action from its record dict (records.md, POW); extra fields are ignored."""
    if not isinstance(obj, Mapping):
        raise MalformedError("an action must be a JSON object")
    kind = obj.get("type")
    if kind == "roll":
        return Roll(_faces(obj, kind))
    if kind == "set_aside":
        return SetAside(_faces(obj, kind))
    if kind == "take":
        return Take(_row(obj, kind, "row"), _position(obj, kind))
    if kind == "steal":
        victim = require(obj, kind, "from")
        if not isinstance(victim, str):
            raise MalformedError("'steal' field 'from' must be a player's name")
        return Steal(victim, _row(obj, kind, "stack"), _position(obj, kind))
    if kind == "forced_take":
        return ForcedTake()
    if not isinstance(kind, str):
        raise MalformedError("an action needs the field 'type'")
    types = "roll, set_aside, take, steal, forced_take, undo"
    raise MalformedError(f"unknown POW action type {kind!r}; types: {types}")


def to_record(action: Action) -> dict[str, Any]:
    """The record dict of an action (parse_action's inverse)."""
    if isinstance(action, Roll):
        return {"type": "roll", "dice": list(action.dice)}
    if isinstance(action, SetAside):
        return {"type": "set_aside", "dice": list(action.dice)}
    if isinstance(action, Take):
        return {"type": "take", "row": action.row, "position": action.position}
    if isinstance(action, Steal):
        return {
            "type": "steal",
            "from": action.victim,
            "stack": action.stack,
            "position": action.position,
        }
    if isinstance(action, ForcedTake):
        return {"type": "forced_take"}
    raise TypeError(f"not a POW action: {action!r}")


# --- State --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Stack:
    """One player's two stacks, bottom first (POW-14)."""

    heroes: tuple[int, ...] = ()
    villains: tuple[int, ...] = ()

    def of(self, row: str) -> tuple[int, ...]:
        return self.heroes if row == HEROES else self.villains


@dataclass(frozen=True)
class Turn:
    """The dice of the turn in progress.

    `kept` were set aside before the last roll; `last` is the last roll (None before the
    first); `pending` are dice of `last` already set aside for the next roll. The result
    that counts (POW-7) is always all 5 dice: `kept` + `last`.
    """

    rolls: int = 0
    kept: tuple[str, ...] = ()
    last: tuple[str, ...] | None = None
    pending: tuple[str, ...] = ()

    @property
    def result(self) -> Counter[str]:
        return Counter(self.kept + (self.last or ()))

    @property
    def set_aside(self) -> tuple[str, ...]:
        return self.kept + self.pending

    @property
    def rolls_left(self) -> int:
        """How many more rolls POW-5/6 still allow (each re-roll needs one more die aside)."""
        if self.last is None:
            return MAX_ROLLS
        can_roll = len(self.last) - max(len(self.pending), 1)
        return max(0, min(MAX_ROLLS - self.rolls, can_roll))


@dataclass(frozen=True)
class Event:
    """What the last turn ended with, for the screen: who took which tile, and how."""

    player: str
    action: Action
    row: str
    value: int
    victim: str | None = None


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    rules: HouseRules
    # Rows left to right; None is a gap, only with row_positions = as_laid_out (POW-13).
    heroes: tuple[int | None, ...]
    villains: tuple[int | None, ...]
    stacks: tuple[Stack, ...]
    tiles: tuple[int, ...]  # every tile of the setup, to check nothing is lost
    to_play: int = 0
    turn: Turn = field(default_factory=Turn)
    over: bool = False
    last_event: Event | None = None

    def row(self, row: str) -> tuple[int | None, ...]:
        return self.heroes if row == HEROES else self.villains

    @property
    def player(self) -> str:
        return self.players[self.to_play]

    def stack_of(self, player: str) -> Stack:
        return self.stacks[self.players.index(player)]


def _tile_row(header: Mapping[str, Any], name: str, sign: int) -> tuple[int, ...]:
    values = header.get(name)
    what = "positive" if sign > 0 else "negative"
    if not isinstance(values, list):
        raise MalformedError(f"the header needs the field {name!r}: a list of {what} integers")
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int) or value * sign <= 0:
            raise MalformedError(
                f"the header's {name!r} must be {what} integers (POW-1), not {value!r}"
            )
    return tuple(values)


def setup(header: Mapping[str, Any]) -> State:
    """The state at the start (POW-3/4): players in turn order, the two rows as laid out."""
    if not isinstance(header, Mapping):
        raise MalformedError("the header must be a JSON object")
    players = header_players(header, "POW", MIN_PLAYERS, MAX_PLAYERS)
    heroes = _tile_row(header, HEROES, +1)
    villains = _tile_row(header, VILLAINS, -1)
    if not heroes and not villains:
        raise MalformedError("the header's rows hold no tile at all")
    return State(
        players=tuple(players),
        rules=parse_house_rules(header.get("rules")),
        heroes=heroes,
        villains=villains,
        stacks=tuple(Stack() for _ in players),
        tiles=heroes + villains,
    )
