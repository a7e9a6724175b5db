"""Dig Mars's forms: every option the rules list now (DIG-4..16); a dig asks the face as read
(transport, points, bonus) and a soil the back's dig difficulty (DIG-2), from buttons or touch."""

from __future__ import annotations

from ..games import Game
from ..games.digmars import options
from ..games.digmars.model import BONUSES
from .forms import Field, Form, FormController

# DIG-2: the tile values are not in our texts; these ranges cover levels 1-4 plus cooperation.
DIFFICULTIES = tuple(range(1, 9))
POINTS = tuple(range(0, 11))


def _label(option) -> str:
    parts = [option.type.replace("_", " ")]
    if option.player:
        parts.insert(0, option.player + ":")
    for place in (option.at, option.frm):
        if place is not None:
            parts.append(f"{place[0] + 1},{place[1] + 1}")
    if option.to is not None:
        parts.append(f"→ {option.to[0] + 1},{option.to[1] + 1}")
    if option.owner:
        parts.append(f"({option.owner})")
    if option.equipment:
        parts.append(option.equipment)
    return " ".join(parts)


def forms(game: Game) -> list[Form]:
    out = []
    for option in options(game.state):
        fields = []
        if option.type == "soil":
            fields = [Field("dig", "dig difficulty", DIFFICULTIES)]
        elif option.type == "dig":
            fields = [
                Field("transport", "transport", DIFFICULTIES),
                Field("points", "points", POINTS),
                Field("bonus", "bonus", (None, *BONUSES)),
            ]
        out.append(Form(_label(option), lambda v, o=option: o.record(**v), fields))
    return out


def controller() -> FormController:
    return FormController("digmars", forms)
