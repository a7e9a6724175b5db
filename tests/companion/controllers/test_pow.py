"""POW's UI state machine: the table's dice become roll/set_aside (POW-5/6), buttons take tiles."""

from __future__ import annotations

import pytest

from companion.controllers.pow import (
    Ask,
    PowController,
    SeenDice,
    SeenDie,
    dice_actions,
)
from companion.games import Game, engine_for

HEADER = {
    "game": "pow",
    "version": 1,
    "players": ["Ann", "Ben"],
    "heroes": [3, 1, 4, 1, 5, 2],
    "villains": [-2, -1, -3, -1, -4, -2],
}


def game(*actions):
    g = Game.start(engine_for("pow"), HEADER)
    g.play_all(actions)
    return g


def table(*dice):
    """dice: (face, x, kept) — y is fixed, x places it."""
    return SeenDice(tuple(SeenDie(face, (float(x), 400.0), kept) for face, x, kept in dice))


START = table(
    ("skull", 100, False),
    ("skull", 200, False),
    ("shield", 300, False),
    ("bubble-blue", 400, False),
    ("bubble-orange", 500, False),
)
ROLLED = table(
    ("shield", 110, False),
    ("shield", 700, False),
    ("skull", 900, False),
    ("bubble-blue", 1000, False),
    ("bubble-orange", 1100, False),
)


def test_first_table_seen_is_only_the_baseline():
    # Dice left on the table from before a restart must not be entered again.
    assert dice_actions(game().state, START, None) == []


def test_pow_5_first_roll_is_all_five_dice():
    assert dice_actions(game().state, ROLLED, START) == [
        {"type": "roll", "dice": ["shield", "shield", "skull", "bubble-blue", "bubble-orange"]}
    ]


def test_an_unchanged_table_is_not_a_roll():
    assert dice_actions(game().state, START, START) == []


def test_pow_5_first_roll_with_dice_in_the_kept_zone_asks():
    seen = table(
        ("shield", 110, True),
        ("shield", 700, False),
        ("skull", 900, False),
        ("skull", 1000, False),
        ("skull", 1100, False),
    )
    with pytest.raises(Ask) as ask:
        dice_actions(game().state, seen, START)
    assert ask.value.notice.rule == "POW-5"


def test_pow_2_wrong_dice_count_asks():
    with pytest.raises(Ask, match="I see 4 dice"):
        dice_actions(
            game().state, table(*[("shield", x, False) for x in (1, 200, 400, 600)]), START
        )


def test_pow_6_moving_dice_aside_is_a_set_aside_and_the_rest_rolled_is_a_roll():
    g = game(
        {"type": "roll", "dice": ["shield", "shield", "skull", "bubble-blue", "bubble-orange"]}
    )
    aside = table(
        ("shield", 110, True),
        ("shield", 300, True),
        ("skull", 900, False),
        ("bubble-blue", 1000, False),
        ("bubble-orange", 1100, False),
    )
    actions = dice_actions(g.state, aside, ROLLED)
    assert actions == [{"type": "set_aside", "dice": ["shield", "shield"]}]
    g.play_all(actions)
    rerolled = table(
        ("shield", 110, True),
        ("shield", 300, True),
        ("skull", 500, False),  # same faces as before, but every die moved: a roll
        ("bubble-blue", 650, False),
        ("bubble-orange", 800, False),
    )
    assert dice_actions(g.state, rerolled, aside) == [
        {"type": "roll", "dice": ["skull", "bubble-blue", "bubble-orange"]}
    ]


def test_pow_6_set_aside_and_roll_seen_at_once():
    g = game(
        {"type": "roll", "dice": ["shield", "shield", "skull", "bubble-blue", "bubble-orange"]}
    )
    seen = table(
        ("shield", 110, True),
        ("skull", 500, False),
        ("skull", 650, False),
        ("shield", 800, False),
        ("bubble-blue", 950, False),
    )
    actions = dice_actions(g.state, seen, ROLLED)
    assert actions == [
        {"type": "set_aside", "dice": ["shield"]},
        {"type": "roll", "dice": ["skull", "skull", "shield", "bubble-blue"]},
    ]
    g.play_all(actions)  # the rules agree


def test_pow_6_reroll_without_setting_aside_asks():
    g = game(
        {"type": "roll", "dice": ["shield", "shield", "skull", "bubble-blue", "bubble-orange"]}
    )
    moved = table(
        *[
            (f, x + 33, False)
            for f, x in (
                ("skull", 1),
                ("skull", 200),
                ("shield", 400),
                ("shield", 600),
                ("skull", 800),
            )
        ]
    )
    with pytest.raises(Ask) as ask:
        dice_actions(g.state, moved, ROLLED)
    assert ask.value.notice.rule == "POW-6"


def test_pow_6_set_aside_dice_taken_back_asks():
    g = game(
        {"type": "roll", "dice": ["shield", "shield", "skull", "bubble-blue", "bubble-orange"]},
        {"type": "set_aside", "dice": ["shield"]},
    )
    with pytest.raises(Ask, match="put back shield"):
        dice_actions(g.state, ROLLED, ROLLED)


def test_controller_turns_a_refused_reading_into_a_notice():
    c = PowController()
    g = game()
    assert c.on_dice(START, g) == []
    seen = table(*[("shield", x, x < 300) for x in (100, 200, 400, 600, 800)])
    assert c.on_dice(seen, g) == [] and c.notice.rule == "POW-5"


def test_buttons_move_the_highlight_and_confirm_takes_pow_8():
    g = game(
        {"type": "roll", "dice": ["shield", "shield", "skull", "bubble-blue", "bubble-orange"]}
    )
    c = PowController()
    options = c.options(g)
    assert options[:2] == [
        {"type": "take", "row": "heroes", "position": 2},  # POW-8: 2 shields
        {"type": "take", "row": "villains", "position": 1},  # POW-9: 1 skull
    ]
    assert c.on_input("next", g) == [] and c.focus == 1
    assert c.on_input("previous", g) == [] and c.focus == 0
    assert c.on_input("previous", g) == [] and c.focus == len(options) - 1
    assert c.on_input("next", g) == [] and c.focus == 0
    assert c.on_input("confirm", g) == [options[0]]


def test_a_touch_on_an_option_takes_it():
    g = game(
        {"type": "roll", "dice": ["shield", "shield", "skull", "bubble-blue", "bubble-orange"]}
    )
    c = PowController()
    assert c.on_input("option:1", g) == [{"type": "take", "row": "villains", "position": 1}]
    assert c.on_input("option:9", g) == []


def test_manual_entry_enters_a_roll_by_hand():
    g = game()
    c = PowController()
    c.on_input("select", g)
    assert c.manual is not None
    # Die 2 becomes a skull, die 3 a blue bubble (two turns).
    for name in ("next", "select", "next", "select", "select"):
        assert c.on_input(name, g) == []
    assert c.on_input("confirm", g) == [
        {"type": "roll", "dice": ["shield", "skull", "bubble-blue", "shield", "shield"]}
    ]
    assert c.manual is None


def test_manual_entry_after_a_roll_sets_aside_and_rolls():
    g = game({"type": "roll", "dice": ["skull", "shield", "skull", "skull", "bubble-blue"]})
    c = PowController()
    c.on_input("select", g)
    assert c.manual.dice[0] == ("skull", False)
    for _ in range(4):  # skull -> bubble-blue -> bubble-orange -> shield aside -> skull aside
        c.on_input("select", g)
    assert c.manual.dice[0] == ("skull", True)
    assert c.on_input("confirm", g) == [
        {"type": "set_aside", "dice": ["skull"]},
        {"type": "roll", "dice": ["skull", "skull", "shield", "bubble-blue"]},
    ]


def test_undo_closes_manual_entry():
    c = PowController()
    c.on_input("select", game())
    c.on_undo()
    assert c.manual is None
