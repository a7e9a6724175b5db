"""POW odds (companion.games.pow.odds) against an independent exact reference and Monte-Carlo.

The reference below plays the full dice (faces, not one face's count), rolls a 6-sided die
with 2 shield, 2 skull, 1 blue and 1 orange side (POW-2) and tries every set-aside of every
outcome (POW-6), in Fractions. It shares no code with the module under test.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction
from functools import cache
from math import comb

import pytest

from companion.games import MalformedError
from companion.games.pow import ENGINE
from companion.games.pow.odds import TARGETS, Target, chance, chances, chances_for

from .play import BB, BO, SH, SK, act, aside, roll, start

DIE = (SH, SH, SK, SK, BB, BO)


@cache
def _rolls(m: int) -> tuple[tuple[tuple[str, ...], Fraction], ...]:
    """Every sorted outcome of m dice with its probability, by enumerating the 6**m rolls."""
    counts = Counter(tuple(sorted(r)) for r in itertools.product(DIE, repeat=m))
    return tuple((faces, Fraction(n, 6**m)) for faces, n in counts.items())


def _sub_multisets(faces: tuple[str, ...]):
    seen = set()
    for mask in range(1, 2 ** len(faces) - 1):  # at least one aside, at least one rolled
        sub = tuple(sorted(f for i, f in enumerate(faces) if mask >> i & 1))
        if sub not in seen:
            seen.add(sub)
            yield sub


def _reached(target: Target, faces) -> bool:
    n = list(faces).count(target.face)
    return n == target.count if target.exact else n >= target.count


@cache
def reference(target: Target, kept: tuple[str, ...], rolls: int) -> Fraction:
    """Best chance about to roll the 5 - len(kept) other dice with `rolls` rolls left."""
    total = Fraction(0)
    for faces, p in _rolls(5 - len(kept)):
        best = Fraction(int(_reached(target, kept + faces)))
        if best < 1 and rolls > 1:
            for sub in _sub_multisets(faces):
                best = max(best, reference(target, tuple(sorted(kept + sub)), rolls - 1))
        total += p * best
    return total


def test_pow_2_one_roll_closed_forms():
    """With one roll: exactly 5 shields is (1/3)^5; 3+ blue bubbles a binomial tail."""
    assert chance(Target(SH, 5, True), rolls_left=1).probability == Fraction(1, 3**5)
    tail = sum(comb(5, k) * Fraction(1, 6) ** k * Fraction(5, 6) ** (5 - k) for k in (3, 4, 5))
    assert chance(Target(BB, 3, False), rolls_left=1).probability == tail


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.label)
def test_pow_6_start_of_turn_matches_the_exact_reference(target):
    got = chance(target)
    assert got.advice == "roll"
    assert got.probability == reference(target, (), 3)


def _random_positions(n: int, seed: int):
    """Mid-turn positions: kept dice, last roll, pending set-asides, rolls left."""
    rng = random.Random(seed)
    for _ in range(n):
        kept = tuple(rng.choices(DIE, k=rng.randint(0, 3)))
        last = tuple(rng.choices(DIE, k=5 - len(kept)))
        pending = (
            tuple(rng.sample(last, rng.randint(0, len(last) - 1))) if rng.random() < 0.3 else ()
        )
        rolls_left = rng.randint(0, 1 if kept else 2)  # kept dice mean a re-roll was made
        yield kept, last, pending, rolls_left


@pytest.mark.parametrize("kept, last, pending, rolls_left", list(_random_positions(40, seed=6)))
def test_pow_6_mid_turn_odds_and_advice_match_the_reference(kept, last, pending, rolls_left):
    for target in TARGETS:
        got = chance(target, kept, last, rolls_left, pending)
        if _reached(target, kept + last):
            assert (got.probability, got.advice) == (1, "stop")
            continue
        held = tuple(sorted(kept + pending))
        free = list(last)
        for f in pending:
            free.remove(f)
        # Every legal set-aside now (POW-6: at least one since the roll, one die left to roll).
        options = {
            tuple(sorted(sub))
            for r in range(0 if pending else 1, len(free))
            for sub in itertools.combinations(free, r)
        }
        best = (
            max(
                (reference(target, tuple(sorted(held + s)), rolls_left) for s in options),
                default=Fraction(0),
            )
            if rolls_left
            else Fraction(0)
        )
        assert got.probability == best, (target, got)
        if got.advice == "set_aside":
            assert Counter(got.set_aside) <= Counter(free)
            assert reference(target, tuple(sorted(held + got.set_aside)), rolls_left) == best
        else:
            assert best == 0


def test_pow_6_odds_need_a_die_set_aside_and_one_to_roll():
    # One die left from a 2nd roll: setting it aside leaves nothing to roll (the French note).
    got = chance(Target(SH, 5, True), kept=(SH, SH, SH, SH), last=(SK,), rolls_left=1)
    assert (got.probability, got.advice) == (0, "stop")
    # Two dice: one must be set aside, one rolled.
    got = chance(Target(SH, 5, True), kept=(SH, SH, SH), last=(SH, SK), rolls_left=1)
    assert got.probability == Fraction(1, 3) and got.set_aside == (SH,)


def test_odds_follow_the_game_state():
    state = act(start(), roll(SH, SH, SK, BB, BO), aside(SH))
    got = {c.target: c for c in chances_for(state)}
    direct = chance(
        Target(SH, 3, True), kept=(), last=(SH, SH, SK, BB, BO), rolls_left=2, pending=(SH,)
    )
    assert got[Target(SH, 3, True)] == direct
    assert got[Target(SH, 2, True)].advice == "stop"
    assert len(chances_for(state)) == len(TARGETS) == 14
    assert all(c.advice == "roll" for c in chances_for(start()))
    with pytest.raises(MalformedError, match="unknown die face"):
        chances(last=(SH, SH, SH, SH, "six"))
    with pytest.raises(MalformedError, match="5 dice"):
        chances(kept=(SH,), last=(SH, SH, SH, SH, SH))
    with pytest.raises(MalformedError, match="rolls left"):
        chances(rolls_left=4)
    with pytest.raises(MalformedError, match="from the last roll"):
        chances(last=(SH, SH, SH, SH, SH), pending=(SK,))
    assert ENGINE.summary(state).over is False


@pytest.mark.parametrize(
    "target", [Target(SH, 3, True), Target(SK, 5, True), Target(BB, 3, False)], ids=str
)
def test_odds_advice_reaches_the_promised_chance_by_monte_carlo(target):
    """Play the advice 4000 times with seeded dice; the success rate is within 4 sigma."""
    rng = random.Random(2024)
    trials, wins = 4000, 0
    for _ in range(trials):
        kept: tuple[str, ...] = ()
        last = tuple(rng.choices(DIE, k=5))
        rolls_left = 2
        while True:
            got = chance(target, kept, last, rolls_left)
            if got.advice != "set_aside":
                break
            kept = kept + got.set_aside
            last = tuple(rng.choices(DIE, k=5 - len(kept)))
            rolls_left -= 1
        wins += _reached(target, kept + last)
    p = float(chance(target).probability)
    sigma = (p * (1 - p) / trials) ** 0.5
    assert abs(wins / trials - p) < 4 * sigma
