"""The seeded random Dig Mars player (companion/games/digmars/autoplay.py): a seed is a game,
every action it plays is one `options` offered, and without `declare` nobody declares."""

from __future__ import annotations

import random

import pytest

from companion.games.digmars import autoplay, option_of, options
from companion.games.digmars.rules import Option


def test_a_seed_is_a_game():
    first = [record for _, record, _, _ in autoplay.play(11, 3)]
    again = [record for _, record, _, _ in autoplay.play(11, 3)]
    other = [record for _, record, _, _ in autoplay.play(12, 3)]
    assert first == again and first != other


@pytest.mark.parametrize("declare", [True, False])
def test_every_action_played_is_an_offered_option(declare):
    kinds = set()
    for before, record, action, end in autoplay.play(5, 2, declare):
        assert option_of(action) in options(before)
        kinds.add(record["type"])
        after = end
    assert after.phase == "over"
    assert ("declare" in kinds) == (after.declared is not None)
    if declare:  # this seed's game is one that ends by a declaration (DIG-16)
        assert after.declared is not None
    else:  # DIG-17: the game ran until the last tile left the board
        assert "declare" not in kinds and after.tiles_on_board == 0


def test_record_of_adds_what_the_table_reads():
    rng = random.Random(1)
    dig = autoplay.record_of(Option("dig", "P0", at=(1, 2)), rng)
    assert set(dig) == {"type", "player", "at", "transport", "points", "bonus"}
    assert dig["transport"] in autoplay.DIFFICULTY and dig["points"] in autoplay.POINTS
    soil = autoplay.record_of(Option("soil", at=(0, 0)), rng)
    assert soil["at"] == [0, 0] and soil["dig"] in autoplay.DIFFICULTY


def test_a_game_that_does_not_end_in_time_is_an_error():
    with pytest.raises(RuntimeError, match="did not end within 30 actions"):
        list(autoplay.play(3, 4, max_steps=30))
