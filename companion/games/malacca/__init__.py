"""Malacca (pirate betting with cards and coins): rules MAL-1 … MAL-39 of ../shared/rules.

`ENGINE` meets `companion.games.base.Engine`; `legal(state)` lists what may be entered now and
`settlement(state)` previews a round's payout, line by line, before it is confirmed.
"""

from .engine import ENGINE, MalaccaEngine, State, legal, settlement
from .model import CAPTAINS, CARDS, HOUSE_RULES, ROUNDS
from .payout import Movement, Settlement

__all__ = [
    "CAPTAINS",
    "CARDS",
    "ENGINE",
    "HOUSE_RULES",
    "MalaccaEngine",
    "Movement",
    "ROUNDS",
    "Settlement",
    "State",
    "legal",
    "settlement",
]
