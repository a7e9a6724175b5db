"""`companion screens`: one PNG per sample screen, at the asked size and language."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pygame  # noqa: E402

from companion.cli import main  # noqa: E402
from display.samples import all_samples  # noqa: E402


def test_screens_writes_every_sample_at_the_asked_size(tmp_path, capsys):
    assert main(["screens", "--out", str(tmp_path), "--lang", "fa", "--size", "1024x600"]) == 0
    files = sorted(p.stem for p in tmp_path.glob("*.png"))
    assert files == sorted(all_samples())
    assert pygame.image.load(str(tmp_path / f"{files[0]}.png")).get_size() == (1024, 600)
    assert "warning" not in capsys.readouterr().out


def test_screens_refuses_a_bad_size_or_language(tmp_path, capsys):
    assert main(["screens", "--out", str(tmp_path), "--size", "huge"]) == 1
    assert "'huge' is not WIDTHxHEIGHT" in capsys.readouterr().err
    assert main(["screens", "--out", str(tmp_path), "--lang", "xx"]) == 1
    assert "unknown language 'xx'" in capsys.readouterr().err
