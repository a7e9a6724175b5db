"""Config: defaults, and every wrong value named by its key."""

from __future__ import annotations

import pytest

from companion import config
from companion.errors import ConfigError


def test_empty_file_gives_defaults():
    cfg = config.parse("")
    assert cfg["screen"]["width"] == 800 and cfg["screen"]["language"] == "en"
    assert cfg["buttons"]["confirm"] == 19


def test_values_are_taken():
    cfg = config.parse('[screen]\nlanguage = "fa"\n[rules.pow]\nshort_row = "last"\n')
    assert cfg["screen"]["language"] == "fa"
    assert cfg.rules == {"pow": {"short_row": "last"}}


@pytest.mark.parametrize(
    "text, named",
    [
        (
            '[screen]\nlanguage = "de"\n',
            "'screen.language' = 'de' is not allowed: it must be one of",
        ),
        ("[buttons]\nconfrim = 19\n", "unknown key 'buttons.confrim'"),
        (
            "[buttons]\nconfirm = 40\n",
            "'buttons.confirm' = 40 is not allowed: it must be a BCM GPIO",
        ),
        (
            "[buttons]\nundo = 19\n",
            "'buttons.undo' = 19: GPIO 19 is already used by 'buttons.confirm'",
        ),
        (
            "[buttons]\nplayers = [20, 5]\n",
            "'buttons.players[1]' = 5: GPIO 5 is already used by 'buttons.next'",
        ),
        ("[buttons]\nplayers = [20, 1]\n", "'buttons.players' = [20, 1] is not allowed"),
        ("[screan]\n", "unknown section [screan]"),
        ('[screen]\nwidth = "wide"\n', "'screen.width' = 'wide' is not allowed"),
        ("[screen]\nfullscreen = 1\n", "'screen.fullscreen' = 1 is not allowed: it must be true"),
        ("[vision]\nkept_zone = [0.5, 0, 0.2, 1]\n", "'vision.kept_zone'"),
        ("[rules.chess]\n", "unknown table [rules.chess]"),
        ("[screen\n", "not valid TOML"),
    ],
)
def test_wrong_value_names_the_key(text, named):
    with pytest.raises(ConfigError) as err:
        config.parse(text)
    assert named in str(err.value)


def test_missing_explicit_file_is_an_error(tmp_path):
    with pytest.raises(ConfigError, match="does not exist"):
        config.load(tmp_path / "nope.toml")


def test_absent_default_file_means_defaults(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "absent.toml"))
    assert config.load().source is None
