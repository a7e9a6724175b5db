"""`companion bench [AREA…]`: measure against the budgets of design.md and print the figures."""

from __future__ import annotations

import argparse
import importlib
import json

from ..benchmarks import AREAS
from ..errors import CompanionError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "bench",
        help="measure speed and accuracy against the design budgets",
        description="Run benchmarks and print each figure beside its budget "
        f"(areas: {', '.join(AREAS)}; default: all).",
    )
    p.add_argument("areas", nargs="*", metavar="AREA", help="which areas (default: all)")
    p.add_argument("--quick", action="store_true", help="fewer repetitions (a smoke run)")
    p.add_argument("--json", action="store_true", help="one JSON object per figure")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    areas = args.areas or list(AREAS)
    unknown = [a for a in areas if a not in AREAS]
    if unknown:
        raise CompanionError(f"unknown area {unknown[0]!r}; areas: {', '.join(AREAS)}")
    for area in areas:
        module = importlib.import_module(f"companion.benchmarks.{AREAS[area]}")
        for fig in module.run(args.quick):
            if args.json:
                print(
                    json.dumps(
                        {
                            "area": area,
                            "name": fig.name,
                            "value": round(fig.value, 3),
                            "unit": fig.unit,
                            "budget": fig.budget,
                            "within": fig.within,
                        },
                        ensure_ascii=False,
                    )
                )
            else:
                budget = (
                    ""
                    if fig.budget is None
                    else (
                        f"   budget {'≥' if fig.higher_is_better else '≤'} {fig.budget:g} {fig.unit}"
                        f"  {'ok' if fig.within else 'OVER BUDGET'}"
                    )
                )
                print(f"{area:<8} {fig.name:<48} {fig.value:10.3f} {fig.unit}{budget}")
    return 0
