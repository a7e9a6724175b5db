"""Worked Malacca rounds, computed by hand, with 3, 4 and 6 players: each outcome's full ledger.

Each expected ledger was worked out coin by coin on paper (MAL-12/MAL-16: one coin at a time,
receivers clockwise from the captain, the cargo's coins first, then the lost bets clockwise
from the captain); the comment above each case shows the working.
"""

from __future__ import annotations

from collections import Counter

from .malacca_helpers import coins, ledger, play_round, specials, start

ABC = ["Ann", "Ben", "Cy"]
ABCD = ["Ann", "Ben", "Cy", "Dan"]
SIX = ["Ann", "Ben", "Cy", "Dan", "Eve", "Fay"]


def test_mal_12_three_players_captured_with_a_remainder():
    # Captain Ann trades 2; attackers Ben, Cy (Ben first after the captain). Pot 7 + 2 = 9:
    # cargo coins 1..7 go Ben, Cy, Ben, … (Ben 4, Cy 3); Ann's coins 8, 9 go Cy, Ben.
    game = play_round(
        start(ABC), 7, {"Ann": ("trade", 2), "Ben": ("attack", 1), "Cy": ("attack", 0)}
    )
    assert ledger(game) == Counter(
        {
            ("ship", "Ben", 4, "MAL-18"): 1,
            ("ship", "Cy", 3, "MAL-18"): 1,
            ("Ann", "Cy", 1, "MAL-9"): 1,
            ("Ann", "Ben", 1, "MAL-9"): 1,
        }
    )
    assert coins(game) == {"Ann": 3, "Ben": 10, "Cy": 9}


def test_mal_16_three_players_defended_with_a_remainder():
    # Captain Ann attacks with 3 against Ben and Cy: 1 < 2, defended. Ann's 3 coins go
    # Ben, Cy, Ben; Ann keeps 2 and pays half (1); the cargo goes back; both defenders draw.
    game = play_round(
        start(ABC), 6, {"Ann": ("attack", 3), "Ben": ("defend", 1), "Cy": ("defend", 0)}
    )
    assert ledger(game) == Counter(
        {
            ("Ann", "Ben", 2, "MAL-13"): 1,
            ("Ann", "Cy", 1, "MAL-13"): 1,
            ("Ann", "supply", 1, "MAL-13"): 1,
            ("ship", "supply", 6, "MAL-18"): 1,
        }
    )
    assert coins(game) == {"Ann": 1, "Ben": 7, "Cy": 6}
    assert specials(game) == {"Ann": 0, "Ben": 1, "Cy": 1}


def test_mal_17_three_players_useless_defence():
    game = play_round(
        start(ABC), 5, {"Ann": ("trade", 2), "Ben": ("defend", 1), "Cy": ("trade", 0)}
    )
    assert ledger(game) == Counter(
        {("supply", "Ann", 2, "MAL-10"): 1, ("ship", "supply", 5, "MAL-18"): 1}
    )
    assert coins(game) == {"Ann": 7, "Ben": 5, "Cy": 5}
    assert specials(game) == {"Ann": 0, "Ben": 0, "Cy": 0}


def test_mal_12_four_players_captured_the_deal_wraps_past_the_last_seat():
    # Captain Cy trades 4; order from Cy: Cy, Dan, Ann, Ben; attackers Dan, Ann (2 > 1).
    # Pot: cargo 10 (Dan 5, Ann 5), Cy's 4 (coins 11..14: Dan, Ann, Dan, Ann),
    # Ben's 3 (coins 15..17: Dan, Ann, Dan). 17 coins: Dan 9, Ann 8.
    game = start(ABCD, captain="Cy")
    cards = {"Ann": ("attack", 1), "Ben": ("defend", 3), "Cy": ("trade", 4), "Dan": ("attack", 0)}
    play_round(game, 10, cards)
    assert ledger(game) == Counter(
        {
            ("ship", "Dan", 5, "MAL-18"): 1,
            ("ship", "Ann", 5, "MAL-18"): 1,
            ("Cy", "Dan", 2, "MAL-9"): 1,
            ("Cy", "Ann", 2, "MAL-9"): 1,
            ("Ben", "Dan", 2, "MAL-14"): 1,
            ("Ben", "Ann", 1, "MAL-14"): 1,
        }
    )
    assert coins(game) == {"Ann": 13, "Ben": 2, "Cy": 1, "Dan": 14}
    assert game.state.last.settlement.deal_order == ("Dan", "Ann")


def test_mal_16_four_players_a_tie_is_defended_and_the_remainder_dealt():
    # Captain Cy defends; 2 attack against 2 defence: defended. Attackers' bets clockwise
    # from Cy: Ann 5 (coins 1..5: Cy, Dan, Cy, Dan, Cy), Ben 4 (6..9: Dan, Cy, Dan, Cy).
    # Cy 5, Dan 4. Penalties: Ann keeps 0 (pays 0), Ben keeps 1 (pays 0).
    game = start(ABCD, captain="Cy")
    cards = {"Ann": ("attack", 5), "Ben": ("attack", 4), "Cy": ("defend", 0), "Dan": ("defend", 2)}
    play_round(game, 8, cards)
    assert ledger(game) == Counter(
        {
            ("Ann", "Cy", 3, "MAL-13"): 1,
            ("Ann", "Dan", 2, "MAL-13"): 1,
            ("Ben", "Dan", 2, "MAL-13"): 1,
            ("Ben", "Cy", 2, "MAL-13"): 1,
            ("ship", "supply", 8, "MAL-18"): 1,
        }
    )
    assert coins(game) == {"Ann": 0, "Ben": 1, "Cy": 10, "Dan": 9}
    assert specials(game) == {"Ann": 0, "Ben": 0, "Cy": 1, "Dan": 1}


def test_mal_15_four_players_tragic_hero():
    game = start(ABCD, captain="Ben")
    cards = {"Ann": ("attack", 0), "Ben": ("attack", 2), "Cy": ("defend", 3), "Dan": ("attack", 0)}
    play_round(game, 4, cards)
    # Pot 4 + 3 = 7 over Ben, Dan, Ann (from the captain Ben): 3, 2, 2.
    assert ledger(game) == Counter(
        {
            ("ship", "Ben", 2, "MAL-18"): 1,
            ("ship", "Dan", 1, "MAL-18"): 1,
            ("ship", "Ann", 1, "MAL-18"): 1,
            ("Cy", "Dan", 1, "MAL-14"): 1,
            ("Cy", "Ann", 1, "MAL-14"): 1,
            ("Cy", "Ben", 1, "MAL-14"): 1,
        }
    )
    assert coins(game) == {"Ann": 7, "Ben": 8, "Cy": 2, "Dan": 7}
    assert specials(game) == {"Ann": 0, "Ben": 0, "Cy": 1, "Dan": 0}


def test_mal_17_four_players_useless_defence():
    game = start(ABCD, captain="Dan")
    cards = {"Ann": ("defend", 3), "Ben": ("trade", 1), "Cy": ("defend", 0), "Dan": ("trade", 5)}
    play_round(game, 9, cards)
    assert ledger(game) == Counter(
        {
            ("supply", "Ben", 1, "MAL-10"): 1,
            ("supply", "Dan", 5, "MAL-10"): 1,
            ("ship", "supply", 9, "MAL-18"): 1,
        }
    )
    assert coins(game) == {"Ann": 5, "Ben": 6, "Cy": 5, "Dan": 10}
    assert sum(specials(game).values()) == 0


def test_mal_12_six_players_captured_with_a_remainder():
    # Captain Eve; order Eve, Fay, Ann, Ben, Cy, Dan; attackers Eve, Ann, Cy (3 > 2).
    # Cargo 12: 4 each. Losers' bets clockwise: Fay 0, Ben 3 (coins 13..15: Eve, Ann, Cy),
    # Dan 1 (coin 16: Eve). 16 coins: Eve 6, Ann 5, Cy 5.
    game = start(SIX, captain="Eve")
    cards = {
        "Ann": ("attack", 0),
        "Ben": ("trade", 3),
        "Cy": ("attack", 1),
        "Dan": ("defend", 1),
        "Eve": ("attack", 2),
        "Fay": ("defend", 0),
    }
    play_round(game, 12, cards)
    assert ledger(game) == Counter(
        {
            ("ship", "Eve", 4, "MAL-18"): 1,
            ("ship", "Ann", 4, "MAL-18"): 1,
            ("ship", "Cy", 4, "MAL-18"): 1,
            ("Ben", "Eve", 1, "MAL-9"): 1,
            ("Ben", "Ann", 1, "MAL-9"): 1,
            ("Ben", "Cy", 1, "MAL-9"): 1,
            ("Dan", "Eve", 1, "MAL-14"): 1,
        }
    )
    assert coins(game) == {"Ann": 10, "Ben": 2, "Cy": 10, "Dan": 4, "Eve": 11, "Fay": 5}
    assert sum(specials(game).values()) == 0  # two defenders: no tragic hero


def test_mal_16_six_players_defended_with_a_remainder():
    # Captain Eve; attackers clockwise Eve (5), Ann (4); defenders Ben, Dan; 2 against 2.
    # Eve's coins 1..5: Ben, Dan, Ben, Dan, Ben; Ann's 6..9: Dan, Ben, Dan, Ben.
    # Ben 5, Dan 4. Eve keeps 0, Ann keeps 1: no penalty (half of 1 is 0). Cy trades 4.
    game = start(SIX, captain="Eve")
    cards = {
        "Ann": ("attack", 4),
        "Ben": ("defend", 2),
        "Cy": ("trade", 4),
        "Dan": ("defend", 1),
        "Eve": ("attack", 5),
        "Fay": ("trade", 0),
    }
    play_round(game, 9, cards)
    assert ledger(game) == Counter(
        {
            ("Eve", "Ben", 3, "MAL-13"): 1,
            ("Eve", "Dan", 2, "MAL-13"): 1,
            ("Ann", "Dan", 2, "MAL-13"): 1,
            ("Ann", "Ben", 2, "MAL-13"): 1,
            ("supply", "Cy", 4, "MAL-10"): 1,
            ("ship", "supply", 9, "MAL-18"): 1,
        }
    )
    assert coins(game) == {"Ann": 1, "Ben": 10, "Cy": 9, "Dan": 9, "Eve": 0, "Fay": 5}
    assert specials(game) == {"Ann": 0, "Ben": 1, "Cy": 0, "Dan": 1, "Eve": 0, "Fay": 0}


def test_mal_17_six_players_useless_defence_and_deck_swabbing():
    # Round 1 leaves Eve with no coins; round 2 (captain Fay) nobody attacks: Eve swabs the
    # deck (MAL-11), the defenders get nothing (MAL-17), the traders double their bets.
    game = start(SIX, captain="Eve")
    cards = {
        "Ann": ("attack", 4),
        "Ben": ("defend", 2),
        "Cy": ("trade", 4),
        "Dan": ("defend", 1),
        "Eve": ("attack", 5),
        "Fay": ("trade", 0),
    }
    play_round(game, 9, cards)
    cards = {
        "Ann": ("trade", 1),
        "Ben": ("defend", 10),
        "Cy": ("defend", 0),
        "Dan": ("trade", 3),
        "Eve": ("trade", 0),
        "Fay": ("trade", 5),
    }
    play_round(game, 7, cards)
    assert ledger(game) == Counter(
        {
            ("supply", "Ann", 1, "MAL-10"): 1,
            ("supply", "Dan", 3, "MAL-10"): 1,
            ("supply", "Fay", 5, "MAL-10"): 1,
            ("supply", "Eve", 2, "MAL-11"): 1,
            ("ship", "supply", 7, "MAL-18"): 1,
        }
    )
    assert coins(game) == {"Ann": 2, "Ben": 10, "Cy": 9, "Dan": 12, "Eve": 2, "Fay": 10}
    assert specials(game) == {"Ann": 0, "Ben": 1, "Cy": 0, "Dan": 1, "Eve": 0, "Fay": 0}


def test_mal_38_six_players_captain_bonuses_after_the_pot():
    # Six captains at once: the pot first, then Ingrid Hammar's bonus, then Pierre Le Picard.
    captains = {
        "Ann": "Ingrid Hammar",
        "Ben": "Pierre Le Picard",
        "Cy": "Zheng He",
        "Dan": "Henry Morgan",
        "Eve": "Black Caesar",
        "Fay": "Rodrigo Orgonez",
    }
    game = start(SIX, captains=captains, equipment=True)
    assert coins(game) == {"Ann": 4, "Ben": 3, "Cy": 3, "Dan": 5, "Eve": 6, "Fay": 9}
    cards = {
        "Ann": ("attack", 2),
        "Ben": ("attack", 3),
        "Cy": ("trade", 1),
        "Dan": ("defend", 1),
        "Eve": ("trade", 0),
        "Fay": ("attack", 0),
    }
    # 3 > 1: captured. Pot from Ann: cargo 8, Cy 1, Dan 1 = 10 over Ann, Ben, Fay: 4, 3, 3.
    # Cargo 1..8: Ann 3, Ben 3, Fay 2; Cy's coin 9 → Fay; Dan's coin 10 → Ann.
    play_round(game, 8, cards)
    assert ledger(game) == Counter(
        {
            ("ship", "Ann", 3, "MAL-18"): 1,
            ("ship", "Ben", 3, "MAL-18"): 1,
            ("ship", "Fay", 2, "MAL-18"): 1,
            ("Cy", "Fay", 1, "MAL-9"): 1,
            ("Dan", "Ann", 1, "MAL-14"): 1,
            ("supply", "Ann", 3, "MAL-31"): 1,
            ("supply", "Ben", 1, "MAL-25"): 1,
        }
    )
    assert coins(game) == {"Ann": 11, "Ben": 7, "Cy": 2, "Dan": 4, "Eve": 6, "Fay": 12}
