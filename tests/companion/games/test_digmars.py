"""Dig Mars rules (../shared/rules/dig-mars.md): one test (or a few) per rule id, the three
worked examples of DIG-11, the record format, the views and the screen's "can I…?" question."""

from __future__ import annotations

import dataclasses

import pytest

from companion.games import Game, MalformedError, RuleError
from companion.games.digmars import ENGINE, Ability, Option, ability, option_of, options, share
from companion.games.digmars.model import PLACES, TILES

from .digmars_play import act, back, face, header, new, soiled, started, with_

# --- helpers ----------------------------------------------------------------------------------


def refused(state, rule, kind, **fields):
    """Assert the action is refused naming `rule`, and that the state did not change."""
    snapshot = dataclasses.astuple(state)
    with pytest.raises(RuleError) as err:
        act(state, kind, **fields)
    assert err.value.rule == rule, err.value
    assert rule in str(err.value)
    assert err.value.message
    assert dataclasses.astuple(state) == snapshot
    return err.value


def two(**edits):
    """Red and Blue past setup (Red to act), both stations on [0, 0], all backs difficulty 1."""
    state = started("Red", "Blue", at=[[0, 0], [0, 0]])
    return with_(state, **edits) if edits else state


# --- DIG-1 … DIG-4: components and setup -----------------------------------------------------


@pytest.mark.parametrize("players", [["Solo"], ["A", "B", "C", "D", "E"], []])
def test_dig_1_two_to_four_players(players):
    with pytest.raises(MalformedError, match="DIG-1"):
        ENGINE.setup(header(*players))


def test_dig_1_duplicate_or_bad_player_names_are_malformed():
    with pytest.raises(MalformedError):
        ENGINE.setup(header("Ann", "Ann"))
    with pytest.raises(MalformedError):
        ENGINE.setup({"game": "digmars", "version": 1, "players": ["Ann", 3]})


def test_dig_1_at_most_four_stations_fleet_stops_at_level_4():
    state = two(levels={"Red": {"fleet": 4}}, points={"Red": 10})
    state = with_(state, stations={"Red": [(0, 0)] * 4})
    refused(state, "DIG-8", "upgrade", player="Red", equipment="fleet")


def test_dig_3_the_board_starts_as_16_stacks_of_3_unknown_backs():
    view = ENGINE.replay_state(new("Ann", "Ben"))
    assert [[cell["height"] for cell in row] for row in view["board"]] == [[3] * 4] * 4
    assert all(
        cell["top"] == {"explored": False, "dig": None} for row in view["board"] for cell in row
    )
    assert sum(cell["height"] for row in view["board"] for cell in row) == TILES


def test_dig_2_tile_values_are_what_the_table_enters_not_constants():
    state = act(new("Ann", "Ben"), "soil", at=[2, 1], dig=7)
    assert ENGINE.replay_state(state)["board"][2][1]["top"] == {"explored": False, "dig": 7}
    state = act(soiled(state, dig=1), "place", player="Ann", at=[0, 0])
    state = act(state, "place", player="Ben", at=[3, 3])
    state = act(state, "dig", player="Ann", at=[0, 0], transport=9, points=11, bonus=None)
    top = ENGINE.replay_state(state)["board"][0][0]["top"]
    assert top == {"explored": True, "transport": 9, "points": 11, "bonus": None}


def test_dig_4_setup_places_one_station_each_in_order_and_stacks_may_be_shared():
    state = soiled(new("Ann", "Ben", "Cy"))
    refused(state, "DIG-18", "place", player="Ben", at=[0, 0])
    state = act(state, "place", player="Ann", at=[1, 1])
    state = act(state, "place", player="Ben", at=[1, 1])
    assert state.phase == "setup"
    refused(state, "DIG-4", "dig", player="Cy", at=[1, 1], transport=1, points=1, bonus=None)
    refused(state, "DIG-4", "end_turn")
    state = act(state, "place", player="Cy", at=[1, 1])
    assert state.phase == "play"
    assert ENGINE.replay_state(state)["stations"] == {p: [[1, 1]] for p in ("Ann", "Ben", "Cy")}
    assert ENGINE.replay_state(state)["levels"]["Cy"] == {"dig": 1, "transport": 1, "fleet": 1}


# --- DIG-5 dig -------------------------------------------------------------------------------


def test_dig_5_dig_flips_the_top_tile_and_stations_stay():
    state = two()
    state = act(state, "dig", player="Red", at=[0, 0], transport=2, points=3, bonus=None)
    assert state.stack((0, 0)).height == 3
    assert ENGINE.replay_state(state)["board"][0][0]["top"]["explored"] is True
    assert state.stations == (((0, 0),), ((0, 0),))
    assert state.actions_used == 1


def test_dig_5_needs_an_own_station_on_the_stack():
    refused(two(), "DIG-5", "dig", player="Red", at=[1, 1], transport=1, points=1, bonus=None)


def test_dig_5_level_equal_to_difficulty_is_enough_below_is_not():
    state = two(stations={"Blue": [(3, 3)]}, tops={(0, 0): back(1), (0, 1): back(2)})
    act(state, "dig", player="Red", at=[0, 0], transport=1, points=1, bonus=None)
    state = with_(state, stations={"Red": [(0, 1)]})
    err = refused(state, "DIG-5", "dig", player="Red", at=[0, 1], transport=1, points=1, bonus=None)
    assert "effective dig level 1 is below difficulty 2" in err.message


def test_dig_5_an_explored_top_cannot_be_dug_again():
    state = two(tops={(0, 0): face(1, 1)})
    refused(state, "DIG-5", "dig", player="Red", at=[0, 0], transport=1, points=1, bonus=None)


def test_dig_5_at_most_three_actions_a_turn():
    state = two()
    for _ in range(3):
        state = act(state, "move", player="Red", frm=[0, 0], to=[0, 1])
        state = with_(state, stations={"Red": [(0, 0)]})
    assert state.actions_used == 3
    refused(state, "DIG-5", "move", player="Red", frm=[0, 0], to=[0, 1])
    refused(state, "DIG-5", "dig", player="Red", at=[0, 0], transport=1, points=1, bonus=None)
    state = act(state, "end_turn")
    assert (state.to_act, state.actions_used) == (1, 0)


# --- DIG-6 transport ------------------------------------------------------------------------


def test_dig_6_transport_takes_the_tile_and_stations_stay_even_on_an_empty_place():
    state = two(stations={"Blue": [(3, 3)]}, tops={(0, 0): face(1, 4, height=1)})
    state = act(state, "transport", player="Red", at=[0, 0])
    assert state.points == (4, 0)
    assert state.taken == (1, 0)
    assert state.stack((0, 0)).empty and state.stack((0, 0)).top is None
    assert state.stations[0] == ((0, 0),)


def test_dig_6_the_new_top_is_an_unknown_back_until_entered():
    state = two(tops={(0, 0): face(1, 2)})
    state = act(state, "transport", player="Red", at=[0, 0])
    assert ENGINE.replay_state(state)["board"][0][0] == {
        "height": 2,
        "top": {"explored": False, "dig": None},
    }


def test_dig_6_transport_needs_explored_top_own_station_and_level():
    refused(two(), "DIG-6", "transport", player="Red", at=[0, 0])  # unexplored
    state = two(tops={(1, 1): face(1, 1)})
    refused(state, "DIG-6", "transport", player="Red", at=[1, 1])  # no station
    state = two(stations={"Blue": [(3, 3)]}, tops={(0, 0): face(2, 1)})
    err = refused(state, "DIG-6", "transport", player="Red", at=[0, 0])
    assert "level 1 is below difficulty 2" in err.message


# --- DIG-7 move, DIG-20 ----------------------------------------------------------------------


def test_dig_7_move_to_an_orthogonally_adjacent_stack():
    state = two()
    state = act(state, "move", player="Red", frm=[0, 0], to=[1, 0])
    assert state.stations[0] == ((1, 0),)
    refused(state, "DIG-7", "move", player="Red", frm=[1, 0], to=[2, 1])  # diagonal
    refused(state, "DIG-7", "move", player="Red", frm=[1, 0], to=[3, 0])  # two away
    refused(state, "DIG-7", "move", player="Red", frm=[0, 0], to=[0, 1])  # no station there
    refused(state, "DIG-7", "move", player="Red", frm=[1, 0], to=[1, 0])


def test_dig_7_jump_over_used_up_places_or_land_on_the_adjacent_one():
    empty = back(None, height=0)
    empty = dataclasses.replace(empty, top=None)
    state = two(tops={(0, 1): empty, (0, 2): empty})
    jumped = act(state, "move", player="Red", frm=[0, 0], to=[0, 3])
    assert jumped.stations[0] == ((0, 3),) and jumped.actions_used == 1
    landed = act(state, "move", player="Red", frm=[0, 0], to=[0, 1])
    assert landed.stations[0] == ((0, 1),)
    # From an empty place a station moves on in another direction later.
    onward = act(landed, "move", player="Red", frm=[0, 1], to=[1, 1])
    assert onward.stations[0] == ((1, 1),)


def test_dig_20_a_move_never_lands_on_a_farther_empty_place():
    empty = dataclasses.replace(back(None, height=0), top=None)
    state = two(tops={(0, 1): empty, (0, 2): empty})
    refused(state, "DIG-20", "move", player="Red", frm=[0, 0], to=[0, 2])


def test_dig_20_a_relocate_must_change_the_place():
    state = two(bonuses=(("relocate", 1),))
    refused(state, "DIG-20", "relocate", player="Red", frm=[0, 0], to=[0, 0], owner="Blue")


# --- DIG-8 upgrade ---------------------------------------------------------------------------


@pytest.mark.parametrize(("level", "cost"), [(1, 1), (2, 2), (3, 3)])
def test_dig_8_upgrade_prices(level, cost):
    state = two(levels={"Red": {"dig": level}}, points={"Red": cost + 2})
    state = act(state, "upgrade", player="Red", equipment="dig")
    assert state.levels[0][0] == level + 1
    assert state.points[0] == 2
    assert state.actions_used == 1


def test_dig_8_upgrade_refused_without_enough_points_or_at_level_4():
    err = refused(two(points={"Red": 1}, levels={"Red": {"transport": 2}}), "DIG-8", "upgrade",
                  player="Red", equipment="transport")  # fmt: skip
    assert "costs 2" in err.message
    refused(two(levels={"Red": {"dig": 4}}, points={"Red": 9}), "DIG-8", "upgrade",
            player="Red", equipment="dig")  # fmt: skip


def test_dig_8_fleet_upgrade_places_a_new_station_anywhere_even_an_empty_place():
    empty = dataclasses.replace(back(None, height=0), top=None)
    state = two(points={"Red": 1}, tops={(2, 2): empty})
    state = act(state, "upgrade", player="Red", equipment="fleet")
    assert state.pending_place == 0
    state = act(state, "place", player="Red", at=[2, 2])
    assert state.stations[0] == ((0, 0), (2, 2))
    assert state.pending_place is None and state.actions_used == 1


def test_dig_8_a_station_is_placed_only_at_setup_or_after_a_fleet_upgrade():
    refused(two(), "DIG-8", "place", player="Red", at=[1, 1])


def test_dig_21_after_a_fleet_upgrade_nothing_happens_before_the_placement():
    state = act(two(points={"Red": 5}), "upgrade", player="Red", equipment="fleet")
    refused(state, "DIG-21", "move", player="Red", frm=[0, 0], to=[0, 1])
    refused(state, "DIG-21", "end_turn")
    refused(state, "DIG-21", "upgrade", player="Red", equipment="dig")
    refused(state, "DIG-8", "place", player="Blue", at=[1, 1])


# --- DIG-9 cooperation, DIG-10 sharing, DIG-11 the rulebook's examples ----------------------


def test_dig_9_every_additional_station_adds_one_own_or_anyone():
    state = two(tops={(0, 0): back(3)})  # Red and Blue on [0, 0]
    refused(state, "DIG-5", "dig", player="Red", at=[0, 0], transport=1, points=1, bonus=None)
    state = with_(state, stations={"Red": [(0, 0), (0, 0)]})  # Red's own second station
    state = act(state, "dig", player="Red", at=[0, 0], transport=1, points=1, bonus=None)
    assert state.levels[0] == (1, 1, 1)  # DIG-9: equipment markers do not move


def test_dig_9_ability_tells_level_helpers_and_the_forbidding_rule():
    state = two(tops={(0, 0): back(3)}, stations={"Red": [(0, 0), (0, 0)]})
    got = ability(state, "Red", (0, 0), "dig")
    assert isinstance(got, Ability)
    assert (got.possible, got.rule, got.level, got.difficulty, got.helpers) == (
        True,
        None,
        3,
        3,
        ("Blue",),
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        got.level = 9
    blue = ability(state, "Blue", (0, 0), "dig")  # not Blue's turn
    assert (blue.possible, blue.rule, blue.level, blue.helpers) == (False, "DIG-18", 3, ("Red",))
    far = ability(state, "Red", (2, 2), "transport")
    assert (far.possible, far.rule, far.level, far.difficulty) == (False, "DIG-6", 1, None)


def test_dig_10_points_are_shared_among_players_not_stations():
    # Red transports with two own stations and one of Blue's: 2 players share 6 -> 3 each.
    state = two(stations={"Red": [(0, 0), (0, 0)]}, tops={(0, 0): face(1, 6)})
    state = act(state, "transport", player="Red", at=[0, 0])
    assert state.points == (3, 3)
    assert share(7, 3) == (2, 3)


def test_dig_11_red_cannot_dig_3_with_blue_but_blue_can_with_red():
    state = two(levels={"Red": {"dig": 1}, "Blue": {"dig": 2}}, tops={(0, 0): back(3)})
    err = refused(state, "DIG-5", "dig", player="Red", at=[0, 0], transport=4, points=5,
                  bonus=None)  # fmt: skip
    assert "level 2 is below difficulty 3" in err.message
    state = act(state, "end_turn")
    state = act(state, "dig", player="Blue", at=[0, 0], transport=4, points=5, bonus=None)
    assert ability(state, "Blue", (0, 0), "transport").level == 2


def test_dig_11_red_transports_5_points_with_two_other_stations_red_3_blue_2():
    state = started("Red", "Blue", "Cy", at=[[0, 0], [0, 0], [3, 3]])
    state = with_(
        state,
        stations={"Blue": [(0, 0), (0, 0)]},
        levels={"Red": {"transport": 2}, "Blue": {"transport": 1}},
        tops={(0, 0): face(4, 5)},
    )
    assert ability(state, "Blue", (0, 0), "transport").level == 3  # Blue could not: 3 < 4
    assert ability(state, "Red", (0, 0), "transport").level == 4
    state = act(state, "transport", player="Red", at=[0, 0])
    assert ENGINE.summary(state).scores == {"Red": 3, "Blue": 2, "Cy": 0}


def test_dig_11_three_players_on_a_2_point_tile_the_transporter_gets_2():
    state = started("Red", "Blue", "Cy", at=[[0, 0], [0, 0], [0, 0]])
    state = with_(state, tops={(0, 0): face(1, 2)})
    state = act(state, "transport", player="Red", at=[0, 0])
    assert state.points == (2, 0, 0)


# --- DIG-12 … DIG-15 bonus actions, DIG-19 ---------------------------------------------------


def dug_bonus(bonus, **edits):
    state = two(**edits)
    return act(state, "dig", player="Red", at=[0, 0], transport=1, points=2, bonus=bonus)


def test_dig_12_extra_dig_makes_one_later_dig_free():
    state = dug_bonus("extra-dig", tops={(0, 1): back(1)})
    state = act(state, "move", player="Red", frm=[0, 0], to=[0, 1])
    state = act(state, "dig", player="Red", at=[0, 1], transport=1, points=1, bonus=None)
    assert state.actions_used == 2 and state.bonuses == ()


def test_dig_12_extra_transport_makes_one_transport_free_and_uses_normal_rules():
    state = dug_bonus("extra-transport")
    state = act(state, "transport", player="Red", at=[0, 0])
    assert state.actions_used == 1 and state.points == (1, 1)
    state = act(state, "soil", at=[0, 0], dig=1)
    refused(state, "DIG-6", "transport", player="Red", at=[0, 0])  # normal rules: unexplored


def test_dig_12_bonus_actions_last_only_this_turn():
    state = act(dug_bonus("extra-dig"), "end_turn")
    assert state.bonuses == ()
    state = act(state, "end_turn")
    state = with_(state, tops={(0, 1): back(1)}, stations={"Red": [(0, 1)]})
    state = act(state, "dig", player="Red", at=[0, 1], transport=1, points=1, bonus=None)
    assert state.actions_used == 1  # counted: the old bonus is gone


def test_dig_13_relocate_any_station_to_any_stack_but_never_an_empty_place():
    empty = dataclasses.replace(back(None, height=0), top=None)
    state = dug_bonus("relocate", tops={(3, 3): empty})
    refused(state, "DIG-13", "relocate", player="Red", frm=[0, 0], to=[3, 3], owner="Blue")
    refused(state, "DIG-13", "relocate", player="Red", frm=[1, 1], to=[2, 2], owner="Blue")
    moved = act(state, "relocate", player="Red", frm=[0, 0], to=[2, 2], owner="Blue")
    assert moved.stations == (((0, 0),), ((2, 2),)) and moved.actions_used == 1
    refused(moved, "DIG-13", "relocate", player="Red", frm=[0, 0], to=[2, 2], owner="Red")


def test_dig_13_relocate_needs_the_bonus_of_this_turn_by_this_player():
    refused(two(), "DIG-13", "relocate", player="Red", frm=[0, 0], to=[2, 2], owner="Red")
    state = act(dug_bonus("relocate"), "end_turn")
    refused(state, "DIG-13", "relocate", player="Blue", frm=[0, 0], to=[2, 2], owner="Blue")


def test_dig_14_extra_point_once():
    state = act(dug_bonus("extra-point"), "extra_point", player="Red")
    assert state.points == (1, 0) and state.actions_used == 1
    refused(state, "DIG-14", "extra_point", player="Red")


def test_dig_15_inspect_spends_the_bonus_and_changes_nothing_else():
    state = dug_bonus("inspect")
    after = act(state, "inspect", player="Red", at=[3, 3])
    assert dataclasses.replace(after, bonuses=state.bonuses) == state
    refused(after, "DIG-15", "inspect", player="Red", at=[3, 3])
    empty = dataclasses.replace(back(None, height=0), top=None)
    refused(with_(state, tops={(3, 3): empty}), "DIG-15", "inspect", player="Red", at=[3, 3])


def test_dig_19_bonus_actions_and_declaring_are_not_among_the_three():
    state = dug_bonus("extra-point", points={"Red": 38})
    state = act(state, "move", player="Red", frm=[0, 0], to=[0, 1])
    state = act(state, "move", player="Red", frm=[0, 1], to=[0, 0])
    assert state.actions_used == 3
    state = act(state, "extra_point", player="Red")
    assert state.actions_used == 3 and state.points[0] == 39
    state = with_(state, points={"Red": 40})
    assert act(state, "declare", player="Red").winners == ("Red",)


def test_dig_19_two_tiles_with_the_same_bonus_give_two_uses():
    state = dug_bonus("extra-point", tops={(0, 1): back(1)}, stations={"Red": [(0, 0), (0, 1)]})
    state = act(state, "dig", player="Red", at=[0, 1], transport=1, points=1, bonus="extra-point")
    state = act(state, "extra_point", player="Red")
    state = act(state, "extra_point", player="Red")
    assert state.points[0] == 2
    refused(state, "DIG-14", "extra_point", player="Red")


def test_dig_19_a_dig_counts_while_no_extra_dig_is_unused():
    # An unused bonus of another kind does not pay for a dig, nor does the tile's own extra-dig.
    state = dug_bonus("extra-point", tops={(0, 1): back(1)}, stations={"Red": [(0, 0), (0, 1)]})
    state = act(state, "dig", player="Red", at=[0, 1], transport=1, points=1, bonus="extra-dig")
    assert state.actions_used == 2
    assert dict(state.bonuses) == {"extra-point": 1, "extra-dig": 1}


# --- DIG-16, DIG-17, DIG-18, DIG-23: turns and the end ---------------------------------------


@pytest.mark.parametrize(("players", "need"), [(2, 40), (3, 30), (4, 20)])
def test_dig_16_declare_at_the_player_count_threshold(players, need):
    names = ["A", "B", "C", "D"][:players]
    state = started(*names)
    refused(with_(state, points={"A": need - 1}), "DIG-16", "declare", player="A")
    rich = with_(state, points={"A": need, "B": need + 10})
    done = act(rich, "declare", player="A")
    summary = ENGINE.summary(done)
    assert summary.over and summary.winners == ("A",)  # even if someone holds more
    refused(done, "DIG-16", "end_turn")


def test_dig_16_declare_only_on_ones_own_turn():
    state = started("A", "B")
    refused(with_(state, points={"B": 45}), "DIG-18", "declare", player="B")


def test_dig_17_when_the_last_tile_leaves_the_most_points_win():
    empty = dataclasses.replace(back(None, height=0), top=None)
    tops = {p: empty for p in PLACES}
    tops[(0, 0)] = face(1, 3, height=1)
    state = two(tops=tops, points={"Red": 5, "Blue": 9})
    done = act(state, "transport", player="Red", at=[0, 0])  # shared: Red 5+2, Blue 9+1
    summary = ENGINE.summary(done)
    assert summary.over and summary.winners == ("Blue",)
    assert summary.scores == {"Red": 7, "Blue": 10}
    refused(done, "DIG-17", "end_turn")
    refused(done, "DIG-17", "soil", at=[0, 0], dig=1)
    assert options(done) == ()


def test_dig_23_tied_players_share_the_win():
    empty = dataclasses.replace(back(None, height=0), top=None)
    tops = {p: empty for p in PLACES}
    tops[(0, 0)] = face(1, 2, height=1)
    done = act(two(tops=tops, points={"Red": 4, "Blue": 4}), "transport", player="Red", at=[0, 0])
    assert set(ENGINE.summary(done).winners) == {"Red", "Blue"}


def test_dig_18_the_first_named_player_starts_and_turns_go_round():
    state = started("Ann", "Ben", "Cy")
    assert state.players[state.to_act] == "Ann"
    refused(state, "DIG-18", "move", player="Ben", frm=[0, 1], to=[1, 1])
    refused(state, "DIG-18", "move", player="Zed", frm=[0, 1], to=[1, 1])
    for expected in ("Ben", "Cy", "Ann"):
        state = act(state, "end_turn")
        assert state.players[state.to_act] == expected


# --- DIG-22 entering what a tile shows -------------------------------------------------------


def test_dig_22_a_dig_needs_the_back_entered_first():
    state = act(act(new("A", "B"), "place", player="A", at=[0, 0]), "place", player="B", at=[1, 1])
    refused(state, "DIG-22", "dig", player="A", at=[0, 0], transport=1, points=1, bonus=None)


def test_dig_22_a_wrong_soil_entry_is_corrected_with_undo_not_overwritten():
    game = Game.start(ENGINE, header("A", "B"))
    game.play({"type": "soil", "at": [0, 0], "dig": 3, "source": "camera"})
    with pytest.raises(RuleError) as err:
        game.play({"type": "soil", "at": [0, 0], "dig": 2})
    assert err.value.rule == "DIG-22"
    game.play({"type": "undo"})
    game.play({"type": "soil", "at": [0, 0], "dig": 2})
    assert game.state.stack((0, 0)).top.dig == 2
    refused(two(tops={(0, 0): face(1, 1)}), "DIG-22", "soil", at=[0, 0], dig=1)


def test_dig_22_soil_is_not_an_action_of_the_turn():
    state = two(tops={(0, 0): back(None, height=2)})
    state = act(state, "soil", at=[0, 0], dig=2)
    assert state.actions_used == 0 and state.to_act == 0


# --- the record format -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("record", "words"),
    [
        ({"type": "dig", "player": "A", "transport": 1, "points": 1, "bonus": None}, "'at'"),
        ({"type": "move", "player": "A", "to": [0, 1]}, "'from'"),
        ({"type": "soil", "at": [4, 0], "dig": 1}, "'at'"),
        ({"type": "soil", "at": [0, 0], "dig": "2"}, "'dig'"),
        ({"type": "soil", "at": [0, 0], "dig": True}, "'dig'"),
        ({"type": "dig", "player": "A", "at": [0, 0], "transport": 1, "points": 1}, "'bonus'"),
        (
            {
                "type": "dig",
                "player": "A",
                "at": [0, 0],
                "transport": 1,
                "points": -1,
                "bonus": None,
            },
            "'points'",
        ),  # fmt: skip
        ({"type": "upgrade", "player": "A", "equipment": "laser"}, "'equipment'"),
        (
            {
                "type": "dig",
                "player": "A",
                "at": [0, 0],
                "transport": 1,
                "points": 1,
                "bonus": "teleport",
            },
            "'bonus'",
        ),  # fmt: skip
        ({"type": "dance"}, "unknown"),
        ({"player": "A"}, "unknown"),
    ],
)
def test_malformed_actions_name_the_field(record, words):
    with pytest.raises(MalformedError) as err:
        ENGINE.parse_action(record)
    assert words in err.value.message


def test_records_round_trip_and_extra_fields_are_ignored():
    records = [
        {"type": "soil", "at": [1, 2], "dig": 3},
        {"type": "place", "player": "A", "at": [0, 0]},
        {"type": "dig", "player": "A", "at": [0, 0], "transport": 2, "points": 4, "bonus": None},
        {"type": "transport", "player": "A", "at": [0, 0]},
        {"type": "move", "player": "A", "from": [0, 0], "to": [0, 1]},
        {"type": "upgrade", "player": "A", "equipment": "fleet"},
        {"type": "relocate", "player": "A", "from": [0, 0], "to": [2, 2], "owner": "B"},
        {"type": "extra_point", "player": "A"},
        {"type": "inspect", "player": "A", "at": [3, 3]},
        {"type": "end_turn"},
        {"type": "declare", "player": "A"},
    ]
    for record in records:
        assert ENGINE.to_record(ENGINE.parse_action({**record, "source": "camera"})) == record


def test_header_extra_fields_are_ignored_and_unknown_house_rules_are_refused():
    assert ENGINE.setup(header("A", "B", started="2024-05-08T19:25:00")).players == ("A", "B")
    with pytest.raises(MalformedError, match="house rules"):
        ENGINE.setup({**header("A", "B"), "rules": {"victory": 10}})


# --- views -------------------------------------------------------------------------------------


def _keys(obj):
    if isinstance(obj, dict):
        for key, value in obj.items():
            yield key, value
            yield from _keys(value)
    elif isinstance(obj, list):
        for value in obj:
            yield from _keys(value)


def test_dig_6_public_view_shows_no_players_points():
    state = two(points={"Red": 17, "Blue": 23}, tops={(0, 0): face(1, 5)})
    view = ENGINE.public_view(state)
    assert "points" not in view
    # The only "points" left are those printed on face-up tiles, which everybody sees.
    assert all(v == 5 for k, v in _keys(view) if k == "points")
    assert view["stations"] == {"Red": [[0, 0]], "Blue": [[0, 0]]}
    done = act(with_(state, points={"Red": 40}), "declare", player="Red")
    assert "points" not in ENGINE.public_view(done)


def test_dig_16_private_view_holds_only_that_players_points_and_declare_chance():
    state = two(points={"Red": 40, "Blue": 23})
    red, blue = ENGINE.private_view(state, "Red"), ENGINE.private_view(state, "Blue")
    assert (red["points"], red["can_declare"]) == (40, True)
    assert (blue["points"], blue["can_declare"]) == (23, False)
    assert 40 not in [v for k, v in _keys(blue) if k == "points"]
    with pytest.raises(ValueError):
        ENGINE.private_view(state, "Zed")


def test_replay_state_has_the_records_md_fields():
    view = ENGINE.replay_state(two(points={"Red": 3}))
    assert {"board", "stations", "levels", "points"} <= set(view)
    assert view["points"] == {"Red": 3, "Blue": 0}
    assert view["levels"]["Blue"] == {"dig": 1, "transport": 1, "fleet": 1}


def test_every_option_is_legal_and_illegal_actions_change_nothing():
    state = dug_bonus("relocate", points={"Red": 3})
    offered = options(state)
    kinds = {o.type for o in offered}
    assert {"transport", "move", "upgrade", "relocate", "end_turn"} <= kinds
    for option in offered:
        extra = {"dig": 1} if option.type == "soil" else {}
        if option.type == "dig":
            extra = {"transport": 1, "points": 1, "bonus": None}
        ENGINE.apply(state, ENGINE.parse_action(option.record(**extra)))
    assert "declare" not in kinds
    # What is not offered is refused, naming the rule, and changes nothing.
    for rule, kind, fields in [
        ("DIG-18", "move", {"player": "Blue", "frm": [0, 0], "to": [0, 1]}),
        ("DIG-7", "move", {"player": "Red", "frm": [0, 0], "to": [1, 1]}),
        (
            "DIG-5",
            "dig",
            {"player": "Red", "at": [0, 0], "transport": 1, "points": 1, "bonus": None},
        ),  # fmt: skip
        ("DIG-14", "extra_point", {"player": "Red"}),
        ("DIG-16", "declare", {"player": "Red"}),
        ("DIG-8", "place", {"player": "Red", "at": [1, 1]}),
    ]:
        record = {"type": kind, **fields}
        if "frm" in record:
            record["from"] = record.pop("frm")
        assert option_of(ENGINE.parse_action(record)) not in offered
        refused(state, rule, kind, **fields)


def test_option_of_names_the_offered_option_without_what_the_table_reads():
    state = dug_bonus("relocate", points={"Red": 3})
    dig = ENGINE.parse_action(
        {"type": "dig", "player": "Red", "at": [0, 0], "transport": 3, "points": 4, "bonus": None}
    )
    assert option_of(dig) == Option("dig", "Red", at=(0, 0))
    move = ENGINE.parse_action({"type": "move", "player": "Red", "from": [0, 0], "to": [0, 1]})
    assert option_of(move) in options(state)
    assert option_of(ENGINE.parse_action({"type": "end_turn"})) == Option("end_turn")
    assert state.points == (3, 0)  # nothing above touched it
