"""Builders: view models from an engine's public view (and helpers) plus the UI state.

The app's controllers call these; they read `ENGINE.public_view(state)` and the engines'
read-only helpers (options, odds, abilities), never the hidden parts of a state.

`view_for(controller, game, status)` is the one call the app needs: it reads the controller's
UI state by duck typing (`game_name`, `focus`, `notice`; POW's `manual` and `dice_why`; the form
controllers' `forms(game)`, `editing`, `field`) so display never imports the controllers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def seat_colours(players: Sequence[str], chosen: Mapping[str, str] | None) -> tuple[str, ...]:
    """Each player's colour: the one chosen at setup (the header's display-only `colours`)
    when it is a colour the screens know and no earlier player has it, else a free seat
    colour in seat order — so two players never share a colour on screen."""
    from ..theme import PLAYER_COLOURS, SEAT_COLOURS

    chosen = chosen or {}
    out: list[str | None] = []
    for p in players:
        c = chosen.get(p)
        out.append(c if c in PLAYER_COLOURS and c not in out else None)
    free = [c for c in SEAT_COLOURS if c not in out]
    return tuple(c if c is not None else free.pop(0) for c in out)


def view_for(controller: Any, game: Any, status: Any = None, **extra: Any) -> object:
    """The view model of `game` as `controller` (the app's UI state machine) sees it."""
    banner = getattr(status, "banner", None)
    colours = game.header.get("colours") if isinstance(game.header.get("colours"), dict) else None
    name = getattr(controller, "game_name", None) or game.header.get("game")
    notice = getattr(controller, "notice", None)
    focus = getattr(controller, "focus", 0)
    if name == "pow":
        from . import pow as b

        manual = getattr(controller, "manual", None)
        ui: dict[str, Any] = {"banner": banner, "dice_why": getattr(controller, "dice_why", None)}
        if manual is not None:
            ui.update(manual=tuple(manual.dice), manual_focus=manual.focus)
        return b.view(game, focus, notice, colours=colours, **ui)
    forms = controller.forms(game) if hasattr(controller, "forms") else ()
    editing = getattr(controller, "editing", None)
    field = getattr(controller, "field", 0)
    if name == "malacca":
        from . import malacca as b

        return b.view(game, forms, focus, editing, field, notice, banner, colours)
    if name == "digmars":
        from . import digmars as b

        return b.view(game, forms, focus, editing, field, notice, banner, colours=colours, **extra)
    raise ValueError(f"no screen for game {name!r}")
