"""The display benchmark measures one figure per sample screen and language, against 8 ms."""

from __future__ import annotations

from companion.benchmarks import AREAS, display
from display.samples import all_samples


def test_display_area_is_registered_and_reports_every_screen():
    assert AREAS["display"] == "display"
    figures = display.run(quick=True)
    assert len(figures) == 2 * len(all_samples())
    assert all(f.unit == "ms" and f.budget == 8.0 and f.value > 0 for f in figures)
