"""Writing the config back (companion/config_file.py): valid TOML, other keys kept."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion import config, config_file
from companion.config_file import update
from companion.errors import ConfigError


def test_update_sets_one_key_and_keeps_the_rest(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[vision]\nstable_frames = 6\n\n[camera]\nsource = "sim"\n')
    update(path, "vision", {"dice_profile": 'C:\\dice "a".json'})
    loaded = config.load(path)
    assert loaded["vision"]["dice_profile"] == 'C:\\dice "a".json'
    assert loaded["vision"]["stable_frames"] == 6 and loaded["camera"]["source"] == "sim"


def test_update_refuses_what_the_config_would_refuse_and_writes_nothing(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("[buttons]\nconfirm = 19\n")
    with pytest.raises(ConfigError, match="already used"):
        update(path, "buttons", {"next": 19})
    assert path.read_text() == "[buttons]\nconfirm = 19\n"


EXAMPLE = Path(__file__).resolve().parents[2] / "deploy" / "config.example.toml"


def _comments(text: str) -> list[str]:
    return [line[line.index("#") :] for line in text.splitlines() if "#" in line]


def test_update_of_the_example_config_keeps_every_comment_and_other_line(tmp_path):
    path = tmp_path / "config.toml"
    original = EXAMPLE.read_text(encoding="utf-8")
    path.write_text(original, encoding="utf-8")
    update(path, "vision", {"dice_profile": "/var/lib/table-companion/dice-teach/p.npz"})
    text = path.read_text(encoding="utf-8")
    assert _comments(text) == _comments(original)
    changed = [
        (a, b) for a, b in zip(original.splitlines(), text.splitlines(), strict=True) if a != b
    ]
    assert changed == [
        ('dice_profile = ""', 'dice_profile = "/var/lib/table-companion/dice-teach/p.npz"')
    ]
    assert config.load(path)["vision"]["dice_profile"].endswith("p.npz")


def test_button_wizard_pins_keep_the_comments_and_name_the_new_physical_pins(tmp_path):
    from companion.config import PHYSICAL_PIN

    path = tmp_path / "config.toml"
    original = EXAMPLE.read_text(encoding="utf-8")
    path.write_text(original, encoding="utf-8")
    pins = {"confirm": 21, "next": 20, "previous": 16, "select": 12, "undo": 4}
    notes = {k: f"physical pin {PHYSICAL_PIN[p]}" for k, p in pins.items()}
    update(path, "buttons", {**pins, "source": "gpio"}, notes)
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert "next = 20       # physical pin 38" in lines
    assert "confirm = 21   # physical pin 40" in lines
    assert 'source = "gpio"' in lines
    # every comment line (the whole-line ones) is still there, in order
    whole = [x for x in original.splitlines() if x.startswith("#")]
    assert [x for x in lines if x.startswith("#")] == whole
    loaded = config.load(path)
    assert [loaded["buttons"][k] for k in pins] == list(pins.values())
    assert loaded["store"]["path"] == "/var/lib/table-companion/games.sqlite3"  # the rest kept


def test_update_adds_a_missing_section_and_removes_a_key_set_to_none(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('# mine\n[screen]\nlanguage = "fa" # Persian\n\n[vision]\nstable_frames = 6\n')
    update(path, "vision", {"stable_frames": None, "tiles_profile": "t.npz"})
    update(path, "camera", {"source": "sim"})
    text = path.read_text()
    assert text.startswith('# mine\n[screen]\nlanguage = "fa" # Persian\n')
    loaded = config.load(path)
    assert loaded["vision"]["stable_frames"] == 4  # back to the default
    assert loaded["vision"]["tiles_profile"] == "t.npz" and loaded["camera"]["source"] == "sim"


def test_update_of_a_file_it_cannot_write_is_a_config_error_and_changes_nothing(tmp_path):
    # The write goes to config.toml.tmp first; a folder in its place makes it fail the way a
    # read-only /etc/table-companion does for the service's user (root included).
    path = tmp_path / "config.toml"
    path.write_text("[screen]\n")
    (tmp_path / "config.toml.tmp").mkdir()
    with pytest.raises(ConfigError, match="cannot write config file"):
        update(path, "vision", {"dice_profile": "p.npz"})
    assert path.read_text() == "[screen]\n"


def test_update_of_a_file_that_is_not_toml_is_a_config_error(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("[screen\n")
    with pytest.raises(ConfigError, match="cannot update config file"):
        update(path, "vision", {"dice_profile": "p.npz"})
    assert path.read_text() == "[screen\n"


def test_update_flushes_the_new_file_to_disk_before_the_rename_and_the_folder_after(
    tmp_path, monkeypatch
):
    # A power cut must leave the old config or the new one: the new text is fsynced before it
    # replaces the old file, and the folder (the rename) after.
    path = tmp_path / "config.toml"
    path.write_text("[screen]\n")
    events: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(
        config_file.os, "fsync", lambda fd: (events.append("fsync"), real_fsync(fd))[1]
    )
    monkeypatch.setattr(
        config_file.os, "replace", lambda a, b: (events.append("replace"), real_replace(a, b))[1]
    )
    config_file.update(path, "vision", {"stable_frames": 6})
    assert events == ["fsync", "replace", "fsync"]
    assert "stable_frames = 6" in path.read_text()
