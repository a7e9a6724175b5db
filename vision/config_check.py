"""Checks a vision config's values (dice and tiles alike): each key holds its default's kind.

`dice_config` and `tiles_config` merge a caller's overrides into their defaults through
`merged`, so a typo or a wrong-typed value (`max_dice="five"`, `kept_zone=(0, 1)`, a negative
count) raises `BadConfig` naming the key, the value and what it must be, before any stage
runs, instead of failing later somewhere that does not name it.

The kind comes from the default: a bool, a whole number, a number (finite; a whole number
serves), None-or-a-whole-number, or a tuple of numbers as long as the default's (a list serves,
kept as a tuple). Every number is 0 or more unless its `Allowed` says otherwise. An `Allowed`
adds only what a value outside would make meaningless or crash (a scale above 1, a quantile,
a blur of 0, a kept zone off the frame); thresholds stay open above, since a threshold set
beyond reach is how a check is switched off (`blur_streak=2.0`, `rescue_score=2.0`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from numbers import Integral, Real
from types import MappingProxyType
from typing import Any

from .errors import BadConfig


@dataclass(frozen=True)
class Allowed:
    """What a key may hold beyond its default's kind (for a tuple: each of its numbers)."""

    lo: float | None = 0.0  # at least this (None: any sign)
    hi: float | None = None  # at most this
    above: bool = False  # strictly above `lo`: a size, a sigma, a divisor
    any_length: bool = False  # a tuple of any length (() turns it off), not only the default's
    ordered: tuple[tuple[int, int], ...] = ()  # (i, j): item i must be below item j
    note: str = ""  # said after what is allowed, e.g. "(left < right, top < bottom)"


PLAIN = Allowed()
POSITIVE = Allowed(above=True)
FRACTION = Allowed(hi=1.0)
SCALE = Allowed(hi=1.0, above=True)  # a frame scaled down by this


def merged(
    what: str,
    defaults: Mapping[str, Any],
    allowed: Mapping[str, Allowed],
    overrides: Mapping[str, Any] | None,
) -> Mapping[str, Any]:
    """`defaults` with `overrides`, each checked; BadConfig names the first wrong key."""
    out = dict(defaults)
    for key, value in (overrides or {}).items():
        if key not in defaults:
            raise BadConfig(f"unknown {what} setting {key!r}; settings: {', '.join(defaults)}")
        out[key] = checked(what, key, value, defaults[key], allowed.get(key, PLAIN))
    return MappingProxyType(out)


def checked(what: str, key: str, value: Any, default: Any, allowed: Allowed) -> Any:
    """`value` for `key` as the config keeps it (a list as a tuple), or BadConfig."""
    ok, kept, must = _judge(value, default, allowed)
    if not ok:
        raise BadConfig(f"{what} setting {key!r} = {value!r} is not allowed: it must be {must}")
    return kept


def _judge(value: Any, default: Any, allowed: Allowed) -> tuple[bool, Any, str]:
    if isinstance(default, bool):
        return isinstance(value, bool), value, "True or False"
    if default is None:  # dice_in_play, the one such key: None or a count
        ok = value is None or _whole(value, allowed)
        return ok, value, "None or " + _describe(allowed, whole=True)
    if isinstance(default, Integral):
        return _whole(value, allowed), value, _describe(allowed, whole=True)
    if isinstance(default, Real):
        return _number(value, allowed), value, _describe(allowed, whole=False)
    if isinstance(default, tuple):
        return _numbers(value, len(default), allowed)
    raise TypeError(f"no check for a default of type {type(default).__name__}")


def _whole(value: Any, allowed: Allowed) -> bool:
    return isinstance(value, Integral) and not isinstance(value, bool) and _within(value, allowed)


def _number(value: Any, allowed: Allowed) -> bool:
    return (
        isinstance(value, Real)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and _within(value, allowed)
    )


def _within(x: float, allowed: Allowed) -> bool:
    if allowed.lo is not None and (x <= allowed.lo if allowed.above else x < allowed.lo):
        return False
    return allowed.hi is None or x <= allowed.hi


def _numbers(value: Any, length: int, allowed: Allowed) -> tuple[bool, Any, str]:
    each = _describe(allowed, whole=False).removeprefix("a number")
    must = f"a tuple of {'' if allowed.any_length else f'{length} '}numbers{each}"
    must += ", of any length" if allowed.any_length else ""
    must += f" {allowed.note}" if allowed.note else ""
    if not isinstance(value, tuple | list):
        return False, value, must
    kept = tuple(value)
    ok = (
        (allowed.any_length or len(kept) == length)
        and all(_number(x, allowed) for x in kept)
        and all(kept[i] < kept[j] for i, j in allowed.ordered)
    )
    return ok, kept, must


def _describe(allowed: Allowed, whole: bool) -> str:
    noun = "a whole number" if whole else "a number"
    lo, hi = allowed.lo, allowed.hi
    if lo is None:
        return noun if hi is None else f"{noun} at most {hi:g}"
    if allowed.above and not whole:
        return f"{noun} above {lo:g}" + ("" if hi is None else f" and at most {hi:g}")
    if allowed.above:  # a whole number above lo is the next one or more
        lo = math.floor(lo) + 1
    return f"{noun} {lo:g} or more" if hi is None else f"{noun} from {lo:g} to {hi:g}"
