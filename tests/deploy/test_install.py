"""deploy/install.sh: a dry run prints every step of a Pi install and changes nothing."""

from __future__ import annotations

import os
import re
import shutil

import pytest

from tests.deploy.common import DATA_DIR, DEPLOY, ROOT, script, steps

USER = "tc-dry-run-user"  # a name no machine has, so the user-creating steps are printed


@pytest.fixture(scope="module")
def dry_run(tmp_path_factory):
    prefix = tmp_path_factory.mktemp("install") / "opt-companion"
    result = script("install.sh", "--dry-run", "--user", USER, "--prefix", str(prefix))
    assert result.returncode == 0, result.stderr
    return prefix, result, steps(result.stdout)


def step(all_steps: list[str], pattern: str) -> int:
    """Index of the one step matching the regex."""
    found = [i for i, s in enumerate(all_steps) if re.search(pattern, s)]
    assert len(found) == 1, f"{pattern!r} matched {len(found)} steps:\n" + "\n".join(all_steps)
    return found[0]


def test_it_installs_the_apt_packages_the_pi_needs(dry_run):
    _, _, done = dry_run
    install = done[step(done, r"apt-get install ")]
    assert "--no-install-recommends" in install
    packages = set(install.split())
    # picamera2 comes from apt; the venv needs python3-venv; gpiozero's pin library on Bookworm;
    # what the bundled SDL loads for KMSDRM (see the comment in install.sh).
    for package in ["python3-picamera2", "python3-venv", "python3-lgpio", "libdrm2", "libgbm1",
                    "libegl1", "libgles2", "libegl-mesa0", "libgl1-mesa-dri", "udev", "gpiod",
                    "rpicam-apps-lite"]:  # fmt: skip
        assert package in packages, package
    assert step(done, r"^apt-get update$") < step(done, r"apt-get install ")


def test_it_makes_a_venv_that_sees_apts_picamera2_and_installs_the_checkout(dry_run):
    prefix, _, done = dry_run
    venv = step(done, rf"^python3 -m venv --system-site-packages {prefix}/venv$")
    constrained = step(
        done,
        rf"^{prefix}/venv/bin/python -m pip install .*--constraint {DEPLOY}/constraints-pi.txt {ROOT}$",
    )
    forced = step(done, rf"{prefix}/venv/bin/python -m pip install .*--force-reinstall {ROOT}$")
    check = step(
        done, rf"^{prefix}/venv/bin/companion --config /etc/table-companion/config.toml config$"
    )
    assert venv < constrained < forced < check


def test_the_constraints_keep_numpy_1_for_apts_simplejpeg():
    lines = (DEPLOY / "constraints-pi.txt").read_text().splitlines()
    assert "numpy<2" in lines


def test_it_makes_an_unprivileged_system_user_in_the_device_groups(dry_run):
    _, result, done = dry_run
    add = done[step(done, rf"^useradd .*{USER}$")]
    assert "--system" in add and "/usr/sbin/nologin" in add and f"--home-dir {DATA_DIR}" in add
    groups = done[step(done, rf"^usermod --append --groups \S+ {USER}$")].split()[3].split(",")
    assert sorted(groups) == ["gpio", "input", "render", "video"]
    assert step(done, r"^useradd ") < step(done, r"^usermod ")


def test_it_makes_the_data_dir_for_the_user_and_installs_the_config(dry_run):
    _, result, done = dry_run
    step(done, rf"^install -d -m 0750 -o {USER} -g {USER} {DATA_DIR}$")
    # The wizards save into the config from the service: its directory and file are the
    # user's group's to write (the unit's ReadWritePaths= opens the directory).
    step(done, rf"^install -d -m 0775 -o root -g {USER} /etc/table-companion$")
    installed = [s for s in done if s.endswith(" /etc/table-companion/config.toml")]
    kept = "keeping /etc/table-companion/config.toml" in result.stdout
    # A config already there (an upgrade) is kept, made group-writable; else the example is
    # installed.
    assert installed == (
        [
            f"chgrp {USER} /etc/table-companion/config.toml",
            "chmod g+rw /etc/table-companion/config.toml",
        ]
        if kept
        else [
            f"install -m 0664 -o root -g {USER} {DEPLOY}/config.example.toml "
            "/etc/table-companion/config.toml"
        ]
    )


def test_it_installs_enables_and_starts_the_unit(dry_run):
    prefix, _, done = dry_run
    render = step(
        done,
        rf"^render {DEPLOY}/table-companion.service \(User={USER}, prefix {prefix}\) > /etc/systemd/system/table-companion.service$",
    )
    reload = step(done, r"^systemctl daemon-reload$")
    enable = step(done, r"^systemctl enable table-companion.service$")
    restart = step(done, r"^systemctl restart table-companion.service$")
    assert render < reload < enable < restart


def test_a_dry_run_changes_nothing(dry_run):
    prefix, _, _ = dry_run
    assert not prefix.exists()


def test_no_start_installs_and_enables_without_starting(tmp_path):
    result = script("install.sh", "--dry-run", "--no-start", "--prefix", str(tmp_path / "p"))
    assert result.returncode == 0, result.stderr
    done = steps(result.stdout)
    assert "systemctl enable table-companion.service" in done
    assert not [s for s in done if s.startswith("systemctl restart")]


@pytest.mark.parametrize(
    "args, message",
    [
        (["--user", "Bad Name"], "not a valid user name"),
        (["--user", "root"], "unprivileged"),
        (["--prefix", "relative/dir"], "absolute path"),
        (["--prefix", "/opt/a b"], "absolute path"),
        (["--frobnicate"], "unknown option '--frobnicate'"),
    ],
)
def test_bad_options_are_refused_with_a_clear_message(args, message):
    result = script("install.sh", "--dry-run", *args)
    assert result.returncode == 1
    assert message in result.stderr
    assert not steps(result.stdout)


def test_a_real_install_needs_root():
    if os.geteuid() != 0:
        result = script("install.sh")
    elif shutil.which("setpriv"):
        result = script("install.sh", user="65534")  # nobody
    else:
        pytest.skip("running as root without setpriv to drop to another user")
    if "Permission denied" in result.stderr:
        pytest.skip(f"user nobody cannot read this checkout: {result.stderr.strip()}")
    assert result.returncode == 1
    assert "run as root: sudo" in result.stderr
    assert not steps(result.stdout)


def test_every_option_the_readme_shows_is_one_the_scripts_accept():
    readme = (ROOT / "README.md").read_text()
    section = readme.split("### Install\n", 1)[1].split("\n### ", 1)[0]
    shown = set(re.findall(r"(?<![\w-])(--[a-z][a-z-]+)", section)) - {"--system-site-packages"}
    assert {"--console-boot", "--dry-run", "--purge", "--user", "--prefix"} <= shown
    usage = script("install.sh", "--help").stdout + script("uninstall.sh", "--help").stdout
    for option in shown:
        assert f"  {option}" in usage, f"the README shows {option}, which neither script has"
