"""View-model pieces every screen shares."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Notice:
    """A rule error to show: its rule id and the engine's own words (translated by rule id)."""

    rule: str
    message: str

    @classmethod
    def of(cls, error: Exception) -> Notice:
        return cls(getattr(error, "rule", "?"), getattr(error, "message", str(error)))
