"""Malacca and Dig Mars entered by buttons: the shipped example games, press by press."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.controllers import digmars, malacca
from companion.controllers.forms import inputs_for
from companion.games import Game, engine_for
from companion.records import replay_text, result_json

RECORDS = Path(__file__).resolve().parents[2] / "records"


def _play_by_buttons(record: str, controller):
    lines = (RECORDS / f"{record}.jsonl").read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    game = Game.start(engine_for(header["game"]), header)
    presses = 0
    for line in lines[1:]:
        target = json.loads(line)
        keys = inputs_for(controller, game, target)
        entered = []
        for key in keys:
            if key == "undo":
                controller.on_undo()
                entered.append({"type": "undo"})
            else:
                entered += controller.on_input(key, game)
        presses += len(keys)
        assert len(entered) == 1, (target, keys)
        if target["type"] != "undo":
            assert game.preview(entered[0]) == game.preview(target), (target, entered)
        game.play(entered[0])
    expected = json.loads((RECORDS / f"{record}.expected.json").read_text(encoding="utf-8"))
    # The same game as replaying the record file, and the shipped expected outcome.
    text = (RECORDS / f"{record}.jsonl").read_text(encoding="utf-8")
    assert result_json(game) == result_json(replay_text(text).game)
    out, want = result_json(game), expected["stdout"]
    assert (out["over"], out["scores"], out["winners"]) == (
        want["over"],
        want["scores"],
        want["winners"],
    )
    return presses


@pytest.mark.parametrize("record", ["malacca-legal-000", "malacca-legal-001"])
def test_malacca_example_games_entered_by_buttons(record):
    assert _play_by_buttons(record, malacca.controller()) > 0


@pytest.mark.parametrize("record", ["digmars-legal-00", "digmars-legal-01"])
def test_digmars_example_games_entered_by_buttons(record):
    assert _play_by_buttons(record, digmars.controller()) > 0


def test_mal_7_reveal_form_starts_with_the_captain_and_player_keys_jump():
    header = json.loads((RECORDS / "malacca-legal-000.jsonl").read_text().splitlines()[0])
    game = Game.start(engine_for("malacca"), header)
    c = malacca.controller()
    game.play({"type": "ship", "value": 7})
    forms = c.forms(game)
    assert [f.label for f in forms] == ["reveal"]
    captain = header["captain"]
    assert forms[0].fields[0].player == captain
    c.on_input("confirm", game)
    assert c.editing is not None
    c.on_input("player:1", game)
    assert c.editing.fields[c.field].player == header["players"][1]
    c.on_input("next", game)  # the card of player 1 changes
    assert c.editing.fields[c.field].index == 1


def test_a_touch_on_a_form_without_fields_enters_it():
    header = {"game": "digmars", "version": 1, "players": ["Ann", "Ben"]}
    game = Game.start(engine_for("digmars"), header)
    c = digmars.controller()
    labels = [f.label for f in c.forms(game)]
    place = labels.index("Ann: place 1,1")
    assert c.on_input(f"option:{place}", game) == [{"type": "place", "player": "Ann", "at": [0, 0]}]
