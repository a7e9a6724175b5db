"""vision/profile.py: what a saved dice profile keeps, and profiles saved before a field was
measured still load (with the check that field serves off)."""

import json
from dataclasses import replace

import numpy as np
import pytest

from vision import profile_file
from vision.errors import BadProfile
from vision.profile import DiceProfile, default_profile


def test_the_taught_print_floor_is_kept_per_face(pow_profile, tmp_path):
    assert pow_profile.least_print is not None
    assert len(pow_profile.least_print) == len(pow_profile.faces)
    assert all(v > 0 for v in pow_profile.least_print)
    pow_profile.save(tmp_path / "p.npz")
    again = DiceProfile.load(tmp_path / "p.npz")
    assert again.least_print == pytest.approx(pow_profile.least_print)


def test_a_profile_saved_before_the_print_floor_loads_without_it(pow_profile, tmp_path):
    replace(pow_profile, least_print=None).save(tmp_path / "old.npz")
    meta, _ = profile_file.read(tmp_path / "old.npz", "dice", "teach", ())
    assert "least_print" not in meta
    assert DiceProfile.load(tmp_path / "old.npz").least_print is None
    # (the shipped profile was made before it: its reads are as they were)
    assert default_profile().least_print is None


def _saved_then_edited(profile: DiceProfile, path, edit) -> None:
    """`profile` saved at `path`, its meta record and arrays then changed by `edit`."""
    profile.save(path)
    with np.load(path) as z:
        arrays = {k: z[k] for k in z.files if k != "meta"}
        meta = json.loads(z["meta"].tobytes().decode())
    edit(meta, arrays)
    profile_file.write(path, meta, arrays)


def test_a_print_floor_of_another_length_than_the_faces_is_refused(pow_profile, tmp_path):
    def shorter(meta, arrays):
        meta["least_print"] = meta["least_print"][:-1]

    _saved_then_edited(pow_profile, tmp_path / "bad.npz", shorter)
    with pytest.raises(BadProfile, match="least_print"):
        DiceProfile.load(tmp_path / "bad.npz")


def test_a_profile_describes_its_dice_with_the_shadow_step_hue_it_was_taught_with(
    pow_profile, tmp_path
):
    # vision.config "step_hue" at teach; a read describes its dice as the taught ones were.
    from vision.config import dice_config

    assert pow_profile.step_hue == dice_config()["step_hue"]
    replace(pow_profile, step_hue=1.5).save(tmp_path / "p.npz")
    assert DiceProfile.load(tmp_path / "p.npz").step_hue == 1.5
    # A profile saved before it was a setting was taught at 1 (the step's body then).
    path = tmp_path / "old.npz"
    pow_profile.save(path)
    with np.load(path) as z:
        arrays = {k: z[k] for k in z.files if k != "meta"}
        meta = json.loads(z["meta"].tobytes().decode())
    del meta["step_hue"]
    profile_file.write(path, meta, arrays)
    assert DiceProfile.load(path).step_hue == 1.0


@pytest.mark.parametrize("key", ["searched_mistakes", "placed_mistakes"])
def test_the_teach_sets_mistakes_are_kept(pow_profile, tmp_path, key):
    rows = getattr(pow_profile, key)
    assert rows is not None and rows.ndim == 2 and rows.shape[1] == 3
    pow_profile.save(tmp_path / "p.npz")
    again = getattr(DiceProfile.load(tmp_path / "p.npz"), key)
    assert again is not None and np.array_equal(again, rows)


def test_a_profile_saved_before_the_searched_mistakes_loads_and_doubts_as_before(
    pow_profile, tmp_path
):
    old = replace(pow_profile, searched_mistakes=None)
    old.save(tmp_path / "old.npz")
    loaded = DiceProfile.load(tmp_path / "old.npz")
    assert loaded.searched_mistakes is None and loaded.searched_confusions is None
    # a searched read is held to the single cuts' doubt alone, as before
    for face in range(len(loaded.faces)):
        for best in (0.5, 1.0, 2.0):
            at = best * loaded.typical_distance
            assert loaded.doubt(face, at, 1.0, searched=True) == loaded.doubt(face, at, 1.0)
    # (the shipped profile was made before it: its reads are as they were)
    assert default_profile().searched_mistakes is None


def test_a_profile_saved_before_the_placed_mistakes_loads_without_them(pow_profile, tmp_path):
    replace(pow_profile, placed_mistakes=None).save(tmp_path / "old.npz")
    loaded = DiceProfile.load(tmp_path / "old.npz")
    assert loaded.placed_mistakes is None and loaded.placed_confusions is None
    # (its dice are not placed: vision.reader; the shipped profile was made before it)
    assert default_profile().placed_mistakes is None


def test_a_placed_read_is_held_to_the_single_cuts_and_the_placed_mistakes_both(pow_profile):
    face = 0
    far = 10.0 * pow_profile.typical_distance
    wide = replace(pow_profile, placed_mistakes=np.array([[face, 0.0, 0.9]], np.float32))
    assert wide.doubt(face, far, 1.0, placed=True) == pytest.approx(0.9)
    none = replace(pow_profile, placed_mistakes=np.zeros((0, 3), np.float32))
    assert none.doubt(face, far, 1.0, placed=True) == pow_profile.doubt(face, far, 1.0)


@pytest.mark.parametrize("key", ["searched_mistakes", "placed_mistakes"])
def test_mistakes_naming_no_taught_face_are_refused(pow_profile, tmp_path, key):
    def beyond_the_faces(meta, arrays):
        arrays[key] = np.array([[len(meta["faces"]), 1.0, 0.1]], np.float32)

    _saved_then_edited(pow_profile, tmp_path / "bad.npz", beyond_the_faces)
    with pytest.raises(BadProfile, match=key):
        DiceProfile.load(tmp_path / "bad.npz")
