"""Malacca's values: cards, captains, items, house rules, the table (header) and the actions.

Everything here is parsed from record dicts (../shared/records.md, Malacca section) and is
immutable. A record that does not have the format's shape raises MalformedError; whether an
action is allowed *now* is the engine's business (engine.py), not this module's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import MalformedError, header_players, require

ROUNDS = 12  # MAL-1: 12 ships, one per round
MIN_PLAYERS, MAX_PLAYERS = 2, 8  # MAL-1/MAL-2: 24 normal cards, 3 each
SPECIAL_DECK = 16  # MAL-3
ITEM_PRICE = 5  # MAL-32
ITEMS_PER_KIND = 4  # MAL-4
START_COINS = 5  # MAL-5 without the captains expansion

KINDS = ("attack", "defend", "trade")
ITEMS = KINDS  # records.md: items are named after the kind they reward
ITEM_BONUS = {"attack": 3, "defend": 4, "trade": 5}  # MAL-33


@dataclass(frozen=True)
class Card:
    """An action card. `kind` is None for a wait card until its owner decides (MAL-23)."""

    name: str
    kind: str | None
    strength: int = 1  # MAL-22: attack+2 / defend+2 count 2
    multiplier: int = 1  # MAL-22: trade x2 doubles the supply payout
    special: bool = False  # MAL-21: only these need a held special card
    choices: tuple[str, ...] = ()  # MAL-23: what a wait card may become


CARDS: dict[str, Card] = {
    card.name: card
    for card in (
        Card("attack", "attack"),
        Card("defend", "defend"),
        Card("trade", "trade"),
        Card("attack+2", "attack", strength=2, special=True),
        Card("defend+2", "defend", strength=2, special=True),
        Card("trade-x2", "trade", multiplier=2, special=True),
        Card("wait-attack-defend", None, special=True, choices=("attack", "defend")),
        Card("wait-defend-trade", None, special=True, choices=("defend", "trade")),
    )
}
NORMAL_CARDS = tuple(name for name, card in CARDS.items() if not card.special)
SPECIAL_CARDS = tuple(name for name, card in CARDS.items() if card.special)

# MAL-24 … MAL-31: captain -> starting coins (None: the number of players, Black Caesar).
CAPTAINS: dict[str, int | None] = {
    "Henry Morgan": 5,
    "Pierre Le Picard": 3,
    "Rodrigo Orgonez": 9,
    "Black Caesar": None,
    "Zheng He": 3,
    "Sayyida al Hurra": 5,
    "Laskarina": 5,
    "Ingrid Hammar": 4,
}

# The open points of the rules (MAL-13, MAL-16, MAL-23): key -> (allowed values, default first).
HOUSE_RULES: dict[str, tuple[str, ...]] = {
    # MAL-13: the attackers' half-coins penalty is computed on the coins held after losing the
    # bet ("after_bet"), or on the coins held at the reveal ("before_bet", never more than is left).
    "attack_penalty": ("after_bet", "before_bet"),
    # MAL-16: what can't be shared equally among the defenders is dealt one coin at a time from
    # the captain clockwise ("deal"), or goes to the supply ("supply").
    "defence_remainder": ("deal", "supply"),
    # MAL-23: several wait cards decide in clockwise order from the captain ("clockwise"), or
    # in any order ("any").
    "wait_order": ("clockwise", "any"),
}


@dataclass(frozen=True)
class HouseRules:
    attack_penalty: str = "after_bet"
    defence_remainder: str = "deal"
    wait_order: str = "clockwise"

    @classmethod
    def parse(cls, obj: Any) -> HouseRules:
        if obj is None:
            return cls()
        if not isinstance(obj, Mapping):
            raise MalformedError("the header's 'rules' must be an object of house rules")
        for key, value in obj.items():
            if key not in HOUSE_RULES:
                raise MalformedError(
                    f"unknown Malacca house rule {key!r}; known: {', '.join(HOUSE_RULES)}"
                )
            if value not in HOUSE_RULES[key]:
                allowed = ", ".join(repr(v) for v in HOUSE_RULES[key])
                raise MalformedError(f"house rule {key!r} can be {allowed}, not {value!r}")
        return cls(**dict(obj))

    def as_dict(self) -> dict[str, str]:
        return {key: getattr(self, key) for key in HOUSE_RULES}


@dataclass(frozen=True)
class Table:
    """The header: who sits where (clockwise), the first captain, expansions, house rules."""

    players: tuple[str, ...]
    first_captain: int
    captains: tuple[str, ...] | None  # the captain card of each seat (MAL-24 … MAL-31)
    equipment: bool  # MAL-32/33
    rules: HouseRules

    @property
    def size(self) -> int:
        return len(self.players)

    def seat(self, name: str) -> int | None:
        try:
            return self.players.index(name)
        except ValueError:
            return None

    def captain_card(self, seat: int) -> str | None:
        return self.captains[seat] if self.captains is not None else None

    def start_coins(self, seat: int) -> int:
        """MAL-5: 5 silver, or the amount on the player's captain card."""
        card = self.captain_card(seat)
        if card is None:
            return START_COINS
        coins = CAPTAINS[card]
        return self.size if coins is None else coins  # MAL-27: Black Caesar

    def clockwise_from(self, seat: int) -> tuple[int, ...]:
        """Every seat, starting with `seat` and going clockwise (the header's order)."""
        return tuple((seat + step) % self.size for step in range(self.size))

    @classmethod
    def parse(cls, header: Mapping[str, Any]) -> Table:
        players = list(header_players(header, "Malacca", MIN_PLAYERS, MAX_PLAYERS, "MAL-1"))
        if "captain" not in header:
            raise MalformedError("the header needs the field 'captain'")
        if header["captain"] not in players:
            raise MalformedError(f"the header's 'captain' {header['captain']!r} is not a player")
        equipment = header.get("equipment", False)
        if not isinstance(equipment, bool):
            raise MalformedError("the header's 'equipment' must be true or false")
        return cls(
            players=tuple(players),
            first_captain=players.index(header["captain"]),
            captains=_parse_captains(header.get("captains"), players),
            equipment=equipment,
            rules=HouseRules.parse(header.get("rules")),
        )


def _parse_captains(obj: Any, players: list[str]) -> tuple[str, ...] | None:
    if obj is None:
        return None  # the captains expansion is not used
    if not isinstance(obj, Mapping):
        raise MalformedError("the header's 'captains' must map each player to a captain card")
    for player, card in obj.items():
        if player not in players:
            raise MalformedError(f"the header's 'captains' names {player!r}, who is not a player")
        if card not in CAPTAINS:
            raise MalformedError(
                f"unknown captain {card!r} for {player}; known: {', '.join(CAPTAINS)}"
            )
    missing = [p for p in players if p not in obj]
    if missing:
        raise MalformedError(f"the header's 'captains' has no captain for {', '.join(missing)}")
    cards = tuple(obj[p] for p in players)
    if len(set(cards)) != len(cards):
        raise MalformedError("the header's 'captains' deals one captain card twice")
    return cards


# ---- actions (records.md, Malacca) -------------------------------------------------------


@dataclass(frozen=True)
class BuyItem:
    player: str
    item: str


@dataclass(frozen=True)
class Ship:
    value: int


@dataclass(frozen=True)
class Play:
    player: str
    card: str
    bet: int


@dataclass(frozen=True)
class Reveal:
    plays: tuple[Play, ...]  # in the record's order


@dataclass(frozen=True)
class Wait:
    player: str
    as_: str


@dataclass(frozen=True)
class Settle:
    pass


Action = BuyItem | Ship | Reveal | Wait | Settle


def _silver(value: Any, what: str) -> int:
    # JSON true/false are ints in Python; a bet of `true` is a broken record, not 1 silver.
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise MalformedError(f"{what} must be a whole number of silver (0 or more), not {value!r}")
    return value


def _name(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise MalformedError(f"{what} must be a player's name, not {value!r}")
    return value


def _one_of(value: Any, allowed: tuple[str, ...], what: str) -> str:
    if value not in allowed:
        raise MalformedError(f"{what} must be one of {', '.join(allowed)}, not {value!r}")
    return value


def parse_action(obj: Mapping[str, Any]) -> Action:
    kind = obj.get("type")
    if kind == "buy_item":
        return BuyItem(
            _name(require(obj, kind, "player"), "'buy_item' player"),
            _one_of(require(obj, kind, "item"), ITEMS, "'buy_item' item"),
        )
    if kind == "ship":
        return Ship(_silver(require(obj, kind, "value"), "'ship' value"))
    if kind == "reveal":
        cards = require(obj, kind, "cards")
        if not isinstance(cards, Mapping):
            raise MalformedError("'reveal' cards must map each player to {card, bet}")
        plays = []
        for player, entry in cards.items():
            if not isinstance(entry, Mapping):
                raise MalformedError(f"'reveal' needs {{card, bet}} for {player}")
            if "card" not in entry or "bet" not in entry:
                missing = "card" if "card" not in entry else "bet"
                raise MalformedError(f"'reveal' needs the field '{missing}' for {player}")
            card = _one_of(entry["card"], tuple(CARDS), f"{player}'s card")
            plays.append(Play(player, card, _silver(entry["bet"], f"{player}'s bet")))
        return Reveal(tuple(plays))
    if kind == "wait":
        return Wait(
            _name(require(obj, kind, "player"), "'wait' player"),
            _one_of(require(obj, kind, "as"), KINDS, "'wait' as"),
        )
    if kind == "settle":
        return Settle()
    raise MalformedError(
        f"unknown Malacca action type {kind!r}; known: buy_item, ship, reveal, wait, settle"
    )


def to_record(action: Action) -> dict[str, Any]:
    if isinstance(action, BuyItem):
        return {"type": "buy_item", "player": action.player, "item": action.item}
    if isinstance(action, Ship):
        return {"type": "ship", "value": action.value}
    if isinstance(action, Reveal):
        cards = {p.player: {"card": p.card, "bet": p.bet} for p in action.plays}
        return {"type": "reveal", "cards": cards}
    if isinstance(action, Wait):
        return {"type": "wait", "player": action.player, "as": action.as_}
    if isinstance(action, Settle):
        return {"type": "settle"}
    raise TypeError(f"not a Malacca action: {action!r}")
