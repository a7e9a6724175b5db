"""Dig Mars rules engine (../shared/rules/dig-mars.md): `ENGINE` meets `base.Engine`.

The 4×4 board of 3-tile stacks, stations, equipment levels 1–4, turns of up to 3 actions with
bonus actions, cooperation (DIG-9), sharing (DIG-10), upgrades (DIG-8) and victory (DIG-16/17).
Points are private (DIG-6): `public_view` never holds them, `private_view` holds one player's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import Summary
from . import model, rules
from .model import EQUIPMENT, OVER, SIZE, VICTORY_AT, Action, Back, Face, Place, State
from .rules import (
    Ability,
    Option,
    ability,
    effective_level,
    move_targets,
    option_of,
    options,
    share,
)

__all__ = [
    "ENGINE",
    "Ability",
    "DigMarsEngine",
    "Option",
    "State",
    "ability",
    "effective_level",
    "move_targets",
    "option_of",
    "options",
    "share",
]


def _top_json(state: State, place: Place) -> dict[str, Any] | None:
    top = state.stack(place).top
    if isinstance(top, Back):
        return {"explored": False, "dig": top.dig}
    if isinstance(top, Face):
        return {
            "explored": True,
            "transport": top.transport,
            "points": top.points,
            "bonus": top.bonus,
        }
    return None


def _board_json(state: State) -> list[list[dict[str, Any]]]:
    return [
        [
            {"height": state.stack((r, c)).height, "top": _top_json(state, (r, c))}
            for c in range(SIZE)
        ]
        for r in range(SIZE)
    ]


def _name(state: State, i: int | None) -> str | None:
    return None if i is None else state.players[i]


class DigMarsEngine:
    """The `base.Engine` of Dig Mars, plus the views and questions the screen asks."""

    name = "digmars"

    def setup(self, header: Mapping[str, Any]) -> State:
        return State.start(model.parse_header(header))

    def parse_action(self, obj: Mapping[str, Any]) -> Action:
        return model.parse_action(obj)

    def apply(self, state: State, action: Action) -> State:
        return rules.apply(state, action)

    def to_record(self, action: Action) -> dict[str, Any]:
        return model.to_record(action)

    def summary(self, state: State) -> Summary:
        scores = dict(zip(state.players, state.points, strict=True))
        return Summary(over=state.phase == OVER, scores=scores, winners=state.winners)

    def _shared(self, state: State) -> dict[str, Any]:
        """Everything everybody at the table sees."""
        return {
            "players": list(state.players),
            "board": _board_json(state),
            "stations": {
                p: [list(place) for place in own]
                for p, own in zip(state.players, state.stations, strict=True)
            },
            "levels": {
                p: dict(zip(EQUIPMENT, lv, strict=True))
                for p, lv in zip(state.players, state.levels, strict=True)
            },
            "phase": state.phase,
            "to_act": _name(state, state.to_act),
            "actions_used": state.actions_used,
            "bonuses": dict(state.bonuses),
            "pending_place": _name(state, state.pending_place),
            "declared": state.declared,
            "winners": list(state.winners),
            "victory_at": VICTORY_AT[len(state.players)],
        }

    def replay_state(self, state: State) -> dict[str, Any]:
        """records.md: board, stations, levels, points (+ turn fields); a private tool."""
        out = self._shared(state)
        out["points"] = dict(zip(state.players, state.points, strict=True))
        out["taken"] = dict(zip(state.players, state.taken, strict=True))
        return out

    def public_view(self, state: State) -> dict[str, Any]:
        """The shared screen: no player's points (DIG-6), not even once the game is over."""
        return self._shared(state)

    def private_view(self, state: State, player: str) -> dict[str, Any]:
        """What `player` alone may see: the public view plus their own points and whether they
        may declare victory now (DIG-16)."""
        i = state.player_index(player)
        if i is None:
            raise ValueError(f"{player!r} is not a player of this game")
        out = self._shared(state)
        out["player"] = player
        out["points"] = state.points[i]
        out["can_declare"] = (
            state.phase == "play"
            and state.to_act == i
            and state.pending_place is None
            and rules.can_declare(state, i)
        )
        return out

    def ability(self, state: State, player: str, at: Place, kind: str) -> Ability:
        return ability(state, player, at, kind)

    def options(self, state: State) -> tuple[Option, ...]:
        return options(state)


ENGINE = DigMarsEngine()
