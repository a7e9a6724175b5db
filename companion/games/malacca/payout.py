"""Settling one Malacca round: the outcome (MAL-8) and every movement of money (MAL-9 … MAL-38).

`settle` is a pure function of the round's inputs. It returns the ledger — one line per
(from, to, rule), amounts summed — that the screen reads out so the table can pay with real
coins, plus the special cards drawn. Bets stay in front of their owners until the settle, so
taking a bet back moves nothing; a lost bet moves straight from its owner to whoever wins it.
The ship is an account holding the cargo (MAL-6); it is always empty after the settle.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .model import CARDS, ITEM_BONUS, KINDS, SPECIAL_DECK, Table

SHIP = "ship"
SUPPLY = "supply"

# Captain card -> (the kind it rewards, silver, rule) for "+3 after each successful …".
_CAPTAIN_BONUS = {
    "Henry Morgan": ("defend", 3, "MAL-24"),
    "Zheng He": ("trade", 3, "MAL-28"),
    "Ingrid Hammar": ("attack", 3, "MAL-31"),
}


@dataclass(frozen=True)
class Movement:
    """Money moving between accounts: a player, "supply" or "ship" (never to the ship)."""

    source: str
    to: str
    amount: int
    rule: str

    def as_record(self) -> dict[str, Any]:
        return {"from": self.source, "to": self.to, "amount": self.amount, "rule": self.rule}


@dataclass(frozen=True)
class Settlement:
    captured: bool
    attack: int  # total attack strength (MAL-8)
    defence: int
    coins: tuple[int, ...]  # every seat's coins after the settle
    specials: tuple[int, ...]  # every seat's special cards after the settle
    ledger: tuple[Movement, ...]
    draws: tuple[int, ...]  # seats that drew a special card, in drawing order (MAL-39)
    owed: tuple[int, ...]  # seats owed a special card the deck could not give (MAL-39)
    deal_order: tuple[str, ...]  # who receives shared coins, first first (MAL-12/MAL-16)


class _Books:
    """Coins being moved, and the ledger lines they make (summed per from/to/rule)."""

    def __init__(self, table: Table, coins: Sequence[int]):
        self.table = table
        self.coins = list(coins)
        self.lines: dict[tuple[str, str, str], int] = {}

    def _account(self, who: int | str) -> str:
        return who if isinstance(who, str) else self.table.players[who]

    def move(self, source: int | str, to: int | str, amount: int, rule: str) -> None:
        if amount <= 0:
            return
        if isinstance(source, int):
            self.coins[source] -= amount
        if isinstance(to, int):
            self.coins[to] += amount
        key = (self._account(source), self._account(to), rule)
        self.lines[key] = self.lines.get(key, 0) + amount

    def deal(self, sources: Iterable[tuple[int | str, int, str]], receivers: Sequence[int]) -> None:
        """MAL-12: shared money goes out one coin at a time, receivers in the given order;
        the coins come off the sources in the given order, so each line names whose coin it is."""
        turn = 0
        for source, amount, rule in sources:
            for _ in range(amount):
                self.move(source, receivers[turn % len(receivers)], 1, rule)
                turn += 1

    def ledger(self) -> tuple[Movement, ...]:
        return tuple(Movement(s, t, n, r) for (s, t, r), n in self.lines.items())


def kinds_of(cards: Sequence[str], decisions: Sequence[str | None]) -> tuple[str | None, ...]:
    """Each seat's played kind: the card's, or its owner's decision for a wait card (MAL-35)."""
    return tuple(
        CARDS[card].kind if CARDS[card].kind is not None else decided
        for card, decided in zip(cards, decisions, strict=True)
    )


def strengths(cards: Sequence[str], kinds: Sequence[str | None]) -> dict[str, int]:
    """MAL-8/MAL-22: total strength of each kind (a decided wait card counts 1, MAL-35)."""
    total = dict.fromkeys(KINDS, 0)
    for card, kind in zip(cards, kinds, strict=True):
        if kind is not None:
            total[kind] += CARDS[card].strength
    return total


def settle(
    table: Table,
    *,
    captain: int,
    cargo: int,
    coins: Sequence[int],
    specials: Sequence[int],
    items: Sequence[Sequence[int]],
    cards: Sequence[str],
    bets: Sequence[int],
    kinds: Sequence[str],
) -> Settlement:
    """Pay out a round whose cards are all revealed and decided. Order inside (MAL-38): bets
    and the pot, then penalties, then bonuses, then Pierre Le Picard's silver."""
    order = table.clockwise_from(captain)
    books = _Books(table, coins)
    total = strengths(cards, kinds)
    captured = total["attack"] > total["defend"]  # MAL-8: a tie is a defence
    attackers = [s for s in order if kinds[s] == "attack"]
    defenders = [s for s in order if kinds[s] == "defend"]
    traders = [s for s in order if kinds[s] == "trade"]
    draw_for: list[int] = []
    successful: set[int] = set()

    if captured:
        # MAL-9/14/18 and MAL-12/34: one pot — the cargo, then the lost bets clockwise from
        # the captain — dealt coin by coin among the attackers, nearest the captain first.
        pot: list[tuple[int | str, int, str]] = [(SHIP, cargo, "MAL-18")]
        pot += [
            (s, bets[s], "MAL-9" if kinds[s] == "trade" else "MAL-14")
            for s in order
            if kinds[s] != "attack"  # MAL-12: attackers keep their own bets
        ]
        books.deal(pot, attackers)
        deal_order = attackers
        successful.update(attackers)
        if len(defenders) == 1 and len(attackers) == table.size - 1:
            draw_for.append(defenders[0])  # MAL-15: the tragic hero
    else:
        books.move(SHIP, SUPPLY, cargo, "MAL-18")
        for s in traders:
            # MAL-10/MAL-22: the bet back (it never left) and its amount again, twice for x2.
            books.move(SUPPLY, s, bets[s] * CARDS[cards[s]].multiplier, "MAL-10")
            if coins[s] == 0:
                books.move(SUPPLY, s, 2, "MAL-11")  # deck swabbing: flat 2 (MAL-37)
        successful.update(traders)
        deal_order = defenders
        if attackers:
            lost = [(s, bets[s], "MAL-13") for s in attackers]
            shared = sum(bets[s] for s in attackers)
            if table.rules.defence_remainder == "supply":
                # MAL-16 house rule: only equal shares are dealt, the rest goes to the supply.
                dealt = shared - shared % len(defenders)
                books.deal(_first_coins(lost, dealt), defenders)
                for s, n, _ in _last_coins(lost, shared - dealt):
                    books.move(s, SUPPLY, n, "MAL-16")
            else:
                books.deal(lost, defenders)  # MAL-16 default: dealt as in MAL-12
            for s in attackers:
                held = books.coins[s]
                if table.rules.attack_penalty == "after_bet":
                    half = held // 2  # MAL-13 default
                else:
                    half = min(coins[s] // 2, held)
                books.move(s, SUPPLY, half, "MAL-13")
            successful.update(defenders)
            draw_for.extend(defenders)  # MAL-16
        # MAL-17: with nobody attacking the defenders keep their bets and win nothing.

    for s in order:
        kind = kinds[s]
        card = table.captain_card(s)
        if s in successful:
            if card in _CAPTAIN_BONUS and _CAPTAIN_BONUS[card][0] == kind:
                _, silver, rule = _CAPTAIN_BONUS[card]
                books.move(SUPPLY, s, silver, rule)  # MAL-36: no bet needed
            owned = items[s][KINDS.index(kind)]
            if owned and (kind != "trade" or bets[s] > 0):  # MAL-33: better trade needs a bet
                books.move(SUPPLY, s, owned * ITEM_BONUS[kind], "MAL-33")
        if card == "Black Caesar" and len(set(kinds)) == 1:
            books.move(SUPPLY, s, table.size, "MAL-27")
    for s in order:
        if table.captain_card(s) == "Pierre Le Picard":
            books.move(SUPPLY, s, 1, "MAL-25")

    # MAL-21/MAL-39: draws clockwise from the captain from what is left of the deck; the
    # special cards played this round go back under the deck only afterwards. Sayyida al Hurra
    # (MAL-29) draws two and puts one back: her count changes as anybody's does.
    deck = SPECIAL_DECK - sum(specials)
    held = list(specials)
    for s in order:
        if CARDS[cards[s]].special:
            held[s] -= 1
    draws = tuple(draw_for[:deck])
    for s in draws:
        held[s] += 1
    return Settlement(
        captured=captured,
        attack=total["attack"],
        defence=total["defend"],
        coins=tuple(books.coins),
        specials=tuple(held),
        ledger=books.ledger(),
        draws=draws,
        owed=tuple(draw_for[deck:]),
        deal_order=tuple(table.players[s] for s in deal_order),
    )


def _first_coins(sources: list[tuple[int, int, str]], count: int) -> list[tuple[int, int, str]]:
    out = []
    for source, amount, rule in sources:
        take = min(amount, count)
        out.append((source, take, rule))
        count -= take
    return out


def _last_coins(sources: list[tuple[int, int, str]], count: int) -> list[tuple[int, int, str]]:
    return list(reversed(_first_coins(list(reversed(sources)), count)))
