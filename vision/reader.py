"""Reading the dice in one frame: `read_dice(config, profile, frame) -> DiceReading`.

Frames are BGR uint8 H×W×3 (what OpenCV and picamera2's "RGB888" give). A reading is either
"ok" (every die flat, found and confidently read) or "unreadable" with a reason code:
  "cut"       a die is cut by the frame edge
  "blurred"   a die is still rolling (motion blur)
  "cocked"    a die rests cocked on another (or dice are piled)
  "too-many"  more dice are seen than are in play (config "max_dice")
  "uncertain" a die was found but its face is not read with confidence
  "missing"   fewer dice are found than the picture must show (config "dice_in_play")
Unsure means unreadable: a wrong reading committed is worse than asking the table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

import numpy as np

from .faces import Match, decide, descriptors, face_distances, face_patch, median_of
from .finder import (
    Candidate,
    Found,
    beyond,
    cut_print,
    describe_cuts,
    describe_turned,
    find_dice,
    perspective,
    round_blob,
    smeared_square,
)
from .profile import DiceProfile

REASONS = ("cut", "blurred", "cocked", "too-many", "uncertain", "missing")


@dataclass(frozen=True)
class Die:
    face: str
    center: tuple[float, float]  # frame px
    confidence: float
    kept: bool
    side: float = 0.0  # px across (not in the JSON contract)


@dataclass(frozen=True)
class DiceReading:
    status: str  # "ok" | "unreadable"
    reason: str | None
    dice: tuple[Die, ...]

    def to_json(self, image: str) -> dict:
        return {
            "image": image,
            "status": self.status,
            "reason": self.reason,
            "dice": [
                {
                    "face": d.face,
                    "center": [round(d.center[0], 1), round(d.center[1], 1)],
                    "confidence": round(d.confidence, 3),
                    "kept": d.kept,
                }
                for d in self.dice
            ],
        }


def in_zone(center: tuple[float, float], shape: tuple[int, ...], zone: tuple[float, ...]) -> bool:
    """Whether a point (px) lies in a zone given as [left, top, right, bottom] frame fractions."""
    h, w = shape[:2]
    left, top, right, bottom = zone
    return left * w <= center[0] <= right * w and top * h <= center[1] <= bottom * h


def _second_look(
    config: Mapping[str, Any],
    profile: DiceProfile,
    frame: np.ndarray,
    c: Candidate,
    sides: tuple[float, ...],
    first: np.ndarray,
    shrink: bool = True,
) -> Match:
    """The die's match over cuts around `c` (`searched`, its cuts no smaller than `sides`
    unless `shrink`), held to the teach set's mistakes made by the same search where the
    profile measured them (`DiceProfile.doubt`)."""
    per_face = searched(config, profile, frame, c, sides, first, shrink=shrink)
    # Many cuts give a wrong face more chances to look right: its margin may be asked to be
    # wider (`second_margin`), and it must clear the margins by which the teach set mistook a
    # die for that face where the teach set's single cuts matched as closely as this die's
    # single cut did (the search makes the best distance smaller than any single cut's, which
    # would leave the teach set's mistakes out of the doubt: 3 wrong "ok" of 360 foreign
    # scenes, tests/vision/foreign).
    wider = {
        **config,
        "margin_full": float(config["margin_full"]) * float(config["second_margin"]),
    }
    return decide(wider, profile, per_face, doubt_at=first[None], searched=True)[0]


def searched(
    config: Mapping[str, Any],
    profile: DiceProfile,
    frame: np.ndarray,
    c: Candidate,
    sides: tuple[float, ...],
    first: np.ndarray,
    distances: Callable[[np.ndarray], np.ndarray] | None = None,
    shrink: bool = True,
) -> np.ndarray:
    """Per-face distances (1×faces) of a die over cuts around `c` (shifted, sized) starting
    from each of `sides` (the first is c.side, whose per-face distances the first look gave:
    `first`): a coarse round of cuts, then a finer one around the cut that fits best. Every
    face is measured at its own best cut, so searching favours no face over another (a face
    is not picked because one cut of many happened to look like it). `distances`: descriptors
    to per-face distances (the teach step's leaves the searched die's own templates out).
    Without `shrink` no cut is smaller than its start."""
    distances = distances or partial(face_distances, profile)
    far = float(config["second_look"])
    starts = [(*c.center, side) for side in sides]
    rows = [first[None]]  # the first look's per-face distances (its cut at c.side)
    if len(sides) > 1:
        more = describe_cuts(profile, frame, c, [(*c.center, s) for s in sides[1:]])
        rows.append(distances(more))
    for parts in ((far / 2, far), (far / 2,)):
        cuts = []
        for x, y, side in starts:
            for part in parts:
                step = part * side
                cuts += [(x + i * step, y + j * step, side) for i in (-1, 0, 1) for j in (-1, 0, 1)]
                cuts += [(x, y, side * (1 - part))] if shrink else []
                cuts += [(x, y, side * (1 + part))]
        cuts = [q for q in cuts if q not in starts]
        per_face = distances(describe_cuts(profile, frame, c, cuts))
        starts = [cuts[int(np.argmin(per_face.min(1)))]]
        rows.append(per_face)
    return np.concatenate(rows).min(0, keepdims=True)


def placed(
    config: Mapping[str, Any],
    profile: DiceProfile,
    frame: np.ndarray,
    c: Candidate,
    distances: Callable[[np.ndarray], np.ndarray] | None = None,
    toward: float | None = None,
) -> np.ndarray:
    """Per-face distances (1×faces) of a die at the one cut near `c` that fits a taught face
    closest: placed by the taught faces before it is read. Every face is then measured at
    that one cut: a cut that slid a fifth of a side off the top into the side face of the
    top's colour lets a wrong face fit (in `searched` each face has its own best of many
    cuts), while at the placed top the faces' prints tell them apart (foreign outline 19
    scene 21: an orange bubble read as a skull, 0.28, placed 0.19 of a side up and 0.83 of
    its size, read an orange bubble at 0.81). The cut moves within a circle of `place_reach`
    of its side (a coarse grid, then steps to the neighbouring cut, sized or turned, nearest
    any face), no smaller or larger than `place_reach` of its size and turned 15 degrees
    at most: farther, a cut around one pip of a far 2 fits a 1 better than the die fits
    its 2 (foreign pips 1 scene 39, 0.28 of a side off). With `toward` the cut keeps the far
    edge of the die's cut, away from the camera, within that part of its side (the die's cut
    reaches no farther `beyond` it; not asked of a camera looking straight down). `distances`:
    as `searched`'s."""
    return placed_from(config, profile, frame, [c], distances, toward)


def placed_from(
    config: Mapping[str, Any],
    profile: DiceProfile,
    frame: np.ndarray,
    starts: Sequence[Candidate],
    distances: Callable[[np.ndarray], np.ndarray] | None = None,
    toward: float | None = None,
) -> np.ndarray:
    """`placed` of each of `starts` (rows: starts), each start's row that of `placed` from
    it alone: the starts climb in step, and each round's cuts of one shape, each at its own
    turn, are described and measured in one call (a row's bits do not depend on the cuts
    beside it in a call). The teach places each taught die from five starts
    (vision.teach._slid): one call for the five costs less than five (numpy's cost per call,
    not the arithmetic, is most of a few cuts'). `distances` must not depend on the start
    (one die's)."""
    distances = distances or partial(face_distances, profile)
    n_faces = len(profile.faces)
    allowed = _placing_allows(config, profile, toward)

    known: dict[tuple, np.ndarray] = {}  # (cut, shape): its row, measured once

    def rows(cuts: list[list[tuple[float, float, float, float]]]) -> list[np.ndarray]:
        """Each start's cuts (`cuts[n]`: start n's) measured, one call a shape (each cut at its
        own turn: `describe_turned`). A cut measured before, for this start or another, is not
        measured again: starts that climbed to one cut try the same cuts around it (in the
        teach ~9 % of a die's cuts)."""
        new: dict[tuple, dict[tuple, Candidate]] = {}  # per shape: the cuts not measured yet
        for n, qs in enumerate(cuts):
            for q in qs:
                if (q, starts[n].shape) not in known:
                    new.setdefault(starts[n].shape, {})[q] = starts[n]
        for shape, unmeasured in new.items():
            qs = list(unmeasured)
            c = unmeasured[qs[0]]
            for q, row in zip(qs, distances(describe_turned(profile, frame, c, qs)), strict=True):
                known[(q, shape)] = row
        return [
            np.array([known[(q, starts[n].shape)] for q in qs], np.float32).reshape(-1, n_faces)
            for n, qs in enumerate(cuts)
        ]

    # A coarse grid first (the cut may have slid a fifth of a side off the top and taken in
    # the side face, a fifth too large), then steps around its best.
    grids = [placed_grid(config, profile, c, toward) for c in starts]
    climbs = []
    for grid, coarse in zip(grids, rows(grids), strict=True):
        best = int(np.argmin(coarse.min(1)))
        climbs.append(_Climb(grid[best], coarse[best]))
    while climbing := [n for n, climb in enumerate(climbs) if climb.shift >= 0.02]:
        nears = []
        for n in climbing:
            (x, y, s, a), size, turn = climbs[n].cut, climbs[n].size, climbs[n].turn
            step = climbs[n].shift * s
            near = [(x + i * step, y + j * step, s, a) for i in (-1, 0, 1) for j in (-1, 0, 1)]
            near = [q for q in near[:4] + near[5:] + [(x, y, s * (1 - size), a), (x, y, s * (1 + size), a),
                    (x, y, s, a - turn), (x, y, s, a + turn)] if allowed(starts[n], q)]  # fmt: skip
            nears.append(near)
        for n, near, found in zip(climbing, nears, rows(nears), strict=True):
            climb = climbs[n]
            k = int(np.argmin(found.min(1))) if near else 0
            if near and found[k].min() < climb.row.min():
                climb.cut, climb.row = near[k], found[k]
            else:
                climb.shift /= 2
                climb.size /= 2
                climb.turn /= 2
    return np.stack([c.row for c in climbs]) if climbs else np.empty((0, n_faces), np.float32)


def _placing_allows(
    config: Mapping[str, Any], profile: DiceProfile, toward: float | None
) -> Callable[[Candidate, tuple[float, float, float, float]], bool]:
    """Whether a cut (x, y, side, angle) lies within a placed read's reach of its start
    (`placed`)."""
    part = float(config["place_reach"])
    keep_far_edge = toward is not None and profile.size_slope != (0.0, 0.0)

    def allowed(c: Candidate, q: tuple[float, float, float, float]) -> bool:
        return (
            np.hypot(q[0] - c.center[0], q[1] - c.center[1]) <= part * c.side + 1e-6
            and not (keep_far_edge and beyond(profile, c, _cut(c, q)) > toward * c.side)
            and 1 - part <= q[2] / c.side <= 1 + part
            and abs(q[3] - c.angle) <= 15.0
        )

    return allowed


def placed_grid(
    config: Mapping[str, Any], profile: DiceProfile, c: Candidate, toward: float | None
) -> list[tuple[float, float, float, float]]:
    """The coarse grid of cuts (x, y, side, angle) a placed read of `c` starts from: the cut
    of `c` itself among them."""
    part = float(config["place_reach"])
    allowed = _placing_allows(config, profile, toward)
    x0, y0 = c.center
    steps = np.linspace(-part, part, 5) * c.side
    grid = [
        (x0 + i, y0 + j, c.side * k, c.angle) for i in steps for j in steps for k in (0.85, 1.0)
    ]
    return [q for q in grid if allowed(c, q)]


@dataclass
class _Climb:
    """One start's climb in `placed_from`: its best cut so far (x, y, side, turn), that cut's
    row of distances, and the step it tries next (parts of a side, of a size, degrees)."""

    cut: tuple[float, float, float, float]
    row: np.ndarray
    shift: float = 0.05
    size: float = 0.05
    turn: float = 5.0


def _cut(c: Candidate, q: tuple[float, float, float, float]) -> Candidate:
    """`c` cut out at `q` (x, y, side, angle)."""
    return replace(c, center=(q[0], q[1]), side=q[2], angle=q[3])


def _placed_look(
    config: Mapping[str, Any],
    profile: DiceProfile,
    frame: np.ndarray,
    c: Candidate,
    first: np.ndarray,
    m: Match | None,
    toward: float | None = None,
) -> Match:
    """The die read at its placed cut (`placed`), the teach set's doubt looked up at the first
    cut's distances (as `_second_look`) and held to its placed mistakes as well; `m` (the
    read so far, unsure) kept unless the placed read names its face with the confidence that
    needs no check (below). A placed read never names a face on its own: placed over one pip
    of a far 2 a cut reads a 1 at 1.00 (foreign pips 37 scene 49, 0.2 of a side off, 0.81 of
    its size), and the teach set's placed mistakes did not show it."""
    row = placed(config, profile, frame, c, toward=toward)
    again = decide(config, profile, row, doubt_at=first[None], placed=True)[0]
    if m is None:
        return again
    # Raised over the bar only by a placed read that needs no check (`check_confidence`):
    # nothing checks a read raised here, and an unsure read with a placed read half sure of
    # the same face was wrong as often as right (foreign outline 81 #2: a far shield read a
    # blue bubble at 0.00 by its wide look, placed 0.53; 91 #38: a blue bubble read a shield
    # at 0.47, placed 0.72; the right ones raised on the dev sets were placed at 1.00).
    if again.face == m.face and again.confidence >= float(config["check_confidence"]):
        return again
    return m


def _placed_read(
    config: Mapping[str, Any],
    profile: DiceProfile,
    frame: np.ndarray,
    c: Candidate,
    first: np.ndarray,
) -> Match:
    """The die's placed read as a check takes it: its cut's far edge kept (`place_toward`)."""
    return _placed_look(config, profile, frame, c, first, None, float(config["place_toward"]))


def _checked(
    config: Mapping[str, Any],
    profile: DiceProfile,
    frame: np.ndarray,
    c: Candidate,
    sides: tuple[float, ...],
    first: np.ndarray,
    m: Match,
    placing: bool,
) -> Match:
    """A die read loosely or with little confidence (`m`), checked by the second look and,
    where the profile places dice, by its placed read: kept when both read its face, the placed
    read with confidence or the search with `check_confidence` (below); when
    both read one other face with confidence, that face is the die's (the first cut slid off
    the top into the side face of the top's colour: foreign outline 15 scene 20's orange
    bubble and 23/29's blue bubble, read as a skull and a shield at 0.54 and 0.56, read
    right at 1.00 by both); otherwise unsure (outline 19/21: a blue bubble read as a shield
    at 0.57 by its cut and 0.58 by the search, placed a blue bubble). Its placed cut keeps
    the cut's far edge within `place_toward` of a side (`placed`): the side faces a
    camera sees lie between the top and the camera, and a cut shrunk 0.81 over one pip of a
    far red 2 or 4, off that edge, read a 1 with confidence, refusing the die its cut and the
    search read right (foreign pips 51 scene 10, 53 #11), where a slate top cut with its side
    face is placed against it (outline 40 #31, 53 #55: 0.09-0.18 of a side away)."""
    second = _second_look(config, profile, frame, c, sides, first)
    if not placing:
        return m if second.face == m.face else replace(m, confidence=0.0)
    again = _placed_read(config, profile, frame, c, first)
    low = float(config["min_confidence"])
    # Three unsure looks naming one face confirm nothing when the placed read (the die at the
    # cut the taught faces fit best) cannot tell that face from another: then the search must
    # name it with the confidence that needs no check (`check_confidence`). Foreign outline 53
    # scene 54: an orange bubble on a far dark die read a skull at 0.66, searched 0.54, placed
    # 0.00: "ok" with a skull. Foreign pips 56 scene 26: a white die's side face, cut as a
    # second die beside its top, read a 2 at 0.75, searched 0.75, placed 0.00. Of the 1,031
    # dice of the dev sets so confirmed and right, those placed below 0.5 were all searched at
    # 0.83 or more (vision-log, tenth session).
    if second.face == again.face == m.face:
        sure = again.confidence >= low or second.confidence >= float(config["check_confidence"])
        return m if sure else replace(m, confidence=0.0)
    if second.face == again.face and min(second.confidence, again.confidence) >= low:
        return replace(again, confidence=min(second.confidence, again.confidence))
    return replace(m, confidence=0.0)


def _unless_placed_otherwise(
    config: Mapping[str, Any],
    profile: DiceProfile,
    frame: np.ndarray,
    c: Candidate,
    first: np.ndarray,
    m: Match,
) -> Match:
    """`m` unless the die's placed read (its far edge kept, as `_checked` places it) names
    another face with at least `placed_contradicts` confidence: then unsure. A placed read
    naming the die's face unsure says nothing either way: on outline 66 (the eleventh
    session's held-out end) shields the search read right at 0.54-0.78 were placed a shield
    at 0.0-0.1 (the placed cut could not tell them from blue bubbles), and asking it to agree
    with confidence refused 3 of 60 images. One naming another face is a second look that
    disagrees, however unsure: the cut that fits the taught faces best is nearest another
    face (outline 66 scene 50: a blue bubble searched a shield at 0.47, placed a blue bubble
    by a margin of 0.43 that the placed doubt, 0.55, leaves at 0.00)."""
    again = _placed_read(config, profile, frame, c, first)
    contradicts = again.face != m.face and again.confidence >= float(config["placed_contradicts"])
    return replace(m, confidence=0.0) if contradicts else m


def _unless_placed_nowhere_closer(
    config: Mapping[str, Any],
    profile: DiceProfile,
    frame: np.ndarray,
    c: Candidate,
    first: np.ndarray,
    m: Match,
) -> Match:
    """`m` (read by the first cut alone, loosely: beyond the typical distance) unless its
    placed read (as `_checked` places it) is unsure and no cut within its reach fits any
    face closer than the first cut did: then unsure. A die of the face read, cut off its
    top, fits closer somewhere near: the 78 right dice of 34 foreign outline sets read so
    and placed unsure were placed at 0.48-0.96 of their first cut's distance (vision-log,
    nineteenth session), and right dice placed unsure are common there (refusing them all
    cost 23 right images, eighteenth session). One that fits that loosely wherever it is cut
    looks like the face no more than like another: foreign outline 104 scene 15, a far blue
    bubble, its tail faint at the top's edge, read a shield at 0.92 (1.08 typical distances)
    by its first cut, its search and its placed read, placed unsure at the first cut."""
    # The placed read climbs from the best cut of its coarse grid and only ever closer: when
    # a grid cut fits closer than the first cut, the placed read cannot stay there, and the
    # climb (most of its time: outline 79's frames took 1.31 times as long with it) is not
    # needed.
    toward = float(config["place_toward"])
    grid = face_distances(
        profile, describe_turned(profile, frame, c, placed_grid(config, profile, c, toward))
    )
    if len(grid) and float(grid.min()) < m.best:
        return m
    again = _placed_read(config, profile, frame, c, first)
    stays = again.confidence < float(config["min_confidence"]) and again.best >= m.best
    return replace(m, confidence=0.0) if stays else m


def _wide_look(
    config: Mapping[str, Any],
    profile: DiceProfile,
    frame: np.ndarray,
    c: Candidate,
    first: np.ndarray,
) -> Match:
    """The match of a die whose top cut fits no taught face (beyond `fit_max`) over cuts
    shifted up to `wide_look` of its side each way and down to `wide_small` of its size: seen
    obliquely a dark die's top and the side face towards the camera can be one colour, and
    the cut took in both (centred a fifth of a side off the top, a fifth too large). The
    taught faces say where the top is: every face is measured at its own best cut, and the
    teach set's doubt is looked up at the first cut's distances (as `_second_look`)."""
    reach, least = float(config["wide_look"]), float(config["wide_small"])
    sizes = (least, (1 + least) / 2, 1.0)
    steps = np.linspace(-reach, reach, 5)
    fine = (steps[1] - steps[0]) / 3

    def measure(cuts: list[tuple[float, float, float]]) -> np.ndarray:
        return face_distances(profile, describe_cuts(profile, frame, c, cuts))

    x, y, side = c.center[0], c.center[1], c.side
    coarse = [(x + i * side, y + j * side, k * side) for i in steps for j in steps for k in sizes]
    rows = measure(coarse)
    bx, by, bs = coarse[int(np.argmin(rows.min(1)))]
    around = [
        (bx + i * fine * side, by + j * fine * side, bs * k)
        for i in (-1, 0, 1)
        for j in (-1, 0, 1)
        for k in (0.95, 1.0, 1.05)
        if (i, j, k) != (0, 0, 1.0)
    ]
    per_face = np.concatenate([rows, measure(around)]).min(0, keepdims=True)
    return decide(config, profile, per_face, doubt_at=first[None])[0]


def read_dice(config: Mapping[str, Any], profile: DiceProfile, frame: np.ndarray) -> DiceReading:
    """Find and read every die of a BGR uint8 frame."""
    if frame.ndim != 3 or frame.shape[2] != 3 or frame.dtype != np.uint8:
        raise ValueError(f"a frame is BGR uint8 H×W×3, got {frame.dtype} {frame.shape}")
    found = find_dice(config, profile, frame)
    reading, strangers = _read(config, profile, frame, found)
    if strangers:
        # Squares that match no taught face (a tablecloth's checks) may have set the frame's
        # die size, and the real dice, of another size, were then not taken for dice: when
        # the squares that are dice are of another size than all found (or there are none),
        # the dice are found again with the die size set without those squares.
        sides = [c.side for c in found.dice]
        own = [c.side for c in found.dice if c not in strangers]
        if not own or abs(np.median(own) / np.median(sides) - 1) > 0.1:
            found = find_dice(config, profile, frame, [c.center for c in strangers])
            reading, _ = _read(config, profile, frame, found)
    return reading


def _at_expected_size(
    config: Mapping[str, Any],
    profile: DiceProfile,
    frame: np.ndarray,
    found: Found,
    matches: list[Match],
) -> list[Match]:
    """The matches, a die cut out smaller than the size expected where it lies unsure unless
    it reads the same, with confidence, cut out at that size. An oblique camera sees far dice
    smaller, and the finder lets a die's size vary across the frame by the slope the teach
    pictures showed (vision.finder.perspective); a far die's cut may then be a part of its
    top (a pip 4's cut to two of its pips, read as a 2 with confidence: foreign pips seed 4,
    scenes 26, 49; a 5's to its middle pip, a 1: scene 58). When one cut at that size does
    not read it, the search around that cut (`_second_look`) may: a die whose cut came out
    small often needs the search to be read at all, and a single cut at a size estimated from
    the other dice misses its top as easily (foreign outline seed 12 scene 55, seed 4 scene
    58: read right by the search, refused as unsure), its cuts no smaller than that size: a
    search free to shrink finds the part again (a red pip 3 cut to its middle pip, 0.903 of
    the frame's dice, read "1" at the expected size by a cut 0.88 of it: foreign pips 49
    scene 0). A part of a die still reads another face, or none, at the whole die's size."""
    if profile.size_slope == (0.0, 0.0) or len(found.dice) < 3:
        return matches
    where = [perspective(profile, frame.shape, c.center) for c in found.dice]
    level = [c.side / k for c, k in zip(found.dice, where, strict=True)]
    med = float(np.median(level))
    small, low = float(config["size_reread"]), float(config["min_confidence"])

    def same_at_size(c: Candidate, k: float, m: Match) -> bool:
        row = face_distances(profile, describe_cuts(profile, frame, c, [(*c.center, med * k)]))[0]
        again = decide(config, profile, row[None])[0]
        if again.face != m.face or again.confidence < low:
            again = _second_look(
                config, profile, frame, replace(c, side=med * k), (med * k,), row, shrink=False
            )
        return again.face == m.face and again.confidence >= low

    return [
        replace(m, confidence=0.0)
        if m.confidence >= low and lv < small * med and not same_at_size(c, k, m)
        else m
        for c, k, lv, m in zip(found.dice, where, level, matches, strict=True)
    ]


def _weak_print(
    config: Mapping[str, Any], profile: DiceProfile, frame: np.ndarray, c: Candidate, m: Match
) -> bool:
    """Whether a die read with confidence holds a print weaker than `print_floor` of the
    weakest its face's taught dice held: the descriptor scales a cut's pattern to unit length,
    so a shadow's edge against the felt can match a face as well as a print (foreign outline
    14 scene 0: two far dice's shadows read as blue bubbles at 0.62 and 1.00). Such a die is
    unsure rather than no die: something die-like was found there, and dropping it could
    leave a frame "ok" with a die missing. Off for a profile taught before the floor was
    measured (`least_print` None)."""
    share = float(config["print_floor"])
    if not share or profile.least_print is None or m.confidence < float(config["min_confidence"]):
        return False
    floor = share * profile.least_print[m.face]
    return bool(floor) and cut_print(profile, frame, c) < floor


def _piles(
    config: Mapping[str, Any],
    kept: list[tuple[Candidate, Match]],
    strangers: list[Candidate],
    streaky: float,
) -> bool:
    """Whether a square that reads as no taught face is dice on dice: sharp and larger than
    the dice read by `pile_side` (as the finder's piles). The finder judges a square's size by
    its blob's box, which takes in each flat die's rim and soft shadow, while a pile's box is
    its tops: a cocked die's foreshortened top over the die it rests on, cut out as one square
    1.34-1.38 times the read dice's tops (own dev seeds 440001 #148, 550003 #130), passed the
    finder's one size (1.09-1.28 times the flat dice's boxes), matched no face, and was left
    out unsaid: the frame read "ok" with the pile's two dice missing."""
    if len(kept) < 2 or not strangers:
        return False
    side = float(np.median([c.side for c, _ in kept]))
    big = float(config["pile_side"]) * side
    return any(c.side >= big and c.streak < streaky for c in strangers)


def _read(
    config: Mapping[str, Any], profile: DiceProfile, frame: np.ndarray, found: Found
) -> tuple[DiceReading, list[Candidate]]:
    """The reading of the dice found, and the squares found that are no die at all."""
    patch, step_hue = profile.patch, profile.step_hue
    patches = [face_patch(frame, c.center, c.side, c.angle, patch, c.shape) for c in found.dice]
    per_face = face_distances(profile, descriptors(patches, step_hue=step_hue)) if patches else []
    matches = decide(config, profile, per_face) if patches else []
    # A die read without confidence gets a second look, cut out a little shifted and sized
    # each way: the finder's box is least sure where it matters (a die half in shade, dice
    # touching). The cut that matches the taught faces closest is kept (chosen by fit alone;
    # its margin still decides the face).
    low = float(config["min_confidence"])
    # All dice of a set are one size: the dice read with confidence give the frame's. A box
    # of another size may have taken in a side face or a shadow (a die half in shade does not
    # show its whole top face by its colour): the second look also starts from that size.
    sure = [c.side for c, m in zip(found.dice, matches, strict=True) if m.confidence >= low]
    side = median_of(sure) if len(sure) >= 2 else None

    def sides(c: Candidate) -> tuple[float, ...]:
        if side is None or abs(c.side / side - 1) <= float(config["second_look"]) / 2:
            return (c.side,)
        return (c.side, side)

    # Taught through an oblique camera, a die is cut out as the top face its colour outlines
    # (vision.finder._oblique_top); a cut that matches no taught face even loosely (beyond
    # `fit_max` typical distances: confidence 0 by fit alone) is a wrong top (a part of the
    # top, a side face), and the search around it found wrong faces with margins right
    # readings need (foreign pip dice: a 4 read as a 2 at 0.33 from a first cut 2.4 typical
    # distances off): such a die is not searched, it stays unsure. Seen from above the cut is
    # the die's own blob, and the search is what reads a die half in shade (our rendered
    # sets: 99.75 -> 99.24 % right without it).
    unfit = (
        float(config["fit_max"]) * profile.typical_distance
        if profile.blob_over_top >= float(config["oblique_blob"])
        else np.inf
    )
    searched = [m.confidence < low and m.best <= unfit for m in matches]
    matches = [
        _second_look(config, profile, frame, c, sides(c), row) if again else m
        for c, m, row, again in zip(found.dice, matches, per_face, searched, strict=True)
    ]
    # ...but a top cut that fits no face is looked for more widely (`_wide_look`): a slate
    # die's top cut together with the side face below it (foreign outline dice, the commonest
    # die left unsure).
    widened = [m.best > unfit for m in matches]
    matches = [
        _wide_look(config, profile, frame, c, row) if wide else m
        for c, m, row, wide in zip(found.dice, matches, per_face, widened, strict=True)
    ]
    looked = [a or b for a, b in zip(searched, widened, strict=True)]
    # ...and a die still unsure is placed by the taught faces (`placed`) and read at that cut,
    # held to the teach set's mistakes made the same way (a profile without them: not placed),
    # its read kept where it names the die's face so far with confidence.
    placing = profile.placed_mistakes is not None and float(config["place_reach"]) > 0
    matches = [
        _placed_look(config, profile, frame, c, row, m) if placing and m.confidence < low else m
        for c, m, row in zip(found.dice, matches, per_face, strict=True)
    ]
    # A die read with little confidence, or matched loosely (farther from its face than the
    # taught dice are from each other), may have been cut out off its top face: the second
    # look's cuts must agree on the face, or the die is unsure (a pip 4 read as a 5 with
    # confidence 0.54, an orange bubble cut five pixels off as a skull with 0.53 at a best
    # distance of 1.47 typical ones: tests/vision/foreign); so must its placed read
    # (`_checked`).
    loose = float(config["check_fit"]) * profile.typical_distance
    loose_sure = [
        placing
        and bool(config["loose_placed"])
        and not again
        and m.confidence >= float(config["check_confidence"])
        and profile.typical_distance < m.best <= loose
        for m, again in zip(matches, looked, strict=True)
    ]
    matches = [
        _checked(config, profile, frame, c, sides(c), row, m, placing)
        if not again
        and m.confidence >= low
        and (m.best > loose or m.confidence < float(config["check_confidence"]))
        else m
        for c, m, row, again in zip(found.dice, matches, per_face, looked, strict=True)
    ]
    # A die only the search read (its first cut unsure) with less confidence than needs no
    # check is held to its placed read as well, unsure where that names another face with
    # confidence (`_unless_placed_otherwise`): the search's many cuts of a far dark die's
    # top and side face found a wrong face that its single cut had not (foreign outline 62
    # scene 16: an orange bubble cut 9 px down into its side face, 0.08 as a skull, searched
    # a skull at 0.77, placed an orange bubble at 0.91: "ok" with a skull).
    matches = [
        _unless_placed_otherwise(config, profile, frame, c, row, m)
        if only_searched and placing and low <= m.confidence < float(config["check_confidence"])
        else m
        for c, m, row, only_searched in zip(found.dice, matches, per_face, searched, strict=True)
    ]
    # A die its first cut read with the confidence that needs no check, but loosely (beyond
    # the typical distance), is held to its placed read where that stays at the first cut
    # (`_unless_placed_nowhere_closer`).
    matches = [
        _unless_placed_nowhere_closer(config, profile, frame, c, row, m) if unchecked else m
        for c, m, row, unchecked in zip(found.dice, matches, per_face, loose_sure, strict=True)
    ]
    matches = _at_expected_size(config, profile, frame, found, matches)
    matches = [
        replace(m, confidence=0.0) if _weak_print(config, profile, frame, c, m) else m
        for c, m in zip(found.dice, matches, strict=True)
    ]
    # A square that matches no taught face at all (far beyond the taught dice's spread) is
    # not a die: a tile, a box, a note. It is left out rather than called a die. A distance
    # found by the second look's search is the least of many cuts, so it is held closer (a
    # coin came from 5.6 to 3.4 typical distances so; dice the search read, 1.8 or less).
    typical = profile.typical_distance
    limits = (float(config["not_a_die"]) * typical, float(config["not_a_die_searched"]) * typical)
    streaky = float(config["blur_streak"])
    smeared = False  # a square that reads as no face and is smeared one way: a rolling die
    kept = []
    strangers = []
    for c, m, again in zip(found.dice, matches, looked, strict=True):
        far = limits[again]
        if (
            m.confidence < float(config["min_confidence"])
            and c.streak >= streaky
            and smeared_square(config, frame, c)
            # (a coin matches no face and is round: the grain of a wood around it is its streak)
            and not (m.best > far and round_blob(config, found.likelihood, c))
        ):
            smeared = True
        elif m.best <= far:
            kept.append((c, m))
        if m.best > far:
            strangers.append(c)
    zone = tuple(config["kept_zone"])
    dice = tuple(
        sorted(
            (
                Die(
                    profile.faces[m.face],
                    c.center,
                    m.confidence,
                    in_zone(c.center, frame.shape, zone),
                    c.side,
                )
                for c, m in kept
            ),
            key=lambda d: (d.center[0], d.center[1]),
        )
    )
    reasons = {r for r, _ in found.issues} | ({"blurred"} if smeared else set())
    # A die the finder found as pieces joined matches no face: a die not made out, not left
    # out unsaid (own 444546 #146's die, dropped, left five of six dice read "ok").
    if any(any(c is j for j in found.joined) for c in strangers):
        reasons.add("uncertain")
    if _piles(config, kept, strangers, streaky):
        reasons.add("cocked")
    if len(dice) + sum(1 for r, _ in found.issues if r != "cocked") > int(config["max_dice"]):
        reasons.add("too-many")
    if any(d.confidence < float(config["min_confidence"]) for d in dice):
        reasons.add("uncertain")
    if config["dice_in_play"] is not None and len(dice) < int(config["dice_in_play"]):
        reasons.add("missing")
    for reason in REASONS:
        if reason in reasons:
            return DiceReading("unreadable", reason, dice), strangers
    return DiceReading("ok", None, dice), strangers
