"""Dig Mars rules benchmark: over every step of one seeded random game (autoplay), the median
time to apply one action and to list the options offered after it, and one whole game.

Per-action figures are in µs: an action takes a few µs, which "ms" with three decimals (how
`companion bench` prints) would not show.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence

from ..games.digmars import autoplay, rules
from . import Figure, median_ms

SEED, PLAYERS = 2024, 3
# design.md has no rules budget. The screen applies an action and asks for the options once
# per input; a Pi 4 is ~5× slower than this machine, so 500 µs here keeps both, together,
# well inside one 8 ms frame there.
BUDGET_US = 500.0


def _median_each_us(fn: Callable[[object], object], items: Sequence, rounds: int) -> float:
    """Median µs of `fn(item)` over every item, `rounds` times (a median shrugs off the
    moments another process has the core)."""
    times = []
    for _ in range(rounds):
        for item in items:
            start = time.perf_counter()
            fn(item)
            times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


def run(quick: bool) -> list[Figure]:
    steps = [(before, action) for before, _, action, _ in autoplay.play(SEED, PLAYERS, False)]
    rounds = 3 if quick else 20
    apply_us = _median_each_us(lambda s: rules.apply(*s), steps, rounds)
    options_us = _median_each_us(lambda s: rules.options(s[0]), steps, rounds)
    game_ms = median_ms(lambda: list(autoplay.play(SEED, PLAYERS, False)), repeat=rounds)
    where = f"{len(steps)} steps, seed {SEED}, {PLAYERS} players"
    return [
        Figure(f"apply one action, median ({where})", apply_us, "µs", BUDGET_US),
        Figure("options after it, median", options_us, "µs", BUDGET_US),
        Figure("one whole random game (options, choose, apply)", game_ms, "ms"),
    ]
