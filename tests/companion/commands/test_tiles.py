"""`companion tiles teach|read|render` as a user runs it: value lists, JSON lines, bad files."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.commands.tiles import join_values
from tests.vision.tiles_fixtures import scene, setup_scene


def _csv(values) -> str:
    return ",".join(str(v) for v in values)


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("tiles")
    cv2.imwrite(str(d / "setup.png"), setup_scene().image)
    for seed in (102, 104):
        cv2.imwrite(str(d / f"{seed}.png"), scene(seed).image)
    cv2.imwrite(str(d / "hand.png"), scene(31, case="hand").image)
    return d


def test_join_values_keeps_a_leading_minus_as_a_value():
    assert join_values(["teach", "x", "--villains", "-2,-5", "--heroes", "3,1"]) == [
        "teach", "x", "--villains=-2,-5", "--heroes", "3,1"
    ]  # fmt: skip
    assert join_values(["--villains=-2,-5"]) == ["--villains=-2,-5"]
    assert join_values(["--villains", "--out"]) == ["--villains", "--out"]


@pytest.mark.parametrize("form", ["separate", "equals"])
def test_pow_1_teach_takes_both_villains_forms(files, tmp_path, form, capsys):
    heroes, villains = (_csv(r) for r in setup_scene().laid_out)
    out = tmp_path / "p.npz"
    if form == "separate":
        flags = ["--heroes", heroes, "--villains", villains]
    else:
        flags = [f"--heroes={heroes}", f"--villains={villains}"]
    assert main(["tiles", "teach", str(files / "setup.png"), *flags, "--out", str(out)]) == 0
    assert out.is_file()
    assert "taught 12 hero and 12 villain tiles" in capsys.readouterr().out


@pytest.fixture(scope="module")
def profile_file(files):
    heroes, villains = (_csv(r) for r in setup_scene().laid_out)
    path = files / "p.npz"
    assert main(["tiles", "teach", str(files / "setup.png"), "--heroes", heroes,
                 "--villains", villains, "--out", str(path)]) == 0  # fmt: skip
    return path


def test_read_jsonl_one_line_per_image_left_to_right(files, profile_file, capsys):
    images = [files / "102.png", files / "104.png", files / "hand.png"]
    code = main(["tiles", "read", *map(str, images), "--profile", str(profile_file), "--jsonl"])
    assert code == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [d["image"] for d in lines] == [p.name for p in images]
    for d, seed in zip(lines[:2], (102, 104), strict=True):
        assert set(d) == {"image", "status", "reason", "heroes", "villains"}
        assert d["status"] == "ok" and d["reason"] is None
        assert [t["value"] for t in d["heroes"]] == [t.value for t in scene(seed).heroes]
        assert [t["value"] for t in d["villains"]] == [t.value for t in scene(seed).villains]
        xs = [t["center"][0] for t in d["heroes"]]
        assert xs == sorted(xs)
    assert lines[2]["status"] == "unreadable" and lines[2]["reason"]


def test_read_without_jsonl_is_one_human_line(files, profile_file, capsys):
    assert main(["tiles", "read", str(files / "102.png"), "--profile", str(profile_file)]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    assert line.startswith(f"{files / '102.png'}: ok  heroes +")


def test_bad_files_are_one_line_and_non_zero(files, profile_file, tmp_path, capsys):
    junk = tmp_path / "junk.png"
    junk.write_text("not an image")
    empty = tmp_path / "empty.png"
    empty.write_bytes(b"")
    code = main(["tiles", "read", str(tmp_path / "none.png"), str(junk), str(empty),
                 str(files / "102.png"), "--profile", str(profile_file), "--jsonl"])  # fmt: skip
    captured = capsys.readouterr()
    assert code == 1
    err = captured.err.splitlines()
    assert len(err) == 3 and "no such file" in err[0] and "not an image" in err[1]
    assert "empty file" in err[2]
    assert len(captured.out.splitlines()) == 1  # the good image is still read
    assert main(["tiles", "read", str(files / "102.png"), "--profile", str(junk)]) == 1
    assert "not a tile profile" in capsys.readouterr().err


@pytest.mark.parametrize(
    "flags,message",
    [
        (["--heroes", "3,x", "--villains", "-1"], "not a list of whole numbers"),
        (["--heroes", "3,1", "--villains", "2,5"], "negative (POW-1)"),
        (["--heroes", "-3", "--villains", "-2"], "positive (POW-1)"),
    ],
)
def test_bad_value_lists_are_one_line_exit_2(files, tmp_path, flags, message, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["tiles", "teach", str(files / "setup.png"), *flags, "--out", str(tmp_path / "p")])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_teach_with_the_wrong_count_says_so(files, tmp_path, capsys):
    heroes, villains = setup_scene().laid_out
    code = main(["tiles", "teach", str(files / "setup.png"), "--heroes", _csv(heroes[:10]),
                 "--villains", _csv(villains), "--out", str(tmp_path / "p")])  # fmt: skip
    assert code == 1
    assert "hero row shows 12 tiles but 10 values" in capsys.readouterr().err
    assert not (tmp_path / "p").exists()


def test_render_writes_scenes_with_truth(tmp_path, capsys):
    assert main(["tiles", "render", str(tmp_path), "--count", "2", "--seed", "4"]) == 0
    assert "teach with: companion tiles teach" in capsys.readouterr().out
    for stem in ("setup", "0000", "0001"):
        img = cv2.imread(str(tmp_path / f"{stem}.png"))
        assert img.shape == (720, 1280, 3)
        truth = json.loads((tmp_path / f"{stem}.json").read_text())
        assert {"reason", "heroes", "villains", "laid_out"} <= set(truth)
    setup = json.loads((tmp_path / "setup.json").read_text())
    assert len(setup["heroes"]) == len(setup["laid_out"]["heroes"]) == 12
    # Same seed, same files.
    again = tmp_path / "again"
    assert main(["tiles", "render", str(again), "--count", "2", "--seed", "4"]) == 0
    assert np.array_equal(
        cv2.imread(str(again / "0001.png")), cv2.imread(str(tmp_path / "0001.png"))
    )
