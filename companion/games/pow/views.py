"""What POW shows: the summary, the replay state of records.md and the public view (POW-14)."""

from __future__ import annotations

from typing import Any

from ..base import Summary
from .model import HEROES, ROWS, VILLAINS, State, to_record
from .rules import options
from .tally import places, tally


def summary(state: State) -> Summary:
    """The tally (also while running, for the end screen), winners only once over."""
    scores = {p: tally(s).score for p, s in zip(state.players, state.stacks, strict=True)}
    winners = places(scores)[0][1] if state.over else ()
    return Summary(state.over, scores, winners)


def _row_values(state: State, row: str) -> list[int]:
    return [value for value in state.row(row) if value is not None]


def replay_state(state: State) -> dict[str, Any]:
    """records.md: `rows`, untrimmed `stacks` bottom first, and `removed` once over."""
    out: dict[str, Any] = {
        "rows": {row: _row_values(state, row) for row in ROWS},
        "stacks": {
            p: {HEROES: list(s.heroes), VILLAINS: list(s.villains)}
            for p, s in zip(state.players, state.stacks, strict=True)
        },
    }
    if state.over:
        out["removed"] = {
            p: list(tally(s).removed) for p, s in zip(state.players, state.stacks, strict=True)
        }
    return out


def _covered(tiles: tuple[int, ...]) -> dict[str, Any]:
    # POW-14: covered tiles must not be looked at; only the height and the top show.
    return {"height": len(tiles), "top": tiles[-1] if tiles else None}


def public_view(state: State) -> dict[str, Any]:
    """Everything the table may see: rows (gaps as null), stack heights and tops while the game
    runs (full stacks, removed tiles, scores and places once over), whose turn, the dice,
    the options and the house rules."""
    turn = state.turn
    view: dict[str, Any] = {
        "game": "pow",
        "players": list(state.players),
        "over": state.over,
        "to_play": None if state.over else state.player,
        "rules": state.rules.as_dict(),
        "rows": {row: list(state.row(row)) for row in ROWS},
        "roll": turn.rolls,
        "rolls_left": 0 if state.over else turn.rolls_left,
        "set_aside": list(turn.set_aside),
        "last_roll": None if turn.last is None else list(turn.last),
        "result": None if turn.last is None else dict(sorted(turn.result.items())),
        "options": [to_record(option) for option in options(state)],
        "last_event": None,
    }
    event = state.last_event
    if event is not None:
        view["last_event"] = {
            "player": event.player,
            "action": to_record(event.action),
            "row": event.row,
            "value": event.value,
            "from": event.victim,
        }
    if not state.over:
        view["stacks"] = {
            p: {HEROES: _covered(s.heroes), VILLAINS: _covered(s.villains)}
            for p, s in zip(state.players, state.stacks, strict=True)
        }
        return view
    tallies = {p: tally(s) for p, s in zip(state.players, state.stacks, strict=True)}
    view["stacks"] = {
        p: {HEROES: list(s.heroes), VILLAINS: list(s.villains)}
        for p, s in zip(state.players, state.stacks, strict=True)
    }
    view["removed"] = {p: list(t.removed) for p, t in tallies.items()}
    view["scores"] = {p: t.score for p, t in tallies.items()}
    view["places"] = [
        {"place": place, "players": list(names)} for place, names in places(view["scores"])
    ]
    return view
