"""Writes the config file back after a first-time wizard: the keys it learned set, the rest kept.

The wizards save what they learned (the [buttons] pins, [vision] dice_profile / tiles_profile)
into the same TOML file `config.load` reads. The file is edited, not re-emitted (tomlkit keeps
the document's layout): comments, blank lines, key order and every other section and key stay
as the user wrote them; only the values set change. The result is checked with `config.parse`
before it replaces the old file (written next to it, then renamed), so a wizard can never leave
a config the companion refuses to start with, nor half a file.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import tomlkit
from tomlkit.exceptions import TOMLKitError

from .config import parse
from .errors import ConfigError


def edit(
    text: str, section: str, values: Mapping[str, Any], notes: Mapping[str, str] | None = None
) -> str:
    """`text` with `values` set in [section] (None removes the key: "not set", the schema's
    default); `notes` gives a key a new trailing comment (a pin's physical pin number), else
    a key keeps its own. Everything else in `text` is kept as it is."""
    try:
        doc = tomlkit.parse(text)
    except TOMLKitError as exc:
        raise ConfigError(f"not valid TOML: {exc}") from None
    if section not in doc:
        doc.add(section, tomlkit.table())
    table = doc[section]
    if not isinstance(table, Mapping):
        raise ConfigError(f"'{section}' must be a table [{section}]")
    for key, value in values.items():
        if value is None:
            if key in table:
                del table[key]
            continue
        trivia = getattr(table.get(key), "trivia", None)  # the old value's comment and spacing
        table[key] = item = tomlkit.item(value)
        if trivia is not None:
            item.trivia.comment_ws, item.trivia.comment = trivia.comment_ws, trivia.comment
        if notes and key in notes:
            item.trivia.comment = f"# {notes[key]}"
            item.trivia.comment_ws = item.trivia.comment_ws or "  "
    return tomlkit.dumps(doc)


def update(
    path: Path, section: str, values: Mapping[str, Any], notes: Mapping[str, str] | None = None
) -> None:
    """Set `values` in [section] of the config file at `path` (created if absent), keeping
    every comment and other key; ConfigError (and nothing written) if the result would not
    load or the file cannot be written."""
    text = ""
    if path.exists():
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ConfigError(f"cannot update config file {path}: {exc}") from None
    try:
        new = edit(text, section, values, notes)
    except ConfigError as exc:
        raise ConfigError(f"cannot update config file {path}: {exc}") from None
    parse(new, path)  # refuse to write what the companion would refuse to read
    tmp = path.with_name(path.name + ".tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _write_durably(tmp, new)
        os.replace(tmp, path)
        _sync_directory(path.parent)
    except OSError as exc:
        with contextlib.suppress(OSError):  # a half-written .tmp, if any (not the old file)
            if tmp.is_file():
                tmp.unlink()
        raise ConfigError(f"cannot write config file {path}: {exc}") from None


def _write_durably(path: Path, text: str) -> None:
    # A wizard's result is something the table entered: flushed to the card before the rename,
    # so a power cut leaves the old file or the new one, never an empty one.
    with open(path, "w", encoding="utf-8") as out:
        out.write(text)
        out.flush()
        os.fsync(out.fileno())


def _sync_directory(path: Path) -> None:
    # The rename itself is durable only once the directory entry is on the card.
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
