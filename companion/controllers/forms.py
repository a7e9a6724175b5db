"""A UI state machine for games entered by buttons or touch: pick a form, fill its fields, confirm.

A game lists what may be entered now as `Form`s (an action with the fields the table must
still give: a ship's cargo, each player's card and bet, a tile's face). In the list,
next/previous move the highlight and confirm (or select) opens the highlighted form — or
enters it at once when it has no fields. In a form, next/previous change the highlighted
field's value, select moves to the next field, player:N jumps to player N's first field, and
confirm enters the action — except in a form with a field per player (Malacca's reveal), where
confirm means "this player's values as shown, next player" and enters only on the last player:
a bet left at 0 then costs no press. A touch on option N opens (or enters) form N. Undo closes the form.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..games import Game
from . import option_index
from .pow import Notice


@dataclass
class Field:
    key: str
    label: str
    choices: tuple[Any, ...]
    index: int = 0
    player: str | None = None  # whose field it is (player:N jumps here)
    path: tuple[str, ...] = ()  # where the value sits in the record action (default: key)

    @property
    def value(self) -> Any:
        return self.choices[self.index]


@dataclass
class Form:
    label: str
    make: Callable[[dict[str, Any]], dict[str, Any]]  # field values by key -> record action
    fields: list[Field] = field(default_factory=list)

    def action(self) -> dict[str, Any]:
        return self.make({f.key: f.value for f in self.fields})


@dataclass
class FormController:
    game_name: str
    forms: Callable[[Game], Sequence[Form]]
    focus: int = 0
    editing: Form | None = None
    field: int = 0
    notice: Notice | None = None

    def on_input(self, name: str, game: Game) -> list[dict[str, Any]]:
        if self.editing is not None:
            return self._edit(name, game)
        forms = self.forms(game)
        if not forms:
            return []
        self.focus = min(self.focus, len(forms) - 1)
        n = option_index(name)
        if n is not None:
            if not 0 <= n < len(forms):
                return []
            self.focus = n
            return self._open(forms[n])
        if name == "next":
            self.focus = (self.focus + 1) % len(forms)
        elif name == "previous":
            self.focus = (self.focus - 1) % len(forms)
        elif name in ("confirm", "select"):
            return self._open(forms[self.focus])
        return []

    def _open(self, form: Form) -> list[dict[str, Any]]:
        if not form.fields:
            return self._enter(form)
        self.editing, self.field = form, 0
        return []

    def _edit(self, name: str, game: Game) -> list[dict[str, Any]]:
        form = self.editing
        assert form is not None
        current = form.fields[self.field]
        if name == "next":
            current.index = (current.index + 1) % len(current.choices)
        elif name == "previous":
            current.index = (current.index - 1) % len(current.choices)
        elif name == "select":
            self.field = (self.field + 1) % len(form.fields)
        elif name.startswith("player:") and name[7:].isdigit():
            players = list(game.header.get("players", ()))
            i = int(name[7:])
            if i < len(players):
                for k, f in enumerate(form.fields):
                    if f.player == players[i]:
                        self.field = k
                        break
        elif name == "confirm":
            later = next_player_field(form, self.field)
            if later is not None:
                self.field = later
                return []
            self.editing = None
            return self._enter(form)
        return []

    def _enter(self, form: Form) -> list[dict[str, Any]]:
        self.notice = None
        self.focus = 0
        return [form.action()]

    def on_undo(self) -> None:
        self.editing = None
        self.notice = None
        self.focus = 0

    def on_refused(self, rule: str, message: str) -> None:
        self.notice = Notice(rule, message)

    def on_dice(self, seen: Any, game: Game) -> list[dict[str, Any]]:
        return []  # these games are entered by hand

    def view(self, game: Game, status: Any = None) -> Any:
        """The display's view model of this game with this UI state (display.build)."""
        from display.build import view_for

        return view_for(self, game, status)


def next_player_field(form: Form, at: int) -> int | None:
    """The first field after `at` that belongs to another player than field `at`'s, else None
    (the field is nobody's, or its player is the last of the form)."""
    player = form.fields[at].player
    if player is None:
        return None
    for k in range(at + 1, len(form.fields)):
        if form.fields[k].player not in (None, player):
            return k
    return None


def inputs_for(controller: FormController, game: Game, target: dict[str, Any]) -> list[str]:
    """The button presses that make `controller` enter `target` (a record action) from its
    current highlight — what a player would press. For scripted demos and tests; ValueError
    when no form can give that action."""
    if target.get("type") == "undo":
        return ["undo"]
    forms = controller.forms(game)
    for i, form in enumerate(forms):
        indexes = []
        for f in form.fields:
            value: Any = target
            for step in f.path or (f.key,):
                value = value.get(step) if isinstance(value, dict) else None
            if value not in f.choices:
                break
            indexes.append(f.choices.index(value))
        else:
            for f, k in zip(form.fields, indexes, strict=True):
                f.index = k
            made = form.action()
            # Records may carry extra fields ("source": "camera"); the action's own must match.
            if any(target.get(k) != v for k, v in made.items()):
                continue
            presses = ["next"] * ((i - controller.focus) % len(forms)) + ["confirm"]
            if form.fields:
                for n, (f, k) in enumerate(zip(form.fields, indexes, strict=True)):
                    if n:
                        presses.append("select")
                    default = controller_default(controller, game, i, n)
                    presses += ["next"] * ((k - default) % len(f.choices))
                presses.append("confirm")
            return presses
    raise ValueError(f"no form gives {target}")


def controller_default(controller: FormController, game: Game, form: int, field: int) -> int:
    """The index a field starts at when form `form` is opened."""
    return controller.forms(game)[form].fields[field].index
