"""The setup controller: five inputs and touch → a new game in the store, drawn headless."""

from __future__ import annotations

import os

import pytest

from companion.controllers.setup import SetupController, house_rules
from companion.store import Store


def drive(c: SetupController, *names: str):
    out = None
    for name in names:
        out = c.on_input(name)
    return out


def test_setup_malacca_with_four_players_french_and_a_house_rule_starts_a_game(tmp_path):
    langs = []
    c = SetupController(on_lang=langs.append)
    drive(c, "next", "confirm")  # Malacca
    assert c.step == "players" and c.game == "malacca"
    drive(c, "next", "next", "next", "confirm")  # "Add a player"
    assert c.players == ["Ann", "Ben", "Cai", "Dee"]
    drive(c, "select")  # the new player, Dee -> the next free preset name
    assert c.players[3] == "Eva"
    drive(c, "confirm")  # done: language, highlight on the current one
    assert c.step == "language"
    drive(c, "next", "next", "confirm")  # en -> et -> fr
    assert langs == ["fr"] and c.view().lang == "fr"
    assert [r.key for r in c.view().rules] == ["attack_penalty", "defence_remainder", "wait_order"]
    drive(c, "next", "select")  # MAL-16: defenders' odd coins to the supply
    assert c.view().rules[1].value == "supply"
    drive(c, "confirm")
    header = drive(c, "confirm")
    assert header["rules"] == {"defence_remainder": "supply"}
    assert header["players"] == ["Ann", "Ben", "Cai", "Eva"] and header["captain"] == "Ann"
    store = Store(tmp_path / "games.sqlite")
    try:
        game_id = store.new_game(header)
        assert store.load(game_id).header["game"] == "malacca"
    finally:
        store.close()


def test_setup_pow_by_touch_uses_the_pow_1_rows_and_pow_13_rules(tmp_path):
    c = SetupController()
    drive(c, "option:0", "confirm", "confirm", "option:0", "option:0", "confirm")
    header = drive(c, "confirm")
    assert header["game"] == "pow" and header["rules"] == {"row_positions": "remaining"}
    assert [k for k, _ in house_rules("pow")] == [
        "row_positions",
        "beyond_row",
        "steal_without_target",
    ]
    store = Store(tmp_path / "games.sqlite")
    try:
        store.new_game(header)
    finally:
        store.close()


def test_setup_undo_goes_back_and_removes_players_down_to_the_minimum():
    c = SetupController()
    drive(c, "option:2", "undo")  # Dig Mars; undo on a player removes it (min 2)
    assert c.players == ["Ben", "Cai"]
    drive(c, "undo")  # at the minimum: back to the game step
    assert c.step == "game"
    assert house_rules("digmars") == ()


def test_setup_view_models_draw_headless():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pytest.importorskip("pygame")
    from display.backend import Display

    c = SetupController()
    d = Display(backend="headless", size=(800, 480), lang="en")
    try:
        for name in ("next", "confirm", "confirm", "confirm", "confirm"):
            d.show(c.view())
            c.on_input(name)
        d.show(c.view())
    finally:
        d.close()
