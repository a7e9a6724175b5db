"""The setup loop `companion run` opens when there is no game: presses in, a header out."""

from __future__ import annotations

import argparse

import pytest

from companion import config
from companion.setup_flow import choose_new_game


def test_setup_flow_turns_presses_into_a_dig_mars_header(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    pytest.importorskip("pygame")
    args = argparse.Namespace(display="headless", snapshots=None, buttons="keyboard")
    presses = ["option:2", "confirm", "confirm", "confirm", "confirm"]
    header = choose_new_game(args, config.parse(""), presses, sleep=lambda s: None)
    assert header == {
        "game": "digmars",
        "version": 1,
        "players": ["Ann", "Ben", "Cai"],
        "rules": {},
    }
