"""`companion demo --game malacca|digmars` end to end, at the test pace (`--pace action`):
every button press of the shipped game goes through the controller, the rules, the store and
a headless screen; the stored game must be a record that replays to what the end screen shows."""

from __future__ import annotations

from importlib import resources

import pytest

from companion import cli
from companion.records import replay_text
from companion.store import Store
from display.backend import Display
from display.views.digmars import DigMarsBoard
from display.views.malacca import MalaccaFinal

SCRIPTS = {"malacca": "malacca-legal-000", "digmars": "digmars-legal-00"}


@pytest.fixture
def shown(monkeypatch):
    """Every model the demo's Display really drew (a spy: the real show runs)."""
    models: list[object] = []
    real = Display.show

    def spy(self, model):
        models.append(model)
        return real(self, model)

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setattr(Display, "show", spy)
    return models


def _script(game: str) -> str:
    path = f"demo_games/{SCRIPTS[game]}.jsonl"
    return resources.files("companion").joinpath(path).read_text("utf-8")


def _end_screen_summary(model) -> tuple[dict[str, int] | None, list[str]]:
    """(scores, winners) as the end screen shows them (Dig Mars shows only who won: DIG-6
    keeps the points private)."""
    if isinstance(model, MalaccaFinal):
        return {player: coins for _, player, coins in model.ranking}, sorted(model.winners)
    assert isinstance(model, DigMarsBoard) and model.phase == "over", model
    return None, sorted(model.winners)


@pytest.mark.parametrize("game", sorted(SCRIPTS))
def test_demo_plays_the_whole_game_and_stores_a_replayable_record(game, shown, tmp_path, capsys):
    store_path, screens = tmp_path / "demo.sqlite3", tmp_path / "screens"
    argv = ["--store", str(store_path), "demo", "--game", game, "--pace", "action"]
    argv += ["--display", "headless", "--snapshots", str(screens)]

    assert cli.main(argv) == 0
    printed = capsys.readouterr().out

    script = _script(game)
    with Store(store_path) as store:
        (stored,) = store.games()
        record = store.export(stored.id)
    # Every scripted action went in through the buttons, none refused or doubled.
    assert len(record.splitlines()) == len(script.splitlines())
    replayed = replay_text(record)
    assert replayed.exit == 0, replayed.stderr
    result = replayed.stdout
    assert result["over"] is True
    # The record the buttons made is the shipped game: it replays to the very same result.
    assert result == replay_text(script).stdout

    scores, winners = _end_screen_summary(shown[-1])
    assert winners == sorted(result["winners"]) and winners
    if scores is not None:
        assert scores == result["scores"]
    tally = {
        line.split()[0]: int(line.split()[1])
        for line in printed.split("tally:\n", 1)[1].splitlines()
        if line.startswith("  ")
    }
    assert tally == result["scores"]
    # Headless at this pace: the first and the end screen are written as PNGs.
    pngs = sorted(screens.glob("*.png"))
    assert len(pngs) == 2 and pngs[-1].name.endswith(f"{type(shown[-1]).__name__}.png")


def test_demo_pace_is_refused_for_pow(tmp_path, capsys):
    argv = ["--store", str(tmp_path / "s.sqlite3"), "demo", "--pace", "action"]
    assert cli.main(argv) == 1
    assert "--pace is for the scripted games" in capsys.readouterr().err
    assert not (tmp_path / "s.sqlite3").exists()
