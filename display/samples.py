"""Sample view models of every screen, for `companion screens`, the benchmark and the tests.

They are the shapes the app builds mid-game (values in the style of shared/examples); the
tests also build models from real records through the engines (display/build.py).
"""

from __future__ import annotations

from .views import pow as P
from .views.common import Notice


def pow_samples() -> dict[str, object]:
    seats = (
        P.Seat("Ann", P.StackTop(3, 5), P.StackTop(2, -1)),
        P.Seat("Ben", P.StackTop(1, 6), P.StackTop(0, None)),
        P.Seat("Cy", P.StackTop(0, None), P.StackTop(4, -3)),
        P.Seat("Dana", P.StackTop(2, 2), P.StackTop(1, -2)),
    )
    heroes = (3, 1, 4, 1, 5, 2, 6, 2)
    villains = (-2, -1, -4, -1, -2, -1, -3)
    opts = (
        P.Option("hero", "heroes", 2, 1),
        P.Option("villain", "villains", 1, -2),
        P.Option("steal", "heroes", 1, 6, victim="Ben"),
        P.Option("steal", "heroes", 1, 5, victim="Ann"),
    )
    turn = P.PowTurn(
        seats=seats,
        current=3,
        heroes=heroes,
        villains=villains,
        kept=("bubble-blue", "bubble-blue"),
        rolled=("shield", "skull", "bubble-blue"),
        rolls_left=1,
        options=opts,
        focus=0,
        odds=(P.Odds("hero", 3, 0.56), P.Odds("villain", 2, 0.56), P.Odds("steal-hero", 4, 0.31)),
    )
    start = P.PowTurn(
        seats=seats, current=0, heroes=heroes, villains=villains, kept=(), rolled=(), rolls_left=3
    )
    steal4 = P.PowTurn(
        seats=seats,
        current=1,
        heroes=heroes,
        villains=villains,
        kept=("bubble-orange", "bubble-orange"),
        rolled=("bubble-orange", "bubble-orange", "shield"),
        rolls_left=0,
        options=(P.Option("hero", "heroes", 1, 3),)
        + tuple(
            P.Option("steal", "villains", k, -3 if k == 1 else None, victim="Cy")
            for k in range(1, 5)
        ),
        focus=3,
    )
    forced = P.PowTurn(
        seats=seats,
        current=2,
        heroes=(),
        villains=(-1, -4),
        kept=(),
        rolled=("bubble-blue", "bubble-blue", "bubble-orange", "bubble-orange", "bubble-blue"),
        rolls_left=0,
        options=(P.Option("forced", "villains", 2, -4),),
        event=P.Event("forced", "Cy", "villains", -4),
    )
    stolen = P.PowTurn(
        seats=seats,
        current=0,
        heroes=heroes,
        villains=villains,
        kept=(),
        rolled=(),
        rolls_left=3,
        event=P.Event("steal", "Dana", "heroes", 6, victim="Ben"),
    )
    error = P.PowTurn(
        seats=seats,
        current=0,
        heroes=heroes,
        villains=villains,
        kept=(),
        rolled=("shield", "shield", "skull", "skull", "bubble-orange"),
        rolls_left=2,
        options=(P.Option("hero", "heroes", 2, 1), P.Option("villain", "villains", 2, -1)),
        notice=Notice("POW-6", "set aside at least one die before rolling again"),
    )
    tally = P.PowTally(
        seats=(
            P.TallySeat("Ann", (3, 4, 1, 5), (2,), (-1, -2, -1, -3), 4),
            P.TallySeat("Ben", (6, 2), (), (-4, -2, -1), 1),
            P.TallySeat("Cy", (1, 5, 6), (4, 2), (-1, -2, -1), 8),
            P.TallySeat("Dana", (2, 3), (), (-1, -2), 2),
        ),
        winners=("Cy",),
        history=(
            ("Ann", (0, 3, 3, 1, 4, 4, 6, 4)),
            ("Ben", (0, 0, 6, 6, 4, 2, 2, 1)),
            ("Cy", (0, 1, 1, 5, 5, 9, 10, 8)),
            ("Dana", (0, 2, 2, 2, 1, 3, 2, 2)),
        ),
    )
    return {
        "pow-start": start,
        "pow-choose": turn,
        "pow-steal-any": steal4,
        "pow-forced": forced,
        "pow-stolen": stolen,
        "pow-error": error,
        "pow-tally": tally,
    }


def all_samples() -> dict[str, object]:
    out: dict[str, object] = {}
    out.update(pow_samples())
    return out
