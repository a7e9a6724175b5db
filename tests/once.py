"""What a test session makes once, made once for all of pytest-xdist's workers too.

Under pytest-xdist (`./run tests` runs two workers) each worker is a test session of its own, so
a session fixture runs in each: a teach taught twice is 13 CPU seconds spent again. `made_once`
makes a file or folder once in the folder every worker of the run shares, the first worker to
ask making it while the others wait for it; in a run without workers the folder is the
session's own.
"""

from __future__ import annotations

import fcntl
import os
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any


def shared_folder(tmp_path_factory, name: str) -> Path:
    """A folder of the test run named `name`: the same one for every xdist worker of the run
    (their base folders lie side by side in the run's), the session's own without workers."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return tmp_path_factory.mktemp(name, numbered=False)
    folder = tmp_path_factory.getbasetemp().parent / name
    folder.mkdir(exist_ok=True)
    return folder


def made_once(folder: Path, name: str, make: Callable[[Path], None]) -> Path:
    """`folder/name`, made by `make(path)` unless a worker of the run made it already. A make
    that fails leaves no mark, so the next to ask makes it again (and fails as loudly)."""
    path = folder / name
    done = folder / f"{name}.done"
    with open(folder / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not done.exists():
            make(path)
            done.touch()
    return path


def kept_once(folder: Path, name: str, make: Callable[[], Any]) -> Any:
    """What `make()` returns, made once for the run (`made_once`) and handed to every worker
    as pickle keeps it: the same arrays to the bit (a profile's .npz keeps its templates at
    half precision, so a profile read back from one is not the one taught)."""

    def keep(path: Path) -> None:
        path.write_bytes(pickle.dumps(make(), protocol=pickle.HIGHEST_PROTOCOL))

    return pickle.loads(made_once(folder, name, keep).read_bytes())
