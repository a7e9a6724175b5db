"""The `companion` command as a user runs it: exit codes, one-line errors, help."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def companion(*args, env=None, tmp=None):
    environ = {**os.environ, "PYTHONPATH": str(ROOT)}
    if tmp is not None:
        environ.update(XDG_DATA_HOME=str(tmp / "data"), XDG_CONFIG_HOME=str(tmp / "cfg"))
    environ.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "companion", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=environ,
        timeout=60,
    )


@pytest.mark.parametrize("args", [[], ["replay"], ["frob"], ["replay", "x", "--bogus"], ["export"]])
def test_bad_arguments_are_one_line_and_non_zero(args, tmp_path):
    result = companion(*args, tmp=tmp_path)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    if args:
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr


@pytest.mark.parametrize("command", ["replay", "export", "games", "config"])
def test_every_subcommand_has_help(command, tmp_path):
    result = companion(command, "--help", tmp=tmp_path)
    assert result.returncode == 0
    assert "usage: companion " + command in result.stdout


def test_replay_missing_file(tmp_path):
    result = companion("replay", str(tmp_path / "nope.jsonl"), "--json", tmp=tmp_path)
    assert result.returncode == 1
    assert "cannot read" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "text, line, message",
    [
        ("", 1, "empty"),
        ("not json\n", 1, "not JSON"),
        ('{"game": "pow", "version": 2}\n', 1, "'version' must be 1"),
        ('{"game": "chess", "version": 1}\n', 1, "unknown game 'chess'"),
        ('["a list"]\n', 1, "header"),
    ],
)
def test_replay_malformed_header_exits_2(tmp_path, text, line, message):
    record = tmp_path / "r.jsonl"
    record.write_text(text)
    result = companion("replay", str(record), "--json", tmp=tmp_path)
    assert result.returncode == 2
    err = json.loads(result.stderr)
    assert err["error"] == "malformed" and err["line"] == line and message in err["message"]


def test_config_error_names_key_and_exits_1(tmp_path):
    cfg = tmp_path / "c.toml"
    cfg.write_text('[camera]\nsource = "webcam"\n')
    result = companion("--config", str(cfg), "config", tmp=tmp_path)
    assert result.returncode == 1
    assert "'camera.source' = 'webcam' is not allowed" in result.stderr
    assert "Traceback" not in result.stderr


def test_games_on_empty_store_and_export_of_unknown_game(tmp_path):
    result = companion("games", tmp=tmp_path)
    assert result.returncode == 0 and "no games" in result.stdout
    result = companion("export", "7", tmp=tmp_path)
    assert result.returncode == 1 and "no game 7" in result.stderr
    result = companion("export", "seven", tmp=tmp_path)
    assert result.returncode == 1 and "must be a number" in result.stderr


def test_store_flag_and_games_listing(tmp_path):
    from companion.store import Store
    from tests.companion.countgame import HEADER, resolve

    path = tmp_path / "s.sqlite3"
    with Store(path, resolve=resolve) as store:
        store.new_game(HEADER)
    result = companion("--store", str(path), "games", "--json", tmp=tmp_path)
    assert result.returncode == 0
    assert json.loads(result.stdout)["players"] == ["Ann", "Ben"]


def test_bench_prints_figures_as_json(tmp_path):
    result = companion("bench", "store", "--quick", "--json", tmp=tmp_path)
    assert result.returncode == 0, result.stderr
    figure = json.loads(result.stdout.splitlines()[0])
    assert figure["area"] == "store" and figure["unit"] == "ms" and figure["value"] > 0


def test_bench_unknown_area(tmp_path):
    result = companion("bench", "nope", tmp=tmp_path)
    assert result.returncode == 1 and "unknown area 'nope'" in result.stderr


def test_the_cli_loads_no_numpy_or_opencv_until_a_command_needs_them():
    # design.md budgets (start ≤ 1.5 s, memory ≤ 250 MB): numpy and OpenCV cost ~0.3 s and
    # ~30 MB at every start, and Malacca, Dig Mars, replay or export use neither.
    probe = (
        "import sys; from companion import cli; cli.build_parser(); "
        "print(sorted(m for m in ('cv2', 'numpy') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
