"""POW scoring (POW-16/17): trim the hero stack to the villain count, add up, rank with ties."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .model import Stack


@dataclass(frozen=True)
class Tally:
    score: int
    kept: tuple[int, ...]  # hero values that count, bottom first
    removed: tuple[int, ...]  # hero values removed from the top, in stack order (bottom first)


def tally(stack: Stack) -> Tally:
    """POW-16: hero tiles above the villain stack's height are removed from the top; surplus
    villains always count. POW-17: kept hero values plus villain values (negative)."""
    keep = min(len(stack.heroes), len(stack.villains))
    kept, removed = stack.heroes[:keep], stack.heroes[keep:]
    return Tally(sum(kept) + sum(stack.villains), kept, removed)


def places(scores: Mapping[str, int]) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """(place, players) best first; equal scores share a place and the next place is skipped
    (POW-17 leaves ties open: the companion shows shared places)."""
    ranked = sorted(set(scores.values()), reverse=True)
    out, place = [], 1
    for score in ranked:
        tied = tuple(p for p, s in scores.items() if s == score)
        out.append((place, tied))
        place += len(tied)
    return tuple(out)
