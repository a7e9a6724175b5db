"""Sample view models of every screen, for `companion screens`, the benchmark and the tests.

They are the shapes the app builds mid-game (values in the style of shared/examples); the
tests also build models from real records through the engines (display/build.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from companion.games import Game, engine_for

from .build import digmars as build_digmars
from .build import malacca as build_malacca
from .views import pow as P
from .views.common import Notice


@dataclass
class _Field:
    """A form field as the controllers hold it (key, choices, index)."""

    key: str
    choices: tuple
    index: int = 0

    @property
    def value(self) -> Any:
        return self.choices[self.index]


@dataclass
class _Form:
    record: dict = field(default_factory=dict)
    fields: list = field(default_factory=list)

    def action(self) -> dict:
        return self.record


MALACCA_HEADER = {
    "game": "malacca",
    "version": 1,
    "players": ["Hal", "Dee", "Jon", "Kai"],
    "captain": "Jon",
    "captains": {
        "Hal": "Rodrigo Orgonez",
        "Dee": "Laskarina",
        "Jon": "Pierre Le Picard",
        "Kai": "Henry Morgan",
    },
    "equipment": True,
    "rules": {},
}
MALACCA_ROUNDS = [
    {"type": "ship", "value": 6},
    {
        "type": "reveal",
        "cards": {
            "Hal": {"card": "trade", "bet": 0},
            "Dee": {"card": "trade", "bet": 1},
            "Jon": {"card": "trade", "bet": 0},
            "Kai": {"card": "trade", "bet": 5},
        },
    },
    {"type": "settle"},
    {"type": "buy_item", "player": "Kai", "item": "attack"},
    {"type": "ship", "value": 12},
    {
        "type": "reveal",
        "cards": {
            "Hal": {"card": "attack", "bet": 2},
            "Dee": {"card": "wait-attack-defend", "bet": 3},
            "Jon": {"card": "defend", "bet": 1},
            "Kai": {"card": "attack", "bet": 1},
        },
    },
    {"type": "wait", "player": "Dee", "as": "defend"},
]


def malacca_game(upto: int) -> Game:
    game = Game.start(engine_for("malacca"), MALACCA_HEADER)
    for action in MALACCA_ROUNDS[:upto]:
        game.play(action)
    return game


def malacca_final() -> Game:
    """Twelve rounds: trade, attack, defend in turn, so every payout kind shows."""
    game = Game.start(engine_for("malacca"), {**MALACCA_HEADER, "equipment": False})
    names = MALACCA_HEADER["players"]
    plays = [
        ("trade", "trade", "defend", "attack"),
        ("attack", "attack", "defend", "trade"),
        ("defend", "trade", "attack", "attack"),
    ]
    for r in range(12):
        game.play({"type": "ship", "value": 4 + r % 7})
        coins = game.engine.public_view(game.state)["coins"]
        cards = plays[r % 3]
        game.play(
            {
                "type": "reveal",
                "cards": {
                    p: {"card": cards[(i + r) % 4], "bet": min(coins[p], (i + r) % 3)}
                    for i, p in enumerate(names)
                },
            }
        )
        game.play({"type": "settle"})
    return game


def malacca_samples() -> dict[str, object]:
    reveal_fields = []
    cards = (
        "attack",
        "defend",
        "trade",
        "attack+2",
        "defend+2",
        "trade-x2",
        "wait-attack-defend",
        "wait-defend-trade",
    )
    entered = {"Kai": ("defend", 2), "Hal": ("attack", 1)}
    for p in ("Kai", "Hal", "Dee", "Jon"):
        card, bet = entered.get(p, ("attack", 0))
        choices = cards if p == "Dee" else cards[:3]
        reveal_fields.append(_Field(f"{p}.card", choices, choices.index(card)))
        reveal_fields.append(_Field(f"{p}.bet", tuple(range(11)), bet))
    reveal = _Form(fields=reveal_fields)
    ship_form = _Form(fields=[_Field("value", tuple(range(1, 31)), 7)])
    g_ship = malacca_game(3)
    buy = [_Form({"type": "buy_item", "player": "Kai", "item": i}) for i in ("attack", "defend")]
    return {
        "malacca-ship": build_malacca.view(g_ship, [*buy, ship_form], focus=2),
        "malacca-ship-entry": build_malacca.view(malacca_game(4), [ship_form], editing=ship_form),
        "malacca-reveal-card": build_malacca.view(
            malacca_game(5), [reveal], editing=reveal, field=4
        ),
        "malacca-reveal-bet": build_malacca.view(
            malacca_game(5), [reveal], editing=reveal, field=3
        ),
        "malacca-wait": build_malacca.view(
            malacca_game(6),
            [
                _Form({"type": "wait", "player": "Dee", "as": "attack"}),
                _Form({"type": "wait", "player": "Dee", "as": "defend"}),
            ],
            focus=1,
        ),
        "malacca-settle": build_malacca.view(malacca_game(7), [_Form({"type": "settle"})]),
        "malacca-error": build_malacca.view(
            malacca_game(5),
            [reveal],
            editing=reveal,
            field=1,
            notice=Notice("MAL-7", "Kai bets 12 silver but has only 10"),
        ),
        "malacca-final": build_malacca.view(malacca_final()),
    }


def pow_samples() -> dict[str, object]:
    seats = (
        P.Seat("Ann", P.StackTop(3, 5), P.StackTop(2, -1)),
        P.Seat("Ben", P.StackTop(1, 6), P.StackTop(0, None)),
        P.Seat("Cy", P.StackTop(0, None), P.StackTop(4, -3)),
        P.Seat("Dana", P.StackTop(2, 2), P.StackTop(1, -2)),
    )
    heroes = (3, 1, 4, 1, 5, 2, 6, 2)
    villains = (-2, -1, -4, -1, -2, -1, -3)
    opts = (
        P.Option("hero", "heroes", 2, 1),
        P.Option("villain", "villains", 1, -2),
        P.Option("steal", "heroes", 1, 6, victim="Ben"),
        P.Option("steal", "heroes", 1, 5, victim="Ann"),
    )
    turn = P.PowTurn(
        seats=seats,
        current=3,
        heroes=heroes,
        villains=villains,
        kept=("bubble-blue", "bubble-blue"),
        rolled=("shield", "skull", "bubble-blue"),
        rolls_left=1,
        options=opts,
        focus=0,
        odds=(P.Odds("hero", 3, 0.56), P.Odds("villain", 2, 0.56), P.Odds("steal-hero", 4, 0.31)),
    )
    start = P.PowTurn(
        seats=seats, current=0, heroes=heroes, villains=villains, kept=(), rolled=(), rolls_left=3
    )
    steal4 = P.PowTurn(
        seats=seats,
        current=1,
        heroes=heroes,
        villains=villains,
        kept=("bubble-orange", "bubble-orange"),
        rolled=("bubble-orange", "bubble-orange", "shield"),
        rolls_left=0,
        options=(P.Option("hero", "heroes", 1, 3),)
        + tuple(
            P.Option("steal", "villains", k, -3 if k == 1 else None, victim="Cy")
            for k in range(1, 5)
        ),
        focus=3,
    )
    forced = P.PowTurn(
        seats=seats,
        current=2,
        heroes=(),
        villains=(-1, -4),
        kept=(),
        rolled=("bubble-blue", "bubble-blue", "bubble-orange", "bubble-orange", "bubble-blue"),
        rolls_left=0,
        options=(P.Option("forced", "villains", 2, -4),),
        event=P.Event("forced", "Cy", "villains", -4),
    )
    stolen = P.PowTurn(
        seats=seats,
        current=0,
        heroes=heroes,
        villains=villains,
        kept=(),
        rolled=(),
        rolls_left=3,
        event=P.Event("steal", "Dana", "heroes", 6, victim="Ben"),
    )
    error = P.PowTurn(
        seats=seats,
        current=0,
        heroes=heroes,
        villains=villains,
        kept=(),
        rolled=("shield", "shield", "skull", "skull", "bubble-orange"),
        rolls_left=2,
        options=(P.Option("hero", "heroes", 2, 1), P.Option("villain", "villains", 2, -1)),
        notice=Notice("POW-6", "set aside at least one die before rolling again"),
    )
    tally = P.PowTally(
        seats=(
            P.TallySeat("Ann", (3, 4, 1, 5), (2,), (-1, -2, -1, -3), 4),
            P.TallySeat("Ben", (6, 2), (), (-4, -2, -1), 1),
            P.TallySeat("Cy", (1, 5, 6), (4, 2), (-1, -2, -1), 8),
            P.TallySeat("Dana", (2, 3), (), (-1, -2), 2),
        ),
        winners=("Cy",),
        history=(
            ("Ann", (0, 3, 3, 1, 4, 4, 6, 4)),
            ("Ben", (0, 0, 6, 6, 4, 2, 2, 1)),
            ("Cy", (0, 1, 1, 5, 5, 9, 10, 8)),
            ("Dana", (0, 2, 2, 2, 1, 3, 2, 2)),
        ),
    )
    manual = P.PowTurn(
        seats=seats,
        current=1,
        heroes=heroes,
        villains=villains,
        kept=("shield",),
        rolled=("shield", "skull", "skull", "bubble-blue"),
        rolls_left=1,
        manual=(
            ("shield", True),
            ("shield", False),
            ("skull", False),
            ("bubble-orange", False),
            ("bubble-blue", False),
        ),
        manual_focus=3,
        banner="Camera lost: enter the dice by hand",
    )
    # The camera asks (issue #6): a cocked die while the next player rolls, over the steal
    # just shown; a pile not found at all, over the last roll.
    cocked = replace(stolen, dice_why=P.DiceWhy("cocked", 4, 5))
    short = replace(error, notice=None, dice_why=P.DiceWhy("count", 3, 5))
    return {
        "pow-start": start,
        "pow-dice-cocked": cocked,
        "pow-dice-short": short,
        "pow-manual": manual,
        "pow-choose": turn,
        "pow-steal-any": steal4,
        "pow-forced": forced,
        "pow-stolen": stolen,
        "pow-error": error,
        "pow-tally": tally,
    }


DIGMARS_HEADER = {"game": "digmars", "version": 1, "players": ["Jüri", "Dee", "Ben"], "rules": {}}
_SOIL = [2, 1, 1, 2, 1, 2, 2, 1, 1, 1, 1, 1, 2, 2, 4, 3]
DIGMARS_PLAY = [
    *({"type": "soil", "at": [i // 4, i % 4], "dig": d} for i, d in enumerate(_SOIL)),
    {"type": "place", "player": "Jüri", "at": [2, 2]},
    {"type": "place", "player": "Dee", "at": [1, 0]},
    {"type": "place", "player": "Ben", "at": [0, 0]},
    {"type": "dig", "player": "Jüri", "at": [2, 2], "transport": 3, "points": 4, "bonus": None},
    {"type": "move", "player": "Jüri", "from": [2, 2], "to": [2, 3]},
    {"type": "dig", "player": "Jüri", "at": [2, 3], "transport": 3, "points": 4, "bonus": None},
    {"type": "end_turn"},
    {"type": "move", "player": "Dee", "from": [1, 0], "to": [0, 0]},
    {
        "type": "dig",
        "player": "Dee",
        "at": [0, 0],
        "transport": 4,
        "points": 5,
        "bonus": "extra-dig",
    },
]


def digmars_game(upto: int) -> Game:
    game = Game.start(engine_for("digmars"), DIGMARS_HEADER)
    for action in DIGMARS_PLAY[:upto]:
        game.play(action)
    return game


def _digmars_forms(game: Game, limit: int = 12) -> list:
    from companion.games.digmars import options

    return [_Form(o.record()) for o in options(game.state)[:limit]]


def digmars_samples() -> dict[str, object]:
    setup = digmars_game(16)
    play = digmars_game(len(DIGMARS_PLAY))
    dig_form = _Form(
        {"type": "dig", "player": "Dee", "at": [0, 0]},
        [
            _Field("transport", tuple(range(1, 9)), 2),
            _Field("points", tuple(range(11)), 4),
            _Field("bonus", (None, "extra-dig", "relocate"), 1),
        ],
    )
    dig_form.record = {"type": "dig", "player": "Dee", "at": [0, 0]}
    return {
        "digmars-setup": build_digmars.view(setup, _digmars_forms(setup)),
        "digmars-turn": build_digmars.view(play, _digmars_forms(play), focus=0, cursor=(0, 0)),
        "digmars-dig-entry": build_digmars.view(
            digmars_game(len(DIGMARS_PLAY) - 1), [dig_form], editing=dig_form, field=1
        ),
        "digmars-private": build_digmars.view(play, _digmars_forms(play), asking="Jüri"),
        "digmars-error": build_digmars.view(
            play,
            _digmars_forms(play),
            focus=2,
            notice=Notice("DIG-5", "Dee's dig level 1 is below the difficulty 2 there"),
        ),
    }


def _table_picture(size: tuple[int, int] = (320, 240)) -> bytes:
    """A stand-in camera frame for the wizard samples: felt and five white dice."""
    import pygame

    surf = pygame.Surface(size)
    surf.fill((30, 90, 50))
    for k in range(5):
        pygame.draw.rect(
            surf, (240, 240, 235), (30 + k * 56, 100 + (k % 2) * 30, 34, 34), border_radius=5
        )
    return pygame.image.tobytes(surf, "RGB")


def setup_samples() -> dict[str, object]:
    from .views.setup import RuleRow, SeenDie, Setup, SetupPlayer, TableItem, Wizard

    players = (
        SetupPlayer("Märt", "red", starts=True),
        SetupPlayer("Lucie", "blue"),
        SetupPlayer("Ben", "green"),
        SetupPlayer("Tiina", "yellow"),
    )
    rules = (
        RuleRow("row_positions", "remaining", ("remaining", "as_laid_out")),
        RuleRow("beyond_row", "last_tile", ("unavailable", "last_tile")),
        RuleRow("steal_without_target", "unavailable", ("unavailable", "first_in_row")),
    )
    seen = tuple(
        SeenDie(
            0.15 + k * 0.17,
            0.5 + (k % 2) * 0.12,
            "skull" if k != 3 else None,
            0.97 if k != 3 else 0.41,
        )
        for k in range(5)
    )
    return {
        "setup-game": Setup("game", "pow", players, "en", focus=0),
        "setup-table": Setup(
            "table",
            "pow",
            players,
            "en",
            focus=1,
            table=(
                TableItem("buttons", "GPIO 19, 5, 6, 13, 26"),
                TableItem("dice", ""),
                TableItem("rows", "tiles-profile.npz"),
            ),
            saved="buttons",
        ),
        # The dice teach wizard done, one die of its pictures left out (cut off its top).
        "setup-table-teach-left-out": Setup(
            "table",
            "pow",
            players,
            "en",
            focus=1,
            table=(
                TableItem("buttons", "GPIO 19, 5, 6, 13, 26"),
                TableItem("dice", "dice-profile.npz"),
                TableItem("rows", ""),
            ),
            saved="dice",
            notice=Notice(
                "TEACH",
                "the teach left out 1 die cut off its top: skull (teach-0.png); if those "
                "faces read poorly, teach the dice again",
            ),
        ),
        "setup-players": Setup("players", "pow", players, "en", focus=2),
        "setup-players-edit": Setup(
            "players",
            "malacca",
            tuple(
                SetupPlayer(n, c, starts=n == "Lucie")
                for n, c in zip(
                    ("Märt", "Lucie", "Ben", "Tiina", "Ann", "Cai", "Dee", "Eva"),
                    ("red", "blue", "green", "yellow", "purple", "white", "orange", "black"),
                    strict=True,
                )
            ),
            "en",
            editing=1,
            field=1,
        ),
        "setup-language": Setup("language", "pow", players, "fa", focus=3),
        "setup-rules": Setup("rules", "pow", players, "en", rules, focus=1),
        "setup-start": Setup("start", "pow", players, "en", rules),
        "setup-start-malacca": Setup(
            "start",
            "malacca",
            (SetupPlayer("Märt", "red"), players[1], SetupPlayer("Ben", "green", True), players[3]),
            "en",
        ),
        "wizard-dice": Wizard(
            "dice",
            1,
            4,
            face="skull",
            seen=seen,
            captured=("shield",),
            camera=_table_picture(),
            camera_size=(320, 240),
        ),
        "wizard-dice-nocamera": Wizard("dice", 0, 4, face="shield"),
        "wizard-rows": Wizard(
            "rows",
            0,
            1,
            heroes=(3, 1, 4, 1, 5, 2, 6, 2, 3, 4, 5, 6),
            villains=(-2, -1, -4, None, -2, -1, -3, -1, -1, -2, -3, -1),
            row_focus=("villains", 3),
        ),
        "wizard-buttons": Wizard(
            "buttons", 2, 5, target="select", mapped=(("next", "GPIO 5"), ("previous", "GPIO 6"))
        ),
    }


def all_samples() -> dict[str, object]:
    out: dict[str, object] = {}
    out.update(pow_samples())
    out.update(malacca_samples())
    out.update(digmars_samples())
    out.update(setup_samples())
    return out
