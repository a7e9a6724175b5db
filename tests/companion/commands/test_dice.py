"""`companion dice …` as a user runs it: the JSON Lines contract, teach round trip, bad files."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[3]


def companion(*args, tmp):
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "XDG_CONFIG_HOME": str(tmp / "cfg"),
        "XDG_DATA_HOME": str(tmp / "data"),
    }
    env.pop("COMPANION_CONFIG", None)
    return subprocess.run(
        [sys.executable, "-m", "companion", "dice", *args],
        cwd=tmp,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


@pytest.fixture
def in_process(tmp_path, monkeypatch, capsys):
    """`companion(*args, tmp=tmp_path)` run in this process through the same entry point
    (companion.cli.main): the same working folder, config and data folders, exit status,
    stdout and stderr (log lines included, as the command's own process prints them). Each
    subcommand's contract is tested on the real command (`companion`); its error paths run
    here, where a process of their own loads numpy and OpenCV again (~0.3 CPU s, and
    seconds of wall time on a loaded machine)."""
    from companion.cli import main

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("COMPANION_CONFIG", raising=False)

    def run(*args):
        capsys.readouterr()
        # The command's own process logs INFO and up to stderr (cli.setup_logging); here
        # pytest's handlers are on the root logger already, so setup_logging changes nothing.
        root, level = logging.getLogger(), logging.getLogger().level
        said = logging.StreamHandler(sys.stderr)
        said.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
        root.addHandler(said)
        root.setLevel(logging.INFO)
        try:
            rc = main(["dice", *args])
        except SystemExit as exit_:  # argparse's usage errors
            rc = exit_.code
        finally:
            root.removeHandler(said)
            root.setLevel(level)
        out, err = capsys.readouterr()
        return subprocess.CompletedProcess(["companion", "dice", *args], rc, out, err)

    return run


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("dice-cli")
    result = companion("render", "scenes", "--count", "3", "--seed", "9", tmp=tmp)
    assert result.returncode == 0, result.stderr
    return tmp


def test_render_writes_scenes_with_ground_truth(rendered):
    pngs = sorted((rendered / "scenes").glob("*.png"))
    assert len(pngs) == 3
    truth = json.loads(pngs[0].with_suffix(".json").read_text())
    assert {"image", "reason", "dice", "kept_zone"} <= set(truth)
    assert {"face", "center", "kept", "state"} <= set(truth["dice"][0])


def test_read_prints_one_json_line_per_image_in_the_contract_shape(rendered):
    images = sorted(str(p.relative_to(rendered)) for p in (rendered / "scenes").glob("*.png"))
    result = companion("read", *images, "--jsonl", tmp=rendered)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 3
    for line, image in zip(lines, images, strict=True):
        obj = json.loads(line)
        assert list(obj) == ["image", "status", "reason", "dice"]
        assert obj["image"] == Path(image).name
        assert obj["status"] in ("ok", "unreadable")
        assert (obj["reason"] is None) == (obj["status"] == "ok")
        for die in obj["dice"]:
            assert list(die) == ["face", "center", "confidence", "kept"]
            assert die["face"] in ("shield", "skull", "bubble-blue", "bubble-orange")
            assert len(die["center"]) == 2 and 0 <= die["confidence"] <= 1
            assert isinstance(die["kept"], bool)


def test_teach_then_read_round_trip(tmp_path):
    assert (
        companion("teach-set", "teach", "--seed", "3", "--per-face", "1", tmp=tmp_path).returncode
        == 0
    )
    assert sorted(p.name for p in (tmp_path / "teach").iterdir()) == [
        "bubble-blue",
        "bubble-orange",
        "shield",
        "skull",
    ]
    taught = companion("teach", "teach", "--out", "mine.npz", tmp=tmp_path)
    assert taught.returncode == 0, taught.stderr
    assert "taught 4 faces" in taught.stderr
    import cv2

    from vision.render import SceneSpec, render_scene

    scene = render_scene(np.random.default_rng(44), SceneSpec(effects=False, distractors=False))
    cv2.imwrite(str(tmp_path / "table.png"), scene.image)
    result = companion(
        "read",
        "table.png",
        "--profile",
        "mine.npz",
        "--jsonl",
        "--kept-zone",
        "0,0,1,0.25",
        tmp=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    obj = json.loads(result.stdout)
    assert obj["status"] == "ok"
    assert sorted(d["face"] for d in obj["dice"]) == sorted(d.face for d in scene.dice)
    assert sorted(d["kept"] for d in obj["dice"]) == sorted(d.kept for d in scene.dice)


def test_max_dice_flag_allows_more_dice(tmp_path, in_process):
    import cv2

    from vision.render import SceneSpec, render_scene

    scene = render_scene(
        np.random.default_rng(301), SceneSpec(case="too-many", effects=False, distractors=False)
    )
    cv2.imwrite(str(tmp_path / "many.png"), scene.image)
    five = json.loads(in_process("read", "many.png", "--jsonl").stdout)
    many = json.loads(in_process("read", "many.png", "--jsonl", "--max-dice", "25").stdout)
    assert five["reason"] == "too-many"
    assert many["reason"] != "too-many"


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("missing.png", None, "no such file"),
        ("text.png", b"not an image at all", "not an image"),
        ("empty.png", b"", "empty file"),
        ("huge.png", "huge", "too large"),
    ],
)
def test_bad_files_give_one_clear_line_and_a_non_zero_exit(
    tmp_path, in_process, name, content, message
):
    path = tmp_path / name
    if content == "huge":
        # A real PNG header claiming 100000×100000 pixels: refused before it is decoded.
        ihdr = (100000).to_bytes(4, "big") * 2 + bytes([8, 2, 0, 0, 0])
        path.write_bytes(
            b"\x89PNG\r\n\x1a\n" + (13).to_bytes(4, "big") + b"IHDR" + ihdr + b"\0" * 4
        )
    elif content is not None:
        path.write_bytes(content)
    result = in_process("read", name, "--jsonl")
    assert result.returncode != 0
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and name in lines[0]
    assert "Traceback" not in result.stderr


def test_teach_of_a_folder_without_face_folders_is_one_line(tmp_path, in_process):
    (tmp_path / "empty").mkdir()
    result = in_process("teach", "empty", "--out", "p.npz")
    assert result.returncode == 1
    assert len(result.stderr.strip().splitlines()) == 1 and "folder per face" in result.stderr
    assert not (tmp_path / "p.npz").exists()


def test_a_bad_profile_file_is_one_line(tmp_path, in_process):
    (tmp_path / "p.npz").write_bytes(b"nonsense")
    result = in_process("read", "x.png", "--profile", "p.npz")
    assert result.returncode == 1 and "not a dice profile" in result.stderr


@pytest.mark.parametrize(
    "flag, value",
    [("--max-dice", "five"), ("--max-dice", "0"), ("--dice", "-1"), ("--kept-zone", "0,1"),
     ("--kept-zone", "0.6,0,0.4,1"), ("--kept-zone", "0,0,1.5,1")],
)  # fmt: skip
def test_a_bad_vision_flag_is_one_line_naming_it_and_writes_nothing(
    tmp_path, in_process, flag, value
):
    result = in_process("read", "any.png", flag, value, "--annotate", "drawn")
    assert result.returncode == 2 and result.stdout == ""
    assert flag in result.stderr and value in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "drawn").exists()


def test_a_bad_vision_value_in_the_config_file_names_the_key_and_writes_nothing(
    tmp_path, in_process
):
    # The [vision] section feeds dice_config (kept_zone): config.py's schema refuses it first.
    (tmp_path / "cfg" / "table-companion").mkdir(parents=True)
    (tmp_path / "cfg" / "table-companion" / "config.toml").write_text(
        "[vision]\nkept_zone = [0, 1]\n"
    )
    result = in_process("read", "any.png", "--annotate", "drawn")
    assert result.returncode == 1 and result.stdout == ""
    assert "'vision.kept_zone' = [0, 1] is not allowed" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "drawn").exists()
