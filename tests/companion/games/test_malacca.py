"""Malacca rules, one test (or a few) per rule id of ../shared/rules/malacca.md."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.games import MalformedError, RuleError
from companion.games.malacca import CARDS, ENGINE, ROUNDS, legal, settlement

from .malacca_helpers import ABC, coins, header, ledger, play_round, reveal, specials, start

ABCD = ["Ann", "Ben", "Cy", "Dan"]


def refused(game, action, rule):
    """The action raises RuleError naming `rule`, and the game is left exactly as it was."""
    before, log = game.state, list(game.log)
    with pytest.raises(RuleError) as err:
        game.play(action)
    assert err.value.rule == rule, err.value
    assert game.state is before and game.state == before and game.log == log
    return err.value


def trades(players, bet=0):
    return {p: ("trade", bet) for p in players}


# ---- components and setup -------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 9])
def test_mal_1_two_to_eight_players(count):
    with pytest.raises(MalformedError, match="2 to 8"):
        start([f"P{i}" for i in range(count)])
    start([f"P{i}" for i in range(2)])
    start([f"P{i}" for i in range(8)])


def test_mal_1_twelve_ships_then_the_game_is_over():
    game = start()
    for _ in range(ROUNDS):
        assert not ENGINE.summary(game.state).over
        play_round(game, 5, trades(ABC))
    assert ENGINE.summary(game.state).over
    assert ENGINE.replay_state(game.state)["round"] == ROUNDS
    refused(game, {"type": "ship", "value": 5}, "MAL-20")


def test_mal_2_normal_cards_are_always_playable():
    game = start()
    for player in ABC:
        assert legal(game.state)["cards"][player] == ["attack", "defend", "trade"]
    game.play({"type": "ship", "value": 5})
    game.play(reveal({"Ann": ("attack", 0), "Ben": ("defend", 0), "Cy": ("trade", 0)}))


def test_mal_3_the_special_deck_holds_16_cards():
    assert sum(card.special for card in CARDS.values()) == 5  # kinds, not copies
    game = start()
    assert ENGINE.public_view(game.state)["special_deck"] == 16


def test_mal_4_four_items_of_each_kind():
    players = [f"P{i}" for i in range(8)]
    game = start(players, captains=None, equipment=True)
    for i in range(4):
        game.play({"type": "buy_item", "player": players[i], "item": "defend"})
        play_round(game, 5, trades(players))
    assert legal(game.state)["buy_items"] == ["attack", "trade"]
    refused(game, {"type": "buy_item", "player": players[4], "item": "defend"}, "MAL-4")


def test_mal_5_starting_silver_and_the_parrot():
    game = start(captain="Ben")
    assert coins(game) == {"Ann": 5, "Ben": 5, "Cy": 5}
    assert ENGINE.replay_state(game.state)["captain"] == "Ben"
    captains = {"Ann": "Black Caesar", "Ben": "Rodrigo Orgonez", "Cy": "Pierre Le Picard"}
    game = start(captains=captains)
    assert coins(game) == {"Ann": 3, "Ben": 9, "Cy": 3}  # Black Caesar: number of players


def test_mal_5_a_captain_not_at_the_table_is_malformed():
    with pytest.raises(MalformedError, match="captain"):
        start(captain="Zed")
    bad = header()
    del bad["captain"]
    with pytest.raises(MalformedError, match="'captain'"):
        ENGINE.setup(bad)


# ---- a round ---------------------------------------------------------------------------


def test_mal_6_the_ship_comes_first_and_once():
    game = start()
    refused(game, reveal(trades(ABC)), "MAL-6")
    game.play({"type": "ship", "value": 7})
    refused(game, {"type": "ship", "value": 8}, "MAL-6")
    assert ENGINE.public_view(game.state)["ship"] == 7


def test_mal_7_a_bet_can_not_exceed_the_coins_held():
    game = start()
    game.play({"type": "ship", "value": 7})
    err = refused(game, reveal({**trades(ABC), "Ben": ("trade", 6)}), "MAL-7")
    assert "Ben bets 6 but holds 5" in err.message
    game.play(reveal({**trades(ABC), "Ben": ("trade", 5)}))  # all in is allowed


def test_mal_7_every_player_plays_exactly_one_card():
    game = start()
    game.play({"type": "ship", "value": 7})
    refused(game, reveal(trades(["Ann", "Ben"])), "MAL-7")
    refused(game, reveal(trades([*ABC, "Zed"])), "MAL-7")
    game.play(reveal(trades(ABC)))
    refused(game, reveal(trades(ABC)), "MAL-7")


def test_mal_7_bets_stay_with_their_owner_until_the_settle():
    game = start()
    game.play({"type": "ship", "value": 7})
    game.play(reveal({"Ann": ("attack", 3), "Ben": ("trade", 2), "Cy": ("defend", 0)}))
    assert coins(game) == {"Ann": 5, "Ben": 5, "Cy": 5}
    assert legal(game.state)["max_bet"] == {"Ann": 5, "Ben": 5, "Cy": 5}


def test_mal_8_more_attack_than_defence_captures():
    game = play_round(start(), 6, {"Ann": ("attack", 0), "Ben": ("attack", 0), "Cy": ("defend", 0)})
    assert game.state.last.settlement.captured


def test_mal_8_a_tie_is_a_defence_and_so_is_zero_to_zero():
    game = play_round(start(), 6, {"Ann": ("attack", 0), "Ben": ("defend", 0), "Cy": ("trade", 1)})
    assert not game.state.last.settlement.captured
    play_round(game, 6, trades(ABC))
    assert not game.state.last.settlement.captured
    assert game.state.last.settlement.attack == game.state.last.settlement.defence == 0


# ---- payouts ---------------------------------------------------------------------------


def test_mal_9_captured_traders_lose_their_bets_to_the_attackers():
    game = play_round(start(), 0, {"Ann": ("trade", 3), "Ben": ("attack", 0), "Cy": ("trade", 0)})
    assert ledger(game) == Counter({("Ann", "Ben", 3, "MAL-9"): 1})
    assert coins(game) == {"Ann": 2, "Ben": 8, "Cy": 5}


def test_mal_10_defended_traders_double_their_bets():
    game = play_round(start(), 4, {"Ann": ("trade", 3), "Ben": ("defend", 1), "Cy": ("trade", 0)})
    assert ledger(game)[("supply", "Ann", 3, "MAL-10")] == 1
    assert coins(game) == {"Ann": 8, "Ben": 5, "Cy": 5}


def test_mal_10_trade_x2_gets_twice_the_bet():
    game = start(captains={"Ann": "Laskarina", "Ben": "Henry Morgan", "Cy": "Sayyida al Hurra"})
    play_round(game, 4, {"Ann": ("trade-x2", 3), "Ben": ("trade", 2), "Cy": ("trade", 0)})
    assert coins(game) == {"Ann": 11, "Ben": 7, "Cy": 5}


def _broke_ben():
    """Ben loses all 5 silver as a trader in a captured round; the captain is then Ben."""
    game = play_round(start(), 0, {"Ann": ("attack", 0), "Ben": ("trade", 5), "Cy": ("trade", 0)})
    assert coins(game)["Ben"] == 0
    return game


def test_mal_11_deck_swabbing_pays_two_to_a_broke_trader():
    game = play_round(_broke_ben(), 3, trades(ABC))
    assert ledger(game) == Counter(
        {("supply", "Ben", 2, "MAL-11"): 1, ("ship", "supply", 3, "MAL-18"): 1}
    )
    assert coins(game)["Ben"] == 2


def test_mal_11_no_deck_swabbing_when_the_ship_is_captured_or_with_coins():
    game = play_round(
        _broke_ben(), 3, {"Ann": ("attack", 0), "Ben": ("trade", 0), "Cy": ("trade", 0)}
    )
    assert coins(game)["Ben"] == 0
    play_round(game, 3, trades(ABC))  # Cy has coins: a bet of 0 earns nothing
    assert coins(game)["Cy"] == 5 and coins(game)["Ben"] == 2


def test_mal_11_deck_swabbing_is_a_flat_two_with_trade_x2():
    captains = {"Ann": "Rodrigo Orgonez", "Ben": "Laskarina", "Cy": "Henry Morgan"}
    game = start(captains=captains)
    play_round(game, 0, {"Ann": ("attack", 0), "Ben": ("trade", 5), "Cy": ("trade", 0)})
    play_round(game, 3, {"Ann": ("trade", 0), "Ben": ("trade-x2", 0), "Cy": ("trade", 0)})
    assert coins(game)["Ben"] == 2  # MAL-37
    assert specials(game)["Ben"] == 0


def test_mal_12_the_pot_is_dealt_coin_by_coin_from_the_captain():
    # Captain Ben attacks, so he gets the first coin; 7 coins over 2 attackers: 4 and 3.
    game = start(captain="Ben")
    play_round(game, 7, {"Ann": ("defend", 0), "Ben": ("attack", 0), "Cy": ("attack", 0)})
    assert ledger(game) == Counter(
        {("ship", "Ben", 4, "MAL-18"): 1, ("ship", "Cy", 3, "MAL-18"): 1}
    )
    assert game.state.last.settlement.deal_order == ("Ben", "Cy")


def test_mal_12_attackers_keep_their_own_bets():
    game = play_round(start(), 1, {"Ann": ("attack", 4), "Ben": ("attack", 2), "Cy": ("trade", 0)})
    assert coins(game) == {"Ann": 6, "Ben": 5, "Cy": 5}
    assert ledger(game) == Counter({("ship", "Ann", 1, "MAL-18"): 1})


def test_mal_13_attackers_lose_bets_and_pay_half_their_coins():
    captains = {"Ann": "Rodrigo Orgonez", "Ben": "Laskarina", "Cy": "Sayyida al Hurra"}
    game = play_round(
        start(captains=captains),
        5,
        {"Ann": ("attack", 2), "Ben": ("defend", 0), "Cy": ("defend", 0)},
    )
    # 9 - 2 = 7 left after the bet; half of 7, rounded down, is 3.
    assert ledger(game) == Counter(
        {
            ("Ann", "Ben", 1, "MAL-13"): 1,
            ("Ann", "Cy", 1, "MAL-13"): 1,
            ("Ann", "supply", 3, "MAL-13"): 1,
            ("ship", "supply", 5, "MAL-18"): 1,
        }
    )
    assert coins(game) == {"Ann": 4, "Ben": 6, "Cy": 6}


def test_mal_13_house_rule_half_of_the_coins_before_the_bet():
    captains = {"Ann": "Rodrigo Orgonez", "Ben": "Laskarina", "Cy": "Sayyida al Hurra"}
    game = start(captains=captains, rules={"attack_penalty": "before_bet"})
    play_round(game, 5, {"Ann": ("attack", 2), "Ben": ("defend", 0), "Cy": ("defend", 0)})
    assert coins(game)["Ann"] == 9 - 2 - 4


def test_mal_13_the_penalty_before_the_bet_never_takes_more_than_is_left():
    game = start(rules={"attack_penalty": "before_bet"})
    play_round(game, 5, {"Ann": ("attack", 5), "Ben": ("defend", 0), "Cy": ("defend", 0)})
    assert coins(game)["Ann"] == 0


def test_mal_14_captured_defenders_lose_bets_to_the_attackers():
    game = play_round(start(), 2, {"Ann": ("attack", 0), "Ben": ("attack", 0), "Cy": ("defend", 3)})
    assert ledger(game) == Counter(
        {
            ("ship", "Ann", 1, "MAL-18"): 1,
            ("ship", "Ben", 1, "MAL-18"): 1,
            ("Cy", "Ann", 2, "MAL-14"): 1,
            ("Cy", "Ben", 1, "MAL-14"): 1,
        }
    )


def test_mal_15_the_tragic_hero_draws_a_special_card():
    game = play_round(start(), 2, {"Ann": ("attack", 0), "Ben": ("attack", 0), "Cy": ("defend", 3)})
    assert specials(game) == {"Ann": 0, "Ben": 0, "Cy": 1}
    assert coins(game)["Cy"] == 2


def test_mal_15_no_tragic_hero_unless_all_others_attacked():
    game = start(ABCD)
    play_round(
        game,
        2,
        {"Ann": ("attack", 0), "Ben": ("attack", 0), "Cy": ("defend", 0), "Dan": ("trade", 0)},
    )
    assert game.state.last.settlement.captured
    assert sum(specials(game).values()) == 0


def test_mal_16_defenders_share_attackers_bets_and_draw():
    game = start(ABCD, captain="Cy")
    cards = {"Ann": ("attack", 5), "Ben": ("attack", 4), "Cy": ("defend", 0), "Dan": ("defend", 2)}
    play_round(game, 8, cards)
    # 9 coins over Cy (the captain, first) and Dan: 5 and 4.
    assert coins(game) == {"Ann": 0, "Ben": 1, "Cy": 10, "Dan": 9}
    assert specials(game) == {"Ann": 0, "Ben": 0, "Cy": 1, "Dan": 1}


def test_mal_16_house_rule_the_remainder_goes_to_the_supply():
    game = start(ABCD, captain="Cy", rules={"defence_remainder": "supply"})
    cards = {"Ann": ("attack", 5), "Ben": ("attack", 4), "Cy": ("defend", 0), "Dan": ("defend", 2)}
    play_round(game, 8, cards)
    assert coins(game) == {"Ann": 0, "Ben": 1, "Cy": 9, "Dan": 9}
    assert ledger(game)[("Ben", "supply", 1, "MAL-16")] == 1


def test_mal_17_useless_defence_wins_nothing():
    game = play_round(start(), 4, {"Ann": ("defend", 2), "Ben": ("defend", 0), "Cy": ("trade", 0)})
    assert coins(game) == {"Ann": 5, "Ben": 5, "Cy": 5}
    assert sum(specials(game).values()) == 0
    assert ledger(game) == Counter({("ship", "supply", 4, "MAL-18"): 1})


def test_mal_17_useless_defence_earns_no_captain_or_item_bonus():
    captains = {"Ann": "Henry Morgan", "Ben": "Laskarina", "Cy": "Zheng He"}
    game = start(captains=captains, equipment=True)
    game.play({"type": "buy_item", "player": "Ann", "item": "defend"})
    play_round(game, 4, {"Ann": ("defend", 0), "Ben": ("defend", 0), "Cy": ("trade", 0)})
    assert coins(game)["Ann"] == 0  # 5 - 5 for the item, nothing back
    assert coins(game)["Cy"] == 6  # Zheng He's trade did succeed (MAL-36)


def test_mal_18_the_cargo_goes_to_attackers_or_back_to_the_supply():
    game = play_round(start(), 9, {"Ann": ("attack", 0), "Ben": ("trade", 0), "Cy": ("trade", 0)})
    assert ledger(game) == Counter({("ship", "Ann", 9, "MAL-18"): 1})
    play_round(game, 9, trades(ABC))
    assert ledger(game) == Counter({("ship", "supply", 9, "MAL-18"): 1})


# ---- end of round and game -------------------------------------------------------------


def test_mal_19_the_parrot_passes_clockwise():
    game = start(captain="Cy")
    seen = []
    for _ in range(4):
        play_round(game, 3, trades(ABC))
        seen.append(ENGINE.replay_state(game.state)["captain"])
    assert seen == ["Ann", "Ben", "Cy", "Ann"]


def test_mal_20_the_richest_win_and_ties_all_win():
    game = start()
    for i in range(ROUNDS):
        # Ann and Ben trade 1 each round while the ship is defended; Cy stays at 5.
        bet = 1 if i < 6 else 0
        play_round(game, 5, {"Ann": ("trade", bet), "Ben": ("trade", bet), "Cy": ("trade", 0)})
    summary = ENGINE.summary(game.state)
    assert summary.over and summary.scores == {"Ann": 11, "Ben": 11, "Cy": 5}
    assert set(summary.winners) == {"Ann", "Ben"}


def test_mal_20_no_winner_before_the_end():
    game = play_round(start(), 5, trades(ABC, 1))
    summary = ENGINE.summary(game.state)
    assert not summary.over and summary.winners == ()
    assert summary.scores == {"Ann": 6, "Ben": 6, "Cy": 6}


# ---- special cards ---------------------------------------------------------------------


def test_mal_21_a_special_card_needs_one_held():
    game = start()
    game.play({"type": "ship", "value": 5})
    err = refused(game, reveal({**trades(ABC), "Ann": ("attack+2", 0)}), "MAL-21")
    assert "Ann" in err.message


def test_mal_21_a_played_special_is_gone_and_any_kind_may_be_played():
    game = play_round(start(), 2, {"Ann": ("attack", 0), "Ben": ("attack", 0), "Cy": ("defend", 0)})
    assert specials(game)["Cy"] == 1
    assert "wait-defend-trade" in legal(game.state)["cards"]["Cy"]
    assert "attack+2" not in legal(game.state)["cards"]["Ann"]
    # The companion counts special cards; their faces are secret, so any special may be shown.
    play_round(game, 2, {"Ann": ("trade", 0), "Ben": ("trade", 0), "Cy": ("defend+2", 0)})
    assert specials(game)["Cy"] == 0
    game.play({"type": "ship", "value": 2})
    refused(game, reveal({**trades(ABC), "Cy": ("defend+2", 0)}), "MAL-21")


def test_mal_21_specials_are_gained_only_by_defence_tragic_hero_or_captains():
    game = start()
    play_round(game, 5, {"Ann": ("attack", 0), "Ben": ("attack", 0), "Cy": ("trade", 0)})
    play_round(game, 5, trades(ABC, 2))
    assert sum(specials(game).values()) == 0


def test_mal_22_plus_two_counts_two():
    game = play_round(start(), 2, {"Ann": ("attack", 0), "Ben": ("attack", 0), "Cy": ("defend", 0)})
    play_round(game, 5, {"Ann": ("attack", 0), "Ben": ("attack", 0), "Cy": ("defend+2", 0)})
    done = game.state.last.settlement
    assert (done.attack, done.defence, done.captured) == (2, 2, False)


def test_mal_23_wait_cards_decide_after_the_reveal_and_before_the_settle():
    game = play_round(start(), 2, {"Ann": ("attack", 0), "Ben": ("attack", 0), "Cy": ("defend", 0)})
    refused(game, {"type": "wait", "player": "Cy", "as": "attack"}, "MAL-23")
    game.play({"type": "ship", "value": 4})
    game.play(reveal({"Ann": ("attack", 0), "Ben": ("trade", 0), "Cy": ("wait-attack-defend", 0)}))
    assert legal(game.state)["phase"] == "wait"
    assert ENGINE.public_view(game.state)["pending"] == "Cy"
    refused(game, {"type": "settle"}, "MAL-23")
    refused(game, {"type": "wait", "player": "Cy", "as": "trade"}, "MAL-23")
    refused(game, {"type": "wait", "player": "Ann", "as": "defend"}, "MAL-23")
    game.play({"type": "wait", "player": "Cy", "as": "defend"})
    refused(game, {"type": "wait", "player": "Cy", "as": "attack"}, "MAL-23")
    game.play({"type": "settle"})
    assert not game.state.last.settlement.captured  # 1 against 1


def test_mal_23_several_wait_cards_decide_clockwise_from_the_captain():
    game = start(ABCD)
    play_round(
        game,
        2,
        {"Ann": ("defend", 0), "Ben": ("defend", 0), "Cy": ("attack", 1), "Dan": ("trade", 0)},
    )
    assert specials(game) == {"Ann": 1, "Ben": 1, "Cy": 0, "Dan": 0}
    # Ben is now the captain: Ben decides before Ann.
    game.play({"type": "ship", "value": 4})
    game.play(
        reveal(
            {
                "Ann": ("wait-defend-trade", 0),
                "Ben": ("wait-attack-defend", 0),
                "Cy": ("attack", 0),
                "Dan": ("trade", 0),
            }
        )
    )
    err = refused(game, {"type": "wait", "player": "Ann", "as": "defend"}, "MAL-23")
    assert "Ben decides first" in err.message
    assert legal(game.state)["waits"] == {"Ben": ["attack", "defend"]}
    game.play({"type": "wait", "player": "Ben", "as": "attack"})
    game.play({"type": "wait", "player": "Ann", "as": "trade"})
    game.play({"type": "settle"})
    assert game.state.last.settlement.captured


def test_mal_23_house_rule_wait_cards_in_any_order():
    game = start(ABCD, rules={"wait_order": "any"})
    play_round(
        game,
        2,
        {"Ann": ("defend", 0), "Ben": ("defend", 0), "Cy": ("attack", 1), "Dan": ("trade", 0)},
    )
    game.play({"type": "ship", "value": 4})
    game.play(
        reveal(
            {
                "Ann": ("wait-defend-trade", 0),
                "Ben": ("wait-attack-defend", 0),
                "Cy": ("attack", 0),
                "Dan": ("trade", 0),
            }
        )
    )
    assert set(legal(game.state)["waits"]) == {"Ann", "Ben"}
    game.play({"type": "wait", "player": "Ann", "as": "trade"})
    game.play({"type": "wait", "player": "Ben", "as": "attack"})


# ---- captains --------------------------------------------------------------------------

CAPTAINS3 = {"Ann": "Rodrigo Orgonez", "Ben": "Laskarina", "Cy": "Sayyida al Hurra"}


def with_captain(seat_name, card, **extra):
    captains = dict(CAPTAINS3)
    if card in captains.values():
        other = next(p for p, c in captains.items() if c == card)
        captains[other] = "Black Caesar" if card != "Black Caesar" else "Zheng He"
    captains[seat_name] = card
    return start(captains=captains, **extra)


def test_mal_24_henry_morgan_after_a_successful_defence():
    game = with_captain("Cy", "Henry Morgan")
    play_round(game, 2, {"Ann": ("attack", 0), "Ben": ("defend", 0), "Cy": ("defend", 0)})
    assert ledger(game)[("supply", "Cy", 3, "MAL-24")] == 1


def test_mal_24_henry_morgan_with_a_wait_card_used_as_defence():
    game = with_captain("Cy", "Henry Morgan")
    play_round(game, 2, {"Ann": ("attack", 0), "Ben": ("defend", 0), "Cy": ("defend", 0)})
    play_round(
        game,
        2,
        {"Ann": ("attack", 0), "Ben": ("trade", 0), "Cy": ("wait-attack-defend", 0)},
        waits=(("Cy", "defend"),),
    )
    assert ledger(game)[("supply", "Cy", 3, "MAL-24")] == 1


def test_mal_25_pierre_le_picard_every_round():
    game = with_captain("Ann", "Pierre Le Picard")
    play_round(game, 2, trades(ABC))
    play_round(game, 2, {"Ann": ("attack", 0), "Ben": ("defend", 0), "Cy": ("defend", 0)})
    assert ledger(game)[("supply", "Ann", 1, "MAL-25")] == 1
    # MAL-38: the penalty (half of 4) comes before Pierre's silver: 3 + 1 - 2 + 1.
    assert coins(game)["Ann"] == 3


def test_mal_26_rodrigo_orgonez_has_no_ability():
    game = with_captain("Ann", "Rodrigo Orgonez")
    play_round(game, 2, trades(ABC))
    assert coins(game)["Ann"] == 9 and ledger(game) == Counter({("ship", "supply", 2, "MAL-18"): 1})


def test_mal_27_black_caesar_when_all_play_the_same_kind():
    game = with_captain("Ben", "Black Caesar")
    play_round(game, 2, trades(ABC))
    assert ledger(game)[("supply", "Ben", 3, "MAL-27")] == 1
    play_round(game, 2, {"Ann": ("trade", 0), "Ben": ("trade", 0), "Cy": ("defend", 0)})
    assert not any(rule == "MAL-27" for (_, _, _, rule) in ledger(game))


def test_mal_27_black_caesar_counts_specials_and_waits_by_kind():
    game = with_captain("Ben", "Black Caesar")
    play_round(game, 2, {"Ann": ("attack", 0), "Ben": ("defend", 0), "Cy": ("defend", 0)})
    play_round(
        game,
        2,
        {"Ann": ("trade", 0), "Ben": ("wait-defend-trade", 0), "Cy": ("trade-x2", 0)},
        waits=(("Ben", "trade"),),
    )
    assert ledger(game)[("supply", "Ben", 3, "MAL-27")] == 1


def test_mal_28_zheng_he_after_a_successful_trade_even_without_a_bet():
    game = with_captain("Ben", "Zheng He")
    play_round(game, 2, trades(ABC))
    assert ledger(game)[("supply", "Ben", 3, "MAL-28")] == 1
    play_round(game, 2, {"Ann": ("attack", 0), "Ben": ("trade", 0), "Cy": ("trade", 0)})
    assert coins(game)["Ben"] == 6


def test_mal_29_sayyida_al_hurra_keeps_one_of_two():
    game = with_captain("Cy", "Sayyida al Hurra")
    play_round(game, 2, {"Ann": ("attack", 0), "Ben": ("defend", 0), "Cy": ("defend", 0)})
    assert specials(game)["Cy"] == 1
    assert ENGINE.public_view(game.state)["special_deck"] == 16 - 1 - 1 - 1  # Ben's Laskarina


def test_mal_30_laskarina_draws_at_the_start():
    game = with_captain("Ben", "Laskarina")
    assert specials(game) == {"Ann": 0, "Ben": 1, "Cy": 0}
    assert "attack+2" in legal(game.state)["cards"]["Ben"]


def test_mal_31_ingrid_hammar_after_a_successful_attack():
    game = with_captain("Ann", "Ingrid Hammar")
    play_round(game, 2, {"Ann": ("attack", 0), "Ben": ("trade", 0), "Cy": ("trade", 0)})
    assert ledger(game)[("supply", "Ann", 3, "MAL-31")] == 1
    play_round(game, 2, {"Ann": ("attack", 0), "Ben": ("defend", 0), "Cy": ("trade", 0)})
    assert not any(rule == "MAL-31" for (_, _, _, rule) in ledger(game))


def test_mal_24_to_31_captains_are_checked_in_the_header():
    with pytest.raises(MalformedError, match="Blackbeard"):
        start(captains={"Ann": "Blackbeard", "Ben": "Laskarina", "Cy": "Zheng He"})
    with pytest.raises(MalformedError, match="Cy"):
        start(captains={"Ann": "Laskarina", "Ben": "Zheng He"})
    with pytest.raises(MalformedError, match="twice"):
        start(captains={"Ann": "Laskarina", "Ben": "Laskarina", "Cy": "Zheng He"})


# ---- equipment -------------------------------------------------------------------------


def test_mal_32_only_the_captain_buys_one_item_before_the_ship():
    game = start(equipment=True)
    refused(game, {"type": "buy_item", "player": "Ben", "item": "attack"}, "MAL-32")
    game.play({"type": "buy_item", "player": "Ann", "item": "attack"})
    assert ledger_now(game) == [{"from": "Ann", "to": "supply", "amount": 5, "rule": "MAL-32"}]
    refused(game, {"type": "buy_item", "player": "Ann", "item": "trade"}, "MAL-32")
    game.play({"type": "ship", "value": 3})
    refused(game, {"type": "buy_item", "player": "Ann", "item": "trade"}, "MAL-32")
    game.play(reveal(trades(ABC)))
    game.play({"type": "settle"})
    assert ledger(game)[("Ann", "supply", 5, "MAL-32")] == 1  # part of the round's ledger
    assert ENGINE.replay_state(game.state)["items"]["Ann"] == {"attack": 1, "defend": 0, "trade": 0}


def ledger_now(game):
    return ENGINE.public_view(game.state)["round_ledger"]


def test_mal_32_items_cost_five_and_need_the_expansion():
    refused(start(), {"type": "buy_item", "player": "Ann", "item": "attack"}, "MAL-32")
    game = start(equipment=True)
    play_round(game, 0, {"Ann": ("trade", 0), "Ben": ("trade", 1), "Cy": ("attack", 0)})
    assert coins(game)["Ben"] == 4
    assert legal(game.state)["buy_items"] == []
    refused(game, {"type": "buy_item", "player": "Ben", "item": "attack"}, "MAL-32")


def test_mal_32_items_stack():
    game = start(
        ["Ann", "Ben"], equipment=True, captains={"Ann": "Rodrigo Orgonez", "Ben": "Zheng He"}
    )
    game.play({"type": "buy_item", "player": "Ann", "item": "attack"})
    play_round(game, 0, {"Ann": ("trade", 4), "Ben": ("trade", 0)})
    play_round(game, 0, trades(["Ann", "Ben"]))
    game.play({"type": "buy_item", "player": "Ann", "item": "attack"})
    play_round(game, 4, {"Ann": ("attack", 0), "Ben": ("trade", 0)})
    assert ledger(game)[("supply", "Ann", 6, "MAL-33")] == 1


def test_mal_33_better_defence_and_trade():
    captains = {"Ann": "Rodrigo Orgonez", "Ben": "Laskarina", "Cy": "Sayyida al Hurra"}
    game = start(captains=captains, equipment=True)
    game.play({"type": "buy_item", "player": "Ann", "item": "trade"})
    play_round(game, 2, {"Ann": ("trade", 0), "Ben": ("trade", 0), "Cy": ("trade", 0)})
    assert coins(game)["Ann"] == 4  # no bet, no better-trade bonus
    play_round(game, 2, {"Ann": ("trade", 1), "Ben": ("trade", 0), "Cy": ("trade", 0)})
    assert ledger(game)[("supply", "Ann", 5, "MAL-33")] == 1
    game.play({"type": "buy_item", "player": "Cy", "item": "defend"})
    play_round(game, 2, {"Ann": ("attack", 0), "Ben": ("defend", 0), "Cy": ("defend", 0)})
    assert ledger(game)[("supply", "Cy", 4, "MAL-33")] == 1


# ---- readings where the text is silent ---------------------------------------------------


def test_mal_34_the_deal_starts_at_the_first_attacker_after_the_captain():
    game = start(ABCD, captain="Cy")
    cards = {"Ann": ("attack", 0), "Ben": ("attack", 0), "Cy": ("trade", 0), "Dan": ("trade", 0)}
    play_round(game, 3, cards)
    assert game.state.last.settlement.deal_order == ("Ann", "Ben")
    assert ledger(game)[("ship", "Ann", 2, "MAL-18")] == 1


def test_mal_35_a_decided_wait_card_is_strength_one():
    game = play_round(start(), 2, {"Ann": ("attack", 0), "Ben": ("defend", 0), "Cy": ("defend", 0)})
    play_round(
        game,
        2,
        {"Ann": ("attack", 0), "Ben": ("wait-attack-defend", 0), "Cy": ("attack", 0)},
        waits=(("Ben", "defend"),),
    )
    done = game.state.last.settlement
    assert (done.attack, done.defence) == (2, 1)


def test_mal_39_draws_clockwise_until_the_deck_runs_out():
    players = [f"P{i}" for i in range(8)]
    game = start(players)
    attack_one = {p: ("defend", 0) for p in players} | {"P0": ("attack", 0)}
    play_round(game, 1, attack_one)  # 7 defenders draw
    play_round(game, 1, attack_one | {"P0": ("trade", 0), "P1": ("attack", 0)})  # 6 more
    assert sum(specials(game).values()) == 13
    # Captain P2: defenders clockwise from P2 draw; only 3 cards are left in the deck.
    play_round(game, 1, {p: ("defend", 0) for p in players} | {"P5": ("attack", 0)})
    done = game.state.last.settlement
    assert [players[s] for s in done.draws] == ["P2", "P3", "P4"]
    assert [players[s] for s in done.owed] == ["P6", "P7", "P0", "P1"]
    assert sum(specials(game).values()) == 16


def test_mal_39_played_specials_return_only_after_the_round():
    players = [f"P{i}" for i in range(8)]
    game = start(players)
    attack_one = {p: ("defend", 0) for p in players} | {"P0": ("attack", 0)}
    play_round(game, 1, attack_one)
    play_round(game, 1, attack_one | {"P0": ("trade", 0), "P1": ("attack", 0)})
    play_round(game, 1, {p: ("defend", 0) for p in players} | {"P5": ("attack", 0)})
    assert ENGINE.public_view(game.state)["special_deck"] == 0
    # P3 plays a special: the deck is still empty for this round's draws.
    play_round(
        game, 1, {p: ("defend", 0) for p in players} | {"P6": ("attack", 0), "P3": ("defend+2", 0)}
    )
    assert game.state.last.settlement.draws == ()
    assert ENGINE.public_view(game.state)["special_deck"] == 1


# ---- the record format -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ({"type": "ship"}, "'ship' needs the field 'value'"),
        ({"type": "ship", "value": "7"}, "value"),
        ({"type": "ship", "value": True}, "value"),
        ({"type": "ship", "value": -1}, "value"),
        ({"type": "buy_item", "player": "Ann"}, "'item'"),
        ({"type": "buy_item", "player": "Ann", "item": "sword"}, "item"),
        ({"type": "reveal"}, "'cards'"),
        ({"type": "reveal", "cards": []}, "cards"),
        ({"type": "reveal", "cards": {"Ann": {"card": "attack"}}}, "'bet' for Ann"),
        ({"type": "reveal", "cards": {"Ann": {"card": "cannon", "bet": 0}}}, "Ann's card"),
        ({"type": "reveal", "cards": {"Ann": {"card": "attack", "bet": 1.5}}}, "Ann's bet"),
        ({"type": "wait", "player": "Ann"}, "'as'"),
        ({"type": "wait", "player": "Ann", "as": "flee"}, "'wait' as"),
        ({"type": "bribe"}, "unknown Malacca action type 'bribe'"),
    ],
)
def test_malformed_actions_name_the_field(action, words):
    with pytest.raises(MalformedError) as err:
        ENGINE.parse_action(action)
    assert words in err.value.message


def test_extra_fields_are_ignored_and_records_round_trip():
    game = start(equipment=True)
    for obj in (
        {"type": "buy_item", "player": "Ann", "item": "trade", "note": "x"},
        {"type": "ship", "value": 7, "seen_by": "camera"},
        reveal({"Ann": ("attack", 0), "Ben": ("trade", 2), "Cy": ("trade", 0)}),
        {"type": "settle", "at": 3},
    ):
        action = ENGINE.parse_action(obj)
        assert ENGINE.to_record(action) == {
            k: v for k, v in obj.items() if k in ENGINE.to_record(action)
        }
        assert ENGINE.parse_action(ENGINE.to_record(action)) == action
        game.play(obj)
    wait = ENGINE.parse_action({"type": "wait", "player": "Ann", "as": "defend"})
    assert ENGINE.to_record(wait) == {"type": "wait", "player": "Ann", "as": "defend"}


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        ({"penalty": "after_bet"}, "'penalty'"),
        ({"attack_penalty": "none"}, "'attack_penalty'"),
        ({"defence_remainder": 1}, "'defence_remainder'"),
        ({"wait_order": "random"}, "'wait_order'"),
        ("clockwise", "rules"),
    ],
)
def test_house_rules_unknown_keys_or_values_are_malformed(rules, words):
    with pytest.raises(MalformedError) as err:
        start(rules=rules)
    assert words in err.value.message


def test_house_rules_defaults_are_shown():
    view = ENGINE.public_view(start(rules={}).state)
    assert view["rules"] == {
        "attack_penalty": "after_bet",
        "defence_remainder": "deal",
        "wait_order": "clockwise",
    }


@pytest.mark.parametrize(
    "change",
    [
        {"players": "Ann"},
        {"players": ["Ann", "Ann"]},
        {"equipment": "yes"},
        {"captains": ["Laskarina"]},
        {
            "captains": {
                "Zed": "Laskarina",
                "Ann": "Zheng He",
                "Ben": "Henry Morgan",
                "Cy": "Black Caesar",
            }
        },
    ],
)
def test_bad_headers_are_malformed(change):
    with pytest.raises(MalformedError):
        ENGINE.setup(header() | change)


# ---- the screen's views ------------------------------------------------------------------


def test_public_view_follows_the_phases():
    game = start(equipment=True)
    assert ENGINE.public_view(game.state)["phase"] == "ship"
    assert legal(game.state)["actions"] == ["buy_item", "ship"]
    assert legal(game.state)["buyer"] == "Ann"
    game.play({"type": "ship", "value": 6})
    view = ENGINE.public_view(game.state)
    assert (view["phase"], view["ship"], view["cards"]) == ("reveal", 6, None)
    game.play(reveal({"Ann": ("attack", 2), "Ben": ("trade", 1), "Cy": ("defend", 0)}))
    view = ENGINE.public_view(game.state)
    assert view["phase"] == "settle"
    assert view["cards"]["Ann"] == {"card": "attack", "bet": 2, "as": None}
    assert view["strength"] == {"attack": 1, "defend": 1}
    preview = view["preview"]
    assert preview["outcome"] == "defended"
    assert {"from": "Ann", "to": "Cy", "amount": 2, "rule": "MAL-13"} in preview["ledger"]
    assert preview["draws"] == ["Cy"]
    game.play({"type": "settle"})
    view = ENGINE.public_view(game.state)
    assert view["last"]["outcome"] == "defended" and view["last"]["captain"] == "Ann"
    assert view["phase"] == "ship" and view["round"] == 2


def test_settlement_preview_equals_the_settle():
    game = start(ABCD, captain="Dan")
    game.play({"type": "ship", "value": 11})
    game.play(
        reveal(
            {"Ann": ("attack", 2), "Ben": ("trade", 3), "Cy": ("attack", 1), "Dan": ("defend", 4)}
        )
    )
    preview = settlement(game.state)
    game.play({"type": "settle"})
    assert game.state.last.settlement == preview
    refused(game, {"type": "settle"}, "MAL-8")


def test_mal_36_captain_bonuses_need_no_bet_but_better_trade_does():
    captains = {"Ann": "Zheng He", "Ben": "Laskarina", "Cy": "Rodrigo Orgonez"}
    game = start(captains=captains, equipment=True)
    play_round(game, 2, {"Ann": ("trade", 3), "Ben": ("trade", 3), "Cy": ("trade", 0)})
    game.play({"type": "buy_item", "player": "Ben", "item": "trade"})  # Ben keeps 3
    play_round(game, 2, {"Ann": ("trade", 0), "Ben": ("trade", 0), "Cy": ("trade", 0)})
    assert ledger(game) == Counter(
        {
            ("Ben", "supply", 5, "MAL-32"): 1,
            ("supply", "Ann", 3, "MAL-28"): 1,
            ("ship", "supply", 2, "MAL-18"): 1,
        }
    )


def test_mal_37_deck_swabbing_with_zheng_he_pays_both():
    captains = {"Ann": "Rodrigo Orgonez", "Ben": "Zheng He", "Cy": "Laskarina"}
    game = start(captains=captains)
    play_round(game, 0, {"Ann": ("attack", 0), "Ben": ("trade", 3), "Cy": ("trade", 0)})
    assert coins(game)["Ben"] == 0
    play_round(game, 4, trades(ABC))
    assert ledger(game)[("supply", "Ben", 2, "MAL-11")] == 1
    assert ledger(game)[("supply", "Ben", 3, "MAL-28")] == 1


def test_states_are_immutable_values():
    game = start()
    with pytest.raises(AttributeError):
        game.state.coins = (9, 9, 9)
    with pytest.raises(MalformedError):
        ENGINE.parse_action(["ship", 5])


def test_public_view_lists_every_undecided_wait_card():
    game = start(ABCD, rules={"wait_order": "any"})
    play_round(
        game,
        2,
        {"Ann": ("defend", 0), "Ben": ("defend", 0), "Cy": ("attack", 1), "Dan": ("trade", 0)},
    )
    game.play({"type": "ship", "value": 4})
    game.play(
        reveal(
            {
                "Ann": ("wait-defend-trade", 0),
                "Ben": ("wait-attack-defend", 0),
                "Cy": ("attack", 0),
                "Dan": ("trade", 0),
            }
        )
    )
    view = ENGINE.public_view(game.state)
    assert (view["phase"], view["pending"], view["undecided"]) == ("wait", "Ben", ["Ben", "Ann"])
