"""Shared helpers for the Malacca tests: headers, whole rounds, ledgers as comparable sets."""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.games import Game
from companion.games.malacca import ENGINE

ABC = ["Ann", "Ben", "Cy"]


def header(players=ABC, captain=None, **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {
        "game": "malacca",
        "version": 1,
        "players": list(players),
        "captain": captain or players[0],
    }
    out.update(extra)
    return out


def start(players=ABC, captain=None, **extra: Any) -> Game:
    return Game.start(ENGINE, header(players, captain, **extra))


def reveal(cards: dict[str, tuple[str, int]]) -> dict[str, Any]:
    return {
        "type": "reveal",
        "cards": {p: {"card": card, "bet": bet} for p, (card, bet) in cards.items()},
    }


def play_round(
    game: Game,
    ship: int,
    cards: dict[str, tuple[str, int]],
    waits: tuple[tuple[str, str], ...] = (),
) -> Game:
    """ship, reveal, the wait decisions in the given order, settle."""
    game.play({"type": "ship", "value": ship})
    game.play(reveal(cards))
    for player, kind in waits:
        game.play({"type": "wait", "player": player, "as": kind})
    game.play({"type": "settle"})
    return game


def ledger(game: Game) -> Counter:
    """The last settled round's ledger as a multiset of (from, to, amount, rule)."""
    lines = ENGINE.replay_state(game.state)["ledger"]
    return Counter((m["from"], m["to"], m["amount"], m["rule"]) for m in lines)


def coins(game: Game) -> dict[str, int]:
    return ENGINE.replay_state(game.state)["coins"]


def specials(game: Game) -> dict[str, int]:
    return ENGINE.replay_state(game.state)["specials"]
