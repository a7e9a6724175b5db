"""Thousands of random legal Malacca games (hypothesis, derandomized): every ledger balances,
nobody's coins go negative, the special deck never overflows, and what `legal` offers is
accepted while bets beyond it and unheld specials are refused without changing anything.

Hypothesis draws the table (players, captains, equipment, house rules) and a seed; a seeded
`random.Random` then plays the 12 rounds through `legal`, so each example is cheap.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import Game, RuleError
from companion.games.malacca import CAPTAINS, ENGINE, HOUSE_RULES, ROUNDS, legal

NAMES = ["Ann", "Ben", "Cy", "Dan", "Eve", "Fay", "Gus", "Hal"]


@st.composite
def headers(draw):
    count = draw(st.integers(2, 8))
    players = NAMES[:count]
    head = {
        "game": "malacca",
        "version": 1,
        "players": players,
        "captain": draw(st.sampled_from(players)),
        "equipment": draw(st.booleans()),
        "rules": {key: draw(st.sampled_from(values)) for key, values in HOUSE_RULES.items()},
    }
    if draw(st.booleans()):
        cards = draw(st.permutations(list(CAPTAINS)))
        head["captains"] = dict(zip(players, cards, strict=False))
    return head


def _bet(rng: random.Random, most: int) -> int:
    return rng.choice([0, 0, rng.randint(0, most), most])


def _check_refused(game: Game, action: dict, rule: str) -> None:
    before = game.state
    with pytest.raises(RuleError) as err:
        game.play(action)
    assert err.value.rule == rule
    assert game.state is before


def _check_round(before, after, cargo: int) -> None:
    """The round's ledger accounts for every coin that moved, and the ship ends empty."""
    net: Counter = Counter()
    for line in ENGINE.replay_state(after)["ledger"]:
        assert line["amount"] > 0 and line["from"] != line["to"]
        assert line["to"] != "ship"
        assert line["rule"].startswith("MAL-")
        net[line["from"]] -= line["amount"]
        net[line["to"]] += line["amount"]
    assert net["ship"] == -cargo
    for seat, name in enumerate(after.table.players):
        assert net[name] == after.coins[seat] - before.coins[seat], name
        assert after.coins[seat] >= 0
    assert all(n >= 0 for n in after.specials) and sum(after.specials) <= 16


def play_random_game(head: dict, seed: int) -> Game:
    rng = random.Random(seed)
    game = Game.start(ENGINE, head)
    players = head["players"]
    round_start = game.state
    cargo = 0
    while not ENGINE.summary(game.state).over:
        options = legal(game.state)
        phase = options["phase"]
        assert ENGINE.public_view(game.state)["phase"] == phase
        if phase == "ship":
            if options["buy_items"] and rng.random() < 0.4:
                item = rng.choice(options["buy_items"])
                game.play({"type": "buy_item", "player": options["buyer"], "item": item})
                continue
            cargo = rng.randint(3, 13)
            game.play({"type": "ship", "value": cargo})
        elif phase == "reveal":
            cards = {
                p: {
                    "card": rng.choice(options["cards"][p]),
                    "bet": _bet(rng, options["max_bet"][p]),
                }
                for p in players
            }
            greedy = rng.choice(players)
            too_much = {**cards, greedy: {"card": "trade", "bet": options["max_bet"][greedy] + 1}}
            _check_refused(game, {"type": "reveal", "cards": too_much}, "MAL-7")
            empty = [p for p in players if "attack+2" not in options["cards"][p]]
            if empty:
                unheld = {**cards, empty[0]: {"card": "attack+2", "bet": 0}}
                _check_refused(game, {"type": "reveal", "cards": unheld}, "MAL-21")
            game.play({"type": "reveal", "cards": cards})
            if rng.random() < 0.1:  # a wrong entry corrected: undo gives the same state back
                before = game.in_force[-2][1] if len(game.in_force) > 1 else game.initial
                game.play({"type": "undo"})
                assert game.state == before
                game.play({"type": "reveal", "cards": cards})
        elif phase == "wait":
            player, choices = rng.choice(sorted(options["waits"].items()))
            game.play({"type": "wait", "player": player, "as": rng.choice(choices)})
        else:
            assert phase == "settle"
            _check_refused(game, {"type": "ship", "value": 5}, "MAL-6")
            game.play({"type": "settle"})
            _check_round(round_start, game.state, cargo)
            round_start = game.state
    assert game.state.settled == ROUNDS
    return game


@settings(max_examples=1500, deadline=None, derandomize=True)
@given(head=headers(), seed=st.integers(0, 2**32 - 1))
def test_random_legal_games_balance_every_ledger(head, seed):
    game = play_random_game(head, seed)
    summary = ENGINE.summary(game.state)
    best = max(summary.scores.values())
    assert summary.winners and all(summary.scores[w] == best for w in summary.winners)
    assert set(summary.winners) == {p for p, c in summary.scores.items() if c == best}
    # The record the game leaves replays to the same state.
    again = Game.start(ENGINE, head)
    again.play_all(game.log)
    assert again.state == game.state
