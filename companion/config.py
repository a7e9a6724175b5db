"""The one TOML config file: defaults, validation that names the key, and where it lives.

Every key the companion reads is declared in `SCHEMA` with its default and what is allowed, so
a typo (`[buttons] confrim = 19`) is an error at start, never a silently ignored setting.
"""

from __future__ import annotations

import copy
import os
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import ConfigError

LANGUAGES = ("en", "et", "fr", "fa")
CAMERA_SOURCES = ("auto", "picamera", "usb", "files", "sim")
BUTTON_SOURCES = ("auto", "gpio", "keyboard")
# Pins the Pi uses for other things: I2C (2, 3), UART (14, 15), SPI0 (7-11). Allowed but warned
# about in the README wiring table; these are the BCM numbers gpiozero accepts.
GPIO_PINS = tuple(range(2, 28))
# BCM GPIO number -> physical pin on the 40-pin header (every Pi since the B+): what a config
# comment names, since the pins are counted on the header.
PHYSICAL_PIN = {2: 3, 3: 5, 4: 7, 5: 29, 6: 31, 7: 26, 8: 24, 9: 21, 10: 19, 11: 23, 12: 32,
                13: 33, 14: 8, 15: 10, 16: 36, 17: 11, 18: 12, 19: 35, 20: 38, 21: 40, 22: 15,
                23: 16, 24: 18, 25: 22, 26: 37, 27: 13}  # fmt: skip


@dataclass(frozen=True)
class Key:
    default: Any
    check: Callable[[Any], bool]
    allowed: str  # what the error message says is allowed


def _int_in(lo: int, hi: int) -> Key:
    return Key(
        lo,
        lambda v: isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi,
        f"a whole number from {lo} to {hi}",
    )


def _with_default(key: Key, default: Any) -> Key:
    return Key(default, key.check, key.allowed)


def _one_of(default: Any, choices: tuple[Any, ...]) -> Key:
    return Key(
        default,
        lambda v: v in choices and not isinstance(v, bool),
        "one of " + ", ".join(repr(c) for c in choices),
    )


def _pin(default: int | None) -> Key:
    return Key(
        default,
        lambda v: v is None or (isinstance(v, int) and not isinstance(v, bool) and v in GPIO_PINS),
        "a BCM GPIO number from 2 to 27",
    )


def _pins(default: list[int]) -> Key:
    return Key(
        default,
        lambda v: (
            isinstance(v, list)
            and all(isinstance(x, int) and not isinstance(x, bool) and x in GPIO_PINS for x in v)
        ),
        "a list of BCM GPIO numbers from 2 to 27 (the first player's first)",
    )


def _number(default: float, lo: float, hi: float) -> Key:
    return Key(
        default,
        lambda v: isinstance(v, int | float) and not isinstance(v, bool) and lo <= v <= hi,
        f"a number from {lo} to {hi}",
    )


def _string(default: str) -> Key:
    return Key(default, lambda v: isinstance(v, str), "a string")


def _bool_or_auto(default: Any) -> Key:
    return Key(default, lambda v: isinstance(v, bool) or v == "auto", 'true, false or "auto"')


def _zone(default: list[float]) -> Key:
    def ok(v: Any) -> bool:
        return (
            isinstance(v, list)
            and len(v) == 4
            and all(
                isinstance(x, int | float) and not isinstance(x, bool) and 0 <= x <= 1 for x in v
            )
            and v[0] < v[2]
            and v[1] < v[3]
        )

    return Key(default, ok, "[left, top, right, bottom] as fractions of the image, 0 to 1")


SCHEMA: dict[str, dict[str, Key]] = {
    "screen": {
        "width": _with_default(_int_in(320, 7680), 800),
        "height": _with_default(_int_in(240, 4320), 480),
        "fullscreen": _bool_or_auto("auto"),
        "language": _one_of("en", LANGUAGES),
    },
    "camera": {
        "source": _one_of("auto", CAMERA_SOURCES),
        "device": _with_default(_int_in(0, 63), 0),
        "path": _string(""),
        "width": _with_default(_int_in(320, 4056), 1280),
        "height": _with_default(_int_in(240, 3040), 720),
    },
    "buttons": {
        "source": _one_of("auto", BUTTON_SOURCES),
        "next": _pin(5),
        "previous": _pin(6),
        "select": _pin(13),
        "confirm": _pin(19),
        "undo": _pin(26),
        # Optional per-player keys: pin i gives "player:i" (0 = the first player of the game).
        "players": _pins([]),
        "bounce_ms": _with_default(_int_in(0, 500), 30),
        "hold_seconds": _number(1.0, 0.2, 10.0),
    },
    "vision": {
        "dice_profile": _string(""),
        "tiles_profile": _string(""),
        "kept_zone": _zone([0.0, 0.0, 1.0, 0.25]),
        "stable_frames": _with_default(_int_in(1, 60), 4),
        # The screen says why the dice are not taken once the same why held this many frames.
        "why_frames": _with_default(_int_in(1, 60), 6),
    },
    "store": {
        "path": _string(""),
    },
}

# House rules go to the game's header untouched; the game's rules engine checks them when a game
# starts (`[rules.pow]`, `[rules.malacca]`, `[rules.digmars]`).
RULE_TABLES = ("pow", "malacca", "digmars")


@dataclass(frozen=True)
class Config:
    values: Mapping[str, Mapping[str, Any]]
    rules: Mapping[str, Mapping[str, Any]]
    source: Path | None = None

    def __getitem__(self, section: str) -> Mapping[str, Any]:
        return self.values[section]

    def store_path(self) -> Path:
        from .store import default_path

        return (
            Path(self.values["store"]["path"]).expanduser()
            if self.values["store"]["path"]
            else default_path()
        )


def defaults() -> dict[str, dict[str, Any]]:
    return {
        section: {name: copy.deepcopy(key.default) for name, key in keys.items()}
        for section, keys in SCHEMA.items()
    }


def default_config_path() -> Path:
    """$COMPANION_CONFIG, else config.toml under the user's config directory (XDG)."""
    if os.environ.get("COMPANION_CONFIG"):
        return Path(os.environ["COMPANION_CONFIG"])
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "table-companion" / "config.toml"


def parse(text: str, source: Path | None = None) -> Config:
    """Validate TOML text against SCHEMA; ConfigError names the first wrong key."""
    where = f"{source}: " if source else ""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{where}not valid TOML: {exc}") from None
    values = defaults()
    rules: dict[str, dict[str, Any]] = {}
    for section, table in data.items():
        if section == "rules":
            rules = _rule_tables(table, where)
            continue
        if section not in SCHEMA:
            raise ConfigError(
                f"{where}unknown section [{section}]; known sections: "
                + ", ".join(f"[{s}]" for s in (*SCHEMA, "rules"))
            )
        if not isinstance(table, dict):
            raise ConfigError(f"{where}'{section}' must be a table [{section}]")
        for name, value in table.items():
            key = SCHEMA[section].get(name)
            if key is None:
                raise ConfigError(
                    f"{where}unknown key '{section}.{name}'; known keys in "
                    f"[{section}]: {', '.join(SCHEMA[section])}"
                )
            if not key.check(value):
                raise ConfigError(
                    f"{where}'{section}.{name}' = {value!r} is not allowed: "
                    f"it must be {key.allowed}"
                )
            values[section][name] = value
    _check_pins_unique(values["buttons"], where)
    return Config(values, rules, source)


def _rule_tables(table: Any, where: str) -> dict[str, dict[str, Any]]:
    if not isinstance(table, dict):
        raise ConfigError(f"{where}'rules' must hold tables [rules.pow], [rules.malacca]...")
    for game, rules in table.items():
        if game not in RULE_TABLES:
            raise ConfigError(
                f"{where}unknown table [rules.{game}]; known: "
                + ", ".join(f"[rules.{g}]" for g in RULE_TABLES)
            )
        if not isinstance(rules, dict):
            raise ConfigError(f"{where}'rules.{game}' must be a table")
    return {game: dict(rules) for game, rules in table.items()}


def _check_pins_unique(buttons: Mapping[str, Any], where: str) -> None:
    seen: dict[int, str] = {}
    named = [(name, buttons[name]) for name in ("next", "previous", "select", "confirm", "undo")]
    named += [(f"players[{i}]", pin) for i, pin in enumerate(buttons["players"])]
    for name, pin in named:
        if pin is None:
            continue
        if pin in seen:
            raise ConfigError(
                f"{where}'buttons.{name}' = {pin}: GPIO {pin} is already used "
                f"by 'buttons.{seen[pin]}'"
            )
        seen[pin] = name


def load(path: Path | None = None) -> Config:
    """The config at `path` (or the default place); defaults when the default file is absent."""
    explicit = path is not None
    path = path or default_config_path()
    if not path.exists():
        if explicit:
            raise ConfigError(f"config file {path} does not exist")
        return Config(defaults(), {}, None)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read config file {path}: {exc}") from None
    return parse(text, path)
