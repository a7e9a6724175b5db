"""Exact POW odds: for the dice on the table and the rolls left, the chance of reaching each
target when every set-aside choice is made to reach that target, and which dice to set aside.

Targets: exactly N shields (the N-th hero tile, POW-8), exactly N skulls (the N-th villain,
POW-9), 3+ or 4+ bubbles of one colour (a steal, POW-10/11). Faces (POW-2): shield and skull
1/3 each, each bubble 1/6. POW-6 is part of the model: each re-roll needs at least one more die
set aside from the last roll and rolls at least one die.

Each target depends on one face only, so the state is (dice of that face kept, dice kept,
rolls left) and a roll's outcome is how many of the rolled dice show the face (binomial). All
sums are integers over 6**12 (at most 5 + 4 + 3 dice are rolled in a turn), so the answer is
an exact Fraction; tables are memoised and the whole start-of-turn answer costs ~1 ms cold.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb

from ..base import MalformedError
from .model import BUBBLE_BLUE, BUBBLE_ORANGE, DICE, FACES, MAX_ROLLS, SHIELD, SKULL, State
from .rules import ordinal

SIDES = 6
FACE_SIDES = {SHIELD: 2, SKULL: 2, BUBBLE_BLUE: 1, BUBBLE_ORANGE: 1}  # POW-2: sides of 6
SCALE = SIDES ** (DICE + (DICE - 1) + (DICE - 2))  # every probability times this is whole


@dataclass(frozen=True)
class Target:
    face: str
    count: int
    exact: bool  # True: exactly `count` of `face`; False: at least `count`

    def reached(self, n: int) -> bool:
        return n == self.count if self.exact else n >= self.count

    @property
    def rule(self) -> str:
        if self.face == SHIELD:
            return "POW-8"
        if self.face == SKULL:
            return "POW-9"
        return "POW-10" if self.count == 3 else "POW-11"

    @property
    def label(self) -> str:
        if self.face in (SHIELD, SKULL):
            tile = "hero" if self.face == SHIELD else "villain"
            faces = self.face if self.count == 1 else f"{self.face}s"
            return f"exactly {self.count} {faces}: the {ordinal(self.count)} {tile} tile"
        colour = "blue" if self.face == BUBBLE_BLUE else "orange"
        what = "the top" if self.count == 3 else "any"
        tile = "hero" if colour == "blue" else "villain"
        return f"{self.count}+ {colour} bubbles: steal {what} {tile} tile"


TARGETS = (
    *(Target(SHIELD, n, True) for n in range(1, DICE + 1)),
    *(Target(SKULL, n, True) for n in range(1, DICE + 1)),
    *(Target(face, n, False) for face in (BUBBLE_BLUE, BUBBLE_ORANGE) for n in (3, 4)),
)


@dataclass(frozen=True)
class Chance:
    """The best chance of a target and how to play for it now.

    `advice` is "roll" (nothing rolled yet), "stop" (the result already reaches it, or no
    re-roll is left or can help) or "set_aside" (set aside `set_aside`, then roll the rest).
    """

    target: Target
    probability: Fraction
    advice: str
    set_aside: tuple[str, ...] = ()


@cache
def _outcomes(sides: int, m: int) -> tuple[tuple[int, int], ...]:
    """(j, weight): j of m dice show a face that has `sides` of 6 sides; weights sum to 6**m."""
    return tuple((j, comb(m, j) * sides**j * (SIDES - sides) ** (m - j)) for j in range(m + 1))


def _choices(hits: int, misses: int, must: int):
    """(a, b): set aside a dice showing the face and b others, at least `must`, leaving >= 1."""
    for a in range(hits + 1):
        for b in range(misses + 1):
            if must <= a + b <= hits + misses - 1:
                yield a, b


@cache
def _value(count: int, exact: bool, sides: int, hits: int, kept: int, rolls: int) -> int:
    """SCALE × the best chance, about to roll the 5 - kept free dice with `rolls` rolls left
    (this one included), `hits` of the kept dice showing the face."""
    target = Target("", count, exact)
    m = DICE - kept
    total = 0
    for j, weight in _outcomes(sides, m):
        best = SCALE if target.reached(hits + j) else 0
        if best < SCALE and rolls > 1:
            for a, b in _choices(j, m - j, 1):
                best = max(best, _value(count, exact, sides, hits + a, kept + a + b, rolls - 1))
                if best == SCALE:
                    break
        total += weight * best
    return total // SIDES**m  # exact: see the module docstring


def clear_cache() -> None:
    """Forget the memoised tables (the benchmark measures the cold case)."""
    _value.cache_clear()
    _outcomes.cache_clear()


def _check(dice: Sequence[str], rolls_left: int) -> None:
    for face in dice:
        if face not in FACES:
            raise MalformedError(f"unknown die face {face!r}; faces: {', '.join(FACES)}")
    if not 0 <= rolls_left <= MAX_ROLLS:
        raise MalformedError(f"rolls left must be 0 to {MAX_ROLLS}, not {rolls_left!r}")


def chance(
    target: Target,
    kept: Sequence[str] = (),
    last: Sequence[str] | None = None,
    rolls_left: int = MAX_ROLLS,
    pending: Sequence[str] = (),
) -> Chance:
    """The best chance of `target`.

    `kept`: dice set aside before the last roll; `last`: the last roll (None before the first
    roll); `pending`: dice of `last` already set aside for the next roll; `rolls_left`: rolls
    the turn still allows (3 minus rolls made).
    """
    _check([*kept, *(last or ()), *pending], rolls_left)
    sides = FACE_SIDES[target.face]
    key = (target.count, target.exact, sides)
    if last is None:
        if kept or pending:
            raise MalformedError("dice can be set aside only after a roll")
        if rolls_left < 1:
            return Chance(target, Fraction(0), "stop")
        return Chance(target, Fraction(_value(*key, 0, 0, rolls_left), SCALE), "roll")
    if len(kept) + len(last) != DICE:
        raise MalformedError(f"kept and last roll must be {DICE} dice, not {len(kept) + len(last)}")
    free = Counter(last)
    free.subtract(pending)
    if any(n < 0 for n in free.values()):
        raise MalformedError("set-aside dice must come from the last roll")
    face = target.face
    now = Counter(kept) + Counter(last)
    if target.reached(now[face]):
        return Chance(target, Fraction(1), "stop")
    held = len(kept) + len(pending)
    held_hits = Counter([*kept, *pending])[face]
    hits, misses = free[face], sum(free.values()) - free[face]
    best, pick = 0, None
    if rolls_left >= 1:
        # POW-6: at least one die set aside since the last roll, at least one left to roll.
        must = 0 if pending else 1
        for a, b in _choices(hits, misses, must):
            v = _value(*key, held_hits + a, held + a + b, rolls_left)
            if v > best or (v == best and pick is not None and a + b < sum(pick)):
                best, pick = v, (a, b)
    if pick is None or best == 0:
        return Chance(target, Fraction(0), "stop")
    a, b = pick
    others = [f for f in last if f != face]
    for f in pending:
        if f != face:
            others.remove(f)
    return Chance(target, Fraction(best, SCALE), "set_aside", (face,) * a + tuple(others[:b]))


def chances(
    kept: Sequence[str] = (),
    last: Sequence[str] | None = None,
    rolls_left: int = MAX_ROLLS,
    pending: Sequence[str] = (),
) -> tuple[Chance, ...]:
    """`chance` for every target of TARGETS."""
    return tuple(chance(t, kept, last, rolls_left, pending) for t in TARGETS)


def chances_for(state: State) -> tuple[Chance, ...]:
    """The odds of every target for the player to act (empty once the game is over)."""
    if state.over:
        return ()
    turn = state.turn
    return chances(turn.kept, turn.last, MAX_ROLLS - turn.rolls, turn.pending)
