"""The tile teach profile: what setup taught, saved as one .npz file.

It holds what the reader knows about one box of tiles — nothing about the tiles is a constant
in code (POW-1): the two printed colours (Lab), the tile side in pixels, and one appearance
descriptor per taught tile keyed by its value. Tiles with the same value may look alike; the
value is what matters.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from .. import profile_file
from ..errors import BadProfile
from .describe import normalise, unshade
from .rows import TileColours

VERSION = 1


@dataclass(frozen=True, eq=False)
class TilesProfile:
    colours: TileColours
    side: float  # tile side in px at teach
    patch: int  # descriptor size (px)
    templates: np.ndarray  # float32 N×3×patch×patch (BGR planes), one per taught tile
    values: np.ndarray  # int32 N: the printed value of each (heroes > 0, villains < 0)
    # The same tiles cut again at other sides (F×N×3×patch×patch, side × each of `scales`):
    # the side a frame measures depends on its table (see teach.py), so a tile may show a few
    # per cent larger or smaller than it was taught. None: a profile taught before them.
    scaled: np.ndarray | None = None
    scales: tuple[float, ...] = ()
    # The same tiles cut at about the frame's own resolution (N×3×D×D, D > patch, a lighter
    # blur): where two lookalikes differ only in a small printed number, the patch has lost
    # the strokes that tell them apart (see read._match). None: a profile taught before it.
    detail: np.ndarray | None = None

    def matcher(
        self, sign: int, shade: float = 0.0, scaled: bool = False
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(mean pattern, normalised descriptors, values, raw descriptors) of one colour (+1
        heroes, -1 villains), with the light taken out at `shade` (`describe.unshade`),
        computed once: the mean of a colour's tiles is what they all share. With `scaled`,
        the tiles cut at the other `scales` follow, each with its tile's value."""
        cache = self.__dict__.setdefault("_matchers", {})
        key = (sign, float(shade), scaled and self.scaled is not None)
        if key not in cache:
            sel = np.sign(self.values) == sign
            raw = unshade(self.templates[sel], shade)
            mean = raw.mean(0, keepdims=True)
            values = self.values[sel]
            if key[2]:
                more = unshade(self.scaled[:, sel].reshape(-1, *raw.shape[1:]), shade)
                raw = np.concatenate([raw, more])
                values = np.tile(values, 1 + len(self.scaled))
            cache[key] = (mean, normalise(raw, mean), values, raw)
        return cache[key]

    def detail_matcher(self, sign: int, shade: float) -> np.ndarray | None:
        """The detail cuts of one colour (+1 heroes, -1 villains), light taken out at `shade`
        (given in patch px, as for `matcher`), in the order of `matcher`'s tiles; None
        without detail cuts."""
        if self.detail is None:
            return None
        cache = self.__dict__.setdefault("_detail", {})
        key = (sign, float(shade))
        if key not in cache:
            sigma = shade * self.detail.shape[-1] / self.patch
            cache[key] = unshade(self.detail[np.sign(self.values) == sign], sigma)
        return cache[key]

    def coarse(self, size: int, shade: float) -> tuple[np.ndarray, np.ndarray]:
        """(values, templates N×size×size×3) shrunk to `size` px for cv2.matchTemplate, with
        the light taken out at `shade` (in those px), computed once: for finding where and how
        big a tile is, not which one it is."""
        cache = self.__dict__.setdefault("_coarse", {})
        key = (size, float(shade))
        if key not in cache:
            small = np.stack(
                [[cv2.resize(c, (size, size), interpolation=cv2.INTER_AREA) for c in t]
                 for t in self.templates]
            )  # fmt: skip
            small = unshade(small, shade).transpose(0, 2, 3, 1)
            cache[key] = (self.values, np.ascontiguousarray(small))
        return cache[key]

    def save(self, path: Path) -> None:
        meta = {
            "version": VERSION,
            "kind": "pow-tiles",
            "heroes_lab": list(self.colours.heroes),
            "villains_lab": list(self.colours.villains),
            "side": self.side,
            "patch": self.patch,
            "scales": list(self.scales),
        }
        arrays = {
            "templates": self.templates.astype(np.float32),
            "values": self.values.astype(np.int32),
        }
        if self.scaled is not None:
            arrays["scaled"] = self.scaled.astype(np.float32)
        if self.detail is not None:
            arrays["detail"] = self.detail.astype(np.float32)
        profile_file.write(path, meta, arrays)

    @classmethod
    def load(cls, path: Path) -> TilesProfile:
        meta, arrays = profile_file.read(
            path, "tile", "companion tiles teach", ("templates", "values"), ("scaled", "detail")
        )
        templates, values = arrays["templates"], arrays["values"]
        if meta.get("kind") != "pow-tiles" or meta.get("version") != VERSION:
            raise BadProfile(f"{path}: not a version {VERSION} tile profile")
        p = int(meta["patch"])
        if templates.ndim != 4 or templates.shape[1:] != (3, p, p) or len(values) != len(templates):
            raise BadProfile(f"{path}: damaged tile profile (descriptor shapes disagree)")
        scaled, scales = arrays.get("scaled"), tuple(float(f) for f in meta.get("scales", ()))
        if scaled is not None and scaled.shape != (len(scales), *templates.shape):
            raise BadProfile(f"{path}: damaged tile profile (scaled descriptors disagree)")
        detail = arrays.get("detail")
        if detail is not None and (
            detail.ndim != 4
            or detail.shape[:2] != (len(values), 3)
            or detail.shape[2] != detail.shape[3]
        ):
            raise BadProfile(f"{path}: damaged tile profile (detail descriptors disagree)")
        return cls(
            TileColours(tuple(meta["heroes_lab"]), tuple(meta["villains_lab"])),
            float(meta["side"]), p, templates.astype(np.float32), values.astype(np.int32),
            None if scaled is None else scaled.astype(np.float32), scales,
            None if detail is None else detail.astype(np.float32),
        )  # fmt: skip


DEFAULT_TILES_PROFILE = Path(__file__).resolve().parents[1] / "data" / "default_tiles_profile.npz"


@lru_cache(maxsize=1)
def default_profile() -> TilesProfile:
    """The profile of the project's own synthetic tiles, so the demo reads without teaching
    (shipped, made by `make_default`: loading it is ~0.5 s and ~40 MB of peak memory less at
    every start than teaching it there)."""
    return TilesProfile.load(DEFAULT_TILES_PROFILE)


def make_default() -> TilesProfile:
    """Teach the synthetic tiles like a table would: one clean rendered setup of both rows,
    values as laid out. `python -m vision.tiles.default_profile` saves it for `default_profile`."""
    from ..render.tiles import TileSpec, render_tiles
    from .config import tiles_config
    from .teach import teach

    scene = render_tiles(
        np.random.default_rng(0),
        TileSpec(taken=(0.0, 0.0), effects=False, distractors=False, surface="felt"),
    )
    return teach(tiles_config(), scene.image, scene.laid_out[0], scene.laid_out[1])
