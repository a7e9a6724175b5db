"""The POW rows wizard end to end with rendered rows: capture, values by presses, teach, read."""

from __future__ import annotations

import numpy as np
import pytest

from companion import config

cv2 = pytest.importorskip("cv2")


class ShownFrames:
    def __init__(self, image):
        self.image = image

    def read(self):
        return self.image


def _presses_to(current: int, target: int, allowed: tuple[int, ...]) -> list[str]:
    return ["next"] * ((allowed.index(target) - allowed.index(current)) % len(allowed))


def test_pow_3_rows_wizard_teaches_from_the_laid_out_rows_and_reads_them(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from companion.controllers.rows_wizard import HERO_VALUES, VILLAIN_VALUES, RowsWizard
    from display.backend import Display
    from vision.render.tiles import TileSpec, render_tiles
    from vision.tiles import TilesProfile, read_tiles, tiles_config

    rng = np.random.default_rng(5)
    setup = render_tiles(rng, TileSpec(taken=(0.0, 0.0), distractors=False, surface="laminate"))
    heroes, villains = setup.laid_out
    cfg = tmp_path / "config.toml"
    w = RowsWizard(ShownFrames(setup.image), tmp_path / "rows", cfg)
    w.look()
    w.on_input("confirm")  # capture
    presses = []
    for k, v in enumerate(heroes):
        presses += _presses_to(w.heroes[k], v, HERO_VALUES) + ["select"]
    for k, v in enumerate(villains):
        presses += _presses_to(w.villains[k], v, VILLAIN_VALUES) + ["select"]
    d = Display(backend="headless", size=(800, 480), lang="en")
    try:
        for name in presses:
            w.on_input(name)
        d.show(w.view())
    finally:
        d.close()
    assert (tuple(w.heroes), tuple(w.villains)) == (tuple(heroes), tuple(villains))
    w.on_input("confirm")
    assert w.notice is None, w.notice
    assert config.load(cfg)["vision"]["tiles_profile"] == str(w.profile_path)

    profile = TilesProfile.load(w.profile_path)
    reading = read_tiles(tiles_config(), profile, setup.image)
    assert reading.reason is None
    assert tuple(t.value for t in reading.heroes) == tuple(heroes)
    assert tuple(t.value for t in reading.villains) == tuple(villains)


def test_pow_3_rows_wizard_refuses_a_count_that_does_not_match_and_saves_nothing(tmp_path):
    from companion.controllers.rows_wizard import RowsWizard
    from vision.render.tiles import TileSpec, render_tiles

    setup = render_tiles(
        np.random.default_rng(5), TileSpec(taken=(0.0, 0.0), distractors=False, surface="laminate")
    )
    w = RowsWizard(ShownFrames(setup.image), tmp_path / "rows", tmp_path / "c.toml", heroes=(1, 2))
    w.look()
    w.on_input("confirm")
    w.on_input("confirm")
    assert w.notice is not None and "hero row shows" in w.notice.message
    assert not (tmp_path / "c.toml").exists()
