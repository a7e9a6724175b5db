"""Makes the shipped default tile profile from the project's own synthetic POW tiles.

    python -m vision.tiles.default_profile [--out vision/data/default_tiles_profile.npz]

Run it again whenever tile teaching or its config changes (a test compares the shipped file
with a fresh teach); the demo reads the rows with it until the table teaches its own tiles.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from .profile import DEFAULT_TILES_PROFILE, make_default


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_TILES_PROFILE)
    out = parser.parse_args().out
    make_default().save(out)
    print(out)


if __name__ == "__main__":
    main()
