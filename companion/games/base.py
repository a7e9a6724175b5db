"""The contract every rules engine meets, and the generic fold of a record (undo included).

An engine is a module-level object with the methods of `Engine`. It is pure: no I/O, no
clock, no randomness; states are immutable values. Records (../shared/records.md) are the
only way in: a header dict and action dicts, exactly as written in a record file.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

UNDO = "undo"


class GameError(Exception):
    """Root of everything the rules engines raise."""


class RuleError(GameError, ValueError):
    """An action the rules do not allow. `rule` is the rule id (`POW-6`), `message` plain words."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


class MalformedError(GameError, ValueError):
    """A header or action that is not of the record format (missing field, wrong type...)."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Summary:
    """What `companion replay` prints besides the state: is it over, scores, winners."""

    over: bool
    scores: Mapping[str, int]
    winners: tuple[str, ...] = ()


class Engine(Protocol):
    """What each game module (`companion.games.pow`, `.malacca`, `.digmars`) provides."""

    name: str  # the header's "game" value

    def setup(self, header: Mapping[str, Any]) -> Any:
        """The initial state from a record header; MalformedError if the header is bad."""

    def parse_action(self, obj: Mapping[str, Any]) -> Any:
        """An action value from its record dict; MalformedError for unknown type or fields.
        Extra fields are allowed and ignored. `undo` never reaches the engine."""

    def apply(self, state: Any, action: Any) -> Any:
        """The new state, or RuleError naming the rule; the old state is untouched."""

    def to_record(self, action: Any) -> dict[str, Any]:
        """The record dict of an action (parse_action's inverse)."""

    def summary(self, state: Any) -> Summary:
        """Over or not, scores so far (the tally) and the winners once over."""

    def replay_state(self, state: Any) -> dict[str, Any]:
        """The `state` object of `companion replay --json` (records.md), JSON-ready."""

    def public_view(self, state: Any) -> dict[str, Any]:
        """What the screen may show to everybody: hides what the rules hide."""


def require(obj: Mapping[str, Any], kind: str, name: str) -> Any:
    """A record field that must be there; MalformedError in the words of records.md."""
    if name not in obj:
        raise MalformedError(f"'{kind}' needs the field '{name}'")
    return obj[name]


def header_players(
    header: Mapping[str, Any], game: str, fewest: int, most: int, rule: str | None = None
) -> tuple[str, ...]:
    """The header's players: a list of distinct names, as many as the game allows (`rule`)."""
    players = header.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        raise MalformedError("the header needs the field 'players': a list of names")
    if not fewest <= len(players) <= most:
        cite = f" ({rule})" if rule else ""
        raise MalformedError(f"{game} is for {fewest} to {most} players{cite}, not {len(players)}")
    if len(set(players)) != len(players):
        raise MalformedError("the header's 'players' must all have different names")
    return tuple(players)


def action_type(obj: Any) -> str:
    """The `type` of an action dict, or MalformedError."""
    if not isinstance(obj, Mapping):
        raise MalformedError("an action must be a JSON object")
    kind = obj.get("type")
    if not isinstance(kind, str):
        raise MalformedError("an action needs the field 'type'")
    return kind


@dataclass
class Game:
    """A game being played: its header, every action entered (undos included) and the states.

    `log` is append-only, exactly what the store keeps and `export` writes. `in_force` pairs each
    action still in force with the state after it; undo pops the latest one (records.md: "undo
    withdraws the latest action that is still in force").
    """

    engine: Engine
    header: dict[str, Any]
    initial: Any = None
    log: list[dict[str, Any]] = field(default_factory=list)
    in_force: list[tuple[dict[str, Any], Any]] = field(default_factory=list)

    @classmethod
    def start(cls, engine: Engine, header: Mapping[str, Any]) -> Game:
        return cls(engine=engine, header=dict(header), initial=engine.setup(header))

    @property
    def state(self) -> Any:
        return self.in_force[-1][1] if self.in_force else self.initial

    @property
    def state_id(self) -> int:
        """How many actions were entered; an action made against an older id is stale."""
        return len(self.log)

    def preview(self, obj: Mapping[str, Any]) -> Any:
        """The state `obj` would lead to, without entering it (RuleError/MalformedError)."""
        if action_type(obj) == UNDO:
            if not self.in_force:
                raise RuleError("REC-UNDO", "there is nothing to undo")
            return self.in_force[-2][1] if len(self.in_force) > 1 else self.initial
        return self.engine.apply(self.state, self.engine.parse_action(obj))

    def play(self, obj: Mapping[str, Any]) -> Any:
        """Enter one action (a record dict); on error nothing changes."""
        new_state = self.preview(obj)
        self.enter(obj, new_state)
        return new_state

    def enter(self, obj: Mapping[str, Any], new_state: Any) -> None:
        """Record an action whose state `preview` already gave (the store writes in between)."""
        record = dict(obj)
        self.log.append(record)
        if action_type(record) == UNDO:
            self.in_force.pop()
        else:
            self.in_force.append((record, new_state))

    def play_all(self, objs: Iterable[Mapping[str, Any]]) -> Any:
        for obj in objs:
            self.play(obj)
        return self.state

    def summary(self) -> Summary:
        return self.engine.summary(self.state)
