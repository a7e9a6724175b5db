"""Helpers for the POW tests: a header, and playing record dicts through the real engine."""

from __future__ import annotations

from companion.games.pow import ENGINE

SH, SK, BB, BO = "shield", "skull", "bubble-blue", "bubble-orange"

# The default tile set (Sushizock im Gockelwok, POW-1), shuffled once by hand.
HEROES = [3, 1, 4, 6, 2, 5, 1, 6, 2, 3, 5, 4]
VILLAINS = [-2, -1, -4, -1, -3, -1, -2, -1, -3, -2, -1, -2]


def header(players=("Ann", "Ben", "Cy"), heroes=HEROES, villains=VILLAINS, rules=None):
    h = {
        "game": "pow",
        "version": 1,
        "players": list(players),
        "heroes": list(heroes),
        "villains": list(villains),
    }
    if rules is not None:
        h["rules"] = rules
    return h


def act(state, *records):
    """Apply record dicts one after another."""
    for record in records:
        state = ENGINE.apply(state, ENGINE.parse_action(record))
    return state


def roll(*dice):
    return {"type": "roll", "dice": list(dice)}


def aside(*dice):
    return {"type": "set_aside", "dice": list(dice)}


def take(row, position):
    return {"type": "take", "row": row, "position": position}


def steal(victim, stack, position):
    return {"type": "steal", "from": victim, "stack": stack, "position": position}


FORCED = {"type": "forced_take"}


def start(**kwargs):
    return ENGINE.setup(header(**kwargs))
