"""A tiny engine for testing the store and the fold without any real game's rules.

Header: {"game": "count", "version": 1, "players": [...]}; action {"type": "add", "n": int}.
CNT-1: n must be from 1 to 9. The game is over when the total reaches 100.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games import MalformedError, RuleError, Summary, engine_for


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    totals: tuple[int, ...]
    turn: int = 0


class CountEngine:
    name = "count"

    def setup(self, header):
        players = header.get("players")
        if not isinstance(players, list) or not players:
            raise MalformedError("the header needs 'players'")
        return State(tuple(players), (0,) * len(players))

    def parse_action(self, obj):
        if obj.get("type") != "add":
            raise MalformedError(f"unknown action type {obj.get('type')!r}")
        if not isinstance(obj.get("n"), int):
            raise MalformedError("'add' needs the field 'n'")
        return obj["n"]

    def apply(self, state, n):
        if not 1 <= n <= 9:
            raise RuleError("CNT-1", f"add 1 to 9, not {n}")
        totals = list(state.totals)
        totals[state.turn] += n
        return State(state.players, tuple(totals), (state.turn + 1) % len(state.players))

    def to_record(self, n):
        return {"type": "add", "n": n}

    def summary(self, state):
        scores = dict(zip(state.players, state.totals, strict=True))
        over = sum(state.totals) >= 100
        best = max(state.totals)
        winners = tuple(p for p, t in scores.items() if t == best) if over else ()
        return Summary(over, scores, winners)

    def replay_state(self, state):
        return {
            "totals": dict(zip(state.players, state.totals, strict=True)),
            "turn": state.players[state.turn],
        }

    def public_view(self, state):
        return self.replay_state(state)


COUNT = CountEngine()


def resolve(name):
    return COUNT if name == "count" else engine_for(name)


HEADER = {"game": "count", "version": 1, "players": ["Ann", "Ben"]}
