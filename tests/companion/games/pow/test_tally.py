"""POW scoring: POW-16 (trim heroes from the top), POW-17 (sum, shared places), POW-18 (fig. 6)."""

from __future__ import annotations

import json
from dataclasses import replace

from companion.games.pow import ENGINE, Stack, places, tally

from .play import header


def _over(stacks: dict[str, Stack]):
    """A finished game (rows empty) with these stacks, built from a real setup."""
    state = ENGINE.setup(header(players=list(stacks)))
    return replace(state, heroes=(), villains=(), stacks=tuple(stacks.values()), over=True)


def test_pow_16_taller_hero_stack_loses_its_top_tiles():
    result = tally(Stack(heroes=(4, 6, 2, 3), villains=(-4, -1)))
    assert result.kept == (4, 6) and result.removed == (2, 3) and result.score == 5


def test_pow_16_surplus_villains_always_count():
    result = tally(Stack(heroes=(6,), villains=(-1, -1, -2)))
    assert result.removed == () and result.score == 2


def test_pow_16_no_villain_means_no_hero_counts():
    result = tally(Stack(heroes=(5, 6), villains=()))
    assert result.kept == () and result.removed == (5, 6) and result.score == 0


def test_pow_17_score_and_shared_places():
    scores = {"Ann": 4, "Ben": 7, "Cy": 4, "Dee": -1}
    assert places(scores) == ((1, ("Ben",)), (2, ("Ann", "Cy")), (4, ("Dee",)))
    state = _over(
        {
            "Ann": Stack((5,), (-1,)),
            "Ben": Stack((6, 1), (-2, -1)),
            "Cy": Stack((), (-1,)),
        }
    )
    summary = ENGINE.summary(state)
    assert dict(summary.scores) == {"Ann": 4, "Ben": 4, "Cy": -1}
    assert set(summary.winners) == {"Ann", "Ben"}
    assert ENGINE.public_view(state)["places"] == [
        {"place": 1, "players": ["Ann", "Ben"]},
        {"place": 3, "players": ["Cy"]},
    ]


def test_pow_17_scores_show_while_running_but_winners_only_at_the_end():
    state = replace(_over({"Ann": Stack((5,), (-1,)), "Ben": Stack((), ())}), over=False)
    summary = ENGINE.summary(state)
    assert dict(summary.scores) == {"Ann": 4, "Ben": 0} and summary.winners == ()


def test_pow_18_fig_6_scoring_examples():
    """Fig. 6: A 5 heroes / 4 villains -> top hero removed, 12 - 8 = 4; B more villains than
    heroes -> nothing removed, 12 - 10 = 2; C top hero removed, 11 - 5 = 6, and C wins."""
    martin = Stack(heroes=(2, 4, 3, 3, 6), villains=(-2, -3, -1, -2))
    guillaume = Stack(heroes=(6, 4, 2), villains=(-4, -3, -2, -1))
    lucie = Stack(heroes=(5, 6, 3), villains=(-2, -3))
    a, b, c = tally(martin), tally(guillaume), tally(lucie)
    assert (a.removed, sum(a.kept), a.score) == ((6,), 12, 4)
    assert (b.removed, sum(b.kept), b.score) == ((), 12, 2)
    assert (c.removed, sum(c.kept), c.score) == ((3,), 11, 6)
    state = _over({"Martin": martin, "Guillaume": guillaume, "Lucie": lucie})
    summary = ENGINE.summary(state)
    assert dict(summary.scores) == {"Martin": 4, "Guillaume": 2, "Lucie": 6}
    assert summary.winners == ("Lucie",)
    replay = ENGINE.replay_state(state)
    assert replay["removed"] == {"Martin": [6], "Guillaume": [], "Lucie": [3]}
    assert replay["stacks"]["Martin"]["heroes"] == [2, 4, 3, 3, 6]  # untrimmed
    view = ENGINE.public_view(state)
    assert view["stacks"]["Lucie"] == {"heroes": [5, 6, 3], "villains": [-2, -3]}
    assert view["removed"]["Lucie"] == [3]
    assert json.loads(json.dumps(view)) == view
