"""Dig Mars legality and effects: `apply(state, action)` returns a new state or raises RuleError.

Checks come in the order a player thinks of them: is the game on, is a placement owed (DIG-21),
whose turn (DIG-18), actions left (DIG-5/DIG-19), then the action's own rule. `ability` answers
the screen's question "can this player dig / transport here, and with whose help?" through the
very checks `apply` makes, so the two can never disagree.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..base import RuleError
from .model import (
    ACTIONS_PER_TURN,
    EMPTY,
    EQUIPMENT,
    MAX_LEVEL,
    OVER,
    PLACES,
    PLAY,
    SETUP,
    SIZE,
    VICTORY_AT,
    Action,
    Back,
    Declare,
    Dig,
    EndTurn,
    ExtraPoint,
    Face,
    Inspect,
    Move,
    Place,
    PlaceStation,
    Relocate,
    Soil,
    Stack,
    State,
    Transport,
    Upgrade,
    index,
    kind,
)


def where(place: Place) -> str:
    return f"[{place[0]}, {place[1]}]"


def upgrade_cost(level: int) -> int:
    """DIG-8: 1→2 costs 1, 2→3 costs 2, 3→4 costs 3.

    Reading: points are one number per player. DIG-8 pays "with taken tiles or treasure
    tokens" and gives change, so any total at least the price can pay it exactly.
    """
    return level


def share(points: int, present: int) -> tuple[int, int]:
    """DIG-10: (each present player's share, the transporter's share incl. the remainder)."""
    each = points // present
    return each, each + points % present


# --- small state edits ----------------------------------------------------------------------


def _with_stack(state: State, place: Place, stack: Stack) -> tuple[Stack, ...]:
    board = list(state.board)
    board[index(place)] = stack
    return tuple(board)


def _with(values: tuple, i: int, value) -> tuple:
    return values[:i] + (value,) + values[i + 1 :]


def _add_station(state: State, i: int, place: Place) -> tuple:
    return _with(state.stations, i, tuple(sorted((*state.stations[i], place))))


def _move_station(state: State, i: int, frm: Place, to: Place) -> tuple:
    own = list(state.stations[i])
    own.remove(frm)
    return _with(state.stations, i, tuple(sorted((*own, to))))


def _bonuses_plus(
    bonuses: tuple[tuple[str, int], ...], name: str, delta: int
) -> tuple[tuple[str, int], ...]:
    counts = dict(bonuses)
    counts[name] = counts.get(name, 0) + delta
    return tuple(sorted((k, v) for k, v in counts.items() if v))


# --- gates shared by the actions ---------------------------------------------------------


def _game_on(state: State) -> None:
    if state.phase == OVER:
        if state.declared is not None:
            raise RuleError("DIG-16", f"the game is over: {state.declared} declared victory")
        raise RuleError("DIG-17", "the game is over: the last tile has left the board")


def _no_placement_owed(state: State, kind: str) -> None:
    if state.pending_place is not None:
        who = state.players[state.pending_place]
        raise RuleError(
            "DIG-21",
            f"{kind}: {who} must first place the new station of the fleet upgrade",
        )


def _turn_of(state: State, player: str, kind: str) -> int:
    """The index of `player`, who must be the one to act in the play phase."""
    if state.phase != PLAY or state.pending_place is not None:  # the usual case skips these
        _game_on(state)
        _no_placement_owed(state, kind)
        raise RuleError(
            "DIG-4", f"{kind}: every player places a first station before the play starts"
        )
    i = state.player_index(player)
    if i is None:
        raise RuleError("DIG-18", f"{kind}: {player!r} is not a player of this game")
    if i != state.to_act:
        raise RuleError(
            "DIG-18", f"{kind}: it is {state.players[state.to_act]}'s turn, not {player}'s"
        )
    return i


# What an action changes: field name -> new value, for one `State.evolve` in `apply`. Handlers
# return it rather than a new state so `options` can ask "is this legal?" by running every check
# without building states it throws away.
Changes = dict
Spent = Changes  # the turn bookkeeping part of it (actions_used or bonuses)


def _spend(state: State, kind: str, free_with: str | None = None) -> Spent:
    """Count one action of the turn (DIG-5), or use up a matching bonus first (DIG-19)."""
    if free_with is not None and state.bonus_count(free_with):
        return {"bonuses": _bonuses_plus(state.bonuses, free_with, -1)}
    if state.actions_used >= ACTIONS_PER_TURN:
        raise RuleError(
            "DIG-5",
            f"{kind}: {state.players[state.to_act]} has used all {ACTIONS_PER_TURN} actions of "
            "this turn",
        )
    return {"actions_used": state.actions_used + 1}


def _use_bonus(state: State, name: str, rule: str, kind: str) -> Spent:
    if not state.bonus_count(name):
        raise RuleError(
            rule,
            f"{kind}: {state.players[state.to_act]} has no unused '{name}' bonus from a tile "
            "dug this turn",
        )
    return {"bonuses": _bonuses_plus(state.bonuses, name, -1)}


def _has_station(state: State, i: int, place: Place, rule: str, kind: str) -> None:
    if place not in state.stations[i]:
        raise RuleError(rule, f"{kind}: {state.players[i]} has no station on {where(place)}")


# --- cooperation (DIG-9) --------------------------------------------------------------------


def effective_level(state: State, i: int, place: Place, equipment: str) -> int:
    """DIG-9: own level + 1 for each additional station on the stack (anyone's).

    For a player without a station there it is the level one arriving station would have.
    """
    own = state.levels[i][EQUIPMENT.index(equipment)]
    here = state.stations_at(place)
    extra = here - 1 if place in state.stations[i] else here
    return own + extra


def _dig_checks(state: State, action: Dig | Transport) -> Spent:
    """Every check of a dig or a transport (DIG-5/DIG-6/DIG-9); how the action is counted."""
    kind = "dig" if isinstance(action, Dig) else "transport"
    i = _turn_of(state, action.player, kind)
    spent = _spend(state, kind, free_with=f"extra-{kind}")
    _dig_here(state, i, action.at, kind)
    return spent


def _dig_here(state: State, i: int, at: Place, kind: str) -> None:
    """The checks of a dig or transport by player `i` that depend on the place: an own station
    there, a top tile of the right side, entered (DIG-22), and the level (DIG-5/DIG-6/DIG-9)."""
    rule = "DIG-5" if kind == "dig" else "DIG-6"
    _has_station(state, i, at, rule, kind)
    stack = state.stack(at)
    if stack.empty:
        raise RuleError(rule, f"{kind}: {where(at)} is used up, no tile is left there")
    if kind == "dig":
        if not isinstance(stack.top, Back):
            raise RuleError(
                rule, f"dig: the top tile of {where(at)} is already explored (transport it)"
            )
        if stack.top.dig is None:
            raise RuleError(
                "DIG-22",
                f"dig: enter the dig difficulty the top tile of {where(at)} shows first",
            )
        need = stack.top.dig
    else:
        if not isinstance(stack.top, Face):
            raise RuleError(
                rule, f"transport: the top tile of {where(at)} is unexplored (dig it first)"
            )
        need = stack.top.transport
    level = effective_level(state, i, at, kind)
    if level < need:
        raise RuleError(
            rule,
            f"{kind}: {state.players[i]}'s effective {kind} level {level} is below difficulty "
            f"{need} (DIG-9)",
        )


# --- the actions ------------------------------------------------------------------------------


def _soil(state: State, a: Soil) -> Changes:
    _game_on(state)
    stack = state.stack(a.at)
    if stack.empty:
        raise RuleError("DIG-22", f"soil: {where(a.at)} is used up, no tile shows there")
    if not isinstance(stack.top, Back):
        raise RuleError("DIG-22", f"soil: the top tile of {where(a.at)} is explored (face up)")
    if stack.top.dig is not None:
        raise RuleError(
            "DIG-22",
            f"soil: the dig difficulty of {where(a.at)} is already entered ({stack.top.dig}); "
            "undo a wrong entry",
        )
    return dict(board=_with_stack(state, a.at, Stack(stack.height, Back(a.dig))))


def _place(state: State, a: PlaceStation) -> Changes:
    _game_on(state)
    i = state.player_index(a.player)
    if i is None:
        raise RuleError("DIG-18", f"place: {a.player!r} is not a player of this game")
    if state.phase == SETUP:
        if i != state.to_act:
            raise RuleError(
                "DIG-18", f"place: {state.players[state.to_act]} places the next station"
            )
        if state.stack(a.at).empty:
            raise RuleError(
                "DIG-4", f"place: a first station goes on a stack, {where(a.at)} is empty"
            )
        nxt = (i + 1) % len(state.players)
        return dict(
            stations=_add_station(state, i, a.at),
            to_act=nxt,
            phase=PLAY if nxt == 0 else SETUP,
        )
    if state.pending_place != i:
        raise RuleError(
            "DIG-8",
            f"place: {a.player} may place a station only at setup or right after a fleet upgrade",
        )
    # DIG-8: the new station goes on any tile or empty place of the board.
    return dict(stations=_add_station(state, i, a.at), pending_place=None)


def _dig(state: State, a: Dig) -> Changes:
    spent = _dig_checks(state, a)
    height = state.stack(a.at).height
    board = _with_stack(state, a.at, Stack(height, Face(a.transport, a.points, a.bonus)))
    # DIG-5/DIG-12…15: usable once, later in this turn, by this player. Reading: a bonus on a
    # tile that is transported later gives nothing; only flipping it does (DIG-5).
    if a.bonus is not None:
        spent["bonuses"] = _bonuses_plus(spent.get("bonuses", state.bonuses), a.bonus, +1)
    return dict(board=board, **spent)


def _transport(state: State, a: Transport) -> Changes:
    spent = _dig_checks(state, a)
    stack = state.stack(a.at)
    assert isinstance(stack.top, Face)
    present = state.present(a.at)
    each, own = share(stack.top.points, len(present))
    points = list(state.points)
    for player in present:
        j = state.players.index(player)
        points[j] += own if player == a.player else each
    i = state.players.index(a.player)
    height = stack.height - 1
    board = _with_stack(state, a.at, Stack(height, Back()) if height else EMPTY)
    # DIG-17, ties share the win (DIG-23). Reading: the game ends with this transport, unused
    # bonuses of the turn included. A board where nobody can ever dig or transport again
    # (every top too hard, no points to upgrade) has no end in the rules: the table decides.
    if not any(s.height for s in board):
        best = max(points)
        winners = tuple(p for p, n in zip(state.players, points, strict=True) if n == best)
        spent.update(phase=OVER, to_act=None, winners=winners, bonuses=())
    return dict(
        board=board,
        points=tuple(points),
        taken=_with(state.taken, i, state.taken[i] + 1),
        **spent,
    )


def _rays(frm: Place) -> tuple[tuple[tuple[Place, int], ...], ...]:
    """The places beyond `frm` in each direction (up, down, left, right), nearest first."""
    rays = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        ray = []
        r, c = frm[0] + dr, frm[1] + dc
        while 0 <= r < SIZE and 0 <= c < SIZE:
            ray.append(((r, c), index((r, c))))
            r, c = r + dr, c + dc
        if ray:
            rays.append(tuple(ray))
    return tuple(rays)


_RAYS = {place: _rays(place) for place in PLACES}


def move_targets(state: State, frm: Place) -> tuple[Place, ...]:
    """DIG-7/DIG-20: the adjacent place in each direction, or, over used-up places, the nearest
    stack in that direction.

    Reading (DIG-7 says "move on in another direction later"): a station on an empty place may
    also go on in the same direction; the text forbids nothing, it only says what landing is for.
    """
    board = state.board
    targets = []
    for (first, k), *beyond in _RAYS[frm]:
        targets.append(first)
        if board[k].height == 0:  # jump over the used-up places to the nearest stack, if any
            for place, j in beyond:
                if board[j].height:
                    targets.append(place)
                    break
    return tuple(targets)


def _move(state: State, a: Move) -> Changes:
    i = _turn_of(state, a.player, "move")
    spent = _spend(state, "move")
    _has_station(state, i, a.frm, "DIG-7", "move")
    if a.to not in move_targets(state, a.frm):
        straight = a.frm[0] == a.to[0] or a.frm[1] == a.to[1]
        if straight and a.frm != a.to and state.stack(a.to).empty:
            raise RuleError(
                "DIG-20",
                f"move: a station may land only on the adjacent empty place, not on {where(a.to)}",
            )
        raise RuleError(
            "DIG-7",
            f"move: {where(a.to)} is not the orthogonally adjacent place of {where(a.frm)}, nor "
            "the nearest stack beyond used-up places",
        )
    return dict(stations=_move_station(state, i, a.frm, a.to), **spent)


def _upgrade(state: State, a: Upgrade) -> Changes:
    i = _turn_of(state, a.player, "upgrade")
    spent = _spend(state, "upgrade")
    k, level, cost = _upgrade_price(state, i, a.equipment)
    levels = _with(state.levels[i], k, level + 1)
    return dict(
        **spent,
        levels=_with(state.levels, i, levels),
        points=_with(state.points, i, state.points[i] - cost),
        pending_place=i if a.equipment == "fleet" else None,  # DIG-8/DIG-21
    )


def _upgrade_price(state: State, i: int, equipment: str) -> tuple[int, int, int]:
    """(equipment index, level now, price) of player `i`'s upgrade, if there is one they can
    pay (DIG-8)."""
    k = EQUIPMENT.index(equipment)
    level = state.levels[i][k]
    player = state.players[i]
    if level >= MAX_LEVEL:
        raise RuleError("DIG-8", f"upgrade: {player}'s {equipment} is at the top level {level}")
    cost = upgrade_cost(level)
    if state.points[i] < cost:
        raise RuleError(
            "DIG-8",
            f"upgrade: {equipment} {level}→{level + 1} costs {cost} points; {player} has "
            f"{state.points[i]}",
        )
    return k, level, cost


def _relocate(state: State, a: Relocate) -> Changes:
    _turn_of(state, a.player, "relocate")
    spent = _use_bonus(state, "relocate", "DIG-13", "relocate")
    owner = state.player_index(a.owner)
    if owner is None:
        raise RuleError("DIG-13", f"relocate: {a.owner!r} is not a player of this game")
    # Reading: the station may come from anywhere, an empty place included (DIG-13: "ANY").
    _has_station(state, owner, a.frm, "DIG-13", "relocate")
    if state.stack(a.to).empty:
        raise RuleError(
            "DIG-13", f"relocate: a station never goes to an empty place ({where(a.to)})"
        )
    if a.to == a.frm:
        raise RuleError("DIG-20", "relocate: the station must change its place")
    return dict(stations=_move_station(state, owner, a.frm, a.to), **spent)


def _extra_point(state: State, a: ExtraPoint) -> Changes:
    i = _turn_of(state, a.player, "extra_point")
    spent = _use_bonus(state, "extra-point", "DIG-14", "extra_point")
    # Reading: the token is always there to take; the supply of 10 tokens (DIG-1) and the
    # paid-in tiles are not tracked, as a table runs short only in a game nobody plays.
    return dict(points=_with(state.points, i, state.points[i] + 1), **spent)


def _inspect(state: State, a: Inspect) -> Changes:
    _turn_of(state, a.player, "inspect")
    spent = _use_bonus(state, "inspect", "DIG-15", "inspect")
    # Reading: any stack with a tile left, its top explored or not (DIG-15 names no exception;
    # looking at a face everyone sees is merely a wasted bonus).
    if state.stack(a.at).empty:
        raise RuleError("DIG-15", f"inspect: {where(a.at)} is used up, there is no tile to look at")
    # What the player saw stays secret: the state only records that the bonus is spent.
    return dict(**spent)


def _end_turn(state: State, a: EndTurn) -> Changes:
    _game_on(state)
    _no_placement_owed(state, "end_turn")
    if state.phase == SETUP:
        raise RuleError("DIG-4", "end_turn: every player places a first station first")
    nxt = (state.to_act + 1) % len(state.players)
    return dict(to_act=nxt, actions_used=0, bonuses=())  # DIG-12…15: this turn only


def can_declare(state: State, i: int) -> bool:
    return state.points[i] >= VICTORY_AT[len(state.players)]


def _declare(state: State, a: Declare) -> Changes:
    # Readings: at any moment of one's own turn, all 3 actions used or not (DIG-19), but not
    # while a fleet station is owed (DIG-21: it is placed before anything else happens).
    i = _turn_of(state, a.player, "declare")
    need = VICTORY_AT[len(state.players)]
    if not can_declare(state, i):
        raise RuleError(
            "DIG-16",
            f"declare: with {len(state.players)} players a declaration needs {need} points",
        )
    return dict(phase=OVER, to_act=None, winners=(a.player,), declared=a.player)


_HANDLERS = {
    Soil: _soil,
    PlaceStation: _place,
    Dig: _dig,
    Transport: _transport,
    Move: _move,
    Upgrade: _upgrade,
    Relocate: _relocate,
    ExtraPoint: _extra_point,
    Inspect: _inspect,
    EndTurn: _end_turn,
    Declare: _declare,
}


def apply(state: State, action: Action) -> State:
    """The state after `action`; RuleError naming the rule if it is illegal (nothing changes)."""
    return state.evolve(_HANDLERS[type(action)](state, action))


# --- what the screen asks ---------------------------------------------------------------------


@dataclass(frozen=True)
class Ability:
    """Can `player` dig (or transport) at `at` now, at which level, with whose help.

    `rule` and `reason` say what forbids it (None when possible); `level` is the effective
    level (DIG-9), `difficulty` what the top tile needs (None when unknown or not applicable),
    `helpers` the other players whose stations add to the level there.
    """

    kind: str
    player: str
    at: Place
    possible: bool
    rule: str | None
    reason: str | None
    level: int
    difficulty: int | None
    helpers: tuple[str, ...]


def ability(state: State, player: str, at: Place, kind: str) -> Ability:
    """The answer to "can I dig / transport here, and with whose help?" (kind "dig"/"transport")."""
    if kind not in ("dig", "transport"):
        raise ValueError(f"kind must be 'dig' or 'transport', not {kind!r}")
    i = state.player_index(player)
    if i is None:
        raise ValueError(f"{player!r} is not a player of this game")
    top = state.stack(at).top
    if kind == "dig":
        difficulty = top.dig if isinstance(top, Back) else None
        probe: Dig | Transport = Dig(player, at, 0, 0, None)
    else:
        difficulty = top.transport if isinstance(top, Face) else None
        probe = Transport(player, at)
    helpers = tuple(p for p in state.present(at) if p != player)
    try:
        _HANDLERS[type(probe)](state, probe)  # apply's own checks, no state built
    except RuleError as err:
        rule, reason = err.rule, err.message
    else:
        rule = reason = None
    return Ability(
        kind=kind,
        player=player,
        at=at,
        possible=rule is None,
        rule=rule,
        reason=reason,
        level=effective_level(state, i, at, kind),
        difficulty=difficulty,
        helpers=helpers,
    )


@dataclass(frozen=True)
class Option:
    """One thing the table may enter now. A `dig` still needs the face as read (transport,
    points, bonus) and a `soil` the back's difficulty; `record` adds them."""

    type: str
    player: str | None = None
    at: Place | None = None
    frm: Place | None = None
    to: Place | None = None
    owner: str | None = None
    equipment: str | None = None

    def record(self, **fields) -> dict:
        out: dict = {"type": self.type}
        for name, value in (
            ("player", self.player),
            ("at", self.at),
            ("from", self.frm),
            ("to", self.to),
            ("owner", self.owner),
            ("equipment", self.equipment),
        ):
            if value is not None:
                out[name] = list(value) if isinstance(value, tuple) else value
        out.update(fields)
        return out


# What `_legal` runs: the handler, or for a dig and a transport `_dig_checks` alone, since
# `_dig` and `_transport` check nothing more, they only build the changes.
_CHECKS = {**_HANDLERS, Dig: _dig_checks, Transport: _dig_checks}


def _passes(check: Callable[..., object], *args: object) -> bool:
    try:
        check(*args)
    except RuleError:
        return False
    return True


def _legal(state: State, action: Action) -> bool:
    """Every check `apply` makes, without building the new state."""
    try:
        _CHECKS[type(action)](state, action)
    except RuleError:
        return False
    return True


_OPTIONS: dict[tuple, Option] = {}


def _option(
    type: str,
    player: str | None = None,
    at: Place | None = None,
    frm: Place | None = None,
    to: Place | None = None,
    owner: str | None = None,
    equipment: str | None = None,
) -> Option:
    """Options are values and few (a few thousand in any game): each is built once, so a
    membership test mostly compares identities."""
    key = (type, player, at, frm, to, owner, equipment)
    option = _OPTIONS.get(key)
    if option is None:
        option = _OPTIONS[key] = Option(*key)
    return option


_SOILS = tuple(_option("soil", at=p) for p in PLACES)


def option_of(action: Action) -> Option:
    """The option `action` is an instance of: itself without what the table reads (a dig's
    face, a soil's difficulty). `option_of(a) in options(state)` iff `a` is legal there."""
    fields = {}
    for name in ("at", "frm", "to", "owner", "equipment"):
        value = getattr(action, name, None)
        if value is not None:
            fields[name] = value
    return _option(kind(action), getattr(action, "player", None), **fields)


def options(state: State) -> tuple[Option, ...]:
    """What is legal now: the soils still to enter, then the acting player's actions."""
    if state.phase == OVER:
        return ()
    out = [
        soil
        for soil, stack in zip(_SOILS, state.board, strict=True)
        if type(stack.top) is Back and stack.top.dig is None
    ]
    if state.phase == SETUP:
        player = state.players[state.to_act]
        return (
            *out,
            *(
                _option("place", player, at=p)
                for p in PLACES
                if _legal(state, PlaceStation(player, p))
            ),
        )
    if state.pending_place is not None:
        player = state.players[state.pending_place]
        return (*out, *(_option("place", player, at=p) for p in PLACES))
    player = state.players[state.to_act]
    i = state.to_act
    # Here the player to act is in the play phase with no placement owed, so `_turn_of` passes
    # (DIG-4/18/21) for every action of theirs. What is left of a dig's, transport's, move's or
    # upgrade's checks: the turn's count (`_spend`, DIG-5/DIG-19), the same for every place,
    # and the checks of the place or equipment — run here one by one, without the rest again.
    may_dig = _passes(_spend, state, "dig", "extra-dig")
    may_transport = _passes(_spend, state, "transport", "extra-transport")
    counted = _passes(_spend, state, "move")
    for p in dict.fromkeys(state.stations[i]):  # each place once (stations are kept sorted)
        # Only a back can be dug and only a face transported (`_dig_here` refuses the other):
        # probing just that one halves the refusals raised here.
        face_up = type(state.stack(p).top) is Face
        if may_dig and not face_up and _passes(_dig_here, state, i, p, "dig"):
            out.append(_option("dig", player, at=p))
        if may_transport and face_up and _passes(_dig_here, state, i, p, "transport"):
            out.append(_option("transport", player, at=p))
        if counted:  # a move from an own station: DIG-7/DIG-20 are `move_targets` itself
            out += [_option("move", player, None, p, to) for to in move_targets(state, p)]
    if counted:
        for equipment in EQUIPMENT:
            if _passes(_upgrade_price, state, i, equipment):
                out.append(_option("upgrade", player, equipment=equipment))
    if state.bonuses and state.bonus_count("relocate"):
        stacks = [p for p, stack in zip(PLACES, state.board, strict=True) if stack.height]
        for owner, stations in zip(state.players, state.stations, strict=True):
            for p in sorted(set(stations)):
                out += [
                    _option("relocate", player, frm=p, to=to, owner=owner)
                    for to in stacks
                    if to != p
                ]
    if state.bonuses and state.bonus_count("extra-point"):
        out.append(_option("extra_point", player))
    if state.bonuses and state.bonus_count("inspect"):
        out += [
            _option("inspect", player, at=p)
            for p, stack in zip(PLACES, state.board, strict=True)
            if stack.height
        ]
    out.append(_option("end_turn"))
    if can_declare(state, i):
        out.append(_option("declare", player))
    return tuple(out)
