"""The shared foreign sets (tests/vision/foreign/sets.py) are what each test made for itself
before: the same scene files and truth as `write_scenes`, drawn on in steps or a pinned scene
drawn again from its saved state (pinned.py), and the profile `teach` makes of the folder
`write_teach` writes, which no read can change."""

import filecmp

import numpy as np
import pytest

from tests.vision.foreign import pinned
from tests.vision.foreign.scenes import render, write_scenes, write_teach
from tests.vision.foreign.sets import ForeignSets
from vision.teach import teach


def _sets(root):
    """A ForeignSets making its folders under `root`, as tmp_path_factory.mktemp makes them."""

    def mktemp(name):
        (root / name).mkdir(parents=True)
        return root / name

    return ForeignSets(mktemp, mktemp("shared"))


def test_the_generator_draws_the_same_scene_again_from_its_seed():
    # Caching a scene is sound only if drawing it again gives it again.
    a, ta = render(np.random.default_rng(5), ["skull", "shield"], "outline", "wood")
    b, tb = render(np.random.default_rng(5), ["skull", "shield"], "outline", "wood")
    assert np.array_equal(a, b) and ta == tb


@pytest.mark.parametrize("kinds", [{}, {"touching": True}], ids=["flat", "touching"])
def test_scenes_drawn_on_in_steps_are_the_files_write_scenes_writes(tmp_path, kinds):
    sets = _sets(tmp_path / "sets")
    first, truth2 = sets.scenes("outline", 4, 2, **kinds)
    folder, truth3 = sets.scenes("outline", 4, 3, **kinds)
    again, truth1 = sets.scenes("outline", 4, 1, **kinds)
    want = write_scenes(tmp_path / "own", "outline", 4, 3, **kinds)
    assert first == folder == again
    assert truth3 == want and list(truth2) == list(want)[:2] and list(truth1) == list(want)[:1]
    for name in want:
        assert filecmp.cmp(folder / name, tmp_path / "own" / name, shallow=False), name


@pytest.mark.parametrize(
    ("style", "seed", "index", "kinds"),
    [
        ("outline", 1, 1, {}),
        ("pips", 2, 3, {}),
        ("outline", 501, 3, {"cocked": True}),
        ("outline", 601, 1, {"rolling": True}),
        ("outline", 701, 0, {"touching": True}),
    ],
)
def test_a_pinned_scene_drawn_from_its_saved_state_is_the_one_the_set_draws(
    tmp_path, style, seed, index, kinds
):
    # A test pinning scene N is handed it drawn again from the generator's state before it
    # (pinned.py): the same file and truth as the set drawn in order writes. When the
    # generator changes what it draws, the saved states fail here, and pinned.py's docstring
    # says how to measure them again.
    path, truth = _sets(tmp_path / "sets").scene(style, seed, index, **kinds)
    want = write_scenes(tmp_path / "own", style, seed, index + 1, **kinds)
    name = f"{style}-{index:03d}.jpg"
    assert path.name == name and truth == want[name], pinned.REFRESH
    assert filecmp.cmp(path, tmp_path / "own" / name, shallow=False), pinned.REFRESH


def test_a_pinned_scene_with_no_saved_state_is_drawn_in_order_and_says_how_to_save_it(
    tmp_path, monkeypatch
):
    states = {k: v for k, v in pinned.saved().items() if k != "outline 501 1 cocked"}
    monkeypatch.setattr(pinned, "saved", lambda: states)
    with pytest.warns(UserWarning, match=r"pinned outline 501 1 --cocked`"):
        path, truth = _sets(tmp_path / "sets").scene("outline", 501, 1, cocked=True)
    want = write_scenes(tmp_path / "own", "outline", 501, 2, cocked=True)
    assert truth == want["outline-001.jpg"]
    assert filecmp.cmp(path, tmp_path / "own" / "outline-001.jpg", shallow=False)
    with pytest.raises(pinned.StaleState, match=r"pinned outline 501 1 --cocked`"):
        pinned.redraw("outline", 501, 1, cocked=True)


def test_a_saved_state_that_draws_another_scene_says_how_to_refresh(tmp_path, monkeypatch):
    # (as when the generator changed: the scene saved with the state is not the one drawn)
    entry = pinned.saved()["outline 1 1"]
    moved = [{**die, "center": [die["center"][0] + 1, die["center"][1]]} for die in entry["truth"]]
    states = {**pinned.saved(), "outline 1 1": {**entry, "truth": moved}}
    monkeypatch.setattr(pinned, "saved", lambda: states)
    with pytest.raises(pinned.StaleState, match="no longer draws.*python -m tests.vision.foreign"):
        _sets(tmp_path).scene("outline", 1, 1)


def test_a_shared_profile_is_the_one_teach_makes_and_cannot_be_written(tmp_path):
    sets = _sets(tmp_path / "sets")
    # (a small teach set, a picture and a crop a face: each teach takes seconds; with no crop
    # teach finds no die in the one picture of the orange bubble)
    shared = sets.profile("outline", 7300, per_face=1, crops=1)
    assert sets.profile("outline", 7300, per_face=1, crops=1) is shared
    write_teach(tmp_path / "own", "outline", seed=7300, per_face=1, crops=1)
    own = teach(tmp_path / "own")
    for name, value in vars(own).items():
        if isinstance(value, np.ndarray):
            assert np.array_equal(getattr(shared, name), value), name
        else:
            assert getattr(shared, name) == value, name
    with pytest.raises(ValueError, match="read-only"):
        shared.templates[0, 0] = 0.0
