"""Thousands of random legal POW games (hypothesis drives a seeded random player).

Each game checks, after every action: the 24 tiles are all accounted for (POW-1), heroes and
villains stay in their own stacks (POW-14), one tile per finished turn (POW-7); every option
listed applies and random tile actions not listed are refused (POW-8…12); undo restores the
state. At the end (POW-15) the scores equal the tally rule recomputed here (POW-16/17).
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import Game, RuleError
from companion.games.pow import ENGINE, HOUSE_RULES, Steal, options

from .play import header

FACES = ["shield", "skull", "bubble-blue", "bubble-orange"]
WEIGHTS = [2, 2, 1, 1]  # POW-2
DEFAULT_HEROES = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]
DEFAULT_VILLAINS = [-1] * 5 + [-2] * 4 + [-3] * 2 + [-4]


def _dice(rng: random.Random, n: int) -> list[str]:
    return rng.choices(FACES, WEIGHTS, k=n)


def _random_tile_action(rng: random.Random, players) -> dict:
    kind = rng.choice(["take", "steal", "forced_take"])
    row = rng.choice(["heroes", "villains"])
    if kind == "take":
        return {"type": "take", "row": row, "position": rng.randint(1, 6)}
    if kind == "steal":
        return {
            "type": "steal",
            "from": rng.choice(players),
            "stack": row,
            "position": rng.randint(1, 4),
        }
    return {"type": "forced_take"}


def _middle(state) -> int:
    return sum(v is not None for v in state.heroes + state.villains)


def _check_tiles(state, all_tiles: Counter) -> None:
    view = ENGINE.replay_state(state)
    seen = Counter(view["rows"]["heroes"] + view["rows"]["villains"])
    for stacks in view["stacks"].values():
        assert all(v > 0 for v in stacks["heroes"]) and all(v < 0 for v in stacks["villains"])
        seen += Counter(stacks["heroes"] + stacks["villains"])
    assert seen == all_tiles


def _expected_scores(stacks: dict) -> dict:
    out = {}
    for player, s in stacks.items():
        heroes = list(s["heroes"])
        while len(heroes) > len(s["villains"]):
            heroes.pop()  # from the top
        out[player] = sum(heroes) - sum(abs(v) for v in s["villains"])
    return out


def _play(game: Game, rng: random.Random, record: dict, checks: Counter) -> None:
    """Play a legal action; sometimes undo it and play it again."""
    before = game.state
    game.play(record)
    if rng.random() < 0.05:
        game.play({"type": "undo"})
        assert game.state == before
        checks["undo"] += 1
        game.play(record)


@settings(max_examples=2000, derandomize=True, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 5),
    rules=st.fixed_dictionaries({r.key: st.sampled_from(r.allowed) for r in HOUSE_RULES}),
)
def test_random_legal_games_end_with_every_tile_and_the_tally(seed, players, rules):
    rng = random.Random(seed)
    names = ["Ann", "Ben", "Cy", "Dee", "Eli"][:players]
    heroes, villains = DEFAULT_HEROES[:], DEFAULT_VILLAINS[:]
    rng.shuffle(heroes)
    rng.shuffle(villains)
    game = Game.start(ENGINE, header(players=names, heroes=heroes, villains=villains, rules=rules))
    all_tiles = Counter(heroes + villains)
    checks: Counter = Counter()
    turns = 0
    while not game.summary().over:
        turns += 1
        assert turns < 500  # steals can repeat, but a game of random play ends long before
        _play(game, rng, {"type": "roll", "dice": _dice(rng, 5)}, checks)
        # Re-roll while allowed and the player feels like it (POW-5/6).
        while game.state.turn.rolls_left and rng.random() < 0.6:
            free = list(game.state.turn.last)
            rng.shuffle(free)
            keep = free[: rng.randint(1, len(free) - 1)]
            cut = rng.randint(0, len(keep) - 1)
            for part in (keep[: cut + 1], keep[cut + 1 :]):  # one or two set-asides
                if part:
                    _play(game, rng, {"type": "set_aside", "dice": part}, checks)
            _play(
                game,
                rng,
                {"type": "roll", "dice": _dice(rng, 5 - len(game.state.turn.set_aside))},
                checks,
            )
        state = game.state
        allowed = options(state)
        assert allowed
        for option in allowed:  # every listed option is legal
            ENGINE.apply(state, option)
        for _ in range(3):  # and random tile actions not listed are refused, state untouched
            record = _random_tile_action(rng, names)
            action = ENGINE.parse_action(record)
            if action in allowed:
                continue
            try:
                ENGINE.apply(state, action)
            except RuleError as err:
                assert err.rule.startswith("POW-")
                checks["refused"] += 1
            else:
                raise AssertionError(f"{record} applied but is not among {allowed}")
            assert game.state is state
        middle = _middle(state)
        choice = rng.choice(allowed)
        _play(game, rng, ENGINE.to_record(choice), checks)
        after = game.state
        # POW-7: exactly one tile moved, from the middle unless it was stolen.
        assert _middle(after) == middle - (0 if isinstance(choice, Steal) else 1)
        assert after.turn.rolls == 0 and after.to_play == (state.to_play + 1) % players
        _check_tiles(after, all_tiles)
        view = ENGINE.public_view(after)
        if not after.over:
            assert all(
                set(side) == {"height", "top"}
                for s in view["stacks"].values()
                for side in s.values()
            )
    replay = ENGINE.replay_state(game.state)
    assert replay["rows"] == {"heroes": [], "villains": []}
    summary = game.summary()
    expected = _expected_scores(replay["stacks"])
    assert dict(summary.scores) == expected
    best = max(expected.values())
    assert set(summary.winners) == {p for p, s in expected.items() if s == best}
    for player, s in replay["stacks"].items():
        trimmed = len(s["heroes"]) - max(0, len(s["heroes"]) - len(s["villains"]))
        assert replay["removed"][player] == s["heroes"][trimmed:]
    assert checks["refused"] > 0
