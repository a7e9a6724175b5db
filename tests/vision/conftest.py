"""Shared fixtures for the vision tests: a small rendered teach set and its profile, made once
for the test run in `vision_shared` (tests/once.py)."""

from pathlib import Path

import numpy as np
import pytest

from tests.once import kept_once, made_once, shared_folder
from vision.render.sets import write_teach_set
from vision.teach import teach


@pytest.fixture(scope="session")
def vision_shared(tmp_path_factory) -> Path:
    """The folder the run's teach sets and profiles are made once in, for every worker."""
    return shared_folder(tmp_path_factory, "vision-sets")


@pytest.fixture(scope="session")
def pow_teach_dir(vision_shared):
    def write(out: Path) -> None:
        write_teach_set(out, seed=101, style="pow", per_face=2)

    return made_once(vision_shared, "teach-pow-101", write)


@pytest.fixture(scope="session")
def pow_profile(vision_shared, pow_teach_dir):
    return kept_once(vision_shared, "profile-pow-101.pickle", lambda: teach(pow_teach_dir))


@pytest.fixture
def rng():
    return np.random.default_rng(12345)
