"""Dig Mars under random play: hypothesis picks seeds, player counts and whether anybody
declares; a seeded random player plays each game to its end (trying illegal actions too), and
every step is checked against invariants that do not trust the engine's own bookkeeping."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.digmars import ENGINE, options
from companion.games.digmars.model import TILES, VICTORY_AT

from .digmars_play import random_game

COUNTED = ("move", "upgrade")
BONUS_OF = {"relocate": "relocate", "extra_point": "extra-point", "inspect": "inspect"}


class Invariants:
    """Called on every legal step of a game; counts each turn's actions from the records."""

    def __init__(self) -> None:
        self.turn: list[dict] = []
        self.steps = 0

    def __call__(self, before, record, after) -> None:
        self.steps += 1
        kind = record["type"]
        # DIG-1/3/6: the 48 tiles are on the board or taken, never lost or doubled.
        assert sum(s.height for s in after.board) + sum(after.taken) == TILES
        assert all(s.height >= 0 for s in after.board)
        # Points are never negative; they change only by transport, upgrade, extra point.
        assert min(after.points) >= 0
        if kind not in ("transport", "upgrade", "extra_point"):
            assert after.points == before.points, kind
        if kind == "transport":  # DIG-10: sharing neither makes nor loses points
            top = before.stack(tuple(record["at"])).top
            assert sum(after.points) - sum(before.points) == top.points
        # DIG-1/DIG-8: one station per fleet level (the new one placed at once), at most 4.
        if after.phase != "setup":
            for i, (own, levels) in enumerate(zip(after.stations, after.levels, strict=True)):
                owed = 1 if after.pending_place == i else 0
                assert len(own) + owed == levels[2] <= 4
        assert after.actions_used <= 3
        if self.steps % 61 == 0:  # now and then: everything offered is legal
            for option in options(after):
                fields = {"dig": 2} if option.type == "soil" else {}
                if option.type == "dig":
                    fields = {"transport": 1, "points": 1, "bonus": None}
                ENGINE.apply(after, ENGINE.parse_action(option.record(**fields)))
        if kind == "end_turn" or after.phase == "over":
            self.check_turn()
            self.turn = []
        elif kind != "soil":
            self.turn.append(record)

    def check_turn(self) -> None:
        """DIG-5/DIG-19: at most 3 counted actions; a dig or transport is free only against an
        extra-dig / extra-transport flipped this turn; bonus actions only as often as flipped."""
        if not self.turn:
            return
        count = {k: sum(1 for r in self.turn if r["type"] == k) for k in ("dig", "transport")}
        flipped = [r["bonus"] for r in self.turn if r["type"] == "dig" and r["bonus"]]
        counted = sum(1 for r in self.turn if r["type"] in COUNTED)
        counted += max(0, count["dig"] - flipped.count("extra-dig"))
        counted += max(0, count["transport"] - flipped.count("extra-transport"))
        assert counted <= 3, self.turn
        for kind, bonus in BONUS_OF.items():
            assert sum(1 for r in self.turn if r["type"] == kind) <= flipped.count(bonus)
        players = {r["player"] for r in self.turn if "player" in r and r["type"] != "place"}
        assert len(players) <= 1, self.turn  # only the player to act acts


@settings(
    max_examples=400,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4), declare=st.booleans())
def test_random_legal_games_keep_tiles_points_and_action_counts(seed, players, declare):
    check = Invariants()
    state = random_game(seed, players, on_step=check, declare=declare)
    summary = ENGINE.summary(state)
    assert summary.over and summary.winners
    if state.declared:  # DIG-16
        assert summary.winners == (state.declared,)
        assert summary.scores[state.declared] >= VICTORY_AT[players]
    else:  # DIG-17 / DIG-23
        assert state.tiles_on_board == 0
        best = max(summary.scores.values())
        assert set(summary.winners) == {p for p, n in summary.scores.items() if n == best}
    assert check.steps > 0
