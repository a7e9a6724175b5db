"""Malacca view models: the round (reveal entry, outcome, payout ledger) and the final ranking.

Everything in Malacca is public once revealed; the companion learns cards only at the reveal.
"""

from __future__ import annotations

from dataclasses import dataclass

from .common import Notice

CARD_KIND = {
    "attack": "attack",
    "defend": "defend",
    "trade": "trade",
    "attack+2": "attack",
    "defend+2": "defend",
    "trade-x2": "trade",
    "wait-attack-defend": None,
    "wait-defend-trade": None,
}


@dataclass(frozen=True)
class Seat:
    name: str
    coins: int
    specials: int  # special cards held (count only)
    items: tuple[int, int, int]  # better attack, defence, trade (MAL-4)
    captain: bool
    captain_card: str | None = None


@dataclass(frozen=True)
class Choice:
    """One thing the table may enter now (a form of the controller)."""

    kind: str  # "ship" | "buy" | "reveal" | "wait" | "settle"
    player: str | None = None
    value: str | None = None  # the item to buy, or what a wait card becomes


@dataclass(frozen=True)
class Cell:
    """One player's revealed card and bet (entered or being entered)."""

    player: str
    card: str | None
    bet: int | None
    decided: str | None = None  # what a wait card became (MAL-23)


@dataclass(frozen=True)
class Entry:
    """A form being filled: the reveal (cells) or the ship's cargo (value)."""

    kind: str  # "reveal" | "ship"
    cells: tuple[Cell, ...] = ()
    value: int | None = None
    player: str | None = None  # whose field is highlighted
    field: str = ""  # "card" | "bet" | "value"
    choices: tuple[str, ...] = ()  # the values of the highlighted field (cards), for the chips


@dataclass(frozen=True)
class Line:
    src: str  # player, "supply" or "ship"
    dst: str
    amount: int
    rule: str


@dataclass(frozen=True)
class Settlement:
    round: int
    ship: int | None
    outcome: str  # "captured" | "defended"
    attack: int
    defence: int
    lines: tuple[Line, ...]
    draws: tuple[str, ...]  # who draws a special card
    owed: tuple[str, ...]  # who is owed one the deck could not give (MAL-39)
    deal_order: tuple[str, ...] = ()
    preview: bool = False  # not settled yet: what settling will pay


@dataclass(frozen=True)
class MalaccaRound:
    round: int
    rounds: int
    phase: str  # ship | reveal | wait | settle
    ship: int | None
    seats: tuple[Seat, ...]
    choices: tuple[Choice, ...] = ()
    focus: int = 0
    entry: Entry | None = None
    revealed: tuple[Cell, ...] = ()
    pending: str | None = None  # whose wait card must be decided
    settlement: Settlement | None = None
    notice: Notice | None = None
    banner: str | None = None


@dataclass(frozen=True)
class MalaccaFinal:
    ranking: tuple[tuple[int, str, int], ...]  # (place, player, coins), best first
    winners: tuple[str, ...]
    history: tuple[tuple[str, tuple[int, ...]], ...]  # coins after each round
    notice: Notice | None = None
    banner: str | None = None
    colours: tuple[str, ...] = ()  # each player's colour (theme.PLAYER_COLOURS), chosen at setup
