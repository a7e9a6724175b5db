"""`view_for`: the app's controllers (their real UI state) turned into the screens' models."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from companion.controllers import Status, digmars, malacca
from companion.controllers.pow import PowController
from companion.games import Game, engine_for
from display import screens
from display.build import view_for
from display.views.digmars import DigMarsBoard
from display.views.malacca import MalaccaRound
from display.views.pow import DiceWhy, PowTurn

RECORDS = Path(__file__).resolve().parents[1] / "records"


def start(record: str, upto: int) -> Game:
    lines = [json.loads(x) for x in (RECORDS / record).read_text().splitlines() if x.strip()]
    game = Game.start(engine_for(lines[0]["game"]), lines[0])
    for action in lines[1 : upto + 1]:
        game.play(action)
    return game


def draw(model):
    frame = screens.render(pygame.Surface((800, 480)), model, "et")
    assert frame.overflows == [] and frame.missing == []
    return frame


def test_pow_controller_state_reaches_the_screen():
    game = start("pow-legal-000.jsonl", 1)
    ctl = PowController()
    ctl.on_input("next", game)
    model = view_for(ctl, game, Status("sim", "keys", banner="Camera lost"))
    assert isinstance(model, PowTurn) and model.focus == 1 and model.banner == "Camera lost"
    ctl.on_input("select", game)  # manual dice entry
    model = view_for(ctl, game, Status("sim", "keys"))
    assert model.manual is not None and len(model.manual) == 5
    draw(model)


def test_pow_dice_why_reaches_the_screen_as_plain_data():
    from vision.stability import Why

    game = start("pow-legal-000.jsonl", 1)
    ctl = PowController()
    ctl.on_dice_why(Why("cut", 5, 5))
    model = view_for(ctl, game, Status("sim", "keys"))
    assert model.dice_why == DiceWhy("cut", 5, 5) and type(model.dice_why) is DiceWhy
    assert "Pildi serv lõikab täringut — nihuta see sissepoole" in draw(model).texts
    ctl.on_dice_why(None)
    assert view_for(ctl, game, Status("sim", "keys")).dice_why is None


def test_malacca_form_being_filled_reaches_the_screen():
    game = start("malacca-legal-000.jsonl", 1)  # the ship is in: the reveal is next
    ctl = malacca.controller()
    ctl.on_input("confirm", game)  # open the reveal form
    ctl.on_input("previous", game)  # Jon (captain): trade
    model = view_for(ctl, game, Status("sim", "keys"))
    assert isinstance(model, MalaccaRound) and model.entry is not None
    assert model.entry.player == "Jon" and model.entry.field == "card"
    assert next(c for c in model.entry.cells if c.player == "Jon").card == "trade"
    draw(model)


def test_digmars_forms_reach_the_screen():
    game = start("digmars-legal-00.jsonl", 20)
    ctl = digmars.controller()
    model = view_for(ctl, game, None)
    assert isinstance(model, DigMarsBoard) and model.choices
    draw(model)
