"""Every threshold of the dice reader in one place: a plain preset dict, typos are errors.

Stages take this config as their first argument (`(config, frame) -> result`); a caller changes
a value with `dice_config({"min_confidence": 0.6})`; an unknown key, or a value not of its key's
kind (`max_dice="five"`, a kept zone of two numbers), raises `BadConfig` naming the key.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from .config_check import FRACTION, POSITIVE, SCALE, Allowed, merged
from .errors import BadConfig

DICE_DEFAULTS: Mapping[str, Any] = MappingProxyType(
    {
        # Finding dice (on a half-size frame): body-colour likelihood above this is "die".
        "scale": 0.5,
        "body_threshold": 0.3,
        # …weighed against the frame's own colours (vision.finder.frame_lut): a colour counts
        # as table when the frame holds more of it than this many times the taught body's
        # share of it (0: the taught colour model alone), for `max_dice` 5 (POW); more dice
        # in play make their colours' share as many times larger.
        "frame_table": 1.0,
        "close": True,  # close pin-holes in the die mask (noise, JPEG) before outlining
        # …and differs from the table around it by this much (0..255, largest channel).
        "contrast": 28,
        # …where the table inside a hard shadow's band is the band's own shade: the lit table
        # dimmed to this part of its light (rendered 0.6-0.87 after gamma; 0.3 for a deep real
        # shadow) with its chromaticity kept within this, over this many of the largest
        # taught die areas and running off the frame (vision.finder._shadow_band; 0: the lit
        # table alone, a light die inside a band then being "table").
        "shadow_depth": (0.3, 0.92),
        "shadow_tint": 0.04,
        "shadow_area": 6.0,
        # …and when this much of it at full detail is that one shade (own bands measured
        # 0.59-0.67, a wood's dark grain lines, dimmer on average, 0.40 or less).
        "shadow_even": 0.5,
        # A blob bigger than a die is cut along edges this strong (Canny's lower threshold,
        # gray 0..255 gradient) to free a die from a die-coloured stretch of table.
        "outline_edge": 40,
        # Die size from the teach step; a candidate may be this much smaller/larger.
        "size_slack": 0.3,
        # All dice of a frame are one size where they lie: a die this much smaller or larger
        # than the frame's median (each judged at the frame's centre by the taught size slope)
        # is something else (half a die's top).
        "one_size": (0.75, 1.3),
        # A top cut out this much smaller than expected where it lies is cut again at full
        # size when that is nearer the frame's dice (vision.finder._full_size_tops)...
        "size_check": 0.9,
        # ...and a die read with confidence, cut out smaller than this share of the frame's
        # dice where it lies, is read again cut out at that size and must read the same
        # (vision.reader._at_expected_size). At 0.9 a red pip 3 cut to its middle pip (0.903
        # of the frame's dice) read "1" with confidence 1.0, a wrong "ok" (foreign pips 49
        # scene 0). At 1.0 every die a hair under the frame's size was read again, and a die
        # read right only loosely (a red 4 with its side face, 0.986 of the frame's dice:
        # 25-dice 42 #4) lost its reading to a cut 1.4 % larger: 3 of 2,900 foreign images
        # refused, none read otherwise at 0.95 (docs/vision-log.md, thirteenth session, lead).
        "size_reread": 0.95,
        # A flat die seen from above is a square: its long/short side ratio stays below this…
        "max_aspect": 1.22,
        # …and it fills most of its rotated bounding box (a coin fills pi/4).
        "min_fill": 0.82,
        # A blob holding several touching dice is split when its area is this many dice or more.
        "merged_area": 1.55,
        # Seen from above, a blob not square nor a clean die whose body colour still outlines
        # one clean top is that die (with a wedge of its shadow) only while the blob covers
        # less than this many of that top's area: own dev seeds' such dice 0.63-1.76 of it;
        # two white dice side by side, one cut out and the other dropped unsaid, 2.3 (535455
        # #245, "ok" with 4 dice). Seen obliquely, a piece of a blob thinned of the table's
        # lines (`thin_line`) holds another die when it covers more than this many of the blob
        # its top's die makes (the profile's `blob_over_top`): it is thinned again (25-dice 53
        # #1, a white 3 and a red 6 touching, 2.8 of the 6's; the 3 was dropped, "missing").
        "odd_face_blob": 1.85,
        # …and each die split out of it is turned the way the edges around it run when this
        # much of their strength runs two ways a quarter turn apart (vision.finder._edge_turn:
        # touching dice measured 0.44-0.63; 0: the turn of the grown-back part's box).
        "split_turn": 0.2,
        # A die still rolling: its edges all run one way (structure-tensor anisotropy 0..1;
        # dice at rest measured <= 0.21, rolling >= 0.28 on rendered frames).
        "blur_streak": 0.25,
        # …and a blob that still looks square must be smeared more (a table's stripes run one
        # way too: dice at rest on a check cloth measured up to 0.26).
        "blur_streak_square": 0.4,
        # …and a smeared die is one solid blob: it covers this much of its convex hull.
        "blur_solid": 0.4,
        # …and it holds the many colours of a die smeared with its print and the table: the
        # spread of its colours about one smooth shade (Lab units, vision.finder.colour_spread)
        # is at least this (341 rendered rolling dice 7.0 or more, 8.8 or more on the middle
        # of a square; the pale checks of a cloth and a laminate's lit bands once called
        # "blurred" on fresh sets 4.0 or less, 3.2 or less).
        "blur_colours": 5.0,
        # A square the reader calls smeared that matches no face at all (beyond not_a_die) is
        # a coin, not a rolling die, when its die-coloured blob is a disk: it covers this much
        # of its enclosing circle (vision.finder.round_blob).
        "coin_round": 0.82,
        # A blob no square or split explains is read as dice of the frame's die size when
        # squares this much of a die's blob across (its solid middle, without the rim a blob
        # may or may not take in), each this much inside it…
        "pack_side": 0.9,
        "pack_cover": 0.85,
        # …and leave nothing over thicker than this part of a square (a rim, a shadow's wedge:
        # a cocked die's side face is thicker) but this many square areas.
        "pack_rim": 0.3,
        "pack_spare": 0.1,
        # A sharp blob this many times the frame's die side (the top of `one_size`) that no
        # square, split, pack or outline explains is dice on dice ("cocked") wherever it lies.
        "pile_side": 1.3,
        # …and that fills half its rotated box once the notches a print makes in its outline
        # are closed (a closing by this part of a die side: own dev seed 330007 #38, a pile
        # whose symbol opened its outline, filled 0.47 of its box, 0.60 closed by 5 small px
        # of a 22 px die; vision.finder._closed_fill).
        "pile_close": 0.23,
        # A piece of a blob cut along its outlines that is not a clean square but this many
        # die areas or more (up to 1.5) is tried for a square of the die's body colour (a die
        # in a hard shadow's band, notched by its print; half a die cut by the shadow's edge).
        "piece_top": 0.35,
        # A die-sized piece left over when a die is cut out of a blob by its outline makes the
        # blob "cocked" (a side face) only when it fills this much of its rotated box.
        "cocked_fill": 0.6,
        # Seen from above, pieces of the die mask that nothing else explains, within this part
        # of the frame's die side of each other, are one die when their joint convex hull is a
        # clean square of the dice's size filling this much of its rotated box or more (a die
        # whose tinted body left only its rim in the mask, broken in two by its print: own
        # 444546 #146 measured 0.85), and this share of the hull's outline or more runs within
        # 0.08 of a side of its box (a square's sides: #146 0.88, its corners broken; a coin's
        # rim in pieces, own 313233 #71, 0.78; a whole disc 0.73) (vision.finder._joined_pieces;
        # join_gap 0: not joined), and the middle the mask leaves out is of the pieces'
        # chromaticity within this (a die's tinted body: #146 0.014; a tile's printed frame
        # round its dark red middle, own 889900 #126: 0.15) (vision.finder._middle_of_their_colour).
        "join_gap": 0.3,
        "join_fill": 0.8,
        "join_sides": 0.85,
        "join_chroma": 0.05,
        # Seen obliquely, a blob called "cocked" or "blurred" that holds one top, fitting a
        # taught face, is that die's own side faces and shadow when less than this share of
        # the rest of it is of a top's body colour: the other die of a pile shows a face lit as
        # a top is (a lone die's rest held 0.000-0.007 on foreign outline 7, 16, 18, 20, 24, 34
        # and 25-dice 16, where drawn piles' held 0.12-0.53; vision.finder._own_sides; 0: not
        # checked).
        "own_sides": 0.05,
        # Seen obliquely, a top whose body colour is the table's around it, its chromaticity
        # within this much, and no brighter than `shade_dim` of the table is the table in
        # shade: a die's shadow joined to its blob and cut out as a top, left out
        # (vision.finder._table_in_shade; 0: not checked). The four such cuts of the dev sets
        # (foreign pips 56 #26, outline 14 #0, 59 #51, 60 #38) measured 0.004-0.024 off the
        # table's chromaticity at 0.44-0.57 of its brightness; of 5,001 tops on true dice
        # (foreign outline 1, 10-15, 34-36, 59, 60, pips 34, 56, 25-dice 16, 17) none came
        # nearer the table's than 0.087, the darkest at 0.40 of its brightness: the colour
        # tells a shadow from a die, the brightness does not.
        "shade_chroma": 0.04,
        "shade_dim": 0.8,
        # Seen obliquely, a top cut out this many times the frame's dice where it lies (by the
        # taught size slope) or more may have taken in a side face: it is cut again at the side
        # the frame's dice show there, kept when that is a whole top and its blob the die's
        # own sides (`own_sides`), and then not left to the final size check (`one_size`).
        # Of 1,500 tops on foreign outline and pips 43-48, 23 measured 1.15 or more: 21 cut on
        # their top (most of them outline 45's near dice, where the teach pictures' slope is
        # another camera's) and 2 with a side face, outline 48 scenes 11 and 48, read unsure
        # (vision.finder._sized_tops; 0: not cut again).
        "top_over": 1.15,
        # …and only when the square reaches no farther than this part of a side beyond the
        # far edge of the top cut again, away from the camera (the side faces a camera sees lie
        # between the top and the camera: lone dice's squares 2.5-7.4 px short of it; a pile's,
        # a sliver of the die under the cocked one beyond its top, 0.26-0.37 of a side beyond).
        "top_beyond": 0.15,
        # Seen obliquely, two tops in one blob less than this many die sides apart, one found
        # only by the scan by the taught faces, are a die cocked on another ("cocked") when
        # one shows another colour than its body along this share of its rim or more (a side
        # is 0.25): nothing lying flat covers a flat die's top (vision.finder._covered_pairs;
        # drawn piles read "ok" showed 0.19-0.48, flat dice against each other 0.13-0.33;
        # 0 pile_gap: not checked).
        "pile_gap": 1.5,
        "covered_rim": 0.3,
        # Seen obliquely, a blob called "cocked" or "blurred" that holds two tops, each fitting
        # a taught face within `pair_fit` typical distances, whose extents overlap less than
        # `pair_overlap` of the smaller, neither covered along `covered_rim` of its rim, and
        # whose rest holds less than `own_sides` of a top's colour, is two flat dice lying
        # against each other (vision.finder._side_by_side; 0 pair_overlap: not checked).
        "pair_overlap": 0.02,
        "pair_fit": 1.0,
        # The teach pictures show the dice's side faces (an oblique camera) when a taught die's
        # blob covers this many times its top face (DiceProfile.blob_over_top; from above a
        # die's blob is its top, give or take its rounded rim and a soft shadow).
        "oblique_blob": 1.25,
        # …and a blob no top face is cut out of is tried again with its parts thinner than
        # this share of the smallest die side taken off (lines of a wood's grain joined to a
        # dark die: 3-6 px wide at half size where the smallest die is 11 px).
        "thin_line": 0.6,
        # …and a piece still larger than a die's blob is thinned again by this share of the
        # frame's own die (its clean squares' median side): a dark wood's bands 6-8 px wide at
        # half size, where the frame's dice measure 22 (25-dice 53 #15).
        "thin_line_frame": 0.45,
        # A blob no outline cut frees a die from is also split by its shade: its brighter
        # part, joined over gaps this part of a die side (a print near the edge), holds the
        # die (vision.finder._cut_by_shade; as `_oblique_top` joins a top over its print;
        # 0: no such split). Such a die is at most this many times the frame's clean
        # squares across (a die's brighter top is no larger than its blob: freed dice measured
        # 0.85-0.94 on dev scenes; two tops of a pile joined as one, 1.27).
        "shade_side_max": 1.15,
        "shade_join": 0.15,
        # Seen obliquely, a top face cut out of a blob at the frame's edge is read when the
        # frame holds this many of its sides all round it (vision.finder.find_dice).
        "edge_room": 0.5,
        # A blob touching the frame edge that is this big (in die areas) is a cut die.
        "cut_min_area": 0.2,
        # …but seen obliquely a near die's side face or shadow may run off the frame while its
        # top, what is read, is whole: a die-sized edge blob holds a whole die when the top cut
        # out of it lies inside the frame by `edge_clear` of its side and the blob covers at
        # most `edge_blob` times what a taught die's blob covers over its top (more may hold a
        # cut die beside it). Teach turns it off (`edge_tops`): it learns what a blob covers,
        # the size slope and the templates from dice whose blobs lie whole in the frame only
        # (taught with such dice too, a profile read outline 12 scene 25 "ok" with a far blue
        # bubble as a shield, docs/vision-log.md).
        "edge_tops": True,
        "edge_clear": 0.1,
        "edge_blob": 1.4,
        # …seen obliquely, only when it covers this much of its convex hull: a die cut by the
        # frame's straight edge is nearly convex (own rendered cut dice, seed 770005, 0.71-0.97,
        # their print notching them; foreign outline cut dice 0.92-0.95), a dark chevron of a
        # wood's grain running off the frame is not (foreign outline 6/19, 17/31: 0.44).
        "cut_solid": 0.6,
        # …nor when this much of its convex hull is of the table's colour around it
        # (vision.finder._table_in_hull): what lies between a concave blob's arms is its print
        # on a cut die (0.00-0.05 of the hull on 85 foreign dice cut by the frame: dev scenes
        # cropped through a die), the table on a dark fold of a rippled cloth running off the
        # frame (foreign outline 72 scene 13: 0.33, called "cut" where no die lies).
        "cut_table": 0.2,
        # …unless its edges all run one way (a pencil, a stripe of the table at the edge): a
        # die shows edges two ways even when cut (measured <= 0.47 for cut dice, >= 0.78 for
        # pencils and stripes on rendered sets).
        "cut_max_streak": 0.65,
        # Teach (kept in the profile, which a read then describes its dice with): where a
        # hard shadow's edge crosses a die's top, the descriptor finds the step among the
        # pixels within this many body-hue tolerances (vision.faces._unshade; 0: no step
        # looked for). A shade is tinted, not only darker: own 778899 #99's shaded half lay
        # 13 a*b* units off its white body, whose tolerance is 10, and at 1 no step was seen.
        "step_hue": 2.0,
        # Face reading: patch size, and how a face must win.
        "patch": 24,
        "min_confidence": 0.5,
        # A die below it is cut out again shifted and sized by this part of its side each way
        # (then by half of it around the best cut).
        "second_look": 0.12,
        # …and its margin must be this many times wider for full confidence (2.0 while the
        # teach set's doubt was all of its mistakes, however far; 1.0 since it is the doubt
        # at the die's own single-cut distance and unfit cuts are not searched).
        "second_margin": 1.0,
        # A die still unsure after them is placed by the taught faces (vision.reader.placed):
        # its cut moved up to this part of its side each way, sized and turned, to where it
        # fits a taught face closest, and read there against the teach set's own mistakes
        # made the same way (DiceProfile.placed_mistakes; 0: not placed).
        "place_reach": 0.2,
        # ...but a die read with confidence and checked so (vision.reader._checked) is placed
        # keeping its cut's far edge, away from the camera, within this part of its side (1:
        # placed freely): seen obliquely, its side faces lie between its top and the camera, so
        # a cut too large took them in on the near side. Shrunk elsewhere, over one pip of a
        # far red pip 2 or 4, a cut read a 1 with confidence and refused the die its cut and
        # the search read right (foreign pips 51 scene 10, 53 #11, 25-dice 28 #2); slate tops
        # cut with their side face are placed against the far edge (outline 40 #31, 53 #55).
        "place_toward": 0.05,
        # Taught through an oblique camera, a die whose top cut fits no face (beyond
        # `fit_max`) is cut out again shifted up to this part of its side each way and as
        # small as this part of its size (vision.reader._wide_look).
        "wide_look": 0.3,
        "wide_small": 0.8,
        # …and a sharp blob seen obliquely with room for this many dice more than the tops
        # cut out of it that match a taught face is searched for tops by the taught faces
        # (vision.finder._scanned_tops).
        "scan_room": 0.6,
        # …the room measured by the share of a blob the frame's own blobs of one die show
        # when this many or more show it and it is less than the taught share
        # (vision.finder._blob_share; 0: the taught share alone).
        "scan_own_blobs": 3,
        # …and a cut of that search is a top only when its best match is within this many
        # typical distances (as closely as taught dice match each other).
        "scan_fit": 1.3,
        # …measured at the best of the scan's cuts and at cuts around it shifted by this part
        # of a side and turned by 5 degrees each way (the scan steps a fifth of a side and 15
        # degrees; 0: the scan's own cuts alone).
        "scan_finer": 0.1,
        # …around each of this many of the scan's nearest cuts, the finest fit kept (1: the
        # nearest alone).
        "scan_refined": 3,
        # …and a top it finds holds a print at least this part as strong as the least the
        # frame's fitting tops hold (vision.finder._faint; 0: not checked).
        "scan_print": 0.75,
        # A die read as a face whose print is weaker than this part of the weakest print that
        # face's taught dice held (the profile's `least_print`) is unsure: a shadow of a far
        # die cut out as a top read as a blue bubble at 0.62 and 1.00, its print 0.47-0.48 of
        # the taught blue bubbles' least, where the real dice of foreign outline 14 and pips 2
        # held 0.80 or more (vision.reader._weak_print; 0: not checked).
        "print_floor": 0.65,
        # Teach: a taught die whose cut holds less print than this part of the median its
        # face's taught dice hold was cut off its top (a five-dice picture's die cut at its
        # plain side face or its shadow: pips 3's "3" 2.5 where the rest held 20-35; such
        # cuts held 0.06-0.31 of the median on the dev sets, the tops 0.66 or more, and a
        # top cut with its side face 0.50 or more); it is left out of the templates and the
        # print floor (vision.teach._on_print; 0: not checked).
        "teach_print": 0.35,
        # …and that top is kept when the read's own rule gives its face confidence with each
        # face measured at its best cut shifted up to this part of a side each way, at every
        # 15 degrees (a part of a top fits a face too: one pip of a 2 is a 1; 0: not checked).
        "scan_whole": 0.35,
        # A die read with confidence whose best distance is beyond this many typical ones is
        # looked at again (the second look's cuts) and kept only when that agrees on its face.
        "check_fit": 1.25,
        # …and so is one read with less confidence than this; an unsure die is raised over
        # the bar by its placed read only at this confidence (vision.reader._placed_look).
        "check_confidence": 0.8,
        # …and a die the second look read is held to the lesser of the single cuts' doubt and
        # the teach set's own mistakes made by the same search (DiceProfile.searched_mistakes;
        # False: the single cuts' doubt alone, as for a profile taught without them).
        "searched_doubt": True,
        # A die only the search read, short of `check_confidence`, is unsure where its placed
        # read names another face with at least this confidence (vision.reader.
        # _unless_placed_otherwise; 0: whenever it names another face; `min_confidence` was
        # the rule before: a blue bubble searched a shield at 0.47 was placed a blue bubble at
        # 0.00, foreign outline 66 scene 50; above 1: never).
        "placed_contradicts": 0.0,
        # A die read by its first cut alone with the confidence that needs no check, matched
        # beyond the typical distance, is unsure where its placed read is unsure too and finds
        # no cut within reach that fits closer than that first cut (vision.reader.
        # _unless_placed_nowhere_closer; False: off).
        "loose_placed": True,
        "margin_full": 0.25,  # margin (1 - best/second) that counts as full confidence
        "fit_max": 2.0,
        # A margin counts only beyond the margins by which the teach set itself read a die of
        # another face as this one (each taught die left out) while matching it at least as
        # closely as this read, within this factor (1.0; 1.2 refused 1 % more of our own
        # rendered frames and no more wrong foreign ones, tests/vision/foreign).
        "doubt_slack": 1.0,
        "not_a_die": 4.0,  # best distance beyond this many typical distances: not a die at all
        # …or beyond this many when the distance is the second look's (the least of many cuts).
        "not_a_die_searched": 3.0,
        "max_dice": 5,
        # Dice the picture must show (None: any number up to max_dice). With a count, fewer
        # dice found is "missing": a die not found must not pass as a reading without it.
        "dice_in_play": None,
        "kept_zone": (0.0, 0.0, 1.0, 0.25),
    }
)


# What a value outside would make meaningless or crash (vision.config_check: every other number
# is 0 or more, and a threshold stays open above: beyond reach switches its check off).
DICE_ALLOWED: Mapping[str, Allowed] = MappingProxyType(
    {
        "scale": SCALE,
        "split_turn": FRACTION,  # a share of the edges' strength
        "one_size": Allowed(above=True, ordered=((0, 1),), note="(the smaller first)"),
        "shadow_depth": Allowed(above=True, ordered=((0, 1),), note="(the smaller first)"),
        "patch": POSITIVE,
        "margin_full": POSITIVE,  # confidence is the margin divided by it
        "max_dice": POSITIVE,
        "scan_refined": POSITIVE,  # the scan keeps the best of this many refined cuts
        "own_sides": FRACTION,  # a share of a blob's pixels
        "place_reach": FRACTION,  # a part of a die's side
        "place_toward": FRACTION,  # a part of a die's side
        "shade_dim": FRACTION,  # a part of the table's brightness: above 1 is brighter
        "covered_rim": FRACTION,  # a share of a top's rim
        "pair_overlap": FRACTION,  # a share of a top's extent
        "cut_table": POSITIVE,  # a share of a hull: 0 would take every cut die for table
        "teach_print": FRACTION,  # of the face's median: above 1 would leave out its better half
        "dice_in_play": POSITIVE,
        "join_sides": FRACTION,  # a share of a hull's outline
        "kept_zone": Allowed(
            hi=1.0,
            ordered=((0, 2), (1, 3)),
            note="(left, top, right, bottom as fractions of the frame; left < right, top < bottom)",
        ),
    }
)


def dice_config(overrides: Mapping[str, Any] | None = None) -> Mapping[str, Any]:
    """The dice reader's config: the defaults with `overrides`; an unknown key or a value not
    of its key's kind (vision.config_check) is a `BadConfig` naming the key."""
    config = merged("dice vision", DICE_DEFAULTS, DICE_ALLOWED, overrides)
    if config["dice_in_play"] is not None and config["dice_in_play"] > config["max_dice"]:
        # The reader would call every frame "too-many" or "missing": nothing could be read.
        raise BadConfig(
            f"dice vision setting 'dice_in_play' = {config['dice_in_play']!r} is not allowed: "
            f"it must be at most 'max_dice' = {config['max_dice']!r}"
        )
    return config
