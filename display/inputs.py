"""Logical inputs: what a button, a key or a touch means to a screen.

The app loop turns every physical event into one of these strings; screens and input models
only ever see them. "option:N" is a touch on the N-th option a screen offers (0-based) and
"player:N" a per-player key or a touch on player N's area.
"""

from __future__ import annotations

import pygame

NEXT = "next"
PREVIOUS = "previous"
SELECT = "select"
CONFIRM = "confirm"
UNDO = "undo"
BUTTONS = (NEXT, PREVIOUS, SELECT, CONFIRM, UNDO)


def option(n: int) -> str:
    return f"option:{n}"


def player(n: int) -> str:
    return f"player:{n}"


def parse_indexed(inp: str, prefix: str) -> int | None:
    """N of "prefix:N", else None."""
    head, _, tail = inp.partition(":")
    if head == prefix and tail.isdigit():
        return int(tail)
    return None


def is_logical(inp: object) -> bool:
    return isinstance(inp, str) and (
        inp in BUTTONS
        or parse_indexed(inp, "option") is not None
        or parse_indexed(inp, "player") is not None
    )


# The keyboard stands in for the buttons on a desktop.
KEYMAP: dict[int, str] = {
    pygame.K_RIGHT: NEXT,
    pygame.K_DOWN: NEXT,
    pygame.K_TAB: NEXT,
    pygame.K_LEFT: PREVIOUS,
    pygame.K_UP: PREVIOUS,
    pygame.K_SPACE: SELECT,
    pygame.K_RETURN: CONFIRM,
    pygame.K_KP_ENTER: CONFIRM,
    pygame.K_BACKSPACE: UNDO,
    pygame.K_u: UNDO,
    **{getattr(pygame, f"K_{i}"): player(i - 1) for i in range(1, 9)},
}


def from_key(key: int) -> str | None:
    """The logical input of a key (pygame key code), or None for keys that mean nothing."""
    return KEYMAP.get(key)
