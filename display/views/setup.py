"""View models of the screens around a game: setup, the first-time wizards, the language."""

from __future__ import annotations

from dataclasses import dataclass

from .common import Notice

SETUP_STEPS = ("game", "players", "language", "rules", "start")
PLAYER_FIELDS = ("name", "colour", "seat", "starts")  # the player editor's fields, in order


@dataclass(frozen=True)
class SetupPlayer:
    name: str
    colour: str  # a key of theme.PLAYER_COLOURS (Dig Mars station colour, chart colour)
    starts: bool = False  # this player starts (POW, Dig Mars) or is the first captain (Malacca)


@dataclass(frozen=True)
class TableItem:
    """A first-time wizard in the "Table setup" menu and what the config holds from it."""

    kind: str  # "buttons" | "dice" | "rows"
    detail: str = ""  # "" = not done yet; else what was saved (pins, a profile file)


@dataclass(frozen=True)
class RuleRow:
    """A house rule of the chosen game: its key, the value chosen, the allowed values (the
    first is the documented default)."""

    key: str
    value: str
    allowed: tuple[str, ...]


@dataclass(frozen=True)
class Setup:
    step: str  # one of SETUP_STEPS, or "table" (the "Table setup" menu, reached from "game")
    game: str | None  # "pow" | "malacca" | "digmars"
    players: tuple[SetupPlayer, ...]
    lang: str
    rules: tuple[RuleRow, ...] = ()
    focus: int = 0  # the highlighted row of the step
    editing: int | None = None  # the player whose editor is open
    field: int = 0  # the editor's highlighted field (PLAYER_FIELDS)
    table: tuple[TableItem, ...] = ()  # the "Table setup" menu
    saved: str | None = None  # the wizard that just saved to the config
    notice: Notice | None = None
    banner: str | None = None


@dataclass(frozen=True)
class SeenDie:
    """A die the camera sees in the live view: where, what, how sure."""

    x: float  # 0..1 of the camera frame
    y: float
    face: str | None  # None: not read
    confidence: float
    kept: bool = False


@dataclass(frozen=True)
class Wizard:
    """A step of a first-time wizard: teach the dice, lay out the POW rows, map the buttons."""

    kind: str  # "dice" | "rows" | "buttons"
    step: int  # 0-based
    steps: int
    # dice: the face to show on all 5 dice now, and what the camera sees
    face: str | None = None
    seen: tuple[SeenDie, ...] = ()
    captured: tuple[str, ...] = ()  # faces already taught
    camera: bytes | None = None  # the live view: raw RGB bytes of a camera_size frame
    camera_size: tuple[int, int] = (0, 0)
    # rows: the values as read / entered, left to right, and the highlighted tile
    heroes: tuple[int | None, ...] = ()
    villains: tuple[int | None, ...] = ()
    row_focus: tuple[str, int] | None = None
    # buttons: the input being mapped, those done (input -> pin or key name)
    target: str | None = None
    mapped: tuple[tuple[str, str], ...] = ()
    notice: Notice | None = None
    banner: str | None = None
