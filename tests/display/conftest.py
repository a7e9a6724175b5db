"""Headless pygame for every display test; snapshots go to snapshots/ (gitignored)."""

from __future__ import annotations

import os
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

SNAPSHOTS = Path(__file__).resolve().parents[2] / "snapshots"


@pytest.fixture(scope="session", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


@pytest.fixture(scope="session")
def snapshots() -> Path:
    SNAPSHOTS.mkdir(exist_ok=True)
    return SNAPSHOTS
