"""Do the rows the camera sees agree with the rows the rules expect? Plain lists of ints.

The app loop calls `disagreements(expected, seen)` after each take: `expected` is a row as the
rules hold it (values left to right; None marks a place left empty when the table counts
places as laid out — the camera sees only the tiles still there, POW-13), `seen` the values
read left to right (None: seen but not recognised). Knows no rules, imports no companion.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

ROWS = ("hero", "villain")


@dataclass(frozen=True)
class Disagreement:
    row: str  # "hero" or "villain"
    position: int | None  # 1-based tile position, None for the whole row
    expected: int | None
    seen: int | None
    message: str

    def __str__(self) -> str:
        return self.message


def _fmt(v: int | None) -> str:
    return "?" if v is None else f"{v:+d}"


def row_disagreements(
    row: str, expected: Sequence[int | None], seen: Sequence[int | None]
) -> list[Disagreement]:
    """What differs in one row (`row` is "hero" or "villain"); empty when they agree."""
    if row not in ROWS:
        raise ValueError(f"row must be one of {ROWS}, not {row!r}")
    want = [v for v in expected if v is not None]
    got = list(seen)
    if len(want) != len(got):
        msg = f"{row} row: expected {len(want)} tiles, seen {len(got)}"
        hint = _one_off(want, got)
        return [Disagreement(row, None, len(want), len(got), msg + (f" ({hint})" if hint else ""))]
    out = []
    for i, (w, g) in enumerate(zip(want, got, strict=True), 1):
        if g is None:
            out.append(Disagreement(row, i, w, None, f"tile {i} of the {row} row can't be read: expected {_fmt(w)}"))  # fmt: skip
        elif w != g:
            out.append(Disagreement(row, i, w, g, f"tile {i} of the {row} row looks wrong: expected {_fmt(w)}, seen {_fmt(g)}"))  # fmt: skip
    return out


def _one_off(want: list[int], got: list[int | None]) -> str | None:
    """When one tile is missing or extra and the rest match, say which one."""
    if len(got) == len(want) + 1:
        for i in range(len(got)):
            if got[:i] + got[i + 1 :] == want:
                return f"tile {i + 1} ({_fmt(got[i])}) should have been taken"
    if len(want) == len(got) + 1:
        for i in range(len(want)):
            if want[:i] + want[i + 1 :] == got:
                return f"tile {i + 1} ({_fmt(want[i])}) is missing"
    return None


def disagreements(
    expected_heroes: Sequence[int | None],
    expected_villains: Sequence[int | None],
    seen_heroes: Sequence[int | None],
    seen_villains: Sequence[int | None],
) -> list[Disagreement]:
    """Both rows: every difference between the rules' rows and the rows seen, hero row first."""
    return row_disagreements("hero", expected_heroes, seen_heroes) + row_disagreements(
        "villain", expected_villains, seen_villains
    )
