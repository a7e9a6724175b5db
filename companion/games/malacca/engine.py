"""The Malacca rules engine: state, legality of each action, the fold, and what the screen shows.

A round goes: (the captain may buy an item, MAL-32) → `ship` (MAL-6) → `reveal` (MAL-7) →
`wait` decisions (MAL-23) → `settle` (MAL-8 … MAL-19, payout.py). States are frozen values;
an illegal action raises RuleError naming the rule and leaves the state as it was.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..base import MalformedError, RuleError, Summary
from . import payout
from .model import (
    CARDS,
    ITEM_PRICE,
    ITEMS,
    ITEMS_PER_KIND,
    KINDS,
    NORMAL_CARDS,
    ROUNDS,
    SPECIAL_CARDS,
    SPECIAL_DECK,
    Action,
    BuyItem,
    Reveal,
    Settle,
    Ship,
    Table,
    Wait,
    parse_action,
    to_record,
)
from .payout import Movement, Settlement

PHASE_SHIP = "ship"  # waiting for the ship (the captain may buy an item first)
PHASE_REVEAL = "reveal"  # the ship is here, waiting for the cards and bets
PHASE_WAIT = "wait"  # revealed; a wait card's owner must decide
PHASE_SETTLE = "settle"  # everything decided; the round can be paid out
PHASE_OVER = "over"  # the 12th ship is settled (MAL-20)


@dataclass(frozen=True)
class RoundInPlay:
    """What has happened so far in the round being played."""

    bought: str | None = None  # the item the captain bought (MAL-32: one a round)
    ship: int | None = None  # the cargo (MAL-6)
    cards: tuple[str, ...] | None = None  # each seat's card, once revealed (MAL-7)
    bets: tuple[int, ...] | None = None
    decisions: tuple[str | None, ...] | None = None  # wait cards' decisions (MAL-23)
    ledger: tuple[Movement, ...] = ()  # money moved before the settle (an item's price)


@dataclass(frozen=True)
class LastRound:
    """The outcome of the last settled round, for the screen and replay."""

    round: int
    captain: int
    ship: int
    settlement: Settlement


@dataclass(frozen=True)
class State:
    table: Table
    coins: tuple[int, ...]
    specials: tuple[int, ...]  # special cards held, counted (their faces are secret)
    items: tuple[tuple[int, int, int], ...]  # per seat: attack, defend, trade items (MAL-32)
    captain: int  # the seat holding the parrot
    settled: int = 0  # rounds paid out
    current: RoundInPlay = RoundInPlay()
    last: LastRound | None = None

    @property
    def over(self) -> bool:
        return self.settled >= ROUNDS

    @property
    def round(self) -> int:
        """The round being played, 1 to 12 (the 12th once the game is over)."""
        return min(self.settled + 1, ROUNDS)

    @property
    def phase(self) -> str:
        if self.over:
            return PHASE_OVER
        if self.current.ship is None:
            return PHASE_SHIP
        if self.current.cards is None:
            return PHASE_REVEAL
        return PHASE_WAIT if self.pending_wait() else PHASE_SETTLE

    def pending_wait(self) -> tuple[int, ...]:
        """Seats whose wait card is undecided, clockwise from the captain."""
        cur = self.current
        if cur.cards is None or cur.decisions is None:
            return ()
        return tuple(
            s
            for s in self.table.clockwise_from(self.captain)
            if CARDS[cur.cards[s]].kind is None and cur.decisions[s] is None
        )

    def kinds(self) -> tuple[str | None, ...]:
        assert self.current.cards is not None and self.current.decisions is not None
        return payout.kinds_of(self.current.cards, self.current.decisions)

    def special_deck(self) -> int:
        """Special cards in the face-down deck: the rest are held or on the table (MAL-39)."""
        return SPECIAL_DECK - sum(self.specials)


def initial_state(table: Table) -> State:
    coins = tuple(table.start_coins(s) for s in range(table.size))
    # MAL-30: Laskarina draws one special card at the start of the game.
    specials = tuple(int(table.captain_card(s) == "Laskarina") for s in range(table.size))
    return State(
        table=table,
        coins=coins,
        specials=specials,
        items=((0, 0, 0),) * table.size,
        captain=table.first_captain,
    )


def _seat(state: State, name: str, rule: str) -> int:
    seat = state.table.seat(name)
    if seat is None:
        raise RuleError(rule, f"{name!r} is not at this table")
    return seat


def _not_over(state: State) -> None:
    if state.over:
        raise RuleError("MAL-20", f"the game is over: all {ROUNDS} ships have sailed")


def buy_item(state: State, action: BuyItem) -> State:
    _not_over(state)
    table, cur = state.table, state.current
    if not table.equipment:
        raise RuleError("MAL-32", "this game is played without the equipment expansion")
    seat = _seat(state, action.player, "MAL-32")
    if cur.ship is not None:
        raise RuleError("MAL-32", "items are bought at the start of a round, before the ship")
    if seat != state.captain:
        captain = table.players[state.captain]
        raise RuleError("MAL-32", f"only the captain ({captain}) may buy an item this round")
    if cur.bought is not None:
        raise RuleError("MAL-32", f"the captain already bought an item ({cur.bought}) this round")
    if state.coins[seat] < ITEM_PRICE:
        raise RuleError(
            "MAL-32",
            f"{action.player} holds {state.coins[seat]} silver; an item costs {ITEM_PRICE}",
        )
    kind = ITEMS.index(action.item)
    if sum(owned[kind] for owned in state.items) >= ITEMS_PER_KIND:
        raise RuleError("MAL-4", f"all {ITEMS_PER_KIND} better-{action.item} items are taken")
    coins = list(state.coins)
    coins[seat] -= ITEM_PRICE
    items = list(state.items)
    items[seat] = tuple(n + (i == kind) for i, n in enumerate(items[seat]))  # type: ignore[assignment]
    paid = Movement(action.player, payout.SUPPLY, ITEM_PRICE, "MAL-32")
    return replace(
        state,
        coins=tuple(coins),
        items=tuple(items),  # type: ignore[arg-type]
        current=replace(cur, bought=action.item, ledger=(*cur.ledger, paid)),
    )


def ship(state: State, action: Ship) -> State:
    _not_over(state)
    if state.current.ship is not None:
        raise RuleError("MAL-6", f"the ship of round {state.round} has already arrived")
    return replace(state, current=replace(state.current, ship=action.value))


def reveal(state: State, action: Reveal) -> State:
    _not_over(state)
    table, cur = state.table, state.current
    if cur.ship is None:
        raise RuleError("MAL-6", "the ship arrives before the cards are played")
    if cur.cards is not None:
        raise RuleError("MAL-7", f"the cards of round {state.round} are already revealed")
    cards: list[str | None] = [None] * table.size
    bets = [0] * table.size
    for play in action.plays:
        seat = _seat(state, play.player, "MAL-7")
        card = CARDS[play.card]
        if card.special and state.specials[seat] == 0:
            raise RuleError("MAL-21", f"{play.player} holds no special card to play as {play.card}")
        if play.bet > state.coins[seat]:
            raise RuleError(
                "MAL-7", f"{play.player} bets {play.bet} but holds {state.coins[seat]} silver"
            )
        cards[seat], bets[seat] = play.card, play.bet
    missing = [table.players[s] for s, card in enumerate(cards) if card is None]
    if missing:
        raise RuleError("MAL-7", f"every player plays one card; none from {', '.join(missing)}")
    return replace(
        state,
        current=replace(
            cur,
            cards=tuple(cards),  # type: ignore[arg-type]
            bets=tuple(bets),
            decisions=(None,) * table.size,
        ),
    )


def wait(state: State, action: Wait) -> State:
    _not_over(state)
    cur = state.current
    if cur.cards is None or cur.decisions is None:
        raise RuleError("MAL-23", "wait cards are decided after the reveal")
    seat = _seat(state, action.player, "MAL-23")
    card = CARDS[cur.cards[seat]]
    if card.kind is not None:
        raise RuleError("MAL-23", f"{action.player} played {card.name}, not a wait card")
    if cur.decisions[seat] is not None:
        raise RuleError(
            "MAL-23", f"{action.player} already decided: {cur.decisions[seat]} (undo to change)"
        )
    if action.as_ not in card.choices:
        raise RuleError(
            "MAL-23",
            f"{card.name} becomes {' or '.join(card.choices)}, not {action.as_}",
        )
    pending = state.pending_wait()
    if state.table.rules.wait_order == "clockwise" and pending[0] != seat:
        first = state.table.players[pending[0]]
        raise RuleError(
            "MAL-23", f"{first} decides first: wait cards go clockwise from the captain"
        )
    decisions = list(cur.decisions)
    decisions[seat] = action.as_
    return replace(state, current=replace(cur, decisions=tuple(decisions)))


def settlement(state: State) -> Settlement:
    """The payout of the round as it stands (the screen previews it before `settle`)."""
    _not_over(state)
    cur = state.current
    if cur.ship is None or cur.cards is None or cur.bets is None:
        raise RuleError("MAL-8", "nothing to settle yet: the ship and the cards come first")
    pending = state.pending_wait()
    if pending:
        names = ", ".join(state.table.players[s] for s in pending)
        raise RuleError("MAL-23", f"wait cards still to decide: {names}")
    return payout.settle(
        state.table,
        captain=state.captain,
        cargo=cur.ship,
        coins=state.coins,
        specials=state.specials,
        items=state.items,
        cards=cur.cards,
        bets=cur.bets,
        kinds=state.kinds(),  # type: ignore[arg-type]
    )


def settle(state: State, action: Settle) -> State:
    done = settlement(state)
    assert state.current.ship is not None
    return replace(
        state,
        coins=done.coins,
        specials=done.specials,
        captain=(state.captain + 1) % state.table.size,  # MAL-19: the parrot passes clockwise
        settled=state.settled + 1,
        current=RoundInPlay(),
        last=LastRound(
            round=state.round,
            captain=state.captain,
            ship=state.current.ship,
            settlement=replace(done, ledger=(*state.current.ledger, *done.ledger)),
        ),
    )


_APPLY = {BuyItem: buy_item, Ship: ship, Reveal: reveal, Wait: wait, Settle: settle}


def legal(state: State) -> dict[str, Any]:
    """What may be entered now: the action types, and for the reveal each player's cards
    (normal ones always, specials only if held: MAL-21) and the largest bet (coins, MAL-7)."""
    table, phase, cur = state.table, state.phase, state.current
    out: dict[str, Any] = {"phase": phase, "actions": [], "buy_items": [], "waits": {}}
    if phase == PHASE_SHIP:
        out["actions"].append("ship")
        if table.equipment and cur.bought is None and state.coins[state.captain] >= ITEM_PRICE:
            taken = [sum(owned[i] for owned in state.items) for i in range(len(ITEMS))]
            out["buy_items"] = [item for i, item in enumerate(ITEMS) if taken[i] < ITEMS_PER_KIND]
            if out["buy_items"]:
                out["actions"].insert(0, "buy_item")
    elif phase == PHASE_REVEAL:
        out["actions"].append("reveal")
    elif phase == PHASE_WAIT:
        out["actions"].append("wait")
        assert cur.cards is not None
        deciders = state.pending_wait()
        if table.rules.wait_order == "clockwise":
            deciders = deciders[:1]
        out["waits"] = {table.players[s]: list(CARDS[cur.cards[s]].choices) for s in deciders}
    elif phase == PHASE_SETTLE:
        out["actions"].append("settle")
    out["cards"] = {
        name: list(NORMAL_CARDS) + (list(SPECIAL_CARDS) if state.specials[s] else [])
        for s, name in enumerate(table.players)
    }
    out["max_bet"] = dict(zip(table.players, state.coins, strict=True))
    out["buyer"] = table.players[state.captain] if out["buy_items"] else None
    return out


def _per_player(table: Table, values: tuple[Any, ...]) -> dict[str, Any]:
    return dict(zip(table.players, values, strict=True))


def _items_json(table: Table, items: tuple[tuple[int, int, int], ...]) -> dict[str, Any]:
    return {
        name: dict(zip(ITEMS, owned, strict=True))
        for name, owned in zip(table.players, items, strict=True)
    }


def _settlement_json(table: Table, done: Settlement) -> dict[str, Any]:
    return {
        "outcome": "captured" if done.captured else "defended",
        "attack": done.attack,
        "defence": done.defence,
        "ledger": [m.as_record() for m in done.ledger],
        "deal_order": list(done.deal_order),
        "draws": [table.players[s] for s in done.draws],
        "owed": [table.players[s] for s in done.owed],
        "coins": _per_player(table, done.coins),
    }


class MalaccaEngine:
    """`base.Engine` for Malacca (records.md, Malacca section)."""

    name = "malacca"

    def setup(self, header: Mapping[str, Any]) -> State:
        if not isinstance(header, Mapping):
            raise MalformedError("the header must be a JSON object")
        return initial_state(Table.parse(header))

    def parse_action(self, obj: Mapping[str, Any]) -> Action:
        if not isinstance(obj, Mapping):
            raise MalformedError("an action must be a JSON object")
        return parse_action(obj)

    def apply(self, state: State, action: Action) -> State:
        return _APPLY[type(action)](state, action)  # type: ignore[operator]

    def to_record(self, action: Action) -> dict[str, Any]:
        return to_record(action)

    def summary(self, state: State) -> Summary:
        scores = _per_player(state.table, state.coins)
        if not state.over:
            return Summary(False, scores)
        best = max(state.coins)  # MAL-20: the richest win, all of them on a tie
        return Summary(True, scores, tuple(p for p, c in scores.items() if c == best))

    def replay_state(self, state: State) -> dict[str, Any]:
        table = state.table
        return {
            "coins": _per_player(table, state.coins),
            "specials": _per_player(table, state.specials),
            "items": _items_json(table, state.items),
            "captain": table.players[state.captain],
            "round": state.round,
            "ledger": ([m.as_record() for m in state.last.settlement.ledger] if state.last else []),
        }

    def legal(self, state: State) -> dict[str, Any]:
        return legal(state)

    def settlement(self, state: State) -> Settlement:
        return settlement(state)

    def public_view(self, state: State) -> dict[str, Any]:
        """Everything is public in Malacca except the cards before the reveal, which the
        companion only learns at the reveal anyway; special cards are shown as counts."""
        table, cur, phase = state.table, state.current, state.phase
        view: dict[str, Any] = {
            **self.replay_state(state),
            "game": self.name,
            "players": list(table.players),
            "rounds": ROUNDS,
            "over": state.over,
            "phase": phase,
            "pending": None,  # whose wait decision the table waits for (MAL-23)
            "undecided": [],  # every wait card still to decide, clockwise from the captain
            "captain_cards": (
                _per_player(table, table.captains) if table.captains is not None else None
            ),
            "equipment": table.equipment,
            "rules": table.rules.as_dict(),
            "special_deck": state.special_deck(),
            "ship": cur.ship,
            "bought": cur.bought,
            "round_ledger": [m.as_record() for m in cur.ledger],
            "cards": None,
            "strength": None,
            "preview": None,
            "last": None,
        }
        if cur.cards is not None and cur.bets is not None and cur.decisions is not None:
            view["cards"] = {
                name: {"card": cur.cards[s], "bet": cur.bets[s], "as": cur.decisions[s]}
                for s, name in enumerate(table.players)
            }
            kinds = state.kinds()
            view["strength"] = {
                k: v for k, v in payout.strengths(cur.cards, kinds).items() if k != "trade"
            }
        if phase == PHASE_WAIT:
            view["pending"] = table.players[state.pending_wait()[0]]
            view["undecided"] = [table.players[s] for s in state.pending_wait()]
        if phase == PHASE_SETTLE:
            view["preview"] = _settlement_json(table, settlement(state))
        if state.last is not None:
            view["last"] = {
                "round": state.last.round,
                "captain": table.players[state.last.captain],
                "ship": state.last.ship,
                **_settlement_json(table, state.last.settlement),
            }
        return view


ENGINE = MalaccaEngine()

__all__ = ["ENGINE", "KINDS", "MalaccaEngine", "State", "legal", "settlement"]
