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
    dice_why: Any = None  # why the camera does not take the dice on the table (DiceEye.why)
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

    def on_dice_why(self, why: Any) -> None:
        """What keeps the camera from taking the dice now (None: nothing, or just taken)."""
        self.dice_why = why

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


# -- the view model the display draws --------------------------------------------------------
def view(controller: PowController, game: Game, status: Any = None) -> Any:
    """PowTurn while the game runs, PowTally once it is over (POW-15): built by display.build
    from the engine's public view (POW-14: stacks are height and top only) plus this
    controller's focus, manual dice and notice; the tally carries the score chart."""
    from display.build import view_for

    return view_for(controller, game, status)
