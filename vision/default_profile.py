"""Makes the shipped default dice profile from our own synthetic POW dice.

    python -m vision.default_profile [--out vision/data/default_dice_profile.npz]

It renders a teach set (a folder per face, seed 20261125) and teaches it, exactly as a table
would with `companion dice teach`; the demo reads with it until the table teaches its own dice.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from .profile import DEFAULT_PROFILE
from .render.sets import write_teach_set
from .teach import teach

SEED = 20261125


def make(out: Path = DEFAULT_PROFILE, per_face: int = 6) -> Path:
    with tempfile.TemporaryDirectory() as tmp:
        write_teach_set(Path(tmp), SEED, style="pow", per_face=per_face)
        teach(Path(tmp)).save(out)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_PROFILE)
    print(make(parser.parse_args().out))


if __name__ == "__main__":
    main()
