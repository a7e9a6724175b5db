"""POW rules: which tiles the dice allow (`options`) and the move from one state to the next.

`apply` never changes its input (states are frozen); an illegal action raises RuleError with
the rule id of ../shared/rules/pow.md and plain words saying what is wrong.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from ..base import MalformedError, RuleError
from .model import (
    DICE,
    HEROES,
    MAX_ROLLS,
    ROW_FACE,
    ROWS,
    STEAL_FACE,
    VILLAINS,
    Action,
    Event,
    ForcedTake,
    Roll,
    SetAside,
    State,
    Steal,
    Take,
    Turn,
)

TILE = {HEROES: "hero", VILLAINS: "villain"}
RULE_OF_ROW = {HEROES: "POW-8", VILLAINS: "POW-9"}
COLOUR = {HEROES: "blue", VILLAINS: "orange"}


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# --- What the dice allow --------------------------------------------------------------------


def row_position(state: State, row: str, n: int) -> int | None:
    """The position (1-based, as the `take` action counts) of the tile N dice point at, or None.

    POW-8/9 take the N-th tile from the left; POW-13's house rules decide how gaps count and what
    happens when N points past the last tile.
    """
    slots = state.row(row)
    if n <= len(slots) and slots[n - 1] is not None:
        return n
    if state.rules.beyond_row == "last_tile":
        filled = [i for i, value in enumerate(slots) if value is not None]
        if filled and n > filled[-1] + 1:
            return filled[-1] + 1
    return None


def opponents(state: State) -> tuple[str, ...]:
    """The other players, in turn order starting after the player to act."""
    n = len(state.players)
    return tuple(state.players[(state.to_play + k) % n] for k in range(1, n))


def _first_tile(state: State, row: str) -> int | None:
    for i, value in enumerate(state.row(row)):
        if value is not None:
            return i + 1
    return None


def options(state: State) -> tuple[Action, ...]:
    """Every tile action the result allows now (each a valid action value), for the screen.

    Empty before the first roll and once the game is over; otherwise never empty, because the
    forced take (POW-12) is the option when nothing else is.
    """
    if state.over or state.turn.last is None:
        return ()
    result = state.turn.result
    found: list[Action] = []
    for row in ROWS:  # POW-8, POW-9
        n = result[ROW_FACE[row]]
        position = row_position(state, row, n) if n else None
        if position is not None:
            found.append(Take(row, position))
    for row in ROWS:  # POW-10, POW-11
        bubbles = result[STEAL_FACE[row]]
        if bubbles < 3:
            continue
        steals = []
        for victim in opponents(state):
            height = len(state.stack_of(victim).of(row))
            last = height if bubbles >= 4 else min(height, 1)
            steals += [Steal(victim, row, position) for position in range(1, last + 1)]
        if steals:
            found += steals
        elif state.rules.steal_without_target == "first_in_row":  # POW-13 house rule
            first = _first_tile(state, row)
            if first is not None and Take(row, first) not in found:
                found.append(Take(row, first))
    return tuple(found) if found else (ForcedTake(),)


def forced_tile(state: State) -> tuple[str, int]:
    """POW-12: the most negative villain left (leftmost of equals), else the lowest hero."""
    for row in (VILLAINS, HEROES):
        left = [(value, i) for i, value in enumerate(state.row(row)) if value is not None]
        if left:
            return row, min(left)[1] + 1
    raise RuleError("POW-15", "the game is over: every tile has been taken")


def describe(action: Action) -> str:
    """A short English phrase for an option (used in messages)."""
    if isinstance(action, Take):
        return f"take the {ordinal(action.position)} {TILE[action.row]} tile"
    if isinstance(action, Steal):
        return (
            f"steal the {ordinal(action.position)} {TILE[action.stack]} tile from the top "
            f"of {action.victim}'s stack"
        )
    return "the forced take"


# --- Moving -------------------------------------------------------------------------------


def apply(state: State, action: Action) -> State:
    """The state after `action`, or RuleError naming the rule; `state` is never changed."""
    if state.over:
        raise RuleError("POW-15", "the game is over: every tile has been taken")
    if isinstance(action, Roll):
        return _roll(state, action)
    if isinstance(action, SetAside):
        return _set_aside(state, action)
    if isinstance(action, Take | Steal | ForcedTake):
        return _take_tile(state, action)
    raise MalformedError(f"not a POW action: {action!r}")


def _roll(state: State, action: Roll) -> State:
    turn = state.turn
    rolled = len(action.dice)
    if turn.last is None:
        if rolled != DICE:
            raise RuleError(
                "POW-5", f"the first roll of a turn rolls all {DICE} dice, not {rolled}"
            )
        return replace(state, turn=Turn(rolls=1, last=action.dice))
    if turn.rolls >= MAX_ROLLS:
        raise RuleError("POW-5", f"at most {MAX_ROLLS} rolls a turn: take a tile now")
    aside = turn.set_aside
    if len(aside) >= DICE:
        raise RuleError(
            "POW-6", f"all {DICE} dice are set aside, none is left to roll: take a tile"
        )
    if not turn.pending:
        raise RuleError("POW-6", "set aside at least one die before rolling again")
    if rolled != DICE - len(aside):
        raise RuleError(
            "POW-6",
            f"{_plural(len(aside), 'die')} set aside are never rolled again: "
            f"roll the other {DICE - len(aside)}, not {rolled}",
        )
    return replace(state, turn=Turn(rolls=turn.rolls + 1, kept=aside, last=action.dice))


def _set_aside(state: State, action: SetAside) -> State:
    turn = state.turn
    if turn.last is None:
        raise RuleError("POW-6", "roll first: only dice of the last roll can be set aside")
    if not action.dice:
        raise RuleError("POW-6", "set aside at least one die")
    free = Counter(turn.last) - Counter(turn.pending)
    for face, count in Counter(action.dice).items():
        if count > free[face]:
            raise RuleError(
                "POW-6",
                f"only dice of the last roll can be set aside: it has "
                f"{_plural(free[face], face)} left to set aside, not {count}",
            )
    return replace(state, turn=replace(turn, pending=turn.pending + action.dice))


def _refuse(state: State, action: Action) -> RuleError:
    """Why a tile action is not among the options: the rule it breaks, in plain words."""
    result = state.turn.result
    if isinstance(action, Take):
        row, rule = action.row, RULE_OF_ROW[action.row]
        face = ROW_FACE[row]
        n = result[face]
        if n == 0:
            return RuleError(rule, f"no {face} in the result: no {TILE[row]} tile can be taken")
        target = row_position(state, row, n)
        if target is None:
            left = sum(value is not None for value in state.row(row))
            if n > len(state.row(row)) or state.rules.row_positions == "remaining":
                return RuleError(
                    "POW-13",
                    f"{_plural(n, face)} point past the {row} row ({left} left): "
                    "that option is not available",
                )
            return RuleError(
                "POW-13",
                f"the {ordinal(n)} place of the {row} row is empty "
                "(house rule row_positions = as_laid_out): that option is not available",
            )
        return RuleError(
            rule,
            f"{_plural(n, face)} take the {ordinal(target)} {TILE[row]} tile, "
            f"not the {ordinal(action.position)}",
        )
    if isinstance(action, Steal):
        if action.victim not in state.players:
            raise MalformedError(
                f"'steal' from {action.victim!r}: no such player; players: "
                + ", ".join(state.players)
            )
        if action.victim == state.player:
            return RuleError("POW-10", "steal from an opponent, not from yourself")
        row = action.stack
        bubbles = result[STEAL_FACE[row]]
        if bubbles < 3:
            return RuleError(
                "POW-10",
                f"stealing a {TILE[row]} tile needs 3 {COLOUR[row]} bubbles; the result has "
                f"{bubbles}",
            )
        height = len(state.stack_of(action.victim).of(row))
        if height == 0:
            return RuleError("POW-13", f"{action.victim} has no {TILE[row]} tile to steal")
        if bubbles == 3 and action.position != 1:
            return RuleError(
                "POW-10",
                f"exactly 3 {COLOUR[row]} bubbles steal only the top tile (position 1); "
                "4 or 5 steal any",
            )
        return RuleError(
            "POW-11", f"{action.victim}'s {row} stack holds only {_plural(height, 'tile')}"
        )
    allowed = options(state)
    return RuleError(
        "POW-12",
        "a forced take only when nothing else is possible: you may "
        + " or ".join(describe(option) for option in allowed[:2]),
    )


def _take_tile(state: State, action: Action) -> State:
    if state.turn.last is None:
        raise RuleError("POW-7", "roll first: a tile is taken after a roll")
    if action not in options(state):
        raise _refuse(state, action)
    me = state.to_play
    stacks = list(state.stacks)
    victim = None
    if isinstance(action, Steal):  # POW-10/11: from the victim's stack, counted from the top
        victim = action.victim
        v = state.players.index(victim)
        tiles = list(stacks[v].of(action.stack))
        value = tiles.pop(len(tiles) - action.position)
        stacks[v] = replace(stacks[v], **{action.stack: tuple(tiles)})
        row = action.stack
        heroes, villains = state.heroes, state.villains
    else:
        row, position = (
            (action.row, action.position) if isinstance(action, Take) else forced_tile(state)
        )
        slots = list(state.row(row))
        value = slots[position - 1]
        if state.rules.row_positions == "as_laid_out":  # POW-13: the place stays, empty
            slots[position - 1] = None
        else:
            del slots[position - 1]
        heroes = tuple(slots) if row == HEROES else state.heroes
        villains = tuple(slots) if row == VILLAINS else state.villains
    # POW-14: the new tile goes on top of its stack.
    mine = stacks[me]
    stacks[me] = replace(mine, **{row: mine.of(row) + (value,)})
    left = any(v is not None for v in heroes + villains)
    return replace(
        state,
        heroes=heroes,
        villains=villains,
        stacks=tuple(stacks),
        to_play=(me + 1) % len(state.players),
        turn=Turn(),
        over=not left,  # POW-15: the game ends at once when the middle is empty
        last_event=Event(state.player, action, row, value, victim),
    )
