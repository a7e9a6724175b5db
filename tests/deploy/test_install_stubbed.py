"""deploy/install.sh for real (not --dry-run), with every command that changes the system
replaced by a stub that records its arguments: the real branches run, and they do exactly
what the dry run prints."""

from __future__ import annotations

import os
import shlex
import subprocess
from pathlib import Path

import pytest

from tests.deploy.common import DEPLOY, ROOT, UNIT, steps

# Each stub appends its name and arguments, tab-separated, one line a call, to $STUB_LOG.
STUBBED = ["apt-get", "useradd", "usermod", "systemctl", "install", "env", "chgrp", "chmod"]
STUB = (
    "#!/usr/bin/env bash\n"
    '(IFS=$\'\\t\'; printf "%s\\n" "$(basename "$0")${*:+\t}$*") >> "$STUB_LOG"\n'
)
# install copies the unit it is given to $STUB_UNIT so the test can read what was installed.
INSTALL = (
    STUB
    + 'if [ "${@: -1}" = /etc/systemd/system/table-companion.service ]; then cp "${@: -2:1}" "$STUB_UNIT"; fi\n'
)
# id: root, and no user by that name yet. getent: every group exists.
ID = '#!/usr/bin/env bash\n[ "$1" = -u ] && { echo 0; exit 0; }\nexit 1\n'
GETENT = "#!/usr/bin/env bash\nexit 0\n"
# python3 -m venv DIR makes DIR/bin/python and DIR/bin/companion stubs (with the system's chmod,
# not the stub); -c (the version check) succeeds.
PYTHON3 = (
    STUB
    + 'if [ "$1" = -m ] && [ "$2" = venv ]; then d="${@: -1}"; mkdir -p "$d/bin"; '
    + 'for t in python companion; do cp "$0.stub" "$d/bin/$t"; command -p chmod +x "$d/bin/$t"; done; fi\n'
)


@pytest.fixture
def stubs(tmp_path: Path) -> dict[str, str]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    scripts = {name: STUB for name in STUBBED}
    scripts.update(install=INSTALL, id=ID, getent=GETENT, python3=PYTHON3)
    scripts["python3.stub"] = STUB
    for name, text in scripts.items():
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    return {
        **os.environ,
        "PATH": f"{bin_dir}:{os.environ['PATH']}",
        "STUB_LOG": str(tmp_path / "log"),
        "STUB_UNIT": str(tmp_path / "unit"),
    }


def run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(DEPLOY / "install.sh"), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def calls(env: dict[str, str]) -> list[list[str]]:
    return [line.split("\t") for line in Path(env["STUB_LOG"]).read_text().splitlines()]


def test_a_real_run_does_what_the_dry_run_prints(stubs, tmp_path):
    prefix = tmp_path / "opt"
    real = run(stubs, "--prefix", str(prefix))
    assert real.returncode == 0, real.stderr
    done = calls(stubs)
    # Printed steps as argv lists; the venv's stubs log under their own names (python, companion).
    printed = [
        [arg.replace(f"{prefix}/venv/bin/", "") for arg in shlex.split(step)]
        for step in steps(real.stdout)
        if not step.startswith("render ")
    ]
    unit_install = [c for c in done if c[-1] == "/etc/systemd/system/table-companion.service"]
    assert len(unit_install) == 1 and unit_install[0][:3] == ["install", "-m", "0644"]
    # What ran but is no step: the unit's install (printed as "render"), and the look-ups.
    looked_up = (["python3", "-c"], ["systemctl", "get-default"])
    changes = [
        c for c in done if c not in unit_install and tuple(c[:2]) not in map(tuple, looked_up)
    ]
    assert changes == printed

    before = calls(stubs)
    dry = run(stubs, "--dry-run", "--prefix", str(prefix))
    assert dry.returncode == 0, dry.stderr
    assert steps(dry.stdout) == steps(real.stdout)
    changed = [c for c in calls(stubs)[len(before) :] if tuple(c[:2]) not in map(tuple, looked_up)]
    assert changed == [], "the dry run ran a command that changes the system"


def test_the_installed_unit_is_the_rendered_one(stubs, tmp_path):
    result = run(stubs, "--prefix", str(tmp_path / "opt"), "--user", "tablepi", "--no-start")
    assert result.returncode == 0, result.stderr
    installed = Path(stubs["STUB_UNIT"]).read_text()
    expected = (
        UNIT.read_text()
        .replace("User=companion\n", "User=tablepi\n")
        .replace("/opt/table-companion", str(tmp_path / "opt"))
    )
    assert installed == expected


def test_a_failing_step_stops_the_install(stubs, tmp_path):
    failing = Path(stubs["PATH"].split(":")[0]) / "apt-get"
    failing.write_text(STUB + "exit 100\n")
    result = run(stubs, "--prefix", str(tmp_path / "opt"))
    assert result.returncode == 100
    assert calls(stubs) == [["apt-get", "update"]], "nothing may run after a failed step"
