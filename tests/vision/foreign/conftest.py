"""Shared fixtures for the foreign dice tests: each set drawn and taught once per test run."""

import pytest

from tests.vision.foreign.sets import ForeignSets


@pytest.fixture(scope="session")
def foreign_sets(tmp_path_factory, vision_shared) -> ForeignSets:
    return ForeignSets(tmp_path_factory.mktemp, vision_shared)
