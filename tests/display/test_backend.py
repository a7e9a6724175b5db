"""display/backend.py: the headless backend writes a PNG per new screen; keys and touches
become logical inputs; the language switches at run time."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from display import inputs
from display.backend import Display, DisplayError, parse_size
from display.samples import all_samples


@pytest.fixture
def display(tmp_path):
    d = Display(backend="headless", size=(800, 480), snapshot_dir=tmp_path / "shots")
    yield d


def test_headless_writes_one_png_per_new_screen(display, tmp_path):
    model = all_samples()["pow-choose"]
    display.show(model)
    display.show(model)  # the same screen again: no new file
    display.show(dataclasses.replace(model, focus=1))
    files = sorted((tmp_path / "shots").glob("*.png"))
    assert [f.name for f in files] == ["0001-PowTurn.png", "0002-PowTurn.png"]
    assert pygame.image.load(str(files[0])).get_size() == (800, 480)


def test_language_switch_redraws_in_the_new_language(display, tmp_path):
    model = all_samples()["pow-choose"]
    display.show(model)
    display.set_lang("fa")
    frame = display.show(model)
    assert "نوبت Dana" in frame.texts
    assert len(list((tmp_path / "shots").glob("*.png"))) == 2


def test_keys_and_clicks_become_logical_inputs(display):
    frame = display.show(all_samples()["pow-choose"])
    rect = next(r for r, i in frame.hits if i == inputs.option(2))
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center))
    assert display.inputs() == ["next", "confirm", "undo", "player:1", "option:2"]


def test_bad_backend_and_size_are_clear_errors():
    with pytest.raises(DisplayError, match="unknown display backend 'vga'"):
        Display(backend="vga")
    with pytest.raises(ValueError, match="'big' is not WIDTHxHEIGHT"):
        parse_size("big")
    assert parse_size("1280x720") == (1280, 720)


def test_auto_picks_headless_for_the_dummy_driver_and_a_window_on_a_desktop(monkeypatch):
    from display.backend import detect

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert detect() == "headless"
    monkeypatch.delenv("SDL_VIDEODRIVER")
    monkeypatch.setenv("DISPLAY", ":0")
    assert detect() == "window"
    monkeypatch.delenv("DISPLAY")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    # no desktop: fullscreen on a console with a DRM card, else headless
    assert detect() in ("fullscreen", "headless")
