"""A seeded random player of Dig Mars: whole games of legal actions only, each chosen from
`options`, for `companion bench digmars` and the random-game property tests.

Not part of the engine: the engine never draws random numbers. Here the caller's
`random.Random` plays both the players and the table's part (what each tile shows when it
becomes visible, DIG-2/DIG-22), so a seed is a game.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from . import rules
from .model import BONUSES, OVER, Action, Face, State, parse_action, parse_header
from .rules import Option

# Easy tiles are drawn more often: with uniform difficulties two level-1 players without points
# can face only tiles of 3 and 4, a true dead end of the rules (nobody can act, no game ends).
DIFFICULTY = (1, 1, 1, 2, 2, 3, 4)
POINTS = (0, 1, 1, 2, 2, 3, 3, 4, 5, 6)  # 0 too: the record format allows a tile worth nothing
BONUS = (None,) * 6 + BONUSES  # "sometimes a bonus-action symbol" (DIG-2)
SOIL_AT_ONCE = 0.9  # the camera usually enters a new back before anybody acts on the stack

# How much more often an offered action type is chosen than `end_turn`: the game moves on by
# digging and transporting; bonus actions are taken often enough to be played in most games.
WEIGHTS = {
    "place": 1,
    "dig": 20,
    "transport": 20,
    "move": 3,
    "upgrade": 4,
    "relocate": 4,
    "extra_point": 4,
    "inspect": 4,
    "end_turn": 1,
    "declare": 3,
}


def record_of(option: Option, rng: random.Random) -> dict[str, Any]:
    """The record of an offered option, with what the table reads when a dig flips a tile (its
    face, DIG-2) or a back becomes visible (its dig difficulty, DIG-22)."""
    if option.type == "soil":
        return option.record(dig=rng.choice(DIFFICULTY))
    if option.type == "dig":
        return option.record(
            transport=rng.choice(DIFFICULTY), points=rng.choice(POINTS), bonus=rng.choice(BONUS)
        )
    return option.record()


def _move_weight(state: State, option: Option) -> float:
    """Moves towards a top the player could then dig or transport (DIG-9 levels counted as if
    the station had arrived) are likelier: aimless walks only make games long."""
    top = state.stack(option.to).top
    if top is None:
        return 0.5
    i = state.players.index(option.player)
    here = state.stations_at(option.to)
    if isinstance(top, Face):
        return 6.0 if state.levels[i][1] + here >= top.transport else 1.0
    return 6.0 if top.dig is not None and state.levels[i][0] + here >= top.dig else 1.0


def choose(
    state: State, offered: tuple[Option, ...], rng: random.Random, declare: bool = True
) -> dict[str, Any]:
    """One record among `offered` (the options of `state`): a pending soil entry most of the
    time, else an action type by `WEIGHTS`, then one of that type (uniformly, but for moves,
    `_move_weight`). Without `declare` nobody declares victory (DIG-16), so the game runs until
    the board is empty."""
    by_type: dict[str, list[Option]] = {}
    for option in offered:
        group = by_type.get(option.type)
        if group is None:
            by_type[option.type] = [option]
        else:
            group.append(option)
    soils = by_type.pop("soil", None)
    if soils and (not by_type or rng.random() < SOIL_AT_ONCE):
        return record_of(rng.choice(soils), rng)
    if not declare:
        by_type.pop("declare", None)
    kinds = list(by_type)
    kind = rng.choices(kinds, weights=[WEIGHTS[k] for k in kinds])[0]
    if kind == "move":
        moves = by_type[kind]
        return record_of(rng.choices(moves, [_move_weight(state, m) for m in moves])[0], rng)
    return record_of(rng.choice(by_type[kind]), rng)


def players_header(players: int) -> dict[str, Any]:
    return {
        "game": "digmars",
        "version": 1,
        "players": [f"P{k}" for k in range(players)],
        "rules": {},
    }


def play(
    seed: int, players: int, declare: bool = True, max_steps: int = 5000
) -> Iterator[tuple[State, dict[str, Any], Action, State]]:
    """Every step of one seeded game to its end: (state before, record, action, state after).
    RuntimeError if the game has not ended within `max_steps` actions."""
    rng = random.Random(seed)
    state = State.start(parse_header(players_header(players)))
    for _ in range(max_steps):
        if state.phase == OVER:
            return
        record = choose(state, rules.options(state), rng, declare)
        action = parse_action(record)
        after = rules.apply(state, action)
        yield state, record, action, after
        state = after
    raise RuntimeError(f"Dig Mars game of seed {seed} did not end within {max_steps} actions")
