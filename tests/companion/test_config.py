"""Config: defaults, and every wrong value named by its key."""

from __future__ import annotations

import tomllib

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
        ("[vision]\nwhy_frames = 0\n", "'vision.why_frames' = 0 is not allowed"),
        ('[vision]\nwhy_frames = "6"\n', "'vision.why_frames' = '6' is not allowed"),
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


@pytest.mark.parametrize(
    "zone",
    ["[0.0, 0.0, 1.0, 0.25]", "[0, 0, 1, 1]", "[0.2, 0.1, 0.3, 0.2]", "[0.5, 0, 0.2, 1]",
     "[0, 0.5, 1, 0.5]", "[0, 0, 1, 1.5]", "[-0.1, 0, 1, 1]", "[0, 1]", "[0, 0, 1, true]",
     '[0, 0, 1, "1"]'],
)  # fmt: skip
def test_vision_kept_zone_is_taken_exactly_when_the_dice_reader_takes_it(zone):
    # [vision] kept_zone goes to vision's dice_config (companion.eye.DiceEye): the file's check
    # must refuse, naming the key, whatever the reader would refuse later without naming it.
    from vision.config import dice_config
    from vision.errors import BadConfig

    try:
        value = config.parse(f"[vision]\nkept_zone = {zone}\n")["vision"]["kept_zone"]
    except ConfigError as exc:
        assert "'vision.kept_zone'" in str(exc)
        with pytest.raises(BadConfig, match="'kept_zone'"):
            dice_config({"kept_zone": tuple(tomllib.loads(f"z = {zone}")["z"])})
        return
    assert dice_config({"kept_zone": tuple(value)})["kept_zone"] == tuple(value)
