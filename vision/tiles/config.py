"""Every threshold of the tile-row reader in one place: a plain preset dict, typos are errors.

Stages take this config as their first argument; `tiles_config({"min_score": 0.6})` changes a
value; an unknown key, or a value not of its key's kind (`shadow_depths=0.5`, a negative count),
raises `BadConfig` naming the key.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ..config_check import FRACTION, POSITIVE, SCALE, Allowed, merged

TILES_DEFAULTS: Mapping[str, Any] = MappingProxyType(
    {
        # Segmentation runs on a frame scaled by this (a 1280×720 frame becomes 640×360).
        "scale": 0.5,
        # The table is learned from a band this wide around the frame (the rows lie inside it).
        "border": 0.1,
        "table_colours": 4,  # k-means clusters for the table (wood grain, gingham, …)
        "min_table_share": 0.08,  # a cluster with fewer border pixels is not the table
        "lightness_weight": 0.6,  # Lab L counts this much against a*/b* (light varies more)
        # A pixel is "not table" when farther than this from every table colour (Lab units)…
        "min_distance": 7.0,
        # …and than this many times the border's own typical (90th percentile) distance.
        "distance_factor": 2.2,
        # The table dimmed by these factors (a shadow: an arm, a lamp, a hard edge of light)
        # is table too, when within this many times the table's own spread of one of them;
        # () turns it off.
        "shadow_depths": (0.4, 0.5, 0.6, 0.7, 0.8, 0.9),
        "shadow_factor": 1.2,
        # A pixel with a channel at least `glare_level` (the sensor's top) and every channel
        # at least `glare_pale` is table too when it is a table colour brightened by one of
        # these gains and clipped (within `shadow_factor` of the table's spread): a pale cloth
        # in a light brighter than at the frame's edge; () turns it off.
        "glare_gains": (1.1, 1.2, 1.3, 1.4, 1.5),
        "glare_level": 248,
        "glare_pale": 200,
        # The table's light is evened out before the second pass: its brightness is estimated
        # on a copy this much smaller, blurred by this fraction of its short side (0: off).
        "flatten_scale": 0.125,
        "flatten_sigma": 0.12,
        # Touching tiles are cut where the blob thins below this fraction of its usual height.
        "cut_depth": 0.7,
        # ... and a run of them with no such thinning evenly into its length in tiles,
        # rounded, unless one tile more or fewer (pieces within these lengths, in sides) cuts
        # on dips of its thickness deeper by this share of it (find._count; 1 turns it off).
        "cut_gap_margin": 0.04,
        "cut_gap_lengths": (0.8, 1.25),
        # A tile seen from above: a square filling its rotated box, about the tile size.
        "max_aspect": 1.3,
        "min_fill": 0.7,  # pixels / rotated box
        "min_hull_fill": 0.85,  # convex hull / rotated box (a disc is 0.79)
        "max_roundness": 0.85,  # pixels / smallest enclosing circle (a square 0.64, a disc 1)
        "size_slack": 0.25,  # side within ±25 % of the frame's typical tile side
        # Tile colour: hue within this many degrees of a taught colour, chroma at least this
        # fraction of the taught chroma.
        "hue_tolerance": 40.0,
        "min_chroma": 0.35,
        # A blob's outer band, in from its box's edge (fractions of its short side): a tile's
        # printed ground, past its rim and short of its art. A tile whose whole colour is no
        # taught colour has its colour judged there (a large character of another colour).
        "ground_band": (0.1, 0.2),
        # Rows: a tile belongs to a row within this many sides of its line; beyond `stray`
        # sides it lies elsewhere on the table (a player's stack) and is ignored.
        "in_line": 0.5,
        "stray": 1.2,
        # A blob between the two, of a row's colour, is that row's tile pushed out of line
        # (the frame is refused) unless it is blank: its brightness spread under this share of
        # the row's tiles' (a check of the cloth; 0 turns the test off).
        "min_print_share": 0.2,
        # A tile counts for a row's line by how closely it lies: fully on it, nothing this
        # many sides off (rows._fit_line).
        "row_fit": 0.25,
        # A line of a row parallel to the other row (POW-3) counts for this many tiles more,
        # at most (rows._parallel): less than a tile held closely.
        "row_parallel": 0.5,
        "max_row_angle": 25.0,  # degrees from the frame's horizontal
        "row_spacing": 3.0,  # the rows lie at most this many sides apart (centre to centre)
        # Anything else over the middle of where a tile of a row could be (within this many
        # sides of the row's line, as far out as the row laid out could reach) covers it.
        "cover_band": 0.45,
        # The specks too small for a blob are counted out to this many sides of the row's
        # line where they lie clearly off the table (`faint_clear`; within `cover_band`, all
        # of them): a tile a hand hides shows as specks along its edges (0.5 of a side out,
        # 0.6 at a corner of a tile turned 10 degrees). Counted within `cover_band` only, a
        # hand over a row's end tile left 0.088 of a tile (own seed 252728 covered scene 38:
        # the row read a tile short); out to 0.6, 0.13. Every speck out to 0.6 refused a
        # clean scene (141516 #54, a blue cloth's bright middle: 0.094 -> 0.109); only the
        # clear ones, it keeps 0.094. No clean reading of 9 own seeds changed (1,800 scenes).
        "speck_band": 0.6,
        "max_pitch": 1.6,  # tile centre to centre along a row, at most, in sides
        "min_cover_area": 0.05,  # in tile areas: smaller specks are noise
        # All the "not table" over a row within one tile's length, specks too small for a
        # blob included, at most (tile areas): clean rows of the fresh seeds held at most 0.06,
        # a tile hidden under a hand the table's colour 0.18 (seed 271828).
        "min_hidden_area": 0.1,
        # A blob over a row's gap covers it only when at least `faint_share` of its pixels lie
        # farther from the table than `faint_clear` times the "not table" threshold: a light
        # patch of the table the border band never saw (a gingham's light check, a cloth's
        # bright middle) is "not table" only just. On own seeds 141516 and 135246 three such
        # patches (0.1-0.2 of a tile) refused clean rows ("something covers …"); their 90th
        # percentile lay at 1.01-1.08 of the threshold; that of every blob that refused a
        # covered scene (80 own of seeds 413131/141421, 45 foreign of boxes 45-47) at 1.58 or
        # more. With the check, no covered scene of 7 own seeds (280) nor any scene of foreign
        # boxes 38-47 (600) read otherwise. 0 share turns the check off.
        "faint_clear": 1.3,
        "faint_share": 0.1,
        # A place a hidden tile could lie, clear of the tiles seen, with less than this share
        # of the table's own texture (band-pass contrast between blurs of these sigmas, frame
        # px, in windows this many sides wide, every `texture_step` sides) is covered by
        # something smooth: a hand the table's colour (smooth.py). Only on a table with at
        # least `min_table_texture` of its own (wood's grain; not laminate or a fine cloth).
        # Set on seeds 161803/577215/271828: clean rows on such tables kept at least 0.44 of
        # it, a hand the wood's colour in a hard shadow 0.19 (0 turns the check off).
        "texture_scales": (1.2, 3.5),
        "texture_window": 0.5,
        "texture_step": 0.25,
        "min_table_texture": 5e-4,
        "min_texture_share": 0.25,
        # ... or less than this share of the table's median texture (smooth.py: a hand's
        # outline in the window raises only the mean; 0 turns this part off).
        "min_texture_median_share": 0.3,
        # ... but a place smooth with neither neighbouring place along the row smooth counts
        # only below this share of the table's median texture (smooth.py: a wood's bright
        # crest; 0 lets no lone place count, 1 or more lets every smooth one).
        "lone_texture_median_share": 0.15,
        # Two neighbouring places a hidden tile could lie (or, beside a row with no tile seen,
        # where it could lie), clear of the tiles seen, with less than `flat_share` of the
        # table's own coarse texture (band-pass contrast between blurs of these sigmas, frame
        # px, on the frame `flat_halvings` times halved from the working scale, in windows
        # `flat_window` sides wide) are covered by something flat: a card or a hand the
        # table's colour (flat.py). Only on a table with at least `min_flat_table` of it: a
        # wood's broad bands (foreign boxes 1-36: wood 1.6e-3 or more; cloth at most 5.7e-4,
        # felt 2.6e-4). Set on the eighteenth session's hunt and those boxes: covers on such
        # wood kept 0.004-0.021 of the table's, clean places 0.26 or more (0 turns it off).
        "flat_scales": (4.0, 12.0),
        "flat_halvings": 2,
        "flat_window": 0.8,
        "min_flat_table": 1e-3,
        "flat_share": 0.1,
        # A piece of "not table" of at least this many tile areas joined to a tile of a row
        # (within `touch_reach` sides of its centre, across its edge) lies on it: a hand whose
        # arm leaves the row (touch.py; 0 turns the check off).
        "min_touch_area": 0.5,
        "touch_reach": 0.75,
        # Appearance: patch size, and how a value must win.
        "patch": 40,
        "blur": 0.8,  # Gaussian sigma (patch px) against noise, JPEG blocks and defocus
        "search": 2,  # px of shift tolerated when matching (in patch pixels)
        # The light is taken out of a tile's patch before matching: log, minus a blur of this
        # sigma (patch px; 0: off), so a shadow across part of a tile does not hide it.
        "shade": 8.0,
        # A piece of "not table" near the rows (a tile on a table of its own colour shows only
        # its printing) holds a tile when a taught tile found within this many sides of it (of
        # each 0.7 sides of a longer piece) holds this share of it (of a tile's area, for a
        # piece bigger than a tile) and matches at least this well (see rescue.py).
        "rescue_reach": 0.6,
        "rescue_inside": 0.3,
        "rescue_turns": (0.0, -5.0, 5.0),  # degrees tried around the turn a rescued tile shows
        "rescue_wider": 8.0,  # degrees either side of the usual turn its edges are looked for
        "rescue_score": 0.55,  # above 1: never (the colour mask alone decides)
        # Teach also cuts each tile at its side times these, and read matches them too: the
        # side measured in a frame depends on the table (a light rim lost on a light cloth).
        "teach_scales": (0.94, 1.06),
        "min_score": 0.42,
        "min_margin": 0.06,
        # A tile the tiles as taught settle by this margin is not tried against the tiles cut
        # smaller and larger (time): twice the widest margin a wrong value won by on the
        # foreign tiles (tests/vision/foreign), 99 % of our own rendered tiles.
        "settled_margin": 0.25,
        # Within `min_margin`, the best value is kept only when, over the pixels where its
        # template and the runner-up's differ most (the top 1 - `pair_quantile` of them), it
        # fits this much better (normalised correlation; see describe.pair_margin).
        "pair_quantile": 0.85,
        "pair_margin": 0.08,
        # ... and also when the best matches below this and is not settled (`settled_margin`):
        # set from one covered tile (0.66 against 0.85-0.91 for the clean tiles of its box);
        # it costs about 2 points of foreign tiles (README "Checked on foreign tiles").
        "pair_below": 0.72,
        # Where that still leaves two values close, their tiles as cut at about the frame's
        # own resolution decide (`describe.aligned_pair`): teach also cuts each tile at
        # `detail_patch` px (0: not) with a lighter blur; read cuts it so with `detail_search`
        # px of border, aligns it to each of the two, and compares them over the top
        # 1 - `detail_quantile` of the pixels where they differ. The better one is taken when
        # it fits there by `detail_margin` more and the whole tile fits it at least
        # `detail_min_fit`. Set on foreign boxes 1, 3-7, 9, 10 (88 close tiles): the value
        # printed always won, by 0.071 or more; a hand over a "+5" bolt favoured the "+1"
        # bolt by 0.05 at a fit of 0.64 (clean tiles fit 0.81 or better, all but one).
        "detail_patch": 64,
        "detail_blur": 0.6,
        "detail_search": 8,
        "detail_quantile": 0.85,
        "detail_margin": 0.06,
        "detail_min_fit": 0.75,
        # Where the aligned cuts leave two values within `detail_margin`, the fine print
        # decides for the value they lean to (read._fine_lean): the light and the fill colours
        # taken out at `detail_number_fine` px, compared over the top 1 - `detail_fine_quantile`
        # of the pixels where the two taught tiles differ, it must lead by `detail_fine_margin`
        # (2 turns it off). Set on every close decision of foreign boxes 1-71 (below).
        "detail_fine_quantile": 0.95,
        "detail_fine_margin": 0.06,
        # A tile matched under `pair_below` and at least `weak_gap` under the median match
        # of the frame's other tiles keeps its value only when, aligned onto the taught tile
        # it matched (the detail cuts, `describe.aligned_fit`), it fits it at least
        # `weak_min_fit`: a die on part of a tile cannot be aligned away, a clean tile cut a
        # little off can, and a blurred frame weakens all its tiles (read._uncovered; set on
        # foreign boxes 3, 30-38 and own seeds 141421, 314159: clean tiles so weak fit 0.58
        # or better, two under a die 0.32 and 0.46; 0 turns it off).
        "weak_min_fit": 0.5,
        "weak_gap": 0.25,
        # A tile matched under `pair_below` more than `cover_hue_share` of which, aligned onto
        # its taught tile, is off its taught colours (mapped onto the frame's by an affine fit)
        # by more than `cover_hue_level` in hue (log units, brightness left out: a shadow is
        # not a hand) is declined too: fingertips the table's colour spoil too little of the
        # print for `weak_min_fit` but bring skin onto the tile (read._unlike_taught,
        # describe.off_colour_share; set on foreign boxes 1-44 and own seeds 135246, 246357,
        # 357468, 141421: clean tiles so weak 0.25 off at most (own 141421 scene 184, a "-1"
        # across a coloured shadow's edge; 0.13 but for it), the three hands read "ok" before
        # 0.43-0.55, every covered one 0.22 or more; 1 turns it off).
        "cover_hue_level": 0.15,
        "cover_hue_share": 0.3,
        # Where that leaves the two close, their printed numbers decide (`number.pair_model`:
        # the place where the two taught tiles' fine print, light and fill colours taken out
        # at this sigma in detail px, differs once aligned onto each other): a number read
        # there at `number_min_score` or better, ahead of the other value's by this margin,
        # and the value the aligned comparison leans to. Foreign box 20's "+1"/"+4" masks (15
        # close tiles): the printed value led by 0.126-0.195, never the other.
        "detail_number_fine": 2.0,
        "detail_number_margin": 0.06,
        # A tile cut from touching neighbours that misfits is cut again where the taught tile
        # that fits best fits within this many patch px (see read._identify)…
        "recentre_reach": 5,
        # ... and a piece cut from touching tiles still declined then, within this many (a
        # fifth of a side: an even cut of a blob whose tiles lie turned or apart is further off).
        "recentre_piece_reach": 9,
        # A tile's cut one channel of which is at the sensor's top (`glare_level`) over at
        # least this share of it is matched on the other two (read._unclipped; 1 turns it off).
        "clip_share": 0.5,
        # A tile whose blob is shorter than this share of the side (its centre is off by half
        # what the mask lost; 7 of 669 tiles' blobs of 40 scenes of seed 4242) is cut again
        # where it fits when it misfits or matches weakly; one longer by as much (the mask
        # took its rim or shadow on one side too, foreign box 123) when it matches weakly
        # (read._identify).
        "recentre_short": 0.9,
        # A piece cut from touching tiles has its turn looked for this many degrees either side
        # of its box's (the cut's edges are straight too; a whole blob's box: 8 degrees).
        "piece_turn_reach": 16.0,
        # The worst of cells×cells parts of a tile may differ from the taught tile by at most
        # this (relative to the tile's contrast): more means something lies on it.
        "cells": 4,
        "max_misfit": 1.4,
        # The printed number (number.py). Where it is: where tiles of a value agree and tiles
        # of other values differ (that ratio smoothed by this sigma in patch px, kept above this
        # share of its peak, in a box of at most this share of the patch; each pixel weighs as
        # the ratio to this power).
        "number_smooth": 1.0,
        "number_focus": 0.2,
        "number_max_box": 0.6,
        "number_power": 1.0,
        # Each taught tile of a value laid out twice or more, its glyph learned from the others
        # only, must read as its value at least this often, or the colour's numbers are not
        # read (a foreign box's number may be too small or placed where the drawing varies).
        "number_min_foretold": 0.9,
        # A number reads as a value when that glyph scores this well and beats every other by
        # this (within `search` px of shift).
        "number_min_score": 0.85,
        "number_min_margin": 0.06,
        # A tile the look matched is doubted when its number's best glyph is another value's,
        # scores this well and beats the look's value's glyph by this much.
        "number_doubt_score": 0.8,
        "number_doubt_lead": 0.05,
        # ... or when it scores this and beats the look's value's glyph by this much: no
        # glyph led the look's value at all on 1038 taught tiles of 60 fresh scenes (seed
        # 4242), a foreign -5 read as -2 by the look led by 0.24-0.33 (seeds 8345, 8350).
        "number_doubt_fair": 0.7,
        "number_doubt_far": 0.15,
        # Where a read would change a tile, it is read again with this much shift (patch px).
        "number_reach": 4,
        # Off switches: the doubt, and naming a tile the look found close between two values by
        # its number (`number.settle`).
        "number_check": True,
        "number_rescue": True,
    }
)


# What a value outside would make meaningless or crash (vision.config_check: every other number
# is 0 or more, and a threshold stays open above: beyond reach switches its check off).
TILES_ALLOWED: Mapping[str, Allowed] = MappingProxyType(
    {
        "scale": SCALE,
        "border": Allowed(hi=0.5),  # a band on each side: half the frame is all of it
        "table_colours": POSITIVE,
        # Dimming factors (a brighter "shadow" is not one).
        "shadow_depths": Allowed(hi=1.0, above=True, any_length=True, note="(() turns it off)"),
        # Brightening gains (a dimmer "glare" is a shadow); 8-bit channel levels.
        "glare_gains": Allowed(lo=1.0, above=True, any_length=True, note="(() turns it off)"),
        "glare_level": Allowed(hi=255),
        "glare_pale": Allowed(hi=255),
        "flatten_scale": FRACTION,
        "cut_gap_lengths": Allowed(ordered=((0, 1),), note="(shortest < longest)"),
        "max_row_angle": Allowed(hi=90.0),  # degrees from the horizontal
        "texture_scales": POSITIVE,  # Gaussian sigmas
        "texture_step": POSITIVE,  # a step along the row
        "flat_scales": Allowed(above=True, ordered=((0, 1),), note="(fine < coarse)"),  # sigmas
        "flat_window": POSITIVE,  # sides
        "flat_share": FRACTION,  # of the table's texture
        "patch": POSITIVE,
        "blur": POSITIVE,  # a Gaussian sigma (0 is not "no blur" to OpenCV)
        "rescue_turns": Allowed(lo=None, any_length=True, note="(degrees, either way)"),
        "teach_scales": Allowed(above=True, any_length=True),
        "pair_quantile": FRACTION,
        "clip_share": FRACTION,
        "faint_share": FRACTION,
        "min_print_share": FRACTION,
        "detail_blur": POSITIVE,
        "detail_quantile": FRACTION,
        "detail_fine_quantile": FRACTION,
        "weak_min_fit": FRACTION,  # a correlation: above 1 no tile could keep its value
        "cover_hue_level": POSITIVE,  # at 0 every tile's noise is off its colours
        "cover_hue_share": FRACTION,  # a share of the tile
        "cells": POSITIVE,
        "number_smooth": POSITIVE,
        "ground_band": Allowed(hi=0.5, ordered=((0, 1),), note="(inner < outer)"),
    }
)


def tiles_config(overrides: Mapping[str, Any] | None = None) -> Mapping[str, Any]:
    """The tile reader's config: the defaults with `overrides`; an unknown key or a value not
    of its key's kind (vision.config_check) is a `BadConfig` naming the key."""
    return merged("tile vision", TILES_DEFAULTS, TILES_ALLOWED, overrides)
