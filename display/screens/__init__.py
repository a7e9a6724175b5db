"""Screens: pure renderers `render(canvas, model)`, chosen by the type of the view model.

`render(surface, model, lang)` draws a model on any surface and returns the Frame (touch
regions, text drawn); `hit(frame, pos)` maps a touch to a logical input. Nothing here changes
a game: the app enters actions, screens only draw values.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..canvas import Canvas, Frame
from ..i18n import Lang
from ..views import digmars as digmars_views
from ..views import malacca as malacca_views
from ..views import pow as pow_views
from ..views import setup as setup_views
from . import digmars as digmars_screens
from . import malacca as malacca_screens
from . import pow as pow_screens
from . import setup as setup_screens

Renderer = Callable[[Canvas, object], None]

SCREENS: dict[type, Renderer] = {
    pow_views.PowTurn: pow_screens.render_turn,
    pow_views.PowTally: pow_screens.render_tally,
    malacca_views.MalaccaRound: malacca_screens.render_round,
    malacca_views.MalaccaFinal: malacca_screens.render_final,
    digmars_views.DigMarsBoard: digmars_screens.render_board,
    setup_views.Setup: setup_screens.render_setup,
    setup_views.Wizard: setup_screens.render_wizard,
}


def register(model_type: type, renderer: Renderer) -> None:
    SCREENS[model_type] = renderer


def render(surface: pygame.Surface, model: object, lang: Lang | str = "en") -> Frame:
    """Draw `model` on `surface` in `lang`; the Frame says what was drawn and where to touch."""
    if isinstance(lang, str):
        lang = Lang.get(lang)
    renderer = SCREENS.get(type(model))
    if renderer is None:
        raise TypeError(f"no screen draws a {type(model).__name__}")
    canvas = Canvas(surface, lang)
    renderer(canvas, model)
    return canvas.frame
