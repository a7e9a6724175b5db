"""Teach: one frame of both full rows as laid out at setup (POW-3), and their values.

The table confirms the layout once: the values left to right, as printed. From that frame the
companion learns the two tile colours (no table or tile colour is assumed: of the two colour
groups, the bluer one is the heroes, POW-1), the tile size, and one appearance descriptor per
tile keyed by its value.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import cv2
import numpy as np

from ..errors import BadProfile
from .describe import TURN_REACH, cut, local_sides, refine_angles
from .find import Found, find_blobs, hue_chroma, is_tile_shape
from .profile import TilesProfile
from .rows import TileColours, find_rows


def _colours(config: Mapping[str, Any], found: Found) -> TileColours:
    """The two printed colours: a 2-means of the tile-shaped blobs' a*b* colours."""
    side = found.side
    blobs = [b for b in found.blobs if side and is_tile_shape(config, b, side) == 1]
    if len(blobs) < 2:
        raise BadProfile("teach: no tile rows found in the image")
    ab = np.array([b.colour[1:] for b in blobs], np.float32)
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.1)
    cv2.setRNGSeed(1)
    _, labels, centres = cv2.kmeans(ab, 2, None, criteria, 4, cv2.KMEANS_PP_CENTERS)
    labels = labels.ravel()
    blue = int(np.argmin(centres[:, 1]))  # lower b* is bluer: the heroes (POW-1)
    hues = [hue_chroma((0.0, float(a), float(b)))[0] for a, b in centres]
    if abs((hues[0] - hues[1] + 180) % 360 - 180) < 2 * config["hue_tolerance"]:
        raise BadProfile(
            "teach: only one colour of tiles found; both rows must show (is one row too close "
            "to the table's colour, or in shadow?)"
        )
    lab = np.array([b.colour for b in blobs])
    return TileColours(
        tuple(float(v) for v in np.median(lab[labels == blue], 0)),
        tuple(float(v) for v in np.median(lab[labels != blue], 0)),
    )


def teach(
    config: Mapping[str, Any],
    frame: np.ndarray,
    heroes: Sequence[int],
    villains: Sequence[int],
) -> TilesProfile:
    """Learn the tiles from a BGR uint8 frame of both full rows and their values left to right."""
    if not heroes or not villains:
        raise BadProfile("teach: give the values of both rows (--heroes and --villains)")
    if any(v <= 0 for v in heroes):
        raise BadProfile("teach: hero values are positive (POW-1)")
    if any(v >= 0 for v in villains):
        raise BadProfile("teach: villain values are negative (POW-1)")
    found = find_blobs(config, frame)
    colours = _colours(config, found)
    rows = find_rows(config, found, colours)
    if rows.problem:
        # The setup picture is taken once, before play: retaking it is cheap, so say how
        # (foreign boxes 21 and 23 were refused here, the message alone asking about a hand
        # or a die; the cause was heroes whose art outweighed their blue, not the two tiles
        # nearly touching there, and such tiles are now judged by their ground: rows.colour_of).
        raise BadProfile(
            f"teach: {rows.problem}; lay the tiles a finger apart, clear the table around the "
            "rows and take the setup picture again"
        )
    for name, seen, given in (("hero", rows.heroes, heroes), ("villain", rows.villains, villains)):
        if len(seen) != len(given):
            raise BadProfile(
                f"teach: the {name} row shows {len(seen)} tiles but {len(given)} values were given"
            )
    # Refine the colours on the row tiles only (a stray object cannot pull them).
    colours = TileColours(
        tuple(float(v) for v in np.median([b.colour for b in rows.heroes], 0)),
        tuple(float(v) for v in np.median([b.colour for b in rows.villains], 0)),
    )
    patch = int(config["patch"])
    side = float(rows.side)
    scales = tuple(float(f) for f in config["teach_scales"])
    templates, values, detail = [], [], []
    dpatch = int(config["detail_patch"])
    blobs_all = [*rows.heroes, *rows.villains]
    sides = local_sides([b.center for b in blobs_all], [np.mean(b.size) for b in blobs_all], side)
    at = dict(zip(map(id, blobs_all), sides.tolist(), strict=True))
    # Each tile is cut at its own turn as read measures it (`describe.refine_angle`, the
    # outline's straight edges): a template cut a few degrees off its tile is that much off
    # every tile read at its true turn (foreign box 4 scene 55: a +4 read at 3.4°, 0.4° from
    # its turn, was "close" against a template cut at the blob's box angle), and a tile cut
    # from touching neighbours has the cut's straight edges for a box, not its turn at all
    # (foreign box 8: a +6 turned 3° taught at its row's angle).
    turns = refine_angles(frame, [(b.center, b.angle, at[id(b)], TURN_REACH) for b in blobs_all])
    angles = dict(zip(map(id, blobs_all), turns, strict=True))
    # Each tile is cut about its own blob's centre. Moving each to where its row's mean tile
    # fitted best (added with foreign box 8's fix for touching rows) pulled tiles off
    # themselves: on foreign box 14 the mean of striped tiles, each with its own art, fitted
    # the first villain 5.8 px along the row, into the gap to its neighbour, and it matched
    # 0.58-0.64 in every scene. On the setup pictures of foreign boxes 1-16 the blobs'
    # centres lie 0.6-1.2 px (median per box) from the centres drawn, at most 3.2 px; the
    # row's mean put tiles up to 3.1, 3.9, 6.4 and 4.1 px off on boxes 1, 8, 14 and 16.
    # A centre from the outline (where the edges' profiles along the tile's axes pair up a
    # side apart, as `refine_angle` finds the turn) was tried and not taken: a pale rim on a
    # light table paired a side with the neighbour's dark edge, up to 7 px off, and box 13
    # then read 2 rows wrong.
    for blobs, given in ((rows.heroes, heroes), (rows.villains, villains)):
        for blob, value in zip(blobs, given, strict=True):
            centre = blob.center
            # Also cut a little larger and smaller: the side is measured where the tile stands
            # out from the table, so it takes in a dark edge or shadow on one table and loses
            # a light rim on a light cloth on another; the print itself keeps its size.
            templates.append(
                [cut(frame, centre, angles[id(blob)], at[id(blob)] * f, patch, patch, config["blur"])
                 for f in (1.0, *scales)]
            )  # fmt: skip
            values.append(int(value))
            if dpatch > 0:
                detail.append(
                    cut(frame, centre, angles[id(blob)], at[id(blob)], dpatch, dpatch,
                        config["detail_blur"])
                )  # fmt: skip
    cuts = np.stack(templates, 1)  # (1 + scales) × N × 3 × patch × patch
    return TilesProfile(
        colours, side, patch, cuts[0], np.array(values, np.int32),
        cuts[1:] if scales else None, scales, np.stack(detail) if dpatch > 0 else None,
    )  # fmt: skip
