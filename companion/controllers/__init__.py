"""UI state machines, one per game: logical inputs (and, for POW, dice seen by the camera) in,
record actions out, and the view model the display draws. The display decides nothing; the
rules decide legality; a controller only knows what is highlighted and what confirm means.

Every controller has:
- `on_input(name, game) -> list[action dict]`: a logical input ("next", "option:2", …);
- `on_refused(error)`: the app could not enter an action (RuleError…): show it;
- `view(game, status) -> view model` for the display.
Undo is the app's: every screen sends "undo" to the store as `{"type": "undo"}`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Status:
    """What the app tells every screen besides the game: the hardware in use, camera trouble."""

    camera: str  # "simulated table", "Pi camera 0 (imx708)", "none"
    buttons: str  # "GPIO buttons (next=5, …)" or "keyboard and screen"
    banner: str | None = None  # a fault to show over the screen (camera lost), None when fine


def option_index(name: str) -> int | None:
    """N of "option:N" (a touch on the N-th option), else None."""
    head, _, tail = name.partition(":")
    return int(tail) if head == "option" and tail.isdigit() else None
