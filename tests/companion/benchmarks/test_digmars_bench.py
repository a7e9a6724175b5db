"""The Dig Mars benchmark is registered and measures apply, options and a whole game."""

from __future__ import annotations

from companion.benchmarks import AREAS, digmars


def test_digmars_area_is_registered_and_reports_apply_options_and_a_game():
    assert AREAS["digmars"] == "digmars"
    figures = digmars.run(quick=True)
    assert [f.unit for f in figures] == ["µs", "µs", "ms"]
    assert all(f.value > 0 for f in figures)
    assert [f.budget for f in figures] == [digmars.BUDGET_US, digmars.BUDGET_US, None]
    assert "apply one action" in figures[0].name
