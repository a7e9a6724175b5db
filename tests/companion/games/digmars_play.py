"""Helpers for the Dig Mars tests: build states from record dicts, and seeded random games in
which every action played is one `options` offered, and random attempts along the way must be
refused (RuleError naming the rule, nothing changed) exactly when they are not offered."""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import replace

from companion.games import RuleError
from companion.games.digmars import (
    ENGINE,
    Option,
    State,
    autoplay,
    move_targets,
    option_of,
    options,
)
from companion.games.digmars.autoplay import DIFFICULTY
from companion.games.digmars.model import (
    EQUIPMENT,
    PLACES,
    Back,
    Face,
    Stack,
)


def header(*players: str, **extra) -> dict:
    return {"game": "digmars", "version": 1, "players": list(players), "rules": {}, **extra}


def new(*players: str) -> State:
    return ENGINE.setup(header(*players))


def act(state: State, kind: str, **fields) -> State:
    """Apply one record action; `frm` stands for the record's `from`."""
    if "frm" in fields:
        fields["from"] = fields.pop("frm")
    return ENGINE.apply(state, ENGINE.parse_action({"type": kind, **fields}))


def soiled(state: State, dig: int = 1) -> State:
    """Every unknown back entered with difficulty `dig`."""
    for p in PLACES:
        top = state.stack(p).top
        if isinstance(top, Back) and top.dig is None:
            state = act(state, "soil", at=list(p), dig=dig)
    return state


def started(*players: str, at=None, dig: int = 1) -> State:
    """A game past setup: all backs entered, each player's first station at `at[i]`."""
    state = soiled(new(*players), dig)
    at = at or [[0, i] for i in range(len(players))]
    for player, place in zip(players, at, strict=True):
        state = act(state, "place", player=player, at=place)
    return state


def with_(state: State, **changes) -> State:
    """A state edited directly, by player name: stations={"Red": [(0, 0)]}, levels=…, points=…"""
    names = state.players
    if "stations" in changes:
        new_st = dict(zip(names, state.stations, strict=True))
        new_st.update({p: tuple(sorted(map(tuple, v))) for p, v in changes.pop("stations").items()})
        changes["stations"] = tuple(new_st[p] for p in names)
    if "levels" in changes:
        new_lv = dict(zip(names, state.levels, strict=True))
        for p, lv in changes.pop("levels").items():
            old = dict(zip(EQUIPMENT, new_lv[p], strict=True))
            old.update(lv)
            new_lv[p] = tuple(old[e] for e in EQUIPMENT)
        changes["levels"] = tuple(new_lv[p] for p in names)
    if "points" in changes:
        new_pt = dict(zip(names, state.points, strict=True))
        new_pt.update(changes.pop("points"))
        changes["points"] = tuple(new_pt[p] for p in names)
    if "tops" in changes:  # {(r, c): Stack}
        board = list(state.board)
        for (r, c), stack in changes.pop("tops").items():
            board[r * 4 + c] = stack
        changes["board"] = tuple(board)
    return replace(state, **changes)


def face(transport: int, points: int, bonus: str | None = None, height: int = 3) -> Stack:
    return Stack(height, Face(transport, points, bonus))


def back(dig: int | None, height: int = 3) -> Stack:
    return Stack(height, Back(dig))


# --- random games ----------------------------------------------------------------------------

RULE_ID = re.compile(r"DIG-\d+")
ATTEMPTS = 0.5  # the chance of a random attempt before an action (~150 in a game)


def attempt(state: State, rng: random.Random) -> dict:
    """A plausible record for this state, legal or not: mostly by the player to act, about
    stations they have and places a move reaches, sometimes by someone else or about anything."""
    n = len(state.players)
    i = state.to_act if state.to_act is not None else 0
    roll = rng.random()
    who = state.players[i] if roll < 0.8 else "Zed" if roll < 0.85 else rng.choice(state.players)
    own = state.stations[i]
    anywhere = rng.choice(PLACES)
    at = rng.choice(own) if own and rng.random() < 0.7 else anywhere
    kind = rng.choice(KINDS)
    if kind == "soil":
        return {"type": "soil", "at": list(anywhere), "dig": rng.choice(DIFFICULTY)}
    if kind in ("place", "transport", "inspect"):
        return {"type": kind, "player": who, "at": list(at)}
    if kind == "dig":
        return autoplay.record_of(Option("dig", who, at=at), rng)
    if kind == "move":
        to = rng.choice(move_targets(state, at)) if rng.random() < 0.6 else rng.choice(PLACES)
        return {"type": "move", "player": who, "from": list(at), "to": list(to)}
    if kind == "upgrade":
        return {"type": "upgrade", "player": who, "equipment": rng.choice(EQUIPMENT)}
    if kind == "relocate":
        owner = rng.randrange(n)
        frm = rng.choice(state.stations[owner]) if state.stations[owner] else anywhere
        to = rng.choice(PLACES)
        return {"type": "relocate", "player": who, "from": list(frm), "to": list(to),
                "owner": state.players[owner]}  # fmt: skip
    if kind in ("extra_point", "declare"):
        return {"type": kind, "player": who}
    return {"type": "end_turn"}


KINDS = (
    "soil", "place", "dig", "dig", "transport", "transport", "move", "move", "upgrade",
    "relocate", "extra_point", "inspect", "end_turn", "declare",
)  # fmt: skip


def check_attempt(state: State, offered: tuple, record: dict, tried: Counter) -> None:
    """The engine agrees with `options` about `record`: offered -> applied; not offered ->
    RuleError naming a DIG rule id, with the state exactly as it was (no field rebound).
    `tried` counts "applied" and each refusing rule id."""
    action = ENGINE.parse_action(record)
    fields = tuple(vars(state).values())
    # Options are built once per value (rules._option), so identity is membership; were that
    # to break, a legal attempt would fail below as "not among the options", never pass wrongly.
    option = option_of(action)
    if any(option is o for o in offered):
        ENGINE.apply(state, action)
        tried["applied"] += 1
        return
    try:
        ENGINE.apply(state, action)
    except RuleError as err:
        assert RULE_ID.fullmatch(err.rule), err
        assert err.message and err.rule in str(err)
        tried[err.rule] += 1
    else:
        raise AssertionError(f"{record} is applied but not among the options")
    after = tuple(vars(state).values())
    assert len(after) == len(fields) and all(a is b for a, b in zip(after, fields, strict=True))


def random_game(
    seed: int,
    players: int,
    on_step=None,
    declare: bool = True,
    tried: Counter | None = None,
    max_steps: int = 5000,
) -> State:
    """Play one seeded game from setup to its end, every action chosen among `options`
    (autoplay.choose); before about half of them one random attempt (`attempt`) is checked
    against the options (`check_attempt`) and thrown away. `on_step(before, record, after)`
    sees every action played; `tried` counts the attempts' outcomes."""
    rng = random.Random(seed)
    tried = Counter() if tried is None else tried
    state = ENGINE.setup(autoplay.players_header(players))
    for _ in range(max_steps):
        if state.phase == "over":
            assert options(state) == ()
            return state
        offered = options(state)
        if rng.random() < ATTEMPTS:
            check_attempt(state, offered, attempt(state, rng), tried)
        record = autoplay.choose(state, offered, rng, declare)
        after = ENGINE.apply(state, ENGINE.parse_action(record))
        if on_step is not None:
            on_step(state, record, after)
        state = after
    raise AssertionError(f"game {seed} did not end within {max_steps} steps")
