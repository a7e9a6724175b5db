"""A photo of many pip dice (issue #6: "`--max-dice N` so a photo of 25 pip dice can be read
too"), through the real CLI after a foreign teach step of 5 dice per picture: never read "ok"
wrong, and the dice found as they are with 5 in play (the frame's colours judged for 25)."""

import json

import pytest

from companion.cli import main
from tests.vision.foreign.scenes import write_scenes, write_teach
from tests.vision.foreign.score import score

MANY = ("--max-dice", "25", "--dice", "25")


@pytest.fixture(scope="module")
def profile(tmp_path_factory):
    root = tmp_path_factory.mktemp("pips25")
    write_teach(root / "teach", "pips", seed=7600, per_face=1, crops=1)
    path = root / "profile.npz"
    assert main(["dice", "teach", str(root / "teach"), "--out", str(path)]) == 0
    return path


def _read(tmp_path, capsys, profile, seed: int, count: int):
    truth = write_scenes(tmp_path, "pips", seed=seed, count=count, dice=25)
    capsys.readouterr()
    images = [str(tmp_path / name) for name in truth]
    rc = main(["dice", "read", *images, "--profile", str(profile), "--jsonl", *MANY])
    out, err = capsys.readouterr()
    assert rc == 0, err
    return score(truth, [json.loads(line) for line in out.splitlines()])


def test_a_photo_of_25_pip_dice_is_never_committed_wrong(tmp_path, capsys, profile):
    s = _read(tmp_path, capsys, profile, seed=7700, count=2)
    assert s.dice == 50 and s.wrong_ok == 0, s.line()
    assert "too-many" not in s.reasons, s.line()


def test_the_colour_of_25_dice_is_not_taken_for_the_table(tmp_path, capsys, profile):
    # vision.finder.frame_lut takes a colour the frame is full of for table: at the share of
    # POW's 5 dice, the 16 white dice of this photo of 25 made their colour "table": 6 dice
    # were not found and what the mask kept of others was called "blurred" (0 of 25 read).
    # The dice's share grows with the dice in play (`max_dice`): all 25 read right.
    s = _read(tmp_path, capsys, profile, seed=7816, count=1)
    assert s.correct == 25 and s.wrong_ok == 0, s.line()
