"""Dig Mars under random play: hypothesis picks seeds, player counts and whether anybody
declares; each game is played to its end with actions chosen among `options` (bonus actions,
cooperation, jumps and declarations included), random attempts before about half of the
actions must be refused exactly when they are not offered, and after every action invariants
are checked that recount from the records instead of trusting the engine's own bookkeeping."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.digmars import ENGINE
from companion.games.digmars.model import EQUIPMENT

from .digmars_play import random_game

# From the rules text, not the engine's constants, so a wrong constant there is caught here.
TILES = 48  # DIG-1
MAX_LEVEL = 4  # DIG-1
VICTORY_AT = {2: 40, 3: 30, 4: 20}  # DIG-16
BONUS_ACTIONS = {"relocate": "relocate", "extra_point": "extra-point", "inspect": "inspect"}
GAMES = 2000  # the issue: "thousands of random legal games"


class Invariants:
    """Called with (before, record, after) for every action of one game."""

    def __init__(self) -> None:
        self.transported = 0
        self.steps = 0
        self.seen: Counter = Counter()  # what the game exercised, for the coverage test
        self._new_turn()

    def _new_turn(self) -> None:
        self.counted = 0
        self.unused: Counter = Counter()  # bonuses flipped this turn and not yet used

    def __call__(self, before, record, after) -> None:
        self.steps += 1
        kind = record["type"]
        self.seen[kind] += 1
        self.transported += kind == "transport"
        # DIG-1/3/6: the 48 tiles are on the board or taken, never lost or doubled.
        heights = [s.height for s in after.board]
        assert min(heights) >= 0 and max(heights) <= 3
        assert sum(heights) + self.transported == TILES
        assert sum(after.taken) == self.transported
        self.check_points(before, record, after)
        self.check_stations(before, record, after)
        self.check_turn(before, record, after)

    def check_points(self, before, record, after) -> None:
        """Points are never negative and change only as DIG-8/10/14 say, by our own count."""
        kind = record["type"]
        assert min(after.points) >= 0
        change = [b - a for a, b in zip(before.points, after.points, strict=True)]
        expected = [0] * len(before.players)
        i = before.players.index(record["player"]) if "player" in record else None
        if kind == "transport":
            at = tuple(record["at"])
            points = before.stack(at).top.points
            present = [j for j, own in enumerate(before.stations) if at in own]
            for j in present:  # DIG-10: players, not stations; the remainder to the transporter
                expected[j] = points // len(present)
            expected[i] += points % len(present)
            if len(present) > 1:
                self.seen["shared transport"] += 1
                self.seen["remainder to the transporter"] += points % len(present) > 0
            need = before.stack(at).top.transport
            assert self.effective(before, i, at, 1) >= need  # DIG-6/DIG-9
            assert after.stack(at).height == before.stack(at).height - 1
            self.seen["cooperation transport"] += before.levels[i][1] < need
        elif kind == "upgrade":  # DIG-8: 1→2 costs 1, 2→3 costs 2, 3→4 costs 3
            k = EQUIPMENT.index(record["equipment"])
            level = before.levels[i][k]
            assert after.levels[i][k] == level + 1 <= MAX_LEVEL
            expected[i] = -level
        elif kind == "extra_point":  # DIG-14
            expected[i] = 1
        elif kind == "dig":
            at = tuple(record["at"])
            need = before.stack(at).top.dig
            assert self.effective(before, i, at, 0) >= need  # DIG-5/DIG-9
            assert after.stack(at).height == before.stack(at).height  # flipped, not taken
            self.seen["cooperation dig"] += before.levels[i][0] < need
        assert change == expected, (record, change, expected)

    @staticmethod
    def effective(state, i, at, k) -> int:
        """DIG-9 by our own count: the level plus every station on the stack but one of i's."""
        assert at in state.stations[i]  # DIG-5/DIG-6: an own station on the stack
        return state.levels[i][k] + sum(own.count(at) for own in state.stations) - 1

    def check_stations(self, before, record, after) -> None:
        """DIG-1/DIG-8: one station per fleet level (the new one placed at once), at most 4;
        a move goes to the adjacent place or jumps over used-up places (DIG-7/DIG-20)."""
        if after.phase != "setup":
            for i, (own, levels) in enumerate(zip(after.stations, after.levels, strict=True)):
                owed = 1 if after.pending_place == i else 0
                assert len(own) + owed == levels[2] <= 4
        if record["type"] == "move":
            (r, c), (r2, c2) = record["from"], record["to"]
            assert r == r2 or c == c2
            distance = abs(r2 - r) + abs(c2 - c)
            if distance > 1:  # a jump: only over used-up places, onto a stack
                dr, dc = (r2 - r) // distance, (c2 - c) // distance
                between = [(r + k * dr, c + k * dc) for k in range(1, distance)]
                assert all(before.stack(p).empty for p in between)
                assert not before.stack((r2, c2)).empty
                self.seen["jump"] += 1
            elif before.stack((r2, c2)).empty:
                self.seen["move onto an empty place"] += 1
        if record["type"] == "place" and before.phase == "play":
            self.seen["fleet station placed"] += 1

    def check_turn(self, before, record, after) -> None:
        """DIG-5/DIG-19: at most 3 counted actions a turn; a dig (transport) is free only while
        an extra-dig (extra-transport) flipped earlier this turn is unused; a bonus action only
        as often as its tile was flipped this turn; only the player to act acts (DIG-18)."""
        kind = record["type"]
        if kind == "soil" or before.phase == "setup":
            return
        if kind == "end_turn":
            assert after.to_act == (before.to_act + 1) % len(before.players)
            self._new_turn()
            return
        acting = before.pending_place if before.pending_place is not None else before.to_act
        assert record["player"] == before.players[acting]
        if kind in ("dig", "transport"):
            free = f"extra-{kind}"
            if self.unused[free]:
                self.unused[free] -= 1
                self.seen[f"free {kind}"] += 1
            else:
                self.counted += 1
            if kind == "dig" and record["bonus"]:
                self.unused[record["bonus"]] += 1
        elif kind in ("move", "upgrade"):
            self.counted += 1
        elif kind in BONUS_ACTIONS:
            assert self.unused[BONUS_ACTIONS[kind]] > 0, record
            self.unused[BONUS_ACTIONS[kind]] -= 1
        assert self.counted <= 3
        if after.phase == "play":
            assert after.actions_used == self.counted


def play_checked(seed: int, players: int, declare: bool, tried: Counter | None = None):
    check = Invariants()
    state = random_game(seed, players, on_step=check, declare=declare, tried=tried)
    summary = ENGINE.summary(state)
    assert summary.over and summary.winners
    if state.declared:  # DIG-16
        assert declare and summary.winners == (state.declared,)
        assert summary.scores[state.declared] >= VICTORY_AT[players]
        check.seen["declared"] += 1
    else:  # DIG-17 / DIG-23
        assert state.tiles_on_board == 0
        best = max(summary.scores.values())
        assert set(summary.winners) == {p for p, n in summary.scores.items() if n == best}
        check.seen["board emptied"] += 1
        check.seen["tie"] += len(summary.winners) > 1
    assert check.steps > 0
    return check


@settings(
    max_examples=GAMES,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4), declare=st.booleans())
def test_random_legal_games_keep_tiles_points_and_action_counts(seed, players, declare):
    play_checked(seed, players, declare)


def test_random_games_cover_the_rules():
    """The random games reach every action, bonus and special case, and refusals under each
    rule a wrong entry can break: without this the invariants above could hold vacuously."""
    seen: Counter = Counter()
    tried: Counter = Counter()
    for seed in range(60):
        seen.update(play_checked(seed, 2 + seed % 3, declare=seed % 2 == 1, tried=tried).seen)
    kinds = ("soil", "place", "dig", "transport", "move", "upgrade", "relocate",
             "extra_point", "inspect", "end_turn", "declare")  # fmt: skip
    special = ("jump", "move onto an empty place", "fleet station placed", "cooperation dig",
               "cooperation transport", "shared transport", "remainder to the transporter",
               "free dig", "free transport", "declared", "board emptied")  # fmt: skip
    missing = [k for k in kinds + special if not seen[k]]
    assert not missing, missing
    rules = ("DIG-4", "DIG-5", "DIG-6", "DIG-7", "DIG-8", "DIG-13", "DIG-14", "DIG-15",
             "DIG-16", "DIG-18", "DIG-20", "DIG-21", "DIG-22")  # fmt: skip
    assert not [r for r in rules if not tried[r]], tried
    assert tried["applied"]  # attempts that were offered were applied too
