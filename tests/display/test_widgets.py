"""display.widgets: the shared footer of the games entered by forms (Malacca, Dig Mars)."""

from __future__ import annotations

import pygame
import pytest

from display import inputs, widgets
from display.canvas import Canvas
from display.i18n import Lang


def _footer(lang: str, filling: bool) -> Canvas:
    c = Canvas(pygame.Surface((800, 480)), Lang.get(lang))
    widgets.form_footer(c, filling=filling)
    return c


@pytest.mark.parametrize(
    "filling, order",
    [
        (True, [inputs.PREVIOUS, inputs.NEXT, inputs.SELECT, inputs.CONFIRM, inputs.UNDO]),
        (False, [inputs.PREVIOUS, inputs.NEXT, inputs.CONFIRM, inputs.UNDO]),
    ],
)
def test_select_moves_to_the_next_field_only_while_a_form_is_filled(filling, order):
    c = _footer("en", filling)
    assert [inp for _, inp in c.frame.hits] == order
    assert ("Next field" in c.frame.texts) is filling
    assert c.frame.overflows == [] and c.frame.missing == []


def test_the_footer_reads_right_to_left_in_persian():
    hits = _footer("fa", filling=True).frame.hits
    lefts = [rect.left for rect, inp in hits if inp != inputs.UNDO]
    assert lefts == sorted(lefts, reverse=True)  # Previous is rightmost
    undo = next(rect for rect, inp in hits if inp == inputs.UNDO)
    assert undo.left < min(lefts)
