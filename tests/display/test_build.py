"""Builders over the real engines: every state of the shipped example records becomes a view
model the screens draw without overflow or tofu; hidden information never reaches a screen."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pygame
import pytest

from companion.games import Game, engine_for
from display import screens
from display.build import digmars as build_digmars
from display.build import malacca as build_malacca
from display.build import pow as build_pow
from display.views.common import Notice

RECORDS = Path(__file__).resolve().parents[1] / "records"


def states(name: str):
    """Every game position of a legal record, as the Game the app holds."""
    lines = [json.loads(x) for x in (RECORDS / name).read_text().splitlines() if x.strip()]
    game = Game.start(engine_for(lines[0]["game"]), lines[0])
    yield dataclasses.replace(game, log=list(game.log), in_force=list(game.in_force))
    for action in lines[1:]:
        game.play(action)
        yield dataclasses.replace(game, log=list(game.log), in_force=list(game.in_force))


def draw(model, lang="en", size=(800, 480)):
    frame = screens.render(pygame.Surface(size), model, lang)
    assert frame.overflows == [], frame.overflows
    assert frame.missing == [], frame.missing
    return frame


@pytest.mark.parametrize("record", ["pow-legal-000.jsonl", "pow-legal-001.jsonl"])
def test_pow_every_position_of_a_record_draws(record):
    kinds = set()
    for i, game in enumerate(states(record)):
        model = build_pow.view(game, focus=i % 3)
        kinds.add(type(model).__name__)
        draw(model, ("en", "et", "fr", "fa")[i % 4])
    assert kinds == {"PowTurn", "PowTally"}


def _covered_values_changed(state):
    """The same state with every covered stack tile (not the top) replaced by 77."""
    stacks = tuple(
        dataclasses.replace(
            s,
            heroes=tuple(77 for _ in s.heroes[:-1]) + s.heroes[-1:],
            villains=tuple(-77 for _ in s.villains[:-1]) + s.villains[-1:],
        )
        for s in state.stacks
    )
    return dataclasses.replace(state, stacks=stacks)


def test_pow_14_covered_tiles_never_reach_the_screen():
    checked = 0
    for game in states("pow-legal-000.jsonl"):
        if game.state.over:
            continue
        if not any(len(s.heroes) > 1 or len(s.villains) > 1 for s in game.state.stacks):
            continue
        model = build_pow.turn(game.state)
        changed = build_pow.turn(_covered_values_changed(game.state))
        assert model == changed  # the covered values make no difference to what is drawn
        texts = draw(changed).texts
        assert not any("77" in t for t in texts)
        checked += 1
    assert checked > 5


def test_pow_tally_shows_every_tile_and_the_removed_heroes_once_over():
    game = list(states("pow-legal-000.jsonl"))[-1]
    model = build_pow.view(game)
    final = game.engine.replay_state(game.state)
    for seat in model.seats:
        assert list(seat.heroes) + list(seat.removed) == final["stacks"][seat.name]["heroes"]
        assert list(seat.removed) == final["removed"][seat.name]
    assert model.winners == ("Ben",)
    assert all(len(h) == len(model.history[0][1]) for _, h in model.history)
    draw(model, "fa")


@pytest.mark.parametrize("record", ["malacca-legal-000.jsonl", "malacca-legal-001.jsonl"])
def test_malacca_every_position_of_a_record_draws(record):
    phases = set()
    for i, game in enumerate(states(record)):
        model = build_malacca.view(game, notice=Notice("MAL-7", "x") if i % 7 == 0 else None)
        phases.add(getattr(model, "phase", "over"))
        draw(model, ("en", "et", "fr", "fa")[i % 4])
    assert {"ship", "reveal", "settle", "over"} <= phases


def test_malacca_ledger_lines_are_the_engines_with_their_rule_ids():
    for game in states("malacca-legal-000.jsonl"):
        view = game.engine.public_view(game.state)
        model = build_malacca.view(game)
        if view.get("preview"):
            assert [(x.src, x.dst, x.amount, x.rule) for x in model.settlement.lines] == [
                (x["from"], x["to"], x["amount"], x["rule"]) for x in view["preview"]["ledger"]
            ]
            texts = draw(model).texts
            assert any(f"({x['rule']})" in t for t in texts for x in view["preview"]["ledger"])


def test_malacca_final_ranking_and_coin_chart():
    game = list(states("malacca-legal-000.jsonl"))[-1]
    model = build_malacca.view(game)
    assert model.winners == ("Jon",)
    assert [r[1] for r in model.ranking] == ["Jon", "Hal", "Dee", "Kai"]
    assert [h[-1] for _, h in model.history] == [27, 21, 31, 18]
    assert all(len(h) == 13 for _, h in model.history)  # start + 12 rounds
    draw(model, "fa")


@pytest.mark.parametrize("record", ["digmars-legal-00.jsonl", "digmars-legal-01.jsonl"])
def test_digmars_every_position_of_a_record_draws(record):
    for i, game in enumerate(states(record)):
        if i % 3:
            continue  # every third position keeps the test fast; all phases still come up
        draw(
            build_digmars.view(game, cursor=(i % 4, (i // 4) % 4)), ("en", "et", "fr", "fa")[i % 4]
        )


def test_dig_6_points_never_shown_unless_their_owner_asks():
    games = list(states("digmars-legal-00.jsonl"))
    game = games[120]
    secret = dataclasses.replace(game.state, points=(987, 986, 985))
    fake = dataclasses.replace(game, initial=secret, in_force=[])
    public = build_digmars.view(fake)
    assert public == dataclasses.replace(build_digmars.view(game))  # points change nothing
    texts = " ".join(draw(public).texts)
    assert "987" not in texts and "986" not in texts and "985" not in texts
    asked = build_digmars.view(fake, asking="Dee")
    texts = " ".join(draw(asked).texts)
    assert "986" in texts and "987" not in texts and "985" not in texts


def test_digmars_who_can_dig_here_comes_from_the_engine():
    game = list(states("digmars-legal-00.jsonl"))[21]  # Jüri's turn, stations placed
    model = build_digmars.view(game, cursor=(2, 2))
    answers = {(a.player, a.kind): a for a in model.answers}
    expect = game.engine.ability(game.state, "Jüri", (2, 2), "dig")
    got = answers[("Jüri", "dig")]
    assert (got.possible, got.level, got.difficulty, got.helpers) == (
        expect.possible,
        expect.level,
        expect.difficulty,
        expect.helpers,
    )


def test_pow_odds_only_for_targets_that_would_give_an_option():
    # Two heroes left, three villains, nobody holds a tile: three shields read. "Hero 4" has no
    # tile (POW-13) and a steal has no victim (POW-10), so neither gets odds; one more skull does.
    header = {
        "game": "pow",
        "version": 1,
        "players": ["A", "B"],
        "heroes": [1, 2],
        "villains": [-1, -2, -3],
    }
    game = Game.start(engine_for("pow"), header)
    game.play({"type": "roll", "dice": ["shield", "shield", "shield", "skull", "bubble-blue"]})
    odds = build_pow.turn(game.state).odds
    kinds = {(o.kind, o.target) for o in odds}
    assert ("villain", 2) in kinds
    assert not any(k in ("hero", "steal-hero", "steal-villain") for k, _ in kinds)


def _with_colours(record: str, colours_of):
    """The last position of `record` with setup's display-only `colours` in its header."""
    game = list(states(record))[-1]
    header = dict(game.header, colours=colours_of(game.header["players"]))
    replayed = Game.start(engine_for(header["game"]), header)
    for record_action, _ in game.in_force:
        replayed.play(record_action)
    return replayed


@pytest.mark.parametrize(
    "record", ["pow-legal-000.jsonl", "malacca-legal-000.jsonl", "digmars-legal-00.jsonl"]
)
def test_colours_chosen_at_setup_reach_the_game_screens(record):
    from display.build import view_for

    class Controller:  # what view_for reads of the app's controllers
        focus, notice = 0, None

        def forms(self, game):
            return ()

    picked = ("black", "purple", "yellow", "white", "orange")
    game = _with_colours(record, lambda ps: dict(zip(ps, picked, strict=False)))
    model = view_for(Controller(), game)
    n = len(game.header["players"])
    if hasattr(model, "players"):  # Dig Mars: stations and levels drawn in them
        assert tuple(p.colour for p in model.players) == picked[:n]
    else:  # POW tally, Malacca final: the chart lines
        assert model.colours == picked[:n]
    draw(model, "fa")


def test_a_colour_the_screens_do_not_know_or_taken_twice_falls_back_to_a_free_one():
    from display.build import seat_colours

    assert seat_colours(["A", "B", "C"], {"A": "blue", "B": "blue", "C": "mauve"}) == (
        "blue",
        "red",
        "green",
    )
    assert seat_colours(["A", "B"], None) == ("red", "blue")
