"""A robot player for the demo and the end-to-end tests: it plays POW at the simulated table.

It does what a person does: rolls the dice on the table, looks at the screen (the app's game
and highlight) to see whether the companion has read them, sets dice aside and re-rolls, and
presses buttons to take a tile. When the companion read a die wrong it presses undo and enters
the roll by hand; when it reads nothing for a while it nudges the dice, then enters them by
hand. Everything it does goes through the table (camera) or the button queue, never around them.
"""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass

import numpy as np

from .controllers.pow import CYCLE
from .simtable import PowTable

log = logging.getLogger(__name__)


@dataclass
class RobotLog:
    rolls: int = 0  # rolls made at the table
    read: int = 0  # rolls the companion read from the camera by itself
    misread: int = 0  # rolls it entered wrong (corrected by undo + manual entry)
    by_hand: int = 0  # rolls entered by hand (misread, or never read)
    nudges: int = 0
    tiles: int = 0


class Robot:
    def __init__(self, app, table: PowTable, seed: int, patience: int = 12, max_nudges: int = 3):
        self.app = app
        self.table = table
        self.rng = np.random.default_rng(seed)
        self.patience = patience  # frames to wait for a reading before helping
        self.max_nudges = max_nudges  # nudges before entering the dice by hand
        self._nudges = 0
        self.stats = RobotLog()
        self._phase = "start"
        self._waited = 0
        self._expect_id = 0
        self._base_id = 0
        self._by_hand = False
        self._keys: list[str] = []

    # -- seen from the table --------------------------------------------------------------
    def _registered(self) -> bool:
        """The companion has entered the dice now on the table (right or wrong)."""
        game = self.app.game
        if len(game.in_force) < self._expect_id:
            return False
        turn = game.state.turn
        return turn.last is not None and len(turn.kept) == len(self.table.kept)

    def _correct(self) -> bool:
        turn = self.app.game.state.turn
        return Counter(turn.last or ()) == Counter(self.table.play) and Counter(
            turn.kept
        ) == Counter(self.table.kept)

    def _depth(self) -> int:
        """Actions in force (undo withdraws one; the log itself only grows)."""
        return len(self.app.game.in_force)

    def _press(self, *keys: str) -> None:
        for key in keys:
            self.app.inputs.put(key)

    def resume(self) -> None:
        """Lay the dice as the game says they lie (a new game: five dice left on the table),
        and let the companion see them before playing on."""
        turn = self.app.game.state.turn
        if turn.last is None:
            self.table.place([], [self.table.roll_die() for _ in range(5)])
        else:
            play = list((Counter(turn.last) - Counter(turn.pending)).elements())
            self.table.place(list(turn.set_aside), play)
        self._base_id = self._expect_id = self._depth()
        self._phase = "baseline"

    # -- one look after each app step -----------------------------------------------------
    def act(self) -> None:
        if self.app.over:
            return
        if self._keys:  # finishing a sequence of presses, one step at a time
            self._press(self._keys.pop(0))
            return
        phase = self._phase
        if phase == "baseline":
            self._waited += 1
            if self.app.controller.table is not None or self._nudges >= self.max_nudges:
                self._phase = "next-turn" if self.app.game.state.turn.last is None else "decide"
            elif self._waited >= self.patience:
                self._nudge()
            return
        if phase == "start" or phase == "next-turn":
            self._roll(keep=())
        elif phase == "await-roll":
            self._await_roll()
        elif phase == "manual":
            self._enter_by_hand()
        elif phase == "decide":
            self._decide()
        elif phase == "await-tile":
            if self.app.game.state.turn.last is None:
                self.stats.tiles += 1
                self._phase = "next-turn"

    def _roll(self, keep: tuple[str, ...] | list[str]) -> None:
        self._base_id = self._depth()
        if keep:
            self.table.roll(keep=keep)
            self._expect_id = self._base_id + 2  # set_aside, roll
        else:
            self.table.new_turn()
            self._expect_id = self._base_id + 1
        self.stats.rolls += 1
        self._by_hand = False
        self._waited = 0
        self._nudges = 0
        self._phase = "await-roll"

    def _await_roll(self) -> None:
        if self._registered():
            if self._correct():
                if not self._by_hand:
                    self.stats.read += 1
                self._phase = "decide"
                return
            log.warning(
                "robot: the companion read %s + %s, the table shows %s + %s; correcting by hand",
                self.app.game.state.turn.kept,
                self.app.game.state.turn.last,
                self.table.kept,
                self.table.play,
            )
            self.stats.misread += 1
            self._phase = "manual"
            return
        self._waited += 1
        if self._waited >= self.patience:
            if self._nudges < self.max_nudges:
                self._nudge()
            else:
                self._phase = "manual"

    def _nudge(self) -> None:
        self.table.nudge()
        self.stats.nudges += 1
        self._nudges += 1
        self._waited = 0

    def _enter_by_hand(self) -> None:
        controller = self.app.controller
        if self._depth() > self._base_id:
            # Whatever was entered for this roll (a set_aside too) goes first: undo it.
            self._press("undo")
            return
        if controller.manual is None:
            self._press("select")
            return
        target = [(f, True) for f in self.table.kept] + [(f, False) for f in self.table.play]
        keys: list[str] = []
        for i, want in enumerate(target):
            have = controller.manual.dice[i]
            keys += ["select"] * ((CYCLE.index(want) - CYCLE.index(have)) % len(CYCLE))
            keys.append("next")
        keys.append("confirm")
        self._keys = keys
        self.stats.by_hand += 1
        self._by_hand = True
        self._phase = "await-roll"
        self._waited = -len(keys)
        self._nudges = self.max_nudges

    def _decide(self) -> None:
        game = self.app.game
        state = game.state
        options = self.app.controller.options(game)
        values = [self._value(state, o) for o in options]
        best = int(np.argmax(values))
        if state.turn.rolls_left > 0 and values[best] < 3 and self.rng.random() < 0.8:
            keep = self._keep(state)
            if keep:
                self._roll(keep)
                return
        focus = self.app.controller.focus
        self._keys = ["next"] * ((best - focus) % len(options)) + ["confirm"]
        self._phase = "await-tile"

    @staticmethod
    def _value(state, option: dict) -> float:
        kind = option["type"]
        if kind == "take":
            row = [v for v in state.row(option["row"]) if v is not None]
            return row[option["position"] - 1]
        if kind == "steal":
            stack = state.stack_of(option["from"]).of(option["stack"])
            value = stack[-option["position"]]
            return value if option["stack"] == "heroes" else -value
        from .games.pow.rules import forced_tile

        row, position = forced_tile(state)
        return [v for v in state.row(row) if v is not None][position - 1]

    def _keep(self, state) -> list[str]:
        """Dice of the last roll to set aside: the shields (for a better hero), else one die."""
        last = list((Counter(state.turn.last or ()) - Counter(state.turn.pending)).elements())
        if len(last) <= 1:
            return []
        shields = [f for f in last if f == "shield"][: len(last) - 1]
        return shields or [last[0]]
