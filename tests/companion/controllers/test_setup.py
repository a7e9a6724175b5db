"""The setup controller: five inputs and touch → a new game in the store, drawn headless."""

from __future__ import annotations

import os

import pytest

from companion.controllers.setup import SetupController, house_rules
from companion.games import Game, engine_for
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
    drive(c, "select", "next")  # the new player's editor: Dee -> the next free preset name
    assert c.players[3] == "Eva"
    drive(c, "confirm", "confirm")  # editor closed; done: language, highlight on the current one
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
    assert header["colours"] == {"Ann": "red", "Ben": "blue", "Cai": "green", "Eva": "yellow"}
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


def test_setup_players_editor_sets_colour_seat_and_who_starts_by_buttons_alone():
    c = SetupController()
    drive(c, "option:2")  # Dig Mars: 4 colours of stations (DIG-1)
    assert c.step == "players" and c.view().players[0].starts
    drive(c, "next", "select")  # Ben's editor, on his name
    assert c.view().editing == 1
    drive(c, "select", "next")  # colour: blue -> green, which Cai held: the two swap
    assert c.colours == {"Ann": "red", "Ben": "green", "Cai": "blue"}
    drive(c, "next", "next")  # -> yellow (free), -> red (Ann's): swap again
    assert c.colours == {"Ann": "yellow", "Ben": "red", "Cai": "blue"}
    drive(c, "next")  # DIG-1: only 4 colours; after the last comes the first
    assert c.colours["Ben"] == "blue" and c.colours["Cai"] == "red"
    drive(c, "select", "next")  # seat: Ben moves one seat on, past Cai
    assert c.players == ["Ann", "Cai", "Ben"] and c.view().editing == 2
    drive(c, "select", "next")  # starts: Ben starts (DIG-18)
    assert c.first == "Ben" and [p.starts for p in c.view().players] == [False, False, True]
    drive(c, "confirm")  # editor closed on Ben
    assert c.view().editing is None and c.focus == 2
    header = drive(c, "confirm", "confirm", "confirm", "confirm")
    # DIG-18: the first player named starts; the seating (clockwise) is kept around the table
    assert header["players"] == ["Ben", "Ann", "Cai"]
    assert header["colours"] == {"Ben": "blue", "Ann": "yellow", "Cai": "red"}
    game = Game.start(engine_for("digmars"), header)
    assert game.engine.public_view(game.state)["to_act"] == "Ben"


def test_setup_pow_4_the_starter_is_first_in_the_header_and_moves_with_previous():
    c = SetupController()
    drive(c, "option:0", "previous", "previous", "select")  # POW; Cai's editor (3rd seat)
    drive(c, "select", "select", "select", "next")  # the "starts" field: Cai starts (POW-4)
    assert c.first == "Cai"
    drive(c, "previous")  # Cai already starts: previous passes it back a seat, to Ben
    assert c.first == "Ben"
    drive(c, "next")
    drive(c, "confirm", "confirm", "confirm", "confirm")
    header = drive(c, "confirm")
    assert header["players"] == ["Cai", "Ann", "Ben"]
    assert header["colours"] == {"Cai": "green", "Ann": "red", "Ben": "blue"}
    game = Game.start(engine_for("pow"), header)  # the engine takes the header
    assert game.engine.public_view(game.state)["to_play"] == "Cai"


def test_setup_mal_7_the_malacca_starter_is_the_first_captain_seats_unchanged(tmp_path):
    c = SetupController()
    drive(c, "option:1", "next", "select", "select", "select", "select", "next", "confirm")
    assert c.first == "Ben"
    header = drive(c, "confirm", "confirm", "confirm", "confirm")
    assert header["players"] == ["Ann", "Ben", "Cai"] and header["captain"] == "Ben"
    store = Store(tmp_path / "games.sqlite")
    try:
        game_id = store.new_game(header)
        loaded = store.load(game_id)
        assert loaded.header["colours"]["Ben"] == "blue"  # display-only, kept in the record
        assert loaded.state.captain == 1  # the engine's first captain is Ben's seat
    finally:
        store.close()


def test_setup_players_editor_undo_closes_it_unchanged():
    c = SetupController()
    drive(c, "option:1", "select", "next", "select", "next", "select", "next")
    assert c.players != ["Ann", "Ben", "Cai"] or c.colours["Ann"] != "red"
    drive(c, "undo")
    assert c.view().editing is None
    assert c.players == ["Ann", "Ben", "Cai"] and c.colours["Ann"] == "red" and c.first == "Ann"
    assert c.step == "players"  # undo closed the editor, it did not leave the step


def test_setup_players_editor_fields_by_touch():
    c = SetupController()
    drive(c, "option:2", "option:1")  # a touch on Ben opens his editor
    assert c.view().editing == 1
    drive(c, "option:3", "next")  # a touch on the "starts" field, then next
    assert c.first == "Ben"
    drive(c, "option:0", "next")  # the name field
    assert c.players[1] == "Dee"


def test_setup_colours_follow_the_game_palette_when_the_game_changes():
    c = SetupController()
    drive(c, "option:1")  # Malacca: up to 8 players, 8 screen colours
    for _ in range(5):
        drive(c, "option:" + str(len(c.players)))  # touch "Add a player"
    assert len(c.players) == 8 and len(set(c.colours.values())) == 8
    drive(c, "previous", "undo", "undo", "undo")  # undo on a player removes it: 5 left
    assert len(c.players) == 5
    # on to the language, back to players; undo on "Add a player" goes back to the games
    drive(c, "confirm", "undo", "previous", "undo")
    assert c.step == "game"
    drive(c, "option:2")  # Dig Mars: at most 4 players, colours from its 4 (DIG-1)
    assert len(c.players) <= 4
    assert set(c.colours.values()) <= {"red", "blue", "green", "yellow"}
    assert len(set(c.colours.values())) == len(c.players)


def test_setup_table_menu_opens_each_wizard_and_comes_back():
    from companion.controllers.setup import WIZARDS, OpenWizard

    c = SetupController(table={"dice": "dice-profile.npz"})
    drive(c, "previous")  # the game list wraps to "Table setup"
    assert drive(c, "confirm") is None and c.step == "table"
    assert [(t.kind, t.detail) for t in c.view().table] == [
        ("buttons", ""),
        ("dice", "dice-profile.npz"),
        ("rows", ""),
    ]
    for k, kind in enumerate(WIZARDS):
        assert drive(c, "option:" + str(k)) == OpenWizard(kind)
        c.wizard_done(kind, saved=True, detail=f"{kind}-saved")
        assert c.step == "table" and c.focus == k and c.view().saved == kind
    assert c.table == {k: f"{k}-saved" for k in WIZARDS}
    drive(c, "undo")
    assert c.step == "game" and c.focus == 3  # back on "Table setup"
