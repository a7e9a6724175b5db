"""POW tile rows: find the hero and villain rows, their tiles left to right, and each value.

`teach(config, frame, heroes, villains)` learns a box of tiles from one frame of both full
rows as laid out (POW-3) and their printed values; `read_tiles(config, profile, frame)` reads
both rows of a later frame; `disagreements(...)` compares rows seen with rows expected.
numpy and cv2 only.
"""

from ..errors import BadConfig, BadImage, BadProfile, VisionError
from ..images import load_bgr
from .check import Disagreement, disagreements, row_disagreements
from .config import TILES_DEFAULTS, tiles_config
from .profile import TilesProfile, default_profile
from .read import TileSeen, TilesReading, read_tiles
from .teach import teach

__all__ = [
    "TILES_DEFAULTS", "BadConfig", "BadImage", "BadProfile", "Disagreement", "TileSeen",
    "VisionError", "TilesProfile", "TilesReading", "default_profile", "disagreements",
    "load_bgr", "read_tiles", "row_disagreements", "teach", "tiles_config",
]  # fmt: skip
