"""Colours and sizes: strong contrast for a table 1–2 m away; colours match the pieces."""

from __future__ import annotations

from collections.abc import Sequence

LOGICAL = (800, 480)  # the official Pi touch display; every layout is drawn in these units

BG = (16, 18, 24)
PANEL = (34, 38, 50)
PANEL_HI = (58, 64, 84)
TEXT = (245, 245, 245)
MUTED = (170, 176, 190)
DARK_TEXT = (16, 18, 24)
FOCUS = (255, 214, 0)  # the highlighted option: yellow ring
ERROR_BG = (170, 20, 30)
OK = (60, 190, 90)

# POW: blue heroes, orange villains (rulebook fig. 1).
HERO = (30, 110, 230)
VILLAIN = (245, 130, 20)
TILE_TEXT = (255, 255, 255)
COVERED = (80, 86, 100)

# Malacca cards: red attack, blue defend, green trade (the card colours).
CARD = {
    "attack": (210, 40, 40),
    "defend": (40, 90, 220),
    "trade": (30, 160, 70),
}
SILVER = (200, 205, 215)

# Dig Mars: the four station colours, in seat order.
PLAYER_COLOURS = {
    "red": (220, 50, 50),
    "blue": (50, 110, 235),
    "green": (40, 170, 80),
    "yellow": (240, 200, 30),
    "purple": (150, 80, 200),
    "white": (235, 235, 235),
    "orange": (245, 130, 20),
    "black": (60, 60, 60),
}
SEAT_COLOURS = ("red", "blue", "green", "yellow", "purple", "white", "orange", "black")
UNEXPLORED = (150, 90, 60)  # Mars soil
EXPLORED = (225, 170, 120)
EMPTY_PLACE = (45, 40, 40)

# Text sizes in logical pixels.
HUGE = 54
TITLE = 34
BIG = 28
BODY = 22
SMALL = 17
MIN_TEXT = 13  # never shrink below this: unreadable from the table


def colour_of(name: str) -> tuple[int, int, int]:
    return PLAYER_COLOURS.get(name, (200, 200, 200))


def seat_colour(i: int, chosen: Sequence[str] = ()) -> tuple[int, int, int]:
    """Seat i's colour: the one chosen at setup when the view carries it, else the seat's."""
    return colour_of(chosen[i] if i < len(chosen) else SEAT_COLOURS[i % len(SEAT_COLOURS)])


def text_on(bg: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white, whichever reads better on `bg`."""
    r, g, b = bg
    return DARK_TEXT if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else TEXT
