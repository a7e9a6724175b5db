"""Read the two tile rows of a frame: each row's tiles left to right with their values.

`read_tiles(config, profile, frame)` on a BGR uint8 frame. Each tile seen in a row is matched
against the taught tiles of its colour; a tile no taught tile clearly matches gets value None
and the reading is unreadable — asking the table is better than a wrong row.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from . import number
from .describe import (
    TURN_REACH,
    Shifts,
    cell_misfit,
    centred,
    cut,
    fit_of,
    local_sides,
    off_colour_share,
    on_tile,
    pair_margin,
    pair_masks,
    refine_angles,
    scores,
    subpixel_misfit,
    unshade,
    warped_margin,
    warped_onto,
    warped_pair,
)
from .find import find_blobs
from .flat import flat_cover
from .profile import TilesProfile
from .rescue import rescue
from .rows import HEROES, ROW_NAMES, VILLAINS, find_rows, where_along
from .smooth import smooth_cover
from .touch import touching_cover


@dataclass(frozen=True)
class TileSeen:
    value: int | None  # None: seen but not recognised
    center: tuple[float, float]  # frame pixels (x, y)
    score: float  # best correlation with a taught tile of this value
    doubt: str | None = None  # why a tile the look matched is still not trusted (number.py)


@dataclass(frozen=True)
class TilesReading:
    heroes: tuple[TileSeen, ...]  # left to right
    villains: tuple[TileSeen, ...]
    reason: str | None  # why the frame is unreadable, None when it reads

    @property
    def status(self) -> str:
        return "ok" if self.reason is None else "unreadable"

    def to_json(self, image: str) -> dict:
        def row(tiles: tuple[TileSeen, ...]) -> list[dict]:
            return [
                {"value": t.value, "center": [round(t.center[0], 1), round(t.center[1], 1)]}
                for t in tiles
            ]

        return {
            "image": image,
            "status": self.status,
            "reason": self.reason,
            "heroes": row(self.heroes),
            "villains": row(self.villains),
        }


def _ranked(s: np.ndarray, values: np.ndarray) -> list[tuple[int, int]]:
    """(value, index of its best template) by score, best first."""
    # On Python floats (float32 scores convert exactly): indexing the array a score at a time
    # made a numpy scalar each, 12-36 a tile (issue #7).
    score = s.tolist()
    best: dict[int, int] = {}
    for i, v in enumerate(values.tolist()):
        if v not in best or score[i] > score[best[v]]:
            best[v] = i
    return sorted(best.items(), key=lambda kv: -score[kv[1]])


def _match(
    config, profile: TilesProfile, frame: np.ndarray, center, angle: float, side: float, sign: int
):
    """(value or None, score, value ranked first, why declined or None, the cut before
    unshading, the taught tile of the value given (or ranked first) that fits best: its index
    among its colour's taught tiles) of the tile at `center` cut out at `angle`."""
    p = profile.patch
    n = int((np.sign(profile.values) == sign).sum())
    size = p + 2 * int(config["search"])
    cutout = cut(frame, center, angle, side, size, p, config["blur"])
    window = unshade(cutout, config["shade"])
    channels = _unclipped(config, cutout)
    # The tiles as taught first. Unless that settles the tile by a wide margin, the tiles cut
    # a little smaller and larger are tried too: settling at `min_margin` already let a
    # lookalike of another value through (foreign box 3: a -1 crest read as the -2 crest, 3
    # rows read wrong in 43 scenes; such wrong values won by at most 0.12 there). A weak match
    # (under `pair_below`) is not settled however wide its lead: a tile the frame shows a few
    # per cent off its taught size matches weakly as taught (foreign box 10 scene 35: a "-2"
    # with its side measured 61.5 px for 59.9 drawn, 0.72 as taught by a lead of 0.28, 0.86
    # cut smaller), and a weak match is then refused where a good one is kept (`_identify`).
    cuts = None
    for scaled in (False, True):
        mean, templates, values, raw = profile.matcher(sign, config["shade"], scaled=scaled)
        if cuts is None or not np.array_equal(cuts.mean, mean):
            cuts = Shifts(window, mean, p)  # the window's cuts serve both passes (issue #7)
        s, shifts = cuts.scores(templates, channels)
        ranked = _ranked(s, values)
        value, top_i = ranked[0]
        top = float(s[top_i])
        second = float(s[ranked[1][1]]) if len(ranked) > 1 else -1.0
        settled = top >= config["pair_below"] and top - second >= config["settled_margin"]
        if settled or profile.scaled is None:
            break
    best_of = dict(ranked)

    def mine_at(v) -> int:
        return int(best_of[v]) % n

    # Part of the tile unlike the taught one (something on it): don't trust the value.
    template, shift = raw[top_i], shifts[top_i]
    prep = _centred(profile, sign, config["shade"], scaled)
    misfit = cell_misfit(window, template, shift, config["cells"], (prep[0][top_i], prep[1][top_i]))
    if misfit > config["max_misfit"] and not scaled and profile.scaled is not None:
        # Settled by the tiles as taught, but judged at one size: a tile the frame shows a few
        # per cent smaller or larger than taught (its table moved its measured side) leaves
        # its print a px or two off the template's towards its edges, and fine print then
        # misfits (foreign box 11, a cream cloth: 0.79 as taught, 0.92 cut 6 % smaller, five
        # scenes refused). The part unlike the taught tile is judged on the value's cut that
        # fits best.
        _, more, values_all, raw_all = profile.matcher(sign, config["shade"], scaled=True)
        s_all, shifts_all = cuts.scores(more, channels)
        mine = np.flatnonzero(values_all == value)
        i = int(mine[np.argmax(s_all[mine])])
        template, shift = raw_all[i], shifts_all[i]
        prep = _centred(profile, sign, config["shade"], True)
        misfit = cell_misfit(window, template, shift, config["cells"], (prep[0][i], prep[1][i]))
    if misfit > config["max_misfit"] and top >= config["pair_below"]:
        # A tile that matches well as a whole, judged a fraction of a px closer: matching
        # steps whole px (foreign box 8: a +6 bolt through a ring on a striped tile, 0.84-0.87
        # as a whole, misfit 1.43 at the ring, 1.1-1.2 half a px over; four scenes refused).
        # Only for a good match: a hand or a die on a tile leaves it weaker (`pair_below`).
        misfit = subpixel_misfit(window, template, shift, config["cells"])
    if misfit > config["max_misfit"]:
        return None, top, int(value), "misfit", cutout, mine_at(value)
    if top < config["min_score"]:
        return None, top, int(value), "faint", cutout, mine_at(value)
    lead = top - second
    if lead < config["min_margin"] or (
        lead < config["settled_margin"] and top < config["pair_below"]
    ):
        # Two taught tiles of other values fit nearly alike: look only where they differ. It
        # may confirm the best, never overturn it (a wrong row is worse than asking). Also a
        # weak match not settled by a wide margin: fingers over the "+5" of a lightning tile
        # left the "+1" lightning ahead by 0.095 at 0.66 (clean tiles of that box: 0.85-0.91),
        # a covered tile read as another value, a wrong row "ok" (foreign box 6, scene 57).
        pair = pair_margin(window, raw[top_i], raw[ranked[1][1]], config["pair_quantile"])
        if pair < config["pair_margin"]:
            # Still close: the two values' tiles compared at the frame's own resolution, each
            # aligned on its own, decide (either way: that comparison is symmetric).
            chosen = _lookalikes(config, profile, frame, center, angle, side, sign, s, ranked)
            if chosen is None:
                return None, top, int(value), "close", cutout, mine_at(value)
            return int(chosen), top, int(chosen), None, cutout, mine_at(chosen)
    return int(value), top, int(value), None, cutout, mine_at(value)


def _unclipped(config, cutout: np.ndarray) -> tuple[int, ...] | None:
    """The channels a tile's cut (3×H×W as seen) is matched on: all (None), or without the one
    the sensor clipped at its top (`glare_level`) over at least `clip_share` of the cut, which
    holds none of the print there and would take a third off every correlation (own seed
    112358 scene 11: an orange tile in a bright light, red at the top over 0.75 of it, its
    "-1" at 0.54 on three channels). Two clipped channels leave too little to match on."""
    level = config["glare_level"]
    if config["clip_share"] >= 1.0 or cutout.max() < level:
        return None
    flat = cutout.reshape(len(cutout), -1)
    # Summed, not `count_nonzero` over an axis: the same counts, in half the time (issue #7).
    clipped = (flat >= level).sum(1) >= config["clip_share"] * flat.shape[1]
    if clipped.sum() != 1:
        return None
    return tuple(int(k) for k in np.flatnonzero(~clipped))


def _centred(profile: TilesProfile, sign: int, shade: float, scaled: bool):
    """`describe.centred` of the templates `profile.matcher` gives, made once per profile (kept
    on it as its matchers are)."""
    cache = profile.__dict__.setdefault("_centred", {})
    key = (sign, float(shade), bool(scaled and profile.scaled is not None))
    if key not in cache:
        cache[key] = centred(profile.matcher(sign, shade, scaled=scaled)[3])
    return cache[key]


def _lookalikes(
    config,
    profile: TilesProfile,
    frame: np.ndarray,
    center,
    angle: float,
    side: float,
    sign: int,
    s: np.ndarray,
    ranked: list[tuple[int, int]],
) -> int | None:
    """Which of the values ranked first (close by the look) the tile prints, by the cuts at
    the frame's own resolution (`describe.aligned_pair`) and, for two values that even that
    leaves close, by the number printed where they differ (`number.pair_model`), or None:
    none clearly beats every other, or a profile taught before detail cuts.

    The two values ranked first, and every further one within `min_margin` of the first, are
    each compared with each: the value chosen must win every comparison it is in. A box whose
    character is printed for three values (foreign box 18: lightning bolts of -1, -2 and -3,
    within 0.04 of each other by the look) was refused with one right comparison at hand
    (its -2 beat the -3 by 0.11 at a fit of 0.97) because a third value was as close."""
    detail = profile.detail_matcher(sign, 0.0)
    if detail is None or len(ranked) < 2:
        return None
    top = float(s[ranked[0][1]])
    close = ranked[:2] + [r for r in ranked[2:] if top - float(s[r[1]]) < config["min_margin"]]
    d = detail.shape[-1]
    n = len(detail)
    window = _detail_window(config, frame, center, angle, side, d)
    shade = config["shade"] * d / profile.patch

    def compare(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int, float]:
        """(which of ranked values `a` and `b` the tile prints: 1 `a`, -1 `b`, 0 neither
        clearly; which the aligned cuts lean to; how well it fits that one)."""
        i, j = a[1] % n, b[1] % n
        taught = (detail[i], detail[j])
        warped = warped_pair(window, *taught)
        if warped is None:
            return 0, 0, 0.0
        masks = _pair_masks(profile, sign, i, j, shade, config["detail_quantile"])
        margin, fit = warped_margin(warped, taught, shade, masks)
        lean = 1 if margin > 0 else -1
        if fit < config["detail_min_fit"]:
            return 0, lean, fit
        if abs(margin) >= config["detail_margin"]:
            return lean, lean, fit
        fine = _pair_masks(profile, sign, i, j, config["detail_number_fine"],
                           config["detail_fine_quantile"])  # fmt: skip
        return _fine_lean(config, taught, fine, warped, margin), lean, fit

    if len(close) == 2:
        decided, lean, fit = compare(ranked[0], ranked[1])
        if fit < config["detail_min_fit"]:
            return None
        leans = ranked[0][0] if lean > 0 else ranked[1][0]
        if decided:
            return leans
        # The artwork alike even there: the printed number decides, read where the two taught
        # tiles differ once aligned onto each other (foreign box 20: a "+1" and a "+4" tan mask,
        # 0.039-0.049 apart above, six clean scenes refused), and only for the value the
        # aligned comparison leans to (two ways of seeing it agree; neither alone was ever
        # wrong on foreign boxes 1-20, 22, 24, docs/vision-log.md).
        model = number.pair_model(config, profile, sign, ranked[0][1] % n, ranked[1][1] % n)
        read = number.read_windows(config, model, [window], int(config["detail_search"]))[0]
        if read.score < config["number_min_score"] or read.margin < config["detail_number_margin"]:
            return None
        best = max(read.glyphs, key=lambda g: g[1])[0]
        return best if best == leans else None
    wins = dict.fromkeys(range(len(close)), 0)
    for i in range(len(close)):
        for j in range(i + 1, len(close)):
            decided, _, _ = compare(close[i], close[j])
            if decided:
                wins[i if decided > 0 else j] += 1
    for i, won in wins.items():
        if won == len(close) - 1:
            return close[i][0]
    return None


def _fine_lean(config, taught: tuple[np.ndarray, np.ndarray], masks, warped, margin: float) -> int:
    """1 or -1: the one of two `taught` detail cuts that the tile, already warped onto each
    (`describe.warped_pair`), fits clearly better in its fine print where they differ in it
    (`masks`), and the one the aligned cuts lean to by `margin`; 0: not both.

    The aligned cuts compare with the light taken out at `shade`, a blur wider than a
    character's fill: two tiles of one drawing filled in other colours (foreign box 69: a
    "-3" mask pale yellow, a "-2" mask grey, on one orange ground) differ most in that fill,
    and its colour on another table, in another cast, is the least sure thing the frame
    shows; there the printed value led by 0.005-0.07 and 21 of 48 clean scenes were refused.
    What each prints of its own at a stroke's width (its number, its eyes placed a px
    otherwise: the light and the fill taken out at `detail_number_fine` px, compared over the
    top `1 - detail_fine_quantile` of the pixels where the two differ) led there by
    0.03-0.15. It decides only for the value the aligned cuts lean to (two ways of seeing
    it agree), by at least `detail_fine_margin`."""
    sharp, _ = warped_margin(warped, taught, config["detail_number_fine"], masks)
    if abs(sharp) < config["detail_fine_margin"] or sharp * margin <= 0:
        return 0
    return 1 if sharp > 0 else -1


def _detail_window(config, frame: np.ndarray, center, angle: float, side: float, d: int):
    """The tile cut as the profile's detail cuts (`d` px), with `detail_search` px of border."""
    search = int(config["detail_search"])
    return cut(frame, center, angle, side, d + 2 * search, d, config["detail_blur"])


def _unlike_taught(
    config, profile: TilesProfile, frame: np.ndarray, look: number.Look, sign: int, weak: bool
) -> str | None:
    """Why the tile of `look`, aligned onto the taught tile it matched (the detail cuts),
    is not trusted for something on part of it, or None: a `weak` tile that fits it under
    `weak_min_fit` (`PARTLY_UNLIKE`), or any tile more of which than `cover_hue_share` is
    coloured as its taught tile never was (`OFF_COLOUR`, `describe.off_colour_share`).

    A tile matched weakly (under `pair_below`) was still read when its value led the others
    and no cell of it misfit past `max_misfit`: foreign box 37 scene 24, a red die over most
    of a "+5" (0.43 by a frame median of 0.90), box 38 scene 19 (a white die over half a
    "+2", 0.43 by 0.82) read "ok". Clean tiles match as weakly when cut a little off (fine
    print missing itself by a px: box 38 scene 5, a "+4" turned 6 degrees, 0.52 by 0.87);
    aligned, such foreign tiles fit 0.90 or better, the two under a die 0.32 and 0.46.
    Fingertips over a tile's edge spoil its print too little for that (box 38 scene 46: a
    "-1" at 0.63, aligned 0.84; box 40 scene 55, box 43 scene 43), but bring skin's colour
    onto an orange or blue ground: 0.43-0.55 of those tiles off in hue by 0.15, every covered
    tile so weak of foreign boxes 1-44 0.22 or more, clean tiles matched as weakly 0.25 at
    most (own seed 141421 scene 184: a "-1" across the edge of a shadow whose light has its
    own colour; 0.13 but for it, foreign boxes 1-44, own seeds 135246, 246357, 357468)."""
    least, most = config["weak_min_fit"], config["cover_hue_share"]
    judge_fit, judge_hue = weak and least > 0, most < 1
    detail = profile.detail_matcher(sign, 0.0)
    if detail is None or look.tile is None or not (judge_fit or judge_hue):
        return None
    d = detail.shape[-1]
    template = detail[look.tile]
    window = _detail_window(config, frame, look.center, look.angle, look.side, d)
    seen = warped_onto(window, template)
    if judge_fit:
        fit = 0.0 if seen is None else fit_of(seen, template, config["shade"] * d / profile.patch)
        if fit < least:
            return PARTLY_UNLIKE
    if seen is None or not judge_hue:
        return None
    level = config["cover_hue_level"]
    if off_colour_share(seen, template, level) <= most:
        return None
    # What lies on a tile is off its colours wherever the tile is laid; a warp that went
    # astray is off only where it laid it (own seed 192021 scene 163: a defocused "-3" across
    # a hard shadow's edge, warped 0.31 off, as cut 0.00; the hands 0.36 or more either way).
    b = int(config["detail_search"])
    as_cut = window[:, b : b + d, b : b + d]
    return OFF_COLOUR if off_colour_share(as_cut, template, level) > most else None


def _pair_masks(profile: TilesProfile, sign: int, i: int, j: int, shade: float, quantile: float):
    """`describe.pair_masks` of taught detail cuts `i` and `j` of one colour, made once per
    pair and profile (kept on it as its matchers are): two ECC fits each."""
    cache = profile.__dict__.setdefault("_pair_masks", {})
    key = (sign, i, j, float(shade), float(quantile))
    if key not in cache:
        detail = profile.detail_matcher(sign, 0.0)
        cache[key] = pair_masks(detail[i], detail[j], shade, quantile)
    return cache[key]


def _recentred(
    config, profile: TilesProfile, frame: np.ndarray, center, angle, side, sign, reach: int
):
    """`center` moved to where the taught tile that fits best fits, looked for within `reach`
    patch px (frame point)."""
    p = profile.patch
    r = int(reach)
    window = unshade(cut(frame, center, angle, side, p + 2 * r, p, config["blur"]), config["shade"])
    mean, templates, _, _ = profile.matcher(sign, config["shade"])
    s, shifts = scores(window, templates, mean, p)
    dy, dx = divmod(int(shifts[int(np.argmax(s))]), 2 * r + 1)
    return on_tile(center, angle, side, p, dx - r, dy - r)


# Why the look declined a tile that fits its taught tile only in part, or is partly coloured
# as its taught tile never was (`_unlike_taught`).
PARTLY_UNLIKE = "partly unlike"
OFF_COLOUR = "off colour"


def _turn_reach(config, blob) -> float:
    # A piece cut from touching tiles has the cut's straight edges for a box, so its box's
    # turn says little of the tile's: its outline is looked for further (`piece_turn_reach`;
    # foreign box 25 scene 43: a "-1" lying 8.2 degrees from its piece's box, just past the
    # 8 looked over, cut at 0 it misfit, 0.51).
    return config["piece_turn_reach"] if blob.part_of >= 0 else TURN_REACH


def _identify(
    config, profile: TilesProfile, frame: np.ndarray, blob, side: float, sign: int, angle: float
):
    """(score, `number.Look`) of a blob of a row, the tile turned `angle` (`refine_angles`)."""
    center = blob.center
    value, score, best, why, cutout, tile = _match(
        config, profile, frame, center, angle, side, sign
    )
    # A blob shorter than a tile by a tenth or more (`recentre_short`) is centred off its
    # tile by half the difference: misfit there, it is cut again at once (below). So is one
    # longer by as much (the mask took the tile's rim or shadow on one side): matched weakly
    # there, it is cut again too (`_weak_checked`).
    short = min(blob.size) < config["recentre_short"] * side
    grown = max(blob.size) > (2.0 - config["recentre_short"]) * side
    first = why == "misfit" and (blob.part_of >= 0 or short)
    if why is not None:
        # Cut from touching neighbours where the mask thins, or evenly where it does not, a
        # piece can be a few px off its tile (foreign box 8: 3-5 px, every scene refused by a
        # misfit strip of the neighbour's edge); so can a tile part of which the mask lost (a
        # shadow's edge across a blue tile on blue felt: its blob 55 px high for a 70 px
        # side, seed 141421 scene 166) or that the mask took with something beside it (its
        # own dark edge on a cloth, foreign box 10 scene 35: 74 px wide for a 62 px side).
        # Such a cut may also leave two values close or the match faint, not only misfit
        # (box 10 scene 23: a -1 cut 56 px wide, -2 and -1 at 0.54). Cut again where the
        # taught tile fits best; the match, the misfit and the lookalike checks all judge the
        # new cut. Beyond the misfit of a cut piece or a short blob, the new cut must also
        # match well (`pair_below`): a die on a "+2" made its blob long, and cut again the
        # tile matched the "+4" at 0.43, a wrong row (own seed 161803, covered scene 13).
        # Every declined tile gets that second cut, not only a blob a tenth off the side:
        # the mask that takes a tile's dark edge widens its blob by however wide the edge is
        # (foreign box 13 scene 53: a -2 cut 84 px wide for a 77 px side, 6 px off its
        # centre, 0.55 and misfit as cut, 0.86 cut again; 9 % over the side was under the
        # tenth that had a tile cut again). A tile declined for good costs one more match.
        reach = config["recentre_reach"]
        at, again = _cut_again(config, profile, frame, center, angle, side, sign, reach)
        if again[3] is None and (first or again[1] >= config["pair_below"]):
            center, (value, score, best, why, cutout, tile) = at, again
        elif blob.part_of >= 0 and config["recentre_piece_reach"] > reach:
            # A piece cut from a blob of tiles edge to edge is cut evenly, and where a tile of
            # the blob lies turned or apart from the next, its piece can be further off than
            # that reach (foreign box 32 scene 59: a "-1" star turned 6 deg beside a "-2",
            # its piece 14 px off; the best fit within 5 patch px lay at the search's far
            # edge, the wrong way, on the neighbour's edge). Looked for further, the new cut is
            # kept only on a close match (`pair_below`), as for any tile not cut short.
            wide = config["recentre_piece_reach"]
            at, again = _cut_again(config, profile, frame, center, angle, side, sign, wide)
            if again[3] is None and again[1] >= config["pair_below"]:
                center, (value, score, best, why, cutout, tile) = at, again
    elif score < config["pair_below"] and (blob.part_of >= 0 or short or grown):
        center, (value, score, best, why, cutout, tile) = _weak_checked(
            config, profile, frame, center, angle, side, sign,
            (value, score, best, why, cutout, tile),
        )  # fmt: skip
    return score, number.Look(value, best, why, cutout, center, angle, side, tile)


def _cut_again(config, profile: TilesProfile, frame: np.ndarray, center, angle, side, sign,
               reach):  # fmt: skip
    """(centre, `_match` result) of a tile cut again where its taught tile fits best within
    `reach` patch px of `center` (`_recentred`)."""
    at = _recentred(config, profile, frame, center, angle, side, sign, reach)
    return at, _match(config, profile, frame, at, angle, side, sign)


def _uncovered(
    config, profile: TilesProfile, frame: np.ndarray, seen: dict[str, list]
) -> dict[str, list]:
    """`seen` ((score, look) of each tile by row) with each tile something lies on part of
    declined (`_unlike_taught`): of the tiles matched weakly (under `pair_below`), one at
    least `weak_gap` below the median match of the frame's other tiles that fits its taught
    tile only in part once aligned, or any whose colour is partly not its taught tile's.

    A die or fingertips over part of a tile spoil that one tile; a frame's blur, light or
    table weaken every tile of it alike (own seed 314159 scene 143, defocused: a clean "-3"
    at 0.70 by a median of 0.88, aligned 0.43), but leave its colours its own."""
    scores = [score for looks in seen.values() for score, look in looks if look.value is not None]
    out = {}
    for kind, looks in seen.items():
        sign = 1 if kind == HEROES else -1
        kept = []
        for score, look in looks:
            # A look close between two values is judged too: its printed number could name
            # it (`number.settle`), and a die over a "-2"'s drawing, its number clear, left
            # the "-2" close to a lookalike at 0.42 and the number read it "ok" (own seed
            # 232526 covered scene 5).
            judged = look.value is not None or look.why == "close"
            if judged and score < config["pair_below"]:
                others = list(scores)
                if look.value is not None:
                    others.remove(score)
                weak = bool(others) and score <= float(np.median(others)) - config["weak_gap"]
                why = _unlike_taught(config, profile, frame, look, sign, weak)
                if why is not None:
                    look = replace(look, value=None, why=why)
            kept.append((score, look))
        out[kind] = kept
    return out


def _weak_checked(config, profile: TilesProfile, frame: np.ndarray, center, angle, side, sign,
                  first):  # fmt: skip
    """(centre, `_match` result) of a tile the look read, but weakly (under `pair_below`): cut
    again where the taught tile that fits best fits (within `recentre_reach`), that cut decides
    when it matches well; when it reads another value (or none) the tile is declined
    ("shifted"), else the first reading stands.

    A piece's centre is where an even cut of its blob put it, not its tile's own outline,
    and can be a few px off; so cut, a tile matches its own taught tile poorly and can match
    a lookalike of another value a little better: foreign box 35 scene 56, a "+6" mask cut 7
    px off (two touching tiles, one turned 8°) read "+2" at 0.58, box 37 scene 7 a "-4" cut 7
    px off read "-2" at 0.56; only the count of each value laid out caught them. Cut where
    the taught tile fits, each reads its own value at 0.8 or better. So did pieces beside a
    hand or a die read as another value in refused scenes (box 18 scene 47, a "-3" as "-1";
    box 31 scene 2, a "-2" as "-1"; box 37 scene 44, a "-1" as "-2"). A whole blob is centred
    on its outline, and that is off its tile where the mask took the tile's rim or shadow on
    one side: foreign box 123 (bolts on its "+2", "+4", "+5" and "+6"), a "+4" bolt's blob
    80×66 px for a 71 px side read "+2" at 0.71 (its best fit at the search's edge), a "+3"
    star's 72×60 for 59 read "+5" at 0.54; again only the counts refused the frames. Cut
    where they fit, both read their own value. A whole blob is cut again only when it is a
    tenth shorter or longer than the side (`recentre_short`): the 36 whole tiles of the
    bench's 200 own frames that match weakly are blobs within 5 % of their side, and cut
    again they read the same (11.6 ms CPU a tile, load ~4)."""
    at = _recentred(config, profile, frame, center, angle, side, sign, config["recentre_reach"])
    if np.hypot(at[0] - center[0], at[1] - center[1]) < 0.5:
        return center, first  # the same cut (not matched again)
    again = _match(config, profile, frame, at, angle, side, sign)
    if again[3] is None and again[1] >= config["pair_below"]:
        return at, again
    if again[0] != first[0]:
        value, score, best, _, cutout, tile = first
        return center, (None, score, best, "shifted", cutout, tile)
    return center, first


def read_tiles(config: Mapping[str, Any], profile: TilesProfile, frame: np.ndarray) -> TilesReading:
    """Both rows of a BGR uint8 frame, left to right, or the reason they can't be read."""
    found = find_blobs(config, frame)
    laid_out = (int((profile.values > 0).sum()), int((profile.values < 0).sum()))
    rows = find_rows(config, found, profile.colours, laid_out)
    if rows.problem is not None:
        # Something near the rows is not a clean tile: maybe a tile the table's colour hid.
        more = rescue(config, profile, frame, found)
        if more is not found:
            found = more
            rows = find_rows(config, found, profile.colours, laid_out)
    if rows.side is None or (not rows.heroes and not rows.villains):
        return TilesReading((), (), rows.problem or "no tiles seen on the table")
    every = [*rows.heroes, *rows.villains]
    sides = local_sides([b.center for b in every], [np.mean(b.size) for b in every], rows.side)
    at = dict(zip(map(id, every), sides.tolist(), strict=True))
    both = ((HEROES, rows.heroes, 1), (VILLAINS, rows.villains, -1))
    # Every tile's turn at once (`refine_angles`: one tile at a time cost 0.5 ms more a frame).
    turns = refine_angles(
        frame, [(b.center, b.angle, at[id(b)], _turn_reach(config, b)) for b in every]
    )
    turn_of = dict(zip(map(id, every), turns, strict=True))
    seen = {
        kind: [_identify(config, profile, frame, b, at[id(b)], sign, turn_of[id(b)]) for b in blobs]
        for kind, blobs, sign in both
    }
    seen = _uncovered(config, profile, frame, seen)
    out: dict[str, tuple[TileSeen, ...]] = {}
    for kind, blobs, sign in both:
        looks = seen[kind]
        # The printed number cross-checks the look, or names a tile the look found close.
        settled = number.settle(config, profile, frame, sign, [k for _, k in looks])
        out[kind] = tuple(
            _trusted(config, rows, b, TileSeen(value, b.center, score, doubt or _doubt(look)))
            for b, (score, look), (value, doubt) in zip(blobs, looks, settled, strict=True)
        )
    reason = rows.problem
    if reason is None:
        reason = _touching(config, found, rows, out)
    if reason is None:
        reason = _smooth(config, frame, rows)
    if reason is None:
        reason = _flat(config, found, frame, rows)
    if reason is None:
        reason = _check(profile, out)
    return TilesReading(out[HEROES], out[VILLAINS], reason)


def _doubt(look: number.Look) -> str | None:
    """What a tile the look declined for what lies on part of it (`_unlike_taught`) is told."""
    if look.why == PARTLY_UNLIKE:
        return "is partly unlike its taught tile (a hand or a die on it?)"
    if look.why == OFF_COLOUR:
        return "is partly of a colour its taught tile never had (a hand or a die on it?)"
    return None


def _trusted(config, rows, blob, seen: TileSeen) -> TileSeen:
    """`seen`, or not recognised when its colour was the row's only in the frame's own white
    balance (`rows.in_frame_balance`) and it matches its taught tile loosely (`pair_below`):
    a die on a tile mixes its colour with the tile's as a large drawing does. On foreign
    boxes 1-20, 22, 24 the 7 such tiles under a die matched 0.16-0.41 (declined anyway), the
    24 such tiles of 14 clean scenes 0.83-0.94."""
    if seen.value is None or seen.score >= config["pair_below"]:
        return seen
    if not any(blob is b for b in rows.recoloured):
        return seen
    return replace(
        seen, value=None, doubt="is off its row's colour and unlike every taught tile (covered?)"
    )


def _smooth(config, frame: np.ndarray, rows) -> str | None:
    """Something smooth over a place a hidden tile could lie on a grained table (smooth.py)."""
    found = smooth_cover(config, frame, [*rows.heroes, *rows.villains], rows.spans, rows.side)
    if found is None:
        return None
    kind, at = found
    _, p, d, _, _ = next(s for s in rows.spans if s[0] == kind)
    where = where_along(rows, kind, p, d, at)
    return f"something covers the {ROW_NAMES[kind]} row {where} (a hand the table's colour?)"


def _flat(config, found, frame: np.ndarray, rows) -> str | None:
    """Something flat the table's colour over a place a hidden tile could lie, or where a row
    with no tile seen could lie, on a table with a coarse texture (flat.py)."""
    if found.small is None:
        return None
    kinds = {s[0] for s in rows.spans}
    empty = next((k for k in (HEROES, VILLAINS) if k not in kinds), None)
    tiles = [*rows.heroes, *rows.villains]
    hit = flat_cover(config, found.small, frame.shape, tiles, rows.spans, empty, rows.side)
    if hit is None:
        return None
    kind, p, d, at = hit
    if kind not in kinds:
        return (
            f"the {ROW_NAMES[kind]} row can't be made out (something flat the table's colour "
            "lies where it would be: covered?)"
        )
    where = where_along(rows, kind, p, d, at)
    return (
        f"something covers the {ROW_NAMES[kind]} row {where} (a card or a hand the table's colour?)"
    )


def _touching(config, found, rows, seen: dict[str, tuple[TileSeen, ...]]) -> str | None:
    """A large piece of "not table" joined to a tile of a row: a hand on it (touch.py). Of
    the tiles it reaches, one the look could not recognise, else the one it matched worst, is
    the one under it (foreign box 8, scene 43: the arm crosses the edges of the covered tile
    and of its neighbour about as much, 35 and 38 px with the shadow as table; the covered
    one reads 0.48, or, cut at its turn from the outline, as its value at 0.56 where its
    neighbour matches 0.81)."""
    hits = touching_cover(config, found, rows)
    if not hits:
        return None
    unseen = [(kind, i) for kind, i in hits if seen[kind][i - 1].value is None]
    kind, i = unseen[0] if unseen else min(hits, key=lambda h: seen[h[0]][h[1] - 1].score)
    return f"something covers tile {i} of the {ROW_NAMES[kind]} row (a hand?)"


def _check(profile: TilesProfile, rows: dict[str, tuple[TileSeen, ...]]) -> str | None:
    """Vision proposes: a tile not recognised, or more of a value than were laid out, is a no."""
    for kind, tiles in rows.items():
        for i, t in enumerate(tiles, 1):
            if t.value is None:
                why = t.doubt or "is not recognised (covered or turned?)"
                return f"tile {i} of the {ROW_NAMES[kind]} row {why}"
    taught = Counter(profile.values.tolist())
    seen = Counter(t.value for tiles in rows.values() for t in tiles)
    for value, n in sorted(seen.items()):
        if n > taught.get(value, 0):
            return f"{n} tiles read as {value:+d} but only {taught.get(value, 0)} were laid out"
    return None
