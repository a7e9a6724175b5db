"""The foreign dice sets the tests share, each drawn and taught once per test session.

Many tests pin one scene of a seeded set after the teach of its seed: drawing every scene
before it and teaching the same pictures again in each test was most of the suite's time.
`ForeignSets` (the session fixture `foreign_sets`, tests/vision/foreign/conftest.py) keeps
each teach folder, each profile taught from it and each set's scenes as drawn so far, and
draws on from where a set stopped when a test asks for more of a set: a set's scenes come from
one generator in order (scenes.draw_scenes), so they are the files `write_scenes` writes. A
test pinning one scene (`scene`) is handed it drawn again from the generator's saved state
just before it (pinned.py), not after every scene before it.

What it hands out is shared: read the files, never change them. A test that changes a teach
folder or a scene, or tests the drawing or the teach step themselves, makes its own in its
`tmp_path`. A profile is handed out with its arrays read-only, so a read that wrote into one
would fail rather than change what later tests read.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import io
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

import cv2
import numpy as np

from companion.cli import main
from tests.once import kept_once, made_once
from tests.vision.foreign import pinned
from tests.vision.foreign.scenes import draw_scenes, write_teach
from vision.profile import DiceProfile
from vision.teach import teach


@dataclasses.dataclass
class _Drawn:
    """A set's scenes drawn so far (written into `folder`) and the generator of the rest."""

    folder: Path
    rest: Iterator[tuple[str, np.ndarray, list]]
    truth: dict = dataclasses.field(default_factory=dict)


class ForeignSets:
    """Teach folders, profiles and scenes of the foreign generator. Teach folders and profiles
    are made once for the test run in `shared` (tests/once.py: once for every pytest-xdist
    worker too); scenes in a folder of their own that `mktemp` (pytest's
    `tmp_path_factory.mktemp`) makes."""

    def __init__(self, mktemp: Callable[[str], Path], shared: Path):
        self._mktemp = mktemp
        self._shared = shared
        self._profiles: dict[tuple, DiceProfile] = {}
        self._drawn: dict[tuple, _Drawn] = {}
        self._pinned: dict[str, tuple[Path, list]] = {}

    def teach_dir(self, style: str, seed: int, per_face: int = 2, crops: int = 2) -> Path:
        """The folder `write_teach(…, style, seed, per_face, crops)` writes."""

        def write(out: Path) -> None:
            write_teach(out, style, seed=seed, per_face=per_face, crops=crops)

        return made_once(self._shared, f"teach-{style}-{seed}-{per_face}-{crops}", write)

    def profile(
        self,
        style: str,
        seed: int,
        per_face: int = 2,
        crops: int = 2,
        overrides: dict | None = None,
    ) -> DiceProfile:
        """`vision.teach.teach` of `teach_dir(style, seed, per_face, crops)` with `overrides`."""
        settings = tuple(sorted((overrides or {}).items()))
        key = (style, seed, per_face, crops, settings)
        if key not in self._profiles:
            name = "-".join(["profile", style, str(seed), str(per_face), str(crops)]
                            + [f"{k}={v}" for k, v in settings])  # fmt: skip
            folder = self.teach_dir(style, seed, per_face, crops)
            taught = kept_once(self._shared, f"{name}.pickle",
                               lambda: teach(folder, overrides=overrides))  # fmt: skip
            self._profiles[key] = read_only(taught)
        return self._profiles[key]

    def profile_file(self, style: str, seed: int, per_face: int = 2, crops: int = 2) -> Path:
        """The profile `companion dice teach` writes of `teach_dir(style, seed, per_face, crops)`
        (the real CLI, in this process)."""
        folder = self.teach_dir(style, seed, per_face, crops)

        def cli_teach(path: Path) -> None:
            with contextlib.redirect_stderr(io.StringIO()) as said:
                rc = main(["dice", "teach", str(folder), "--out", str(path)])
            assert rc == 0, f"companion dice teach {folder}: {said.getvalue()}"
            path.with_suffix(".said").write_text(said.getvalue())

        return made_once(self._shared, f"profile-{style}-{seed}-{per_face}-{crops}.npz", cli_teach)

    def teach_said(self, style: str, seed: int, per_face: int = 2, crops: int = 2) -> str:
        """What `companion dice teach` wrote to stderr as it wrote `profile_file(…)`."""
        return self.profile_file(style, seed, per_face, crops).with_suffix(".said").read_text()

    def scenes(self, style: str, seed: int, count: int, **kinds) -> tuple[Path, dict]:
        """The folder holding scenes 0…`count`-1 of `write_scenes(…, style, seed, count,
        **kinds)` and their truth ({image name: truth}, those `count` only; the folder may
        hold later scenes another test asked for)."""
        key = (style, seed, tuple(sorted(kinds.items())))
        if key not in self._drawn:
            folder = self._mktemp(f"scenes-{style}-{seed}")
            self._drawn[key] = _Drawn(folder, draw_scenes(style, seed, **kinds))
        drawn = self._drawn[key]
        while len(drawn.truth) < count:
            name, img, truth = next(drawn.rest)
            cv2.imwrite(str(drawn.folder / name), img)
            drawn.truth[name] = truth
        return drawn.folder, copy.deepcopy(dict(list(drawn.truth.items())[:count]))

    def scene(self, style: str, seed: int, index: int, **kinds) -> tuple[Path, list]:
        """Scene `index` of the set (`scenes`): its file and its truth, drawn again from the
        generator's saved state just before it (tests/vision/foreign/pinned.py), not after
        every scene before it; with no state saved for it, drawn in order with a warning
        naming the command that saves it."""
        key = pinned.key(style, seed, index, **kinds)
        if key not in self._pinned and key not in pinned.saved():
            # (a scene pinned since the states were saved: drawn in order, and said)
            warnings.warn(pinned.unsaved(key), stacklevel=2)
            folder, truth = self.scenes(style, seed, index + 1, **kinds)
            name = f"{style}-{index:03d}.jpg"
            self._pinned[key] = (folder / name, truth[name])
        if key not in self._pinned:
            name, img, truth = pinned.redraw(style, seed, index, **kinds)
            path = self._mktemp(f"pinned-{key.replace(' ', '-')}") / name
            cv2.imwrite(str(path), img)
            self._pinned[key] = (path, truth)
        path, truth = self._pinned[key]
        return path, copy.deepcopy(truth)


def read_only(profile: DiceProfile) -> DiceProfile:
    """`profile` with every array it holds made read-only (in place: it is not shared yet)."""
    for field in dataclasses.fields(profile):
        value = getattr(profile, field.name)
        if isinstance(value, np.ndarray):
            value.setflags(write=False)
    return profile
