"""POW rules, one or more tests per rule id of ../shared/rules/pow.md (POW-1 … POW-15)."""

from __future__ import annotations

import json

import pytest

from companion.games import MalformedError, RuleError
from companion.games.pow import ENGINE, ForcedTake, Steal, Take, options
from companion.games.pow.model import Turn

from .play import BB, BO, FORCED, SH, SK, act, aside, header, roll, start, steal, take


def refused(state, *records, rule):
    """Apply records; the last must raise RuleError(rule). Returns the error."""
    state = act(state, *records[:-1])
    before = state
    with pytest.raises(RuleError) as info:
        act(state, records[-1])
    assert info.value.rule == rule, info.value
    assert state == before  # frozen: nothing changed
    return info.value


# --- POW-1: the tiles are data from the header --------------------------------------------


def test_pow_1_rows_take_any_printed_values():
    state = ENGINE.setup(header(heroes=[7, 1, 9], villains=[-5, -1]))
    assert ENGINE.replay_state(state)["rows"] == {"heroes": [7, 1, 9], "villains": [-5, -1]}


@pytest.mark.parametrize(
    "field, values",
    [
        ("heroes", [3, -1]),
        ("heroes", [3, 0]),
        ("heroes", [3, 1.5]),
        ("heroes", [3, True]),
        ("heroes", "3,1"),
        ("villains", [-2, 2]),
        ("villains", [-2, "-1"]),
    ],
)
def test_pow_1_rows_must_be_signed_integers(field, values):
    h = header()
    h[field] = values
    with pytest.raises(MalformedError, match=field):
        ENGINE.setup(h)


def test_pow_1_rows_are_required():
    h = header()
    del h["villains"]
    with pytest.raises(MalformedError, match="'villains'"):
        ENGINE.setup(h)


@pytest.mark.parametrize(
    "players", [[], ["Ann"], ["A", "B", "C", "D", "E", "F"], ["A", "A"], ["A", 3]]
)
def test_pow_setup_needs_two_to_five_named_players(players):
    with pytest.raises(MalformedError):
        ENGINE.setup(header(players=players))


# --- POW-2: five dice with four faces -----------------------------------------------------


def test_pow_2_unknown_face_is_malformed():
    with pytest.raises(MalformedError, match="unknown die face 'six'"):
        ENGINE.parse_action(roll(SH, SH, SH, SH, "six"))


def test_pow_2_there_are_only_five_dice():
    refused(start(), roll(SH, SH, SH, SH, SH, SH), rule="POW-5")


@pytest.mark.parametrize(
    "record, message",
    [
        ({"type": "roll"}, "'roll' needs the field 'dice'"),
        ({"type": "roll", "dice": "shield"}, "'roll' field 'dice' must be a list"),
        ({"type": "set_aside"}, "'set_aside' needs the field 'dice'"),
        ({"type": "take", "row": "heroes"}, "'take' needs the field 'position'"),
        ({"type": "take", "row": "tiles", "position": 1}, "'heroes' or 'villains'"),
        ({"type": "take", "row": "heroes", "position": 0}, "whole number from 1"),
        ({"type": "take", "row": "heroes", "position": True}, "whole number from 1"),
        ({"type": "steal", "stack": "heroes", "position": 1}, "'steal' needs the field 'from'"),
        ({"type": "steal", "from": 3, "stack": "heroes", "position": 1}, "player's name"),
        ({"type": "pass"}, "unknown POW action type 'pass'"),
        ({"dice": []}, "needs the field 'type'"),
    ],
)
def test_malformed_actions_name_the_field(record, message):
    with pytest.raises(MalformedError) as info:
        ENGINE.parse_action(record)
    assert message in info.value.message


def test_extra_fields_are_ignored_and_records_round_trip():
    for record in (
        roll(SH, SK, BB, BO, SH),
        aside(SK),
        take("villains", 2),
        steal("Ben", "heroes", 1),
        FORCED,
    ):
        action = ENGINE.parse_action({**record, "ts": 1700000000, "note": "x"})
        assert ENGINE.to_record(action) == record


# --- POW-3 / POW-4: the rows as laid out, turn order ---------------------------------------


def test_pow_3_rows_are_laid_out_as_the_header_says():
    view = ENGINE.public_view(start())
    assert view["rows"] == {
        "heroes": [3, 1, 4, 6, 2, 5, 1, 6, 2, 3, 5, 4],
        "villains": [-2, -1, -4, -1, -3, -1, -2, -1, -3, -2, -1, -2],
    }


def test_pow_4_first_listed_player_starts_and_play_goes_round():
    state = start()
    seen = []
    for _ in range(4):
        seen.append(state.player)
        state = act(state, roll(SH, SK, SK, BB, BO), take("heroes", 1))
    assert seen == ["Ann", "Ben", "Cy", "Ann"]
    assert ENGINE.public_view(state)["to_play"] == "Ben"


# --- POW-5: up to three rolls; a turn may end after any roll -------------------------------


def test_pow_5_first_roll_is_all_five_dice():
    refused(start(), roll(SH, SH, SH, SH), rule="POW-5")


def test_pow_5_a_take_is_legal_after_the_first_roll():
    state = act(start(), roll(SH, SH, SK, BB, BO), take("heroes", 2))
    assert ENGINE.replay_state(state)["stacks"]["Ann"]["heroes"] == [1]


def test_pow_5_no_fourth_roll():
    err = refused(
        start(),
        roll(SH, SK, BB, BO, SK),
        aside(SH),
        roll(SK, SK, BB, BO),
        aside(SK),
        roll(SK, BB, BO),
        aside(SK),
        roll(SK, BB),
        rule="POW-5",
    )
    assert "at most 3 rolls" in err.message


# --- POW-6: set aside at least one die before each re-roll ---------------------------------


def test_pow_6_reroll_without_a_die_set_aside_is_refused():
    err = refused(start(), roll(SH, SK, BB, BO, SK), roll(SH, SK, BB, BO, SK), rule="POW-6")
    assert err.message == "set aside at least one die before rolling again"


def test_pow_6_set_aside_dice_are_not_rolled_again():
    refused(start(), roll(SH, SK, BB, BO, SK), aside(SH, SK), roll(SH, SK, BB, BO), rule="POW-6")
    refused(start(), roll(SH, SK, BB, BO, SK), aside(SH, SK), roll(SH, SK), rule="POW-6")


def test_pow_6_set_aside_dice_must_come_from_the_last_roll():
    err = refused(start(), roll(SH, SK, BB, BO, SK), aside(SH, SH), rule="POW-6")
    assert "1 shield left" in err.message
    refused(start(), aside(SH), rule="POW-6")  # nothing rolled yet
    refused(start(), roll(SH, SK, BB, BO, SK), aside(), rule="POW-6")
    # Two set-asides before one roll draw on the same roll.
    refused(start(), roll(SH, SK, BB, BO, SK), aside(SK, SK), aside(SK), rule="POW-6")


def test_pow_6_set_asides_add_up_and_count_in_the_result():
    state = act(start(), roll(SH, SH, BB, BO, SK), aside(SH), aside(SH, SK), roll(SK, SK))
    assert state.turn.set_aside == (SH, SH, SK)
    assert state.turn.result == {SH: 2, SK: 3}
    assert Take("heroes", 2) in options(state) and Take("villains", 3) in options(state)


def test_pow_6_one_die_rerolled_on_the_second_roll_means_no_third_roll():
    state = act(start(), roll(SH, SK, BB, BO, SK), aside(SH, SK, BB, BO), roll(SK))
    assert state.turn.rolls_left == 0
    refused(state, roll(SK), rule="POW-6")  # no die set aside, and one aside leaves none


def test_pow_6_nothing_to_roll_when_all_dice_are_set_aside():
    err = refused(
        start(), roll(SH, SK, BB, BO, SK), aside(SH, SK, BB, BO, SK), roll(), rule="POW-6"
    )
    assert "none is left to roll" in err.message


def test_pow_6_rolls_left_counts_the_dice_that_can_still_be_rolled():
    assert start().turn.rolls_left == 3
    assert Turn(rolls=1, last=(SH,) * 5).rolls_left == 2
    assert Turn(rolls=1, last=(SH,) * 5, pending=(SH,) * 4).rolls_left == 1
    assert Turn(rolls=2, kept=(SH,) * 3, last=(SH, SH)).rolls_left == 1
    assert Turn(rolls=2, kept=(SH,) * 4, last=(SH,)).rolls_left == 0


# --- POW-7: exactly one tile, from all five dice -------------------------------------------


@pytest.mark.parametrize("record", [take("heroes", 1), steal("Ben", "heroes", 1), FORCED])
def test_pow_7_no_tile_before_a_roll(record):
    err = refused(start(), record, rule="POW-7")
    assert "roll first" in err.message


def test_pow_7_one_tile_ends_the_turn():
    state = act(start(), roll(SH, SK, BB, BO, SK), take("villains", 2))
    assert state.player == "Ben" and state.turn == Turn()
    assert ENGINE.replay_state(state)["stacks"]["Ann"] == {"heroes": [], "villains": [-1]}


def test_pow_7_the_result_is_set_aside_dice_plus_last_roll():
    state = act(start(), roll(SH, SH, SH, BO, BO), aside(SH, SH, SH), roll(BB, SK))
    allowed = options(state)
    assert Take("heroes", 3) in allowed and Take("villains", 1) in allowed


# --- POW-8 / POW-9: the N-th tile from the left --------------------------------------------


def test_pow_8_n_shields_take_the_nth_hero():
    state = act(start(), roll(SH, SH, SH, BB, BO))
    state = act(state, take("heroes", 3))
    assert ENGINE.replay_state(state)["stacks"]["Ann"]["heroes"] == [4]
    assert ENGINE.replay_state(state)["rows"]["heroes"] == [3, 1, 6, 2, 5, 1, 6, 2, 3, 5, 4]


def test_pow_8_other_hero_positions_are_refused():
    err = refused(start(), roll(SH, SH, SH, BB, BO), take("heroes", 2), rule="POW-8")
    assert "3 shields take the 3rd hero tile, not the 2nd" in err.message
    refused(start(), roll(SK, SK, SK, BB, BO), take("heroes", 1), rule="POW-8")


def test_pow_9_n_skulls_take_the_nth_villain():
    state = act(start(), roll(SK, SK, SK, SK, BO), take("villains", 4))
    assert ENGINE.replay_state(state)["stacks"]["Ann"]["villains"] == [-1]
    refused(start(), roll(SK, SK, SH, BB, BO), take("villains", 1), rule="POW-9")
    refused(start(), roll(SH, SH, SH, BB, BO), take("villains", 1), rule="POW-9")


def test_pow_9_fig_4_two_shields_three_skulls():
    """Fig. 4: 2 shields + 3 skulls -> the 2nd hero tile or the 3rd villain tile."""
    state = act(start(), roll(SH, SK, SH, SK, SK))
    assert set(options(state)) == {Take("heroes", 2), Take("villains", 3)}
    assert ENGINE.replay_state(act(state, take("heroes", 2)))["stacks"]["Ann"]["heroes"] == [1]
    assert ENGINE.replay_state(act(state, take("villains", 3)))["stacks"]["Ann"]["villains"] == [-4]


# --- POW-10 / POW-11: steals -----------------------------------------------------------------


def test_pow_10_three_bubbles_steal_only_the_top_tile():
    state = act(start(), roll(SH, BB, BO, BO, SK), take("heroes", 1))  # Ann holds hero 3
    state = act(state, roll(SH, SH, SK, SK, BO), take("heroes", 2))  # Ben holds 4
    state = act(state, roll(SK, BB, BO, BO, SK), take("villains", 2))  # Cy holds -1
    state = act(state, roll(SH, SH, SH, SK, BB), take("heroes", 3))  # Ann: 3, 2
    state = act(state, roll(BB, BB, BB, SK, SK))  # Ben: 3 blue bubbles
    steals = [o for o in options(state) if isinstance(o, Steal)]
    assert steals == [Steal("Ann", "heroes", 1)]
    err = refused(state, steal("Ann", "heroes", 2), rule="POW-10")
    assert "only the top tile" in err.message
    after = act(state, steal("Ann", "heroes", 1))
    assert ENGINE.replay_state(after)["stacks"]["Ann"]["heroes"] == [3]
    assert ENGINE.replay_state(after)["stacks"]["Ben"]["heroes"] == [4, 2]


def test_pow_10_steal_needs_three_bubbles_and_an_opponent():
    state = act(start(), roll(SH, BB, BO, BO, SK), take("heroes", 1))
    state = act(state, roll(BB, BB, SK, SK, SH))
    err = refused(state, steal("Ann", "heroes", 1), rule="POW-10")
    assert "needs 3 blue bubbles" in err.message
    state = act(start(), roll(SH, BB, BO, BO, SK), take("heroes", 1))
    state = act(state, roll(SK, BB, BO, BO, SH), take("villains", 1))
    state = act(state, roll(SK, BB, BO, BO, SH), take("villains", 1))
    state = act(state, roll(BO, BO, BO, SK, SH))  # Ann, 3 orange bubbles
    refused(state, steal("Ann", "villains", 1), rule="POW-10")  # not from yourself
    assert Steal("Ben", "villains", 1) in options(state)
    assert Steal("Cy", "villains", 1) in options(state)


def test_pow_10_unknown_victim_is_malformed():
    state = act(start(), roll(SH, BB, BO, BO, SK), take("heroes", 1))
    state = act(state, roll(BB, BB, BB, SK, SH))
    with pytest.raises(MalformedError, match="no such player"):
        act(state, steal("Zed", "heroes", 1))


def test_pow_11_fig_5_four_blue_bubbles_steal_any_hero():
    """Fig. 5: 4 blue bubbles -> "the 2nd hero tile from the top of Guillaume's stack"."""
    state = ENGINE.setup(header(players=["Lucie", "Guillaume"]))
    state = act(state, roll(SK, SK, BO, BO, SH), take("villains", 2))  # Lucie -1
    state = act(state, roll(SH, SH, SH, SH, BO), take("heroes", 4))  # Guillaume 6
    state = act(state, roll(SK, SK, BO, BO, SH), take("villains", 2))  # Lucie -4
    state = act(state, roll(SH, SK, SK, BO, BO), take("heroes", 1))  # Guillaume 3 on top of 6
    state = act(state, roll(BB, BB, BB, BB, SK))
    steals = [o for o in options(state) if isinstance(o, Steal)]
    assert steals == [Steal("Guillaume", "heroes", 1), Steal("Guillaume", "heroes", 2)]
    after = act(state, steal("Guillaume", "heroes", 2))
    stacks = ENGINE.replay_state(after)["stacks"]
    assert stacks["Guillaume"]["heroes"] == [3] and stacks["Lucie"]["heroes"] == [6]
    err = refused(state, steal("Guillaume", "heroes", 3), rule="POW-11")
    assert "only 2 tiles" in err.message


def test_pow_11_five_bubbles_steal_any_villain():
    state = act(start(), roll(SK, SK, SK, BO, SH), take("villains", 3))  # Ann -4
    state = act(state, roll(SK, BO, BB, BO, SH), take("villains", 1))  # Ben -2
    state = act(state, roll(SK, BO, BB, BO, SH), take("villains", 1))  # Cy -1
    state = act(state, roll(SK, BO, BB, BO, SH), take("villains", 1))  # Ann -1 on -4
    state = act(state, roll(BO, BO, BO, BO, BO))  # Ben
    steals = {o for o in options(state) if isinstance(o, Steal)}
    assert steals == {
        Steal("Cy", "villains", 1),
        Steal("Ann", "villains", 1),
        Steal("Ann", "villains", 2),
    }


# --- POW-12: the forced take ---------------------------------------------------------------


def test_pow_12_forced_take_is_the_most_negative_villain_leftmost():
    # Ann: 3 blue bubbles, no opponent holds a hero -> nothing else is possible.
    state = act(start(), roll(BB, BB, BB, BO, BO))
    assert options(state) == (ForcedTake(),)
    after = act(state, FORCED)
    assert ENGINE.replay_state(after)["stacks"]["Ann"]["villains"] == [-4]
    # Equal values: the leftmost of the -3s.
    state = ENGINE.setup(header(villains=[-1, -3, -2, -3]))
    after = act(state, roll(BB, BB, BB, BO, BO), FORCED)
    assert ENGINE.replay_state(after)["rows"]["villains"] == [-1, -2, -3]


def test_pow_12_forced_take_is_the_lowest_hero_when_no_villain_is_left():
    state = ENGINE.setup(header(heroes=[5, 2, 7, 2], villains=[-1]))
    state = act(state, roll(SK, BO, BO, BB, BB), take("villains", 1))
    state = act(state, roll(BB, BB, BO, BO, SK), FORCED)
    assert ENGINE.replay_state(state)["rows"]["heroes"] == [5, 7, 2]
    assert ENGINE.replay_state(state)["stacks"]["Ben"]["heroes"] == [2]


def test_pow_12_forced_take_refused_when_another_option_exists():
    err = refused(start(), roll(SH, BB, BB, BO, BO), FORCED, rule="POW-12")
    assert "take the 1st hero tile" in err.message


def test_pow_12_forced_take_when_n_points_past_the_row():
    def fresh():
        return ENGINE.setup(header(heroes=[5, 2], villains=[-1, -3]))

    assert options(act(fresh(), roll(SH, SH, SH, SK, SK))) == (Take("villains", 2),)
    state = act(fresh(), roll(SH, SH, SH, BB, BO))  # 3 shields, 2 heroes left: nothing
    assert options(state) == (ForcedTake(),)
    after = act(state, FORCED)
    assert ENGINE.replay_state(after)["stacks"]["Ann"]["villains"] == [-3]


# --- POW-13: the open points as house rules ------------------------------------------------


def test_pow_13_defaults_rows_close_up_and_n_past_the_row_is_unavailable():
    state = ENGINE.setup(header(heroes=[5, 2, 7], villains=[-1, -2]))
    assert ENGINE.public_view(state)["rules"] == {
        "row_positions": "remaining",
        "beyond_row": "unavailable",
        "steal_without_target": "unavailable",
    }
    state = act(state, roll(SH, BB, BO, SK, SK), take("heroes", 1))  # 5 leaves no gap
    state = act(state, roll(SH, SH, BB, BO, BO))
    assert options(state) == (Take("heroes", 2),)
    after = act(state, take("heroes", 2))
    assert ENGINE.replay_state(after)["stacks"]["Ben"]["heroes"] == [7]  # the 2nd is now 7
    err = refused(
        act(ENGINE.setup(header(heroes=[5, 2], villains=[-1])), roll(SH, SH, SH, BO, BO)),
        take("heroes", 3),
        rule="POW-13",
    )
    assert "point past the heroes row" in err.message


def test_pow_13_as_laid_out_counts_the_gaps():
    state = ENGINE.setup(
        header(heroes=[5, 2, 7], villains=[-1, -2], rules={"row_positions": "as_laid_out"})
    )
    state = act(state, roll(SH, BB, BO, SK, SK), take("heroes", 1))
    assert ENGINE.public_view(state)["rows"]["heroes"] == [None, 2, 7]
    state = act(state, roll(SH, BB, BO, BO, BB))
    assert options(state) == (ForcedTake(),)  # the 1st place is empty
    err = refused(state, take("heroes", 1), rule="POW-13")
    assert "place of the heroes row is empty" in err.message
    state = act(state, FORCED)
    assert ENGINE.replay_state(state)["rows"]["villains"] == [-1]
    state = act(state, roll(SH, SH, SH, BO, BB), take("heroes", 3))
    assert ENGINE.public_view(state)["rows"]["heroes"] == [None, 2, None]


def test_pow_13_beyond_row_last_tile():
    rules = {"beyond_row": "last_tile"}
    state = ENGINE.setup(header(heroes=[5, 2], villains=[-1], rules=rules))
    state = act(state, roll(SH, SH, SH, BO, BO))
    assert options(state) == (Take("heroes", 2),)
    state = act(state, take("heroes", 2))
    assert ENGINE.replay_state(state)["stacks"]["Ann"]["heroes"] == [2]


def test_pow_13_steal_without_target_first_in_row():
    rules = {"steal_without_target": "first_in_row"}
    state = ENGINE.setup(header(heroes=[5, 2], villains=[-1, -3], rules=rules))
    state = act(state, roll(BB, BB, BB, BO, BO))
    assert options(state) == (Take("heroes", 1),)
    default = ENGINE.setup(header(heroes=[5, 2], villains=[-1, -3]))
    assert options(act(default, roll(BB, BB, BB, BO, BO))) == (ForcedTake(),)


def test_pow_13_steal_from_an_empty_stack_is_unavailable():
    state = act(start(), roll(SH, SK, BB, BO, SH), take("heroes", 2))
    state = act(state, roll(BO, BO, BO, BO, SH))
    assert not any(isinstance(o, Steal) for o in options(state))
    err = refused(state, steal("Ann", "villains", 1), rule="POW-13")
    assert "Ann has no villain tile" in err.message


@pytest.mark.parametrize(
    "rules, message",
    [
        ({"short_row": "last"}, "unknown POW house rule 'short_row'; known: row_positions"),
        (
            {"beyond_row": "wrap"},
            "house rule 'beyond_row' must be one of 'unavailable', 'last_tile'",
        ),
        ({"row_positions": 1}, "'row_positions' must be one of 'remaining', 'as_laid_out'"),
        (["beyond_row"], "'rules' must be an object"),
    ],
)
def test_pow_13_bad_house_rules_are_malformed(rules, message):
    with pytest.raises(MalformedError) as info:
        ENGINE.setup(header(rules=rules))
    assert message in info.value.message


# --- POW-14: covered tiles stay hidden -----------------------------------------------------


def test_pow_14_public_view_shows_only_heights_and_tops_while_running():
    state = act(start(), roll(SH, SK, BB, BO, SK), take("heroes", 1))  # Ann 3
    state = act(state, roll(SK, SK, BB, BO, SH), take("villains", 2))  # Ben -1
    state = act(state, roll(SK, SK, BB, BO, SH), take("villains", 2))  # Cy -4
    state = act(state, roll(SH, SK, BB, BO, SK), take("heroes", 1))  # Ann 1 on 3
    view = ENGINE.public_view(state)
    assert view["stacks"]["Ann"] == {
        "heroes": {"height": 2, "top": 1},
        "villains": {"height": 0, "top": None},
    }
    assert "scores" not in view and "removed" not in view
    shown = [side for stack in view["stacks"].values() for side in stack.values()]
    assert all(set(side) == {"height", "top"} for side in shown)  # the covered 3 is not shown
    assert view["last_event"] == {
        "player": "Ann",
        "action": take("heroes", 1),
        "row": "heroes",
        "value": 1,
        "from": None,
    }


def test_pow_14_public_view_lists_turn_dice_and_options():
    state = act(start(), roll(SH, SK, BB, BO, SK), aside(SK))
    view = ENGINE.public_view(state)
    assert view["to_play"] == "Ann" and view["roll"] == 1 and view["rolls_left"] == 2
    assert view["set_aside"] == [SK] and view["last_roll"] == [SH, SK, BB, BO, SK]
    assert view["options"] == [take("heroes", 1), take("villains", 2)]
    assert json.loads(json.dumps(view)) == view  # JSON-ready for the screen
    # every listed option is a valid action
    for option in view["options"]:
        act(state, option)


# --- POW-15: the game ends at once when both rows are empty --------------------------------


def test_pow_15_game_ends_when_the_last_tile_is_taken():
    state = ENGINE.setup(header(players=["Ann", "Ben"], heroes=[4], villains=[-2]))
    state = act(state, roll(SH, BO, BO, BB, SK), take("heroes", 1))
    assert not ENGINE.summary(state).over
    state = act(state, roll(SH, BO, BO, BB, SK), take("villains", 1))
    summary = ENGINE.summary(state)
    assert summary.over and dict(summary.scores) == {"Ann": 0, "Ben": -2}
    assert summary.winners == ("Ann",)
    err = refused(state, roll(SH, BO, BO, BB, SK), rule="POW-15")
    assert "game is over" in err.message
    assert options(state) == ()
    assert ENGINE.public_view(state)["to_play"] is None


def test_pow_15_stealing_does_not_end_the_game():
    state = ENGINE.setup(header(players=["Ann", "Ben"], heroes=[4], villains=[-2]))
    state = act(state, roll(SH, BO, BO, BB, SK), take("heroes", 1))
    state = act(state, roll(BB, BB, BB, SK, SH), steal("Ann", "heroes", 1))
    assert not ENGINE.summary(state).over
