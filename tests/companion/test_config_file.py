"""Writing the config back (companion/config_file.py): valid TOML, other keys kept."""

from __future__ import annotations

import pytest

from companion import config
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
