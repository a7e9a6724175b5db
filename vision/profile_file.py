"""The file both taught profiles (dice and tiles) are kept in: one compressed .npz holding a
JSON `meta` record and named arrays, read back without pickle (a profile may come from anyone's
teach folder), with the same clear errors for a missing or damaged file."""

from __future__ import annotations

import json
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from .errors import BadProfile


def write(path: Path, meta: Mapping[str, Any], arrays: Mapping[str, np.ndarray]) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        np.savez_compressed(
            f, meta=np.frombuffer(json.dumps(dict(meta)).encode(), np.uint8), **arrays
        )


def read(
    path: Path, kind: str, command: str, required: tuple[str, ...], optional: tuple[str, ...] = ()
) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    """The `meta` record and the arrays named in `required` (and those of `optional` the file
    has). BadProfile names `kind` ("dice", "tile") and the `command` that makes one."""
    path = Path(path)
    if not path.is_file():
        raise BadProfile(f"{path}: no such {kind} profile (make one with '{command}')")
    try:
        with np.load(path, allow_pickle=False) as z:
            meta = json.loads(z["meta"].tobytes().decode())
            arrays = {k: z[k] for k in required}
            arrays.update({k: z[k] for k in optional if k in z.files})
    except (OSError, ValueError, KeyError, zipfile.BadZipFile) as exc:
        # ValueError covers the JSON and UTF-8 errors of a damaged meta record.
        raise BadProfile(f"{path}: not a {kind} profile ({exc.__class__.__name__})") from None
    return meta, arrays
