"""Helpers for the Dig Mars tests: build states from record dicts, and a seeded random player
that plays whole legal games (and tries illegal actions along the way)."""

from __future__ import annotations

import random
from dataclasses import replace

from companion.games import RuleError
from companion.games.digmars import ENGINE, State, move_targets
from companion.games.digmars.model import (
    BONUSES,
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


# --- a random player -------------------------------------------------------------------------

# Easy tiles are drawn more often: with uniform difficulties two level-1 players with no points
# can face only tiles of 3 and 4, a true dead end of the rules that ends no game.
DIFFICULTY = (1, 1, 1, 2, 2, 3, 4)


def _candidates(state: State, rng: random.Random, declare: bool):
    """Plausible record actions for the player to act, legal or not, most useful first."""
    if state.pending_place is not None:
        who = state.players[state.pending_place]
        yield {"type": "place", "player": who, "at": list(rng.choice(PLACES))}
        return
    who = state.players[state.to_act]
    i = state.to_act
    own = state.stations[i]
    if rng.random() < 0.08:
        yield {"type": "end_turn"}
    if own:
        place = rng.choice(own)
        p = list(place)
        bonus = rng.choice((None,) * 6 + BONUSES)
        transport = {"type": "transport", "player": who, "at": p}
        dig = {
            "type": "dig",
            "player": who,
            "at": p,
            "transport": rng.choice(DIFFICULTY),
            "points": rng.randint(1, 5),
            "bonus": bonus,
        }
        # Mostly the one that fits the top tile first; sometimes the other, which is refused.
        fits = type(state.stack(place).top) is Face
        yield from (transport, dig) if fits == (rng.random() < 0.9) else (dig, transport)
    kinds = ["upgrade", "move", "relocate", "extra_point", "inspect", "declare", "declare"]
    rng.shuffle(kinds)
    for kind in kinds:
        if kind == "upgrade":
            yield {"type": "upgrade", "player": who, "equipment": rng.choice(EQUIPMENT)}
        elif kind == "move" and own:
            p = rng.choice(own)
            to = rng.choice(move_targets(state, p) + (rng.choice(PLACES),))
            yield {"type": "move", "player": who, "from": list(p), "to": list(to)}
        elif kind == "relocate":
            owner = rng.randrange(len(state.players))
            if state.stations[owner]:
                yield {
                    "type": "relocate",
                    "player": who,
                    "from": list(rng.choice(state.stations[owner])),
                    "to": list(rng.choice(PLACES)),
                    "owner": state.players[owner],
                }
        elif kind == "extra_point":
            yield {"type": "extra_point", "player": who}
        elif kind == "inspect":
            yield {"type": "inspect", "player": who, "at": list(rng.choice(PLACES))}
        elif kind == "declare" and declare:
            yield {"type": "declare", "player": rng.choice(state.players)}
    yield {"type": "end_turn"}


def random_game(
    seed: int, players: int, on_step=None, declare: bool = True, max_steps: int = 5000
) -> State:
    """Play one game from setup to its end with seeded random choices (without `declare`, nobody
    declares: the game runs until the board is empty). `on_step(before, record,
    after)` sees every legal action; an illegal try must raise RuleError and change nothing."""
    rng = random.Random(seed)
    names = tuple(f"P{k}" for k in range(players))
    state = new(*names)
    for _ in range(max_steps):
        if state.phase == "over":
            return state
        unknown = [
            PLACES[k]
            for k, stack in enumerate(state.board)
            if type(stack.top) is Back and stack.top.dig is None
        ]
        if unknown and rng.random() < 0.9:  # the camera enters a new back (DIG-22)
            record = {
                "type": "soil",
                "at": list(rng.choice(unknown)),
                "dig": rng.choice(DIFFICULTY),
            }
            tries = [record]
        elif state.phase == "setup":
            who = state.players[state.to_act]
            tries = [{"type": "place", "player": who, "at": list(rng.choice(PLACES))}]
        else:
            tries = _candidates(state, rng, declare)
        for record in tries:
            before = state
            try:
                after = ENGINE.apply(state, ENGINE.parse_action(record))
            except RuleError:
                assert state == before  # frozen, and apply returned nothing
                continue
            if on_step is not None:
                on_step(before, record, after)
            state = after
            break
    raise AssertionError(f"game {seed} did not end within {max_steps} steps")
