"""The held-out runner drives the same commands a table uses and reports what they give."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.vision.foreign import heldout


def test_teach_argv_runs_the_printed_tiles_teach_with_this_python_and_profile(tmp_path: Path):
    printed = "companion tiles teach /x/teach.jpg --heroes 1,2 --villains=-1,-2 --out PROFILE"
    argv = heldout.teach_argv(printed, tmp_path / "p.npz")
    assert argv[:3] == [sys.executable, "-m", "companion"]
    assert argv[3:] == ["tiles", "teach", "/x/teach.jpg", "--heroes", "1,2", "--villains=-1,-2",
                        "--out", str(tmp_path / "p.npz")]  # fmt: skip


def test_a_line_that_is_not_a_tiles_teach_command_is_refused_by_name(tmp_path: Path):
    with pytest.raises(ValueError, match="not a tiles teach command"):
        heldout.teach_argv("companion dice teach DIR --out PROFILE", tmp_path / "p.npz")


def test_a_failing_step_names_its_command(tmp_path: Path):
    with pytest.raises(RuntimeError, match="companion tiles read .* failed"):
        heldout._run([sys.executable, "-m", "companion", "tiles", "read", str(tmp_path / "no.jpg"),
                      "--profile", str(tmp_path / "none.npz"), "--jsonl"])  # fmt: skip


def test_a_foreign_tile_box_is_generated_taught_read_and_scored_in_work(tmp_path: Path):
    line = heldout.foreign_tiles(tmp_path, box=3, count=8)
    assert line.startswith("box 3: ") and "rows read wrong" in line
    assert "5 clean scenes" in line and "covered scenes refused" in line
    assert (tmp_path / "box3" / "profile.npz").is_file()
    assert len((tmp_path / "box3" / "reads.jsonl").read_text().splitlines()) == 8


def test_a_dice_set_that_cannot_be_taught_is_reported_and_the_run_goes_on(tmp_path, monkeypatch):
    def fake_run(argv, out=None):
        if "scenes" in argv[2]:
            return ""  # the set's generation succeeds
        if "teach" in argv:
            raise RuntimeError("companion dice teach ... failed: no die found")
        raise AssertionError(f"nothing is read after a failed teach: {argv}")

    monkeypatch.setattr(heldout, "_run", fake_run)
    line = heldout.foreign_dice(tmp_path, "outline", 76)
    assert line.startswith("outline 76: teach failed:") and "no die found" in line
