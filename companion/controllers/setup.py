"""The setup screen's state machine: game, players, language, house rules → a new game header,
and the "Table setup" menu that opens the first-time wizards.

Driven by the five logical inputs and touch only, like every screen. In each step next/previous
move the highlight and confirm takes it and goes on; undo goes back a step.

- Game: the three games, then "Table setup" — a menu of the three wizards (map the buttons,
  teach the dice, lay out the POW rows). Confirm on one answers `OpenWizard(kind)`; the setup
  loop runs that wizard and calls `wizard_done`, which comes back to the menu.
- Players, in seating order (clockwise): confirm on "Add a player" adds one, undo on a player
  (when more than the game's minimum) removes it, confirm on a player goes on. Select (or a
  touch) on a player opens its editor: next/previous change the highlighted field — name (the
  free preset names), colour (the game's piece colours; taking one another player holds swaps
  the two), seat (moves the player one seat on or back), starts (this player starts) — select
  moves to the next field, confirm closes the editor and undo closes it unchanged.
- House rules come from each engine's own documented table (POW-13, MAL-13/16/23); select (or a
  touch) steps the highlighted rule's value. The language applies at once through `on_lang`.

`on_input` answers the new game's header (records.md) when the table confirms Start. Who starts:
POW and Dig Mars start with the first player of the header (POW-4, DIG-18), so the seating is
rotated to put the starter first (the clockwise order is kept); Malacca lists the seats as they
are and names the starter `captain` (MAL-7: the captain bets first). No engine has a colour
field: colours go in the header's optional `colours` ({player: colour}, which the engines
ignore and records.md allows) so the screens draw each player in the colour of their pieces.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from . import option_index

GAMES = ("pow", "malacca", "digmars")
STEPS = ("game", "players", "language", "rules", "start")
WIZARDS = ("buttons", "dice", "rows")  # the "Table setup" menu, in the order a table needs them
PLAYER_RANGE = {"pow": (2, 5), "malacca": (2, 8), "digmars": (2, 4)}
PRESET_NAMES = ("Ann", "Ben", "Cai", "Dee", "Eva", "Fox", "Gus", "Hal", "Ida", "Jon")
# Keys of display.theme.PLAYER_COLOURS. Dig Mars has 4 colours of stations and markers (DIG-1;
# the rulebook names blue and red, green and yellow are assumed for the other two). POW's and
# Malacca's players have no pieces of their own colour: any of the 8 screen colours.
COLOURS = ("red", "blue", "green", "yellow", "purple", "white", "orange", "black")
PALETTES = {"pow": COLOURS, "malacca": COLOURS, "digmars": COLOURS[:4]}
PLAYER_FIELDS = ("name", "colour", "seat", "starts")


@dataclass(frozen=True)
class OpenWizard:
    """The table chose a first-time wizard in the "Table setup" menu."""

    kind: str  # one of WIZARDS


def house_rules(game: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(key, allowed values, the documented default first) of a game's house rules."""
    if game == "pow":
        from ..games.pow.model import HOUSE_RULES

        return tuple((r.key, tuple(r.allowed)) for r in HOUSE_RULES)
    if game == "malacca":
        from ..games.malacca.model import HOUSE_RULES as MAL

        return tuple((k, tuple(v)) for k, v in MAL.items())
    return ()  # Dig Mars documents no house rules


class SetupController:
    def __init__(
        self,
        lang: str = "en",
        on_lang: Callable[[str], None] | None = None,
        table: Mapping[str, str] | None = None,
    ):
        self.step = "game"
        self.game: str | None = None
        self.players: list[str] = list(PRESET_NAMES[:3])
        self.colours: dict[str, str] = {p: COLOURS[k] for k, p in enumerate(self.players)}
        self.first = self.players[0]
        self.lang = lang
        self.on_lang = on_lang
        self.rules: dict[str, str] = {}
        self.focus = 0
        self.editing: int | None = None  # the player whose editor is open
        self.field = 0  # its highlighted field (PLAYER_FIELDS)
        self._before: tuple[list[str], dict[str, str], str] | None = None
        # What the config holds for each wizard ("" = not done yet): shown in the menu.
        self.table: dict[str, str] = dict(table or {})
        self.saved: str | None = None  # the wizard that just saved to the config
        self.notice: tuple[str, str] | None = None  # (id, words): a wizard could not start

    # -- inputs -----------------------------------------------------------------------------
    def on_input(self, name: str) -> dict[str, Any] | OpenWizard | None:
        n = option_index(name)
        if self.editing is not None:
            self._edit(name, n)
            return None
        if name == "undo":
            if self.step == "table":
                self._go("game")
                self.focus = len(GAMES)
            elif not (self.step == "players" and self._remove()):
                self._go(STEPS[max(0, STEPS.index(self.step) - 1)])
            return None
        rows = self._rows()
        if name in ("next", "previous") and rows:
            self.focus = (self.focus + (1 if name == "next" else -1)) % rows
            return None
        if n is not None:
            if not 0 <= n < rows:
                return None
            self.focus = n
            players = self.step == "players" and n < len(self.players)
            name = "select" if self.step == "rules" or players else "confirm"
        if name == "select":
            self._select()
        elif name == "confirm":
            return self._confirm()
        return None

    def wizard_done(self, kind: str, saved: bool, detail: str = "", notice: Any = None) -> None:
        """Back to the "Table setup" menu after wizard `kind`; `detail` is what it saved,
        `notice` (a rule, message pair: `.rule`, `.message`) what the table should still hear
        of it (dice a teach left out)."""
        self._go("table")
        self.focus = WIZARDS.index(kind)
        self.saved = kind if saved else None
        if saved:
            self.table[kind] = detail
        if notice is not None:
            self.notice = (notice.rule, notice.message)

    def _rows(self) -> int:
        return {
            "game": len(GAMES) + 1,  # the games, then "Table setup"
            "table": len(WIZARDS) + 1,  # the wizards, then "Back"
            "players": len(self.players) + 1,
            "language": len(_langs()),
            "rules": len(house_rules(self.game or "")),
            "start": 0,
        }[self.step]

    def _go(self, step: str) -> None:
        self.step, self.focus, self.saved, self.notice = step, 0, None, None

    def _remove(self) -> bool:
        low, _ = PLAYER_RANGE[self.game or "pow"]
        if self.focus < len(self.players) and len(self.players) > low:
            gone = self.players.pop(self.focus)
            self.colours.pop(gone, None)
            if self.first == gone:
                self.first = self.players[self.focus % len(self.players)]
            self.focus = min(self.focus, len(self.players) - 1)
            return True
        return False

    def _select(self) -> None:
        if self.step == "players" and self.focus < len(self.players):
            self.editing, self.field = self.focus, 0
            self._before = (list(self.players), dict(self.colours), self.first)
        elif self.step == "rules":
            key, allowed = house_rules(self.game or "")[self.focus]
            value = self.rules.get(key, allowed[0])
            self.rules[key] = allowed[(allowed.index(value) + 1) % len(allowed)]

    def _confirm(self) -> dict[str, Any] | OpenWizard | None:
        if self.step == "game":
            if self.focus == len(GAMES):
                self._go("table")
                return None
            game = GAMES[self.focus]
            if game != self.game:
                self._choose(game)
            self._go("players")
        elif self.step == "table":
            if self.focus == len(WIZARDS):
                self._go("game")
                self.focus = len(GAMES)
                return None
            return OpenWizard(WIZARDS[self.focus])
        elif self.step == "players":
            high = PLAYER_RANGE[self.game or "pow"][1]
            if self.focus == len(self.players):
                if len(self.players) < high:
                    new = next(p for p in PRESET_NAMES if p not in self.players)
                    self.players.append(new)
                    self.colours[new] = self._free_colours()[0]
                return None
            self._go("language")
            self.focus = _langs().index(self.lang) if self.lang in _langs() else 0
        elif self.step == "language":
            self.lang = _langs()[self.focus]
            if self.on_lang is not None:
                self.on_lang(self.lang)
            self._go("rules")
        elif self.step == "rules":
            self._go("start")
        else:
            return self.header()
        return None

    def _choose(self, game: str) -> None:
        self.game, self.rules = game, {}
        low, high = PLAYER_RANGE[game]
        self.players = (
            self.players[:high]
            + [p for p in PRESET_NAMES if p not in self.players][: max(0, low - len(self.players))]
        )
        if self.first not in self.players:
            self.first = self.players[0]
        # Keep each player's colour when the new game has it (and nobody else took it).
        palette, kept = PALETTES[game], {}
        for p in self.players:
            c = self.colours.get(p)
            if c in palette and c not in kept.values():
                kept[p] = c
        self.colours = kept
        for p in self.players:
            if p not in self.colours:
                self.colours[p] = self._free_colours()[0]

    def _free_colours(self) -> list[str]:
        palette = PALETTES[self.game or "pow"]
        return [c for c in palette if c not in self.colours.values()] or list(palette)

    # -- the player editor ------------------------------------------------------------------
    def _edit(self, name: str, n: int | None) -> None:
        k = self.editing
        assert k is not None
        if n is not None:  # a touch on a field of the editor
            if 0 <= n < len(PLAYER_FIELDS):
                self.field = n
        elif name == "select":
            self.field = (self.field + 1) % len(PLAYER_FIELDS)
        elif name == "confirm":
            self.editing = self._before = None
            self.focus = k
        elif name == "undo":
            assert self._before is not None
            self.players, self.colours, self.first = self._before
            self.editing = self._before = None
        elif name in ("next", "previous"):
            self._change(k, 1 if name == "next" else -1)

    def _change(self, k: int, step: int) -> None:
        me = self.players[k]
        what = PLAYER_FIELDS[self.field]
        if what == "name":
            # the free preset names and this player's own, in preset order
            names = [p for p in PRESET_NAMES if p not in self.players or p == me]
            if me not in names:
                names.insert(0, me)
            new = names[(names.index(me) + step) % len(names)]
            self.players[k] = new
            self.colours[new] = self.colours.pop(me)
            if self.first == me:
                self.first = new
        elif what == "colour":
            palette = PALETTES[self.game or "pow"]
            mine = self.colours[me]
            new = palette[((palette.index(mine) if mine in palette else -1) + step) % len(palette)]
            holder = next((p for p, c in self.colours.items() if c == new and p != me), None)
            if holder is not None:
                self.colours[holder] = mine  # the two swap: colours stay one per player
            self.colours[me] = new
        elif what == "seat":
            to = (k + step) % len(self.players)
            self.players[k], self.players[to] = self.players[to], self.players[k]
            self.editing = self.focus = to
        elif self.first == me:
            # somebody must start: it passes on to the next seat (or back, with previous)
            self.first = self.players[(k + step) % len(self.players)]
        else:
            self.first = me

    # -- out --------------------------------------------------------------------------------
    def order(self) -> list[str]:
        """The players as the header lists them: the starter first for POW and Dig Mars."""
        f = self.players.index(self.first)
        if self.game == "malacca":
            return list(self.players)
        return self.players[f:] + self.players[:f]

    def header(self) -> dict[str, Any]:
        """The new game's header (records.md); its rules engine checks it when it is stored."""
        game = self.game or "pow"
        rules = {k: v for k, v in self.rules.items()}
        players = self.order()
        colours = {p: self.colours[p] for p in players}
        if game == "pow":
            from ..wiring import pow_header

            header = pow_header(players, rules=rules)  # the POW-1 rows; the rows wizard corrects
        else:
            header = {"game": game, "version": 1, "players": players, "rules": rules}
        if game == "malacca":
            header.update(captain=self.first, equipment=False)
        header["colours"] = colours
        return header

    def view(self) -> Any:
        """The display's setup view model (display.views.setup.Setup)."""
        from display.views.common import Notice
        from display.views.setup import RuleRow, Setup, SetupPlayer, TableItem

        return Setup(
            step=self.step,
            game=self.game,
            players=tuple(
                SetupPlayer(p, self.colours.get(p, COLOURS[0]), p == self.first)
                for p in self.players
            ),
            lang=self.lang,
            rules=tuple(
                RuleRow(k, self.rules.get(k, allowed[0]), allowed)
                for k, allowed in house_rules(self.game or "")
            ),
            focus=self.focus,
            editing=self.editing,
            field=self.field,
            table=tuple(TableItem(k, self.table.get(k, "")) for k in WIZARDS),
            saved=self.saved,
            notice=Notice(*self.notice) if self.notice else None,
        )


def _langs() -> tuple[str, ...]:
    from ..config import LANGUAGES

    return LANGUAGES
