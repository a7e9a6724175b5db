"""`companion run`, the service: starts (auto-detected hardware named in the log), stops cleanly
on SIGTERM (systemd), and the next start resumes the same game."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def _start(store: Path, *args: str, env_extra: dict[str, str] | None = None):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "PYTHONPATH": str(ROOT), **(env_extra or {})}
    env.pop("COMPANION_CONFIG", None)
    env["XDG_CONFIG_HOME"] = str(store.parent / "config")  # no user config file
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "companion",
            "--store",
            str(store),
            "run",
            "--display",
            "headless",
            *args,
        ],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
        env=env,
        cwd=ROOT,
    )


def _until(proc, text: str) -> list[str]:
    seen = []
    for line in proc.stderr:
        seen.append(line)
        if text in line:
            return seen
    raise AssertionError(f"{text!r} never logged:\n{''.join(seen)}")


def _stop(proc) -> int:
    proc.send_signal(signal.SIGTERM)
    proc.stderr.read()
    return proc.wait(30)


def test_run_starts_stops_on_sigterm_and_resumes(tmp_path):
    store = tmp_path / "games.sqlite3"
    proc = _start(store, "--players", "Ann,Ben", "--camera", "sim", "--buttons", "keyboard")
    try:
        log = "".join(_until(proc, "new game 1 (pow); camera"))
    finally:
        code = _stop(proc)
    assert code == 0
    assert "camera: sim (asked for)" in log and "buttons: keyboard and screen" in log
    again = _start(store, "--camera", "sim", "--buttons", "keyboard")
    try:
        _until(again, "resumed game 1 (pow); camera")
    finally:
        assert _stop(again) == 0


def _pow_on_mock_gpio(tmp_path) -> str:
    """The log of `run` starting a POW game on gpiozero's mock pins, up to its start line."""
    proc = _start(
        tmp_path / "g.sqlite3",
        "--game",
        "pow",
        "--camera",
        "sim",
        env_extra={"GPIOZERO_PIN_FACTORY": "mock"},
    )
    try:
        return "".join(_until(proc, "new game 1 (pow); camera"))
    finally:
        assert _stop(proc) == 0


def test_run_uses_gpio_buttons_where_a_pin_factory_is_set(tmp_path):
    log = _pow_on_mock_gpio(tmp_path)
    assert "GPIO buttons (next=5, previous=6, select=13, confirm=19, undo=26)" in log


def test_run_wires_the_config_files_buttons_and_player_keys_as_the_setup_screen_does(tmp_path):
    # run and the setup screen open the panel through one function (setup_flow.panel_opener):
    # the [buttons] pins and the per-player keys both reach it.
    (tmp_path / "config" / "table-companion").mkdir(parents=True)
    (tmp_path / "config" / "table-companion" / "config.toml").write_text(
        '[buttons]\nsource = "gpio"\nundo = 16\nplayers = [20, 21]\n'
    )
    log = _pow_on_mock_gpio(tmp_path)
    assert (
        "GPIO buttons (next=5, previous=6, select=13, confirm=19, undo=16, player:0=20, "
        "player:1=21)" in log
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--camera", "files"], "--camera files needs one PATH"),
        (["--camera", "webcam"], "--camera 'webcam': one of"),
    ],
)
def test_run_flag_errors_are_one_clear_line(tmp_path, args, message):
    proc = _start(tmp_path / "g.sqlite3", *args)
    err = proc.stderr.read()
    assert proc.wait(30) == 1
    assert message in err and "Traceback" not in err


def test_run_with_no_unfinished_game_and_none_named_shows_the_setup_screen(tmp_path):
    proc = _start(tmp_path / "s.sqlite3", "--camera", "sim", "--buttons", "keyboard")
    try:
        _until(proc, "no unfinished game: the setup screen")
    finally:
        assert _stop(proc) == 0
