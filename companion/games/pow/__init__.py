"""POW (Reiner Knizia) rules engine: dice, rows, steals, stacks and the tally.

`ENGINE` meets `companion.games.base.Engine`; `options(state)` lists the tile actions the dice
allow now; `pow.odds` gives the exact chances of each target for the dice on the table.
Rules: ../shared/rules/pow.md (POW-1 … POW-18); records: ../shared/records.md (POW).
"""

from __future__ import annotations

from typing import Any

from ..base import Summary
from . import model, rules, views
from .model import (
    FACES,
    HOUSE_RULES,
    Action,
    ForcedTake,
    HouseRules,
    Roll,
    SetAside,
    Stack,
    State,
    Steal,
    Take,
)
from .rules import forced_tile, options
from .tally import Tally, places, tally

__all__ = [
    "ENGINE",
    "FACES",
    "HOUSE_RULES",
    "Action",
    "ForcedTake",
    "HouseRules",
    "PowEngine",
    "Roll",
    "SetAside",
    "Stack",
    "State",
    "Steal",
    "Take",
    "Tally",
    "forced_tile",
    "options",
    "places",
    "tally",
]


class PowEngine:
    """The POW engine as `companion.games.base.Engine` wants it (pure functions bundled)."""

    name = model.NAME

    def setup(self, header: Any) -> State:
        return model.setup(header)

    def parse_action(self, obj: Any) -> Action:
        return model.parse_action(obj)

    def apply(self, state: State, action: Action) -> State:
        return rules.apply(state, action)

    def to_record(self, action: Action) -> dict[str, Any]:
        return model.to_record(action)

    def summary(self, state: State) -> Summary:
        return views.summary(state)

    def replay_state(self, state: State) -> dict[str, Any]:
        return views.replay_state(state)

    def public_view(self, state: State) -> dict[str, Any]:
        return views.public_view(state)

    def options(self, state: State) -> tuple[Action, ...]:
        return rules.options(state)


ENGINE = PowEngine()
