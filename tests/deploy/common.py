"""What the deploy tests share: the repository's paths and a runner for the deploy scripts."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
UNIT = DEPLOY / "table-companion.service"
DATA_DIR = "/var/lib/table-companion"


def script(name: str, *args: str, user: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run deploy/NAME with bash; as `user` (a numeric uid) through setpriv when given."""
    command = ["bash", str(DEPLOY / name), *args]
    if user is not None:
        command = ["setpriv", f"--reuid={user}", f"--regid={user}", "--clear-groups", *command]
    return subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=60, env=dict(os.environ)
    )


def steps(output: str) -> list[str]:
    """The commands a dry run printed ("+ cmd args"), without the "+ "."""
    return [line[2:] for line in output.splitlines() if line.startswith("+ ")]


def tool(name: str) -> str | None:
    """A tool from the [test] extra beside the running Python, else on PATH."""
    beside = Path(sys.executable).parent / name
    return str(beside) if beside.exists() else shutil.which(name)
