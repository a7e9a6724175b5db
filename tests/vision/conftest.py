"""Shared fixtures for the vision tests: a small rendered teach set and its profile."""

import numpy as np
import pytest

from vision.render.sets import write_teach_set
from vision.teach import teach


@pytest.fixture(scope="session")
def pow_teach_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("teach-pow")
    write_teach_set(out, seed=101, style="pow", per_face=2)
    return out


@pytest.fixture(scope="session")
def pow_profile(pow_teach_dir):
    return teach(pow_teach_dir)


@pytest.fixture
def rng():
    return np.random.default_rng(12345)
