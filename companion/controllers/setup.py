"""The setup screen's state machine: game, players, language, house rules → a new game header.

Driven by the five logical inputs and touch only, like every screen. In each step next/previous
move the highlight and confirm takes it and goes on; undo goes back a step. Players: select on
a player gives the next free name of the preset list, confirm on "Add a player" adds one, undo
on a player (when more than the game's minimum) removes it, confirm elsewhere goes on. House
rules come from each engine's own documented table (POW-13, MAL-13/16/23); select (or a touch)
steps the highlighted rule's value. The language applies at once through `on_lang`.
`on_input` answers the new game's header (records.md) when the table confirms Start.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import option_index

GAMES = ("pow", "malacca", "digmars")
STEPS = ("game", "players", "language", "rules", "start")
PLAYER_RANGE = {"pow": (2, 5), "malacca": (2, 8), "digmars": (2, 4)}
PRESET_NAMES = ("Ann", "Ben", "Cai", "Dee", "Eva", "Fox", "Gus", "Hal", "Ida", "Jon")
COLOURS = ("red", "blue", "green", "yellow", "purple", "white", "orange", "black")  # theme keys


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
    def __init__(self, lang: str = "en", on_lang: Callable[[str], None] | None = None):
        self.step = "game"
        self.game: str | None = None
        self.players: list[str] = list(PRESET_NAMES[:3])
        self.lang = lang
        self.on_lang = on_lang
        self.rules: dict[str, str] = {}
        self.focus = 0

    # -- inputs -----------------------------------------------------------------------------
    def on_input(self, name: str) -> dict[str, Any] | None:
        n = option_index(name)
        if name == "undo" and not (self.step == "players" and self._remove()):
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

    def _rows(self) -> int:
        return {
            "game": len(GAMES),
            "players": len(self.players) + 1,
            "language": len(_langs()),
            "rules": len(house_rules(self.game or "")),
            "start": 0,
        }[self.step]

    def _go(self, step: str) -> None:
        self.step, self.focus = step, 0

    def _remove(self) -> bool:
        low, _ = PLAYER_RANGE[self.game or "pow"]
        if self.focus < len(self.players) and len(self.players) > low:
            self.players.pop(self.focus)
            self.focus = min(self.focus, len(self.players) - 1)
            return True
        return False

    def _select(self) -> None:
        if self.step == "players" and self.focus < len(self.players):
            free = [p for p in PRESET_NAMES if p not in self.players]
            now = self.players[self.focus]
            after = [p for p in free if PRESET_NAMES.index(p) > PRESET_NAMES.index(now)]
            self.players[self.focus] = (after or free or [now])[0]
        elif self.step == "rules":
            key, allowed = house_rules(self.game or "")[self.focus]
            value = self.rules.get(key, allowed[0])
            self.rules[key] = allowed[(allowed.index(value) + 1) % len(allowed)]

    def _confirm(self) -> dict[str, Any] | None:
        if self.step == "game":
            game = GAMES[self.focus]
            if game != self.game:
                self.game, self.rules = game, {}
                low, high = PLAYER_RANGE[game]
                self.players = (
                    self.players[:high]
                    + [p for p in PRESET_NAMES if p not in self.players][
                        : max(0, low - len(self.players))
                    ]
                )
            self._go("players")
        elif self.step == "players":
            high = PLAYER_RANGE[self.game or "pow"][1]
            if self.focus == len(self.players) and len(self.players) < high:
                self.players.append(next(p for p in PRESET_NAMES if p not in self.players))
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

    # -- out --------------------------------------------------------------------------------
    def header(self) -> dict[str, Any]:
        """The new game's header (records.md); its rules engine checks it when it is stored."""
        game = self.game or "pow"
        rules = {k: v for k, v in self.rules.items()}
        if game == "pow":
            from ..wiring import pow_header

            return pow_header(self.players, rules=rules)  # the POW-1 rows; the rows wizard corrects
        header: dict[str, Any] = {
            "game": game,
            "version": 1,
            "players": list(self.players),
            "rules": rules,
        }
        if game == "malacca":
            header.update(captain=self.players[0], equipment=False)
        return header

    def view(self) -> Any:
        """The display's setup view model (display.views.setup.Setup)."""
        from display.views.setup import RuleRow, Setup, SetupPlayer

        return Setup(
            step=self.step,
            game=self.game,
            players=tuple(
                SetupPlayer(p, COLOURS[k % len(COLOURS)]) for k, p in enumerate(self.players)
            ),
            lang=self.lang,
            rules=tuple(
                RuleRow(k, self.rules.get(k, allowed[0]), allowed)
                for k, allowed in house_rules(self.game or "")
            ),
            focus=self.focus,
        )


def _langs() -> tuple[str, ...]:
    from ..config import LANGUAGES

    return LANGUAGES
