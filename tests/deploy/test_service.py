"""deploy/table-companion.service: valid for systemd, and the settings the Pi depends on."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.deploy.common import DATA_DIR, UNIT, script


def settings(text: str) -> dict[tuple[str, str], list[str]]:
    """(section, key) -> values, in order (systemd allows a key more than once)."""
    found: dict[tuple[str, str], list[str]] = {}
    section = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        key, _, value = line.partition("=")
        found.setdefault((section, key.strip()), []).append(value.strip())
    return found


UNIT_SETTINGS = settings(UNIT.read_text())


def one(section: str, key: str) -> str:
    values = UNIT_SETTINGS.get((section, key))
    assert values and len(values) == 1, f"[{section}] {key}= is {values}"
    return values[0]


def rendered(tmp_path: Path, user: str = "companion") -> Path:
    """The unit as install.sh writes it for a prefix in tmp_path, with a companion to start."""
    companion = tmp_path / "venv" / "bin" / "companion"
    companion.parent.mkdir(parents=True)
    companion.write_text("#!/bin/sh\n")
    companion.chmod(0o755)
    result = script("install.sh", "--print-unit", "--prefix", str(tmp_path), "--user", user)
    assert result.returncode == 0, result.stderr
    unit = tmp_path / "table-companion.service"
    unit.write_text(result.stdout)
    return unit


def verify(unit: Path) -> subprocess.CompletedProcess[str]:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed (Debian's systemd package; .ci/run adds it)")
    return subprocess.run(
        [analyze, "verify", "--man=no", str(unit)], capture_output=True, text=True, timeout=60
    )


def test_systemd_analyze_verify_accepts_the_installed_unit(tmp_path):
    unit = rendered(tmp_path)
    result = verify(unit)
    # verify also reports on unrelated units of the host it runs on: only ours counts, and a
    # warning about ours (an unknown key, a missing program) is a failure even with status 0.
    ours = [line for line in (result.stdout + result.stderr).splitlines() if unit.name in line]
    assert result.returncode == 0 and not ours, result.stdout + result.stderr


def test_systemd_analyze_verify_catches_a_broken_unit(tmp_path):
    # The test above means something only if verify reports a unit that cannot work.
    unit = rendered(tmp_path)
    unit.write_text(unit.read_text().replace(str(tmp_path / "venv"), str(tmp_path / "nowhere")))
    result = verify(unit)
    assert result.returncode != 0
    assert "nowhere/bin/companion" in result.stdout + result.stderr


def test_print_unit_fills_in_the_user_and_prefix(tmp_path):
    text = rendered(tmp_path, user="tablepi").read_text()
    found = settings(text)
    assert found[("Service", "User")] == ["tablepi"]
    assert found[("Service", "ExecStart")] == [f"{tmp_path}/venv/bin/companion run"]
    assert "/opt/table-companion" not in text


def test_the_service_runs_companion_run_from_the_venv_as_an_unprivileged_user():
    assert one("Service", "ExecStart") == "/opt/table-companion/venv/bin/companion run"
    assert one("Service", "User") == "companion"
    assert (
        "COMPANION_CONFIG=/etc/table-companion/config.toml"
        in UNIT_SETTINGS[("Service", "Environment")]
    )


def test_it_starts_on_boot_fullscreen_through_kmsdrm_on_tty1():
    assert one("Install", "WantedBy") == "multi-user.target"
    assert "SDL_VIDEODRIVER=kmsdrm" in UNIT_SETTINGS[("Service", "Environment")]
    assert one("Service", "TTYPath") == "/dev/tty1"
    assert one("Unit", "Conflicts") == "getty@tty1.service"


def test_it_restarts_on_failure_with_a_start_limit_systemd_252_understands():
    assert one("Service", "Restart") == "on-failure"
    assert int(one("Service", "RestartSec")) > 0
    assert int(one("Unit", "StartLimitBurst")) > 1
    # RestartSteps=/RestartMaxDelaySec= came in systemd 254; Bookworm has 252.
    assert ("Service", "RestartSteps") not in UNIT_SETTINGS
    assert ("Service", "RestartMaxDelaySec") not in UNIT_SETTINGS


def test_it_stops_with_sigterm_and_time_to_close_the_store():
    assert one("Service", "KillSignal") == "SIGTERM"
    assert 5 <= int(one("Service", "TimeoutStopSec")) <= 30


def test_the_store_working_directory_and_config_directory_are_the_only_writable_places():
    assert one("Service", "ProtectSystem") == "strict"
    assert one("Service", "StateDirectory") == "table-companion"
    # The setup screen's wizards save into the config file (a new file renamed over it), so
    # its directory is writable; "-" keeps a missing directory from failing the start.
    assert one("Service", "ReadWritePaths") == "-/etc/table-companion"
    # lgpio makes a pipe in the working directory; it must be writable (gpiozero #1106).
    assert one("Service", "WorkingDirectory") == DATA_DIR


@pytest.mark.parametrize("key", ["PrivateDevices", "DeviceAllow", "DevicePolicy", "ProtectClock"])
def test_no_hardening_that_hides_gpio_camera_or_display_devices(key):
    # Each of these closes /dev to a list (ProtectClock adds DeviceAllow=char-rtc): the
    # gpiochip, /dev/dri, /dev/video* and /dev/media* nodes are reached through the groups.
    assert ("Service", key) not in UNIT_SETTINGS


def unit_environment() -> dict[str, str]:
    return dict(value.split("=", 1) for value in UNIT_SETTINGS[("Service", "Environment")])


def test_under_the_units_environment_the_display_goes_fullscreen(monkeypatch):
    from display import backend

    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    for name, value in unit_environment().items():
        monkeypatch.setenv(name, value)
    assert backend.detect() == "fullscreen"


def test_the_config_the_unit_names_is_the_one_install_sh_writes():
    assert unit_environment()["COMPANION_CONFIG"] == "/etc/table-companion/config.toml"
    assert "config_dir=/etc/table-companion" in (UNIT.parent / "install.sh").read_text()
