"""Writes the config file back after a first-time wizard: one table changed, the rest kept.

The wizards save what they learned (the [buttons] pins, [vision] dice_profile / tiles_profile)
into the same TOML file `config.load` reads. Other sections and keys are kept (comments are
not: the file is re-emitted), and the result is checked with `config.parse` before it replaces
the old file, so a wizard can never leave a config the companion refuses to start with.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .config import parse
from .errors import ConfigError


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    raise ConfigError(f"cannot write {v!r} to the config file")


def dumps(data: Mapping[str, Any]) -> str:
    """TOML text of a two-level config (sections, and [rules.<game>] tables). None is left out:
    an absent key means "not set" (the schema's default)."""
    out: list[str] = []

    def table(name: str, body: Mapping[str, Any]) -> None:
        out.append(f"[{name}]")
        nested = []
        for k, v in body.items():
            if isinstance(v, Mapping):
                nested.append((k, v))
            elif v is not None:
                out.append(f"{k} = {_value(v)}")
        out.append("")
        for k, v in nested:
            table(f"{name}.{k}", v)

    for section, body in data.items():
        table(section, body)
    return "\n".join(out)


def update(path: Path, section: str, values: Mapping[str, Any]) -> None:
    """Set `values` in [section] of the config file at `path` (created if absent), keeping every
    other key; ConfigError (and nothing written) if the result would not load."""
    data: dict[str, Any] = {}
    if path.exists():
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise ConfigError(f"cannot update config file {path}: {exc}") from None
    table = dict(data.get(section, {}))
    for k, v in values.items():
        if v is None:
            table.pop(k, None)
        else:
            table[k] = v
    data[section] = table
    text = dumps(data)
    parse(text, path)  # refuse to write what the companion would refuse to read
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)
