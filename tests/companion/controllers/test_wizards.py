"""The button-mapping wizard with gpiozero's MockFactory: real pin edges, real callbacks."""

from __future__ import annotations

import pytest

from companion import config
from companion.controllers.wizards import TARGETS, ButtonWizard

gpiozero = pytest.importorskip("gpiozero")
from gpiozero.pins.mock import MockFactory  # noqa: E402


@pytest.fixture
def factory():
    f = MockFactory()
    yield f
    f.reset()


def press(factory, pin: int) -> None:
    p = factory.pin(pin)
    p.drive_low()
    p.drive_high()


def test_buttons_wizard_maps_each_press_and_saves_a_config_that_loads(tmp_path, factory):
    path = tmp_path / "config.toml"
    path.write_text('[screen]\nlanguage = "fa"\n\n[rules.pow]\nrow_positions = "as_laid_out"\n')
    w = ButtonWizard(path, pin_factory=factory)
    try:
        chosen = [21, 20, 16, 12, 4]
        for k, pin in enumerate(chosen):
            assert w.view().target == TARGETS[k]
            press(factory, pin)
            assert w.poll(timeout=2.0)  # waits on the callback's event
        assert w.saved and w.target is None
    finally:
        w.close()
    loaded = config.load(path)
    assert [loaded["buttons"][t] for t in TARGETS] == chosen
    assert loaded["buttons"]["source"] == "gpio"
    assert loaded["screen"]["language"] == "fa"  # other sections kept
    assert loaded.rules["pow"] == {"row_positions": "as_laid_out"}


def test_buttons_wizard_refuses_a_pin_already_chosen(tmp_path, factory):
    w = ButtonWizard(tmp_path / "c.toml", pins=(5, 6, 13), pin_factory=factory)
    try:
        press(factory, 5)
        w.poll(timeout=2.0)
        press(factory, 5)
        w.poll(timeout=2.0)
        view = w.view()
        assert view.target == "next" and view.mapped == (("confirm", "GPIO 5"),)
        assert "already CONFIRM" in view.notice.message
        press(factory, 6)
        w.poll(timeout=2.0)
        assert w.view().target == "previous" and w.view().notice is None
        assert not (tmp_path / "c.toml").exists()  # nothing saved until every input is mapped
    finally:
        w.close()


def test_buttons_wizard_undo_takes_back_the_last_pin(tmp_path, factory):
    w = ButtonWizard(tmp_path / "c.toml", pins=(5, 6), pin_factory=factory)
    try:
        press(factory, 6)
        w.poll(timeout=2.0)
        w.on_input("undo")
        assert w.view().target == "confirm" and w.view().mapped == ()
    finally:
        w.close()


def test_buttons_wizard_that_cannot_write_the_config_says_so_and_saves_nothing(tmp_path, factory):
    path = tmp_path / "config.toml"
    path.write_text("# ours\n[screen]\n")
    (tmp_path / "config.toml.tmp").mkdir()  # the write fails as a read-only folder's would
    w = ButtonWizard(path, pins=(5, 6, 13, 19, 26), pin_factory=factory)
    try:
        for pin in (5, 6, 13, 19, 26):
            press(factory, pin)
            w.poll(timeout=2.0)
        assert not w.saved and "cannot write config file" in w.view().notice.message
        w.on_input("undo")  # takes back UNDO's pin: press it again to try again
        assert w.target == "undo" and w.notice is None
    finally:
        w.close()
    assert path.read_text() == "# ours\n[screen]\n"
