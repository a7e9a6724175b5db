"""Malacca's forms (MAL-6/7/23): the ship's cargo, items to buy, the reveal (each player's card
and bet, captain first), wait-card decisions and the settlement — all from buttons or touch."""

from __future__ import annotations

from typing import Any

from ..games import Game
from ..games.malacca import legal
from .forms import Field, Form, FormController

# MAL-1: printed cargo is 3..13 silver by reviewers' accounts; the table may enter any value.
SHIP_VALUES = tuple(range(1, 31))
DEFAULT_SHIP = SHIP_VALUES.index(8)


def forms(game: Game) -> list[Form]:
    state = game.state
    if game.summary().over:
        return []
    can = legal(state)
    players: list[str] = list(game.header["players"])
    out: list[Form] = []
    for action in can["actions"]:
        if action == "ship":
            out.append(
                Form(
                    "ship",
                    lambda v: {"type": "ship", "value": v["value"]},
                    [Field("value", "cargo", SHIP_VALUES, DEFAULT_SHIP)],
                )
            )
        elif action == "buy_item":
            for item in can["buy_items"]:
                out.append(
                    Form(
                        f"buy {item}",
                        lambda v, b=can["buyer"], i=item: {
                            "type": "buy_item",
                            "player": b,
                            "item": i,
                        },
                    )
                )
        elif action == "reveal":
            captain = _captain(game)
            order = players[captain:] + players[:captain]  # MAL-7: captain first, clockwise
            fields: list[Field] = []
            for p in order:
                fields.append(
                    Field(
                        f"{p}.card",
                        f"{p}: card",
                        tuple(can["cards"][p]),
                        player=p,
                        path=("cards", p, "card"),
                    )
                )
                fields.append(
                    Field(
                        f"{p}.bet",
                        f"{p}: bet",
                        tuple(range(can["max_bet"][p] + 1)),
                        player=p,
                        path=("cards", p, "bet"),
                    )
                )
            out.append(Form("reveal", _reveal, fields))
        elif action == "wait":
            for p, choices in can["waits"].items():
                for choice in choices:
                    out.append(
                        Form(
                            f"{p}: {choice}",
                            lambda v, p=p, c=choice: {"type": "wait", "player": p, "as": c},
                        )
                    )
        elif action == "settle":
            out.append(Form("settle", lambda v: {"type": "settle"}))
    return out


def _captain(game: Game) -> int:
    view = game.engine.public_view(game.state)
    return list(game.header["players"]).index(view["captain"])


def _reveal(values: dict[str, Any]) -> dict[str, Any]:
    cards: dict[str, dict[str, Any]] = {}
    for key, value in values.items():
        player, _, what = key.rpartition(".")
        cards.setdefault(player, {})[what] = value
    return {"type": "reveal", "cards": cards}


def controller() -> FormController:
    return FormController("malacca", forms)
