"""Benchmarks behind `companion bench`: each area's module has `run(quick) -> list[Figure]`.

Budgets come from ../shared/design.md; a benchmark prints its figure beside the budget and
never fails a test: speed is held here, not by timed tests.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

# area name -> module (under this package) with `run(quick: bool) -> list[Figure]`.
AREAS: dict[str, str] = {
    "store": "store",
    "pow-odds": "pow_odds",
    "display": "display",
    "start": "start",
    "vision": "vision",
    "digmars": "digmars",
}


@dataclass(frozen=True)
class Figure:
    name: str
    value: float
    unit: str
    budget: float | None = None  # the design budget, same unit; None when there is none
    higher_is_better: bool = False

    @property
    def within(self) -> bool | None:
        if self.budget is None:
            return None
        return self.value >= self.budget if self.higher_is_better else self.value <= self.budget


def median_ms(fn: Callable[[], object], repeat: int, warmup: int = 2) -> float:
    """Median wall time of `fn` in milliseconds over `repeat` calls after `warmup` calls."""
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)
