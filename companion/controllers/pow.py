"""POW's UI state machine: dice seen on the table become `roll` / `set_aside`, buttons pick the tile.

Dice: the vision stability filter commits a `SeenDice` (every die's face, centre and whether it
lies in the kept zone). `dice_actions` turns it into record actions against the turn in
progress: dice newly in the kept zone are a `set_aside`; play-area dice that moved (or changed
face) since the table was last seen are a `roll`. A table that did not change gives nothing —
after an undo the dice still lying there are not entered again. Anything that cannot be a legal
move gives a notice asking the table to look again (vision proposes, the rules validate).

Buttons: next/previous move the highlight over the options the engine lists (POW-8..12),
confirm takes the highlighted one, a touch on an option takes it. select opens manual dice
entry (the camera is down, or it keeps asking): next/previous pick a die, select turns it
(shield, skull, blue bubble, orange bubble, then the same set aside), confirm enters it as the
roll just made.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..games import Game
from ..games.pow.model import DICE, FACES
from . import option_index


@dataclass(frozen=True)
class SeenDie:
    face: str
    center: tuple[float, float]  # frame pixels
    kept: bool  # in the kept zone (set aside)


@dataclass(frozen=True)
class SeenDice:
    dice: tuple[SeenDie, ...]
    width: int = 1280  # frame width, to scale the "did it move" distance

    @property
    def kept(self) -> list[str]:
        return [d.face for d in self.dice if d.kept]

    @property
    def play(self) -> list[SeenDie]:
        return [d for d in self.dice if not d.kept]


@dataclass(frozen=True)
class Notice:
    rule: str  # the rule id, or "CAMERA" for what the camera asks
    message: str


class Ask(Exception):
    """The dice seen cannot be entered: a notice for the table (no action)."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{rule}: {message}")
        self.notice = Notice(rule, message)


# A die counts as moved when its centre shifts more than this fraction of the frame width
# (dice are 40-90 px across in a 1280 px frame; a nudge while picking others up is less).
MOVED = 0.02


def _moved(die: SeenDie, before: SeenDice, width: int) -> bool:
    limit = MOVED * width
    return not any(
        d.face == die.face and not d.kept and math.dist(d.center, die.center) <= limit
        for d in before.dice
    )


def dice_actions(
    state: Any, seen: SeenDice, before: SeenDice | None, by_hand: bool = False
) -> list[dict[str, Any]]:
    """The record actions the table `seen` means after `before`; Ask when it means none legal.

    With no `before` (the first table seen since start: dice left from before a restart) the
    table is only the baseline. Dice entered `by_hand` are a roll just made.
    """
    if state.over or (before is None and not by_hand):
        return []
    if len(seen.dice) != DICE:
        raise Ask("POW-2", f"I see {len(seen.dice)} dice; POW is played with {DICE}")
    turn = state.turn
    play = seen.play
    rolled = by_hand or any(_moved(d, before, seen.width) for d in play)
    if turn.last is None:
        if not rolled:
            return []
        if seen.kept:
            raise Ask("POW-5", "the first roll of a turn rolls all 5 dice: clear the kept zone")
        return [{"type": "roll", "dice": [d.face for d in play]}]
    aside = Counter(turn.set_aside)
    kept = Counter(seen.kept)
    if aside - kept:
        missing = ", ".join(sorted((aside - kept).elements()))
        raise Ask("POW-6", f"set-aside dice stay aside: put back {missing}")
    actions: list[dict[str, Any]] = []
    new = kept - aside
    if new:
        actions.append({"type": "set_aside", "dice": sorted(new.elements())})
    if rolled:
        if not new and not turn.pending:
            raise Ask("POW-6", "set aside at least one die before rolling again")
        actions.append({"type": "roll", "dice": [d.face for d in play]})
    return actions


# Manual entry cycles each die through the faces in play, then the same faces set aside.
CYCLE = tuple((face, False) for face in FACES) + tuple((face, True) for face in FACES)


@dataclass
class ManualDice:
    """The manual dice editor: five dice, each a face and whether it is set aside."""

    dice: list[tuple[str, bool]]
    focus: int = 0

    @classmethod
    def from_state(cls, state: Any) -> ManualDice:
        turn = state.turn
        aside = list(turn.set_aside)
        play = list((Counter(turn.last or ()) - Counter(turn.pending)).elements())
        dice = [(f, True) for f in aside] + [(f, False) for f in play]
        dice += [(FACES[0], False)] * (DICE - len(dice))
        return cls(dice[:DICE])

    def turn_die(self) -> None:
        i = CYCLE.index(self.dice[self.focus])
        self.dice[self.focus] = CYCLE[(i + 1) % len(CYCLE)]

    def seen(self) -> SeenDice:
        return SeenDice(tuple(SeenDie(face, (0.0, 0.0), kept) for face, kept in self.dice))


@dataclass
class PowController:
    """The POW screen's state: the highlighted option, manual entry, the last notice."""

    game_name = "pow"
    focus: int = 0
    manual: ManualDice | None = None
    notice: Notice | None = None
    table: SeenDice | None = None  # the table as last seen (entered or not)
    _options: list[dict[str, Any]] = field(default_factory=list)

    # -- dice ---------------------------------------------------------------------------
    def on_dice(self, seen: SeenDice, game: Game) -> list[dict[str, Any]]:
        before, self.table = self.table, seen
        try:
            actions = dice_actions(game.state, seen, before)
        except Ask as ask:
            self.notice = ask.notice
            return []
        if actions:
            self.notice = None
            self.focus = 0
        return actions

    # -- buttons ------------------------------------------------------------------------
    def on_input(self, name: str, game: Game) -> list[dict[str, Any]]:
        if self.manual is not None:
            return self._manual_input(name, game)
        options = self.options(game)
        n = option_index(name)
        if n is not None:
            if 0 <= n < len(options):
                self.focus = n
                return self._take(options[n])
            return []
        if name == "next" and options:
            self.focus = (self.focus + 1) % len(options)
        elif name == "previous" and options:
            self.focus = (self.focus - 1) % len(options)
        elif name == "confirm" and options:
            return self._take(options[min(self.focus, len(options) - 1)])
        elif name == "select" and not game.state.over:
            self.manual = ManualDice.from_state(game.state)
        return []

    def _take(self, option: dict[str, Any]) -> list[dict[str, Any]]:
        self.notice = None
        self.focus = 0
        return [option]

    def _manual_input(self, name: str, game: Game) -> list[dict[str, Any]]:
        m = self.manual
        assert m is not None
        if name == "next":
            m.focus = (m.focus + 1) % DICE
        elif name == "previous":
            m.focus = (m.focus - 1) % DICE
        elif name == "select":
            m.turn_die()
        elif name == "confirm":
            self.manual = None
            try:
                actions = dice_actions(game.state, m.seen(), self.table, by_hand=True)
            except Ask as ask:
                self.notice = ask.notice
                return []
            self.notice = None
            self.focus = 0
            return actions
        return []

    def on_undo(self) -> None:
        self.manual = None
        self.notice = None
        self.focus = 0

    def on_refused(self, rule: str, message: str) -> None:
        self.notice = Notice(rule, message)

    def view(self, game: Game, status: Any = None) -> Any:
        return view(self, game, status)

    def options(self, game: Game) -> list[dict[str, Any]]:
        from ..games.pow.model import to_record
        from ..games.pow.rules import options

        return [to_record(o) for o in options(game.state)]


# -- the view models the display draws (display/views/pow.py) -------------------------------
def _remaining(row: tuple[int | None, ...]) -> tuple[int, ...]:
    return tuple(v for v in row if v is not None)


def _option_view(state: Any, record: dict[str, Any]) -> Any:
    from display.views import pow as P

    from ..games.pow.rules import forced_tile

    items = tuple(record.items())
    kind = record["type"]
    if kind == "take":
        row = record["row"]
        full = state.row(row)
        if state.rules.row_positions == "as_laid_out":
            value = full[record["position"] - 1]
        else:
            value = _remaining(full)[record["position"] - 1]
        tile = "hero" if row == "heroes" else "villain"
        return P.Option(tile, row, record["position"], value, action=items)
    if kind == "steal":
        stack = state.stack_of(record["from"]).of(record["stack"])
        # POW-14: only the top tile of a stack may be looked at.
        value = stack[-1] if record["position"] == 1 and stack else None
        return P.Option(
            "steal", record["stack"], record["position"], value, victim=record["from"], action=items
        )
    row, position = forced_tile(state)
    return P.Option("forced", row, position, state.row(row)[position - 1], action=items)


def _odds(state: Any) -> tuple[Any, ...]:
    """The chance that the rolls left reach one more shield / skull, or a steal."""
    from display.views import pow as P

    from ..games.pow.odds import chances_for

    turn = state.turn
    if turn.last is None or turn.rolls_left == 0:
        return ()
    result = turn.result
    wanted = {
        ("shield", result["shield"] + 1): "hero",
        ("skull", result["skull"] + 1): "villain",
        ("bubble-blue", 3): "steal-hero",
        ("bubble-orange", 3): "steal-villain",
    }
    out = []
    for c in chances_for(state):
        kind = wanted.get((c.target.face, c.target.count))
        if kind and c.advice == "set_aside" and c.probability > 0:
            out.append(P.Odds(kind, c.target.count, float(c.probability)))
    return tuple(out)


def _event(state: Any) -> Any:
    from display.views import pow as P

    e = state.last_event
    if e is None or state.turn.last is not None:
        return None  # shown between turns, until the next roll
    kind = {"Steal": "steal", "ForcedTake": "forced"}.get(type(e.action).__name__, "take")
    return P.Event(kind, e.player, e.row, e.value, victim=e.victim)


def _notice(controller: PowController) -> Any:
    from display.views.common import Notice as ViewNotice

    if controller.notice is not None:
        return ViewNotice(controller.notice.rule, controller.notice.message)
    return None


def view(controller: PowController, game: Game, status: Any = None) -> Any:
    """PowTurn while the game runs, PowTally once it is over (POW-15)."""
    from display.views import pow as P

    from ..games.pow.tally import tally

    state = game.state
    banner = getattr(status, "banner", None)
    if state.over:
        seats = []
        for name, stack in zip(state.players, state.stacks, strict=True):
            t = tally(stack)
            seats.append(P.TallySeat(name, t.kept, t.removed, stack.villains, t.score))
        return P.PowTally(tuple(seats), game.summary().winners, banner=banner)
    seats = tuple(
        P.Seat(
            name,
            P.StackTop(len(s.heroes), s.heroes[-1] if s.heroes else None),
            P.StackTop(len(s.villains), s.villains[-1] if s.villains else None),
        )
        for name, s in zip(state.players, state.stacks, strict=True)
    )
    turn = state.turn
    kept = tuple(turn.set_aside)
    rolled = tuple((Counter(turn.last or ()) - Counter(turn.pending)).elements())
    manual = controller.manual
    options: tuple[Any, ...] = ()
    if manual is None:
        options = tuple(_option_view(state, o) for o in controller.options(game))
    return P.PowTurn(
        seats=seats,
        current=state.to_play,
        heroes=tuple(state.heroes),
        villains=tuple(state.villains),
        kept=kept,
        rolled=rolled,
        rolls_left=turn.rolls_left,
        options=options,
        focus=min(controller.focus, max(0, len(options) - 1)),
        odds=() if manual is not None else _odds(state),
        event=_event(state),
        notice=_notice(controller),
        manual=None if manual is None else tuple(manual.dice),
        manual_focus=0 if manual is None else manual.focus,
        banner=banner,
    )
