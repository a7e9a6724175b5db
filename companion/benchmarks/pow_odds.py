"""POW odds benchmark: every target's exact chance at the start of a turn (3 rolls left) —
the largest question the odds helper answers — cold (tables cleared) and memoised."""

from __future__ import annotations

from ..games.pow import odds
from . import Figure, median_ms

BUDGET_MS = 50.0  # an answer on the screen must feel instant, Pi included (~5× slower)


def _cold() -> None:
    odds.clear_cache()
    odds.chances()


def run(quick: bool) -> list[Figure]:
    repeat = 20 if quick else 200
    cold = median_ms(_cold, repeat=repeat)
    warm = median_ms(odds.chances, repeat=repeat)
    mid = median_ms(
        lambda: odds.chances(
            kept=("shield",), last=("skull", "shield", "bubble-blue", "skull"), rolls_left=1
        ),
        repeat=repeat,
    )
    return [
        Figure("start of turn, all 14 targets, cold", cold, "ms", BUDGET_MS),
        Figure("start of turn, all 14 targets, memoised", warm, "ms", BUDGET_MS),
        Figure("after a 2nd roll, all 14 targets, memoised", mid, "ms", BUDGET_MS),
    ]
