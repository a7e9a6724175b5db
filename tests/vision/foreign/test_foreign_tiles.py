"""Acceptance of the tile-row reader on tiles it was not written for (issue #7), through the real
CLI: `companion tiles teach` on a foreign setup picture and its values, then `companion tiles
read --jsonl` on scenes of the same box.

The scenes (tests/vision/foreign/tile_scenes.py, independent of vision/render) are another
printing of POW's tiles (other blue and orange, rim, corners, artwork, number font and place)
on felt, wood and a linen cloth under a camera a few degrees off vertical, rows partly taken
(POW-8/9/13), with a hand or a die on a tile in some. A row read "ok" with a wrong value or
order is the worst failure, so it must never happen; a covered tile must be refused; how many
tiles are identified is measured against the issue's goal.
"""

import contextlib
import io
import json

import cv2
import numpy as np
import pytest

from companion.cli import main
from tests.vision.foreign import tile_scenes as ts
from tests.vision.foreign.tile_scenes import write_set
from tests.vision.foreign.tile_score import score
from tests.vision.rng_state import pcg64_state

COUNT = 12  # scenes per box: small, so the file runs in seconds
BOXES = (11, 12)


def _teach(root):
    lay = json.loads((root / "layout.json").read_text())
    rc = main(["tiles", "teach", str(root / "teach.jpg"),
               "--heroes", ",".join(map(str, lay["heroes"])),
               "--villains", ",".join(map(str, lay["villains"])),
               "--out", str(root / "profile.npz")])  # fmt: skip
    assert rc == 0, "companion tiles teach failed on a foreign setup picture"
    return root / "profile.npz"


def _read(root, truth, profile):
    images = [str(root / "scenes" / name) for name in truth]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        rc = main(["tiles", "read", *images, "--profile", str(profile), "--jsonl"])
    assert rc == 0
    return score(truth, [json.loads(line) for line in out.getvalue().splitlines()])


@pytest.fixture(scope="module")
def scored(tmp_path_factory):
    """Each box's scenes read once through the CLI, scored."""
    out = []
    for box in BOXES:
        root = tmp_path_factory.mktemp(f"foreign-tiles-{box}")
        truth = write_set(root, box, COUNT)
        out.append(_read(root, truth, _teach(root)))
    return out


def test_pow_13_foreign_rows_are_never_read_ok_with_a_wrong_value_or_order(scored):
    # design.md Vision: a wrong committed reading is worse than asking; POW-13 counts the tiles
    # still in a row from the left, so one wrong value or a tile missed shifts the take.
    for s in scored:
        assert s.wrong_rows == 0, s.line()
        assert s.covered_ok == 0, s.line()


def test_a_foreign_tile_under_a_hand_or_a_die_is_refused(tmp_path):
    # Issue #7: `unreadable` with a reason when a tile is covered (a hidden tile would silently
    # shorten its row). Scenes drawn until each case shows up several times.
    box = ts.make_box(21)
    rng = np.random.default_rng([21, 1])
    layout = ts.make_layout(rng)
    teach, _ = ts.render(rng, box, layout, (0, 0), "normal", "cloth")
    cv2.imwrite(str(tmp_path / "teach.jpg"), teach)
    (tmp_path / "layout.json").write_text(
        json.dumps({"heroes": list(layout.heroes), "villains": list(layout.villains)})
    )
    (tmp_path / "scenes").mkdir()
    truth = {}
    for i, (case, surface) in enumerate(
        [(c, s) for c in ("hand", "die") for s in ("felt", "wood", "cloth")]
    ):
        img, t = ts.render(rng, box, layout, (int(rng.integers(0, 6)), int(rng.integers(0, 6))),
                           case, surface)  # fmt: skip
        name = f"covered-{i}.jpg"
        cv2.imwrite(str(tmp_path / "scenes" / name), img)
        truth[name] = t
    s = _read(tmp_path, truth, _teach(tmp_path))
    assert s.covered == 6 and s.covered_ok == 0, s.line()
    assert s.wrong_rows == 0, s.line()


def _taught(seed: int):
    """Box `seed` taught in this process from its teach picture as `write_set` draws it: (the
    box, the layout, the tiles config, the profile)."""
    from vision.tiles import teach, tiles_config

    box = ts.make_box(seed)
    rng = np.random.default_rng([seed, 1])
    layout = ts.make_layout(rng)
    setup, _ = ts.render(rng, box, layout, (0, 0), "normal", str(rng.choice(ts.SURFACES)))
    cfg = tiles_config()
    return box, layout, cfg, teach(cfg, setup, layout.heroes, layout.villains)


def _box_setup(tmp_path, seed: int):
    """Box `seed`'s teach picture and layout written as `write_set` draws them: (the box,
    the layout, the picture's truth)."""
    box = ts.make_box(seed)
    rng = np.random.default_rng([seed, 1])
    layout = ts.make_layout(rng)
    teach, t = ts.render(rng, box, layout, (0, 0), "normal", str(rng.choice(ts.SURFACES)))
    cv2.imwrite(str(tmp_path / "teach.jpg"), teach, [cv2.IMWRITE_JPEG_QUALITY, 92])
    (tmp_path / "layout.json").write_text(
        json.dumps({"heroes": list(layout.heroes), "villains": list(layout.villains)})
    )
    return box, layout, t


def _redrawn(tmp_path, seed: int, index: int, state: dict):
    """Box `seed`'s teach picture, layout and its scene `index` of `write_set(seed, …)`, that
    scene drawn again from the generator's state just before it (`state`: drawing the scenes
    before it takes seconds each). (image name, its truth, case)."""
    box, layout, _ = _box_setup(tmp_path, seed)
    rng = np.random.default_rng()
    rng.bit_generator.state = state
    case = str(rng.choice(ts.CASES))
    takes = (int(rng.integers(0, 10)), int(rng.integers(0, 10)))
    img, t = ts.render(rng, box, layout, takes, case, ts.SURFACES[index % 3], rng.random() < 0.4)
    (tmp_path / "scenes").mkdir()
    name = f"tiles-{index:03d}.jpg"
    cv2.imwrite(str(tmp_path / "scenes" / name), img, [cv2.IMWRITE_JPEG_QUALITY, 95])
    return name, t, case


def _redrawn_read(tmp_path, seed: int, index: int, state: dict):
    """`_redrawn`'s scene taught from its box's teach picture and read through the CLI:
    (its truth, case, score)."""
    name, t, case = _redrawn(tmp_path, seed, index, state)
    return t, case, _read(tmp_path, {name: t}, _teach(tmp_path))


def _reads_clean(tmp_path, seed: int, index: int, state: dict, surface: str | None = None):
    """`_redrawn_read`'s scene is a clean one (no hand, no die on a tile; on `surface` when
    given), read with every tile right and no row wrong."""
    t, case, s = _redrawn_read(tmp_path, seed, index, state)
    assert case == "normal" and (surface is None or t["surface"] == surface)
    assert s.right == s.tiles and s.wrong_rows == 0, s.line()


def _pcg(state: int, inc: int, uinteger: int, has_uint32: int = 1) -> dict:
    return pcg64_state(state, inc, has_uint32, uinteger)


def test_a_finger_over_a_lookalikes_number_is_not_read_as_another_value(tmp_path):
    # Box 6 scene 57 (write_set(6, 60)): fingers over the "+5" of a lightning tile left the
    # "+1" lightning ahead by 0.095, and the row was read "ok" with +1 in the +5's place: a
    # wrong row (design.md Vision).
    state = _pcg(336476824823856469113078968731510607901, 166963724995660765834818441076888857113,
                 3643141186)  # fmt: skip
    t, case, s = _redrawn_read(tmp_path, 6, 57, state)
    assert case == "hand" and t["heroes"][1] == {**t["heroes"][1], "value": 5, "covered": True}
    assert s.covered_ok == 0 and s.wrong_rows == 0, s.line()


def test_pow_1_foreign_lookalikes_that_differ_only_in_their_number_are_told_apart(tmp_path):
    # Box 10 scene 34 (write_set(10, 60)): its +1, +2 and +6 heroes share one bolt drawing and
    # differ in a number in a corner badge a few px high. Matched at one shift for the whole
    # tile, the teach tile cut most like the scene's won: the +1 at the left end ranked +6
    # first and another +1 ranked +2, both "close", and the frame was refused. Aligned to
    # each of the two and compared where they differ (describe.aligned_pair), both read +1.
    state = _pcg(107818526112390002939700971720943053984, 204997816724086480355201463467481533531,
                 255761961)  # fmt: skip
    t, case, s = _redrawn_read(tmp_path, 10, 34, state)
    assert case == "normal" and [x["value"] for x in t["heroes"]] == [1, 1, 4, 5, 6, 4, 3, 2, 5]
    assert s.right == s.tiles == 13 and s.wrong_rows == 0, s.line()


def test_pow_1_foreign_lookalikes_alike_even_aligned_are_told_apart_by_their_number(tmp_path):
    # Box 20 scene 8 (write_set(20, 60)): its "+1" and "+4" heroes are one tan mask and
    # differ only in the number printed above it, and both lie in this row. Aligned to each
    # (describe.aligned_pair) the "+1" fitted its own tile better by only 0.04, under
    # `detail_margin`, and the frame was refused ("tile 8 of the hero row is not
    # recognised"); the colour's number model is not learned on this box. Read where the two
    # taught tiles differ once aligned onto each other (number.pair_model), it is the "+1".
    state = _pcg(165591331191374844744805591292089003500, 278719500982203961882000321235750639647,
                 3406216827, 0)  # fmt: skip
    t, case, s = _redrawn_read(tmp_path, 20, 8, state)
    assert case == "normal" and [x["value"] for x in t["heroes"]] == [1, 2, 4, 4, 6, 2, 3, 1]
    assert s.right == s.tiles and s.wrong_rows == 0, s.line()


def test_foreign_tiles_identified_as_well_as_the_issue_asks(scored):
    # Issue #7 goal: >= 99.5 % of tiles identified with the right value (over both boxes).
    # Met on these 2 x 12 scenes since lookalikes are aligned (describe.aligned_pair); not yet
    # on every box of 60 scenes (README "Checked on foreign tiles": boxes 1-19, 22 and 24 at
    # 98.4-100 % with boxes 13 and 18 now at 100 %, box 20 at 86.0 %).
    right, tiles = sum(s.right for s in scored), sum(s.tiles for s in scored)
    assert right >= 0.995 * tiles, "; ".join(s.line() for s in scored)


def test_pow_13_a_halftone_tile_turned_9_degrees_is_not_read_as_its_lookalike(tmp_path):
    # Box 9 scene 3 (write_set(9, 60)): the hero "3" at the row's third place lies turned
    # -9.2°; its "6" is the same capsule character. The turn was taken from the gradient
    # mean over a ring that the tile's white number badge ruled, not its outline: -1.5° (fed
    # its own answer it cycled -1.5, -6.7, -2.0, -9.2°), and at that turn the "6" led by 0.10
    # above `pair_below`: the row read "ok" as 3 5 6 4 … (a wrong row). The turn from the
    # outline's straight edges (describe.refine_angle) reads it as printed.
    state = _pcg(158250023714142164310544750736881811467, 271823809550759098298156934874971814121,
                 3100781373)  # fmt: skip
    t, case, s = _redrawn_read(tmp_path, 9, 3, state)
    assert case == "normal" and [x["value"] for x in t["heroes"]] == [3, 5, 3, 4, 1, 6, 5, 2]
    assert s.wrong_rows == 0 and s.right == s.tiles == 11, s.line()


def test_pow_3_a_setup_of_nearly_touching_tiles_on_a_light_cloth_is_taught(tmp_path):
    # Box 8 (write_set(8, …)): both rows of 12 nearly touching tiles merge into one blob each,
    # taller than a tile where the row bends; that height taken for the side cut them into 11
    # and teach was refused. Cut at the row's thickness they are 12; each piece's own turn
    # (not the cut's straight edges) keeps its neighbour's edge out of its template, so the
    # setup picture reads back as taught.
    box = ts.make_box(8)
    rng = np.random.default_rng([8, 1])
    layout = ts.make_layout(rng)
    teach, t = ts.render(rng, box, layout, (0, 0), "normal", str(rng.choice(ts.SURFACES)))
    cv2.imwrite(str(tmp_path / "teach.jpg"), teach, [cv2.IMWRITE_JPEG_QUALITY, 92])
    (tmp_path / "layout.json").write_text(
        json.dumps({"heroes": list(layout.heroes), "villains": list(layout.villains)})
    )
    (tmp_path / "scenes").mkdir()
    cv2.imwrite(str(tmp_path / "scenes" / "setup.jpg"), teach, [cv2.IMWRITE_JPEG_QUALITY, 92])
    s = _read(tmp_path, {"setup.jpg": t}, _teach(tmp_path))
    assert s.right == s.tiles == 24 and s.wrong_rows == 0, s.line()


def test_pow_13_tiles_cut_apart_a_few_px_off_are_cut_again_where_they_fit(tmp_path):
    # Box 8 scene 45 (write_set(8, 60)): the hero row's tiles touch and are cut apart evenly;
    # the +4 and +3 pieces came out 3 px off their tiles, a strip of the neighbour's edge
    # misfit, and the frame was refused. Cut again where the taught tile fits best
    # (read._identify), every tile reads.
    state = _pcg(322357559093509645958783200777821804911, 157572736648611872055596823183169759107,
                 2530567253)  # fmt: skip
    t, case, s = _redrawn_read(tmp_path, 8, 45, state)
    assert case == "normal" and [x["value"] for x in t["heroes"]] == [4, 3, 2, 5, 6, 4]
    assert s.right == s.tiles == 12 and s.wrong_rows == 0, s.line()


@pytest.mark.parametrize(
    "box,index,state",
    [
        # A cream cloth moved the measured side: the -1 villain matched 0.79 as taught and
        # settled its value, but at that size its print misfit (1.5); cut 6 % smaller, as
        # teach also cut it, it fits (0.92) and the frame reads (read._match).
        (11, 20, _pcg(254661872273859522062642362816467654284,
                      193839112720280761453093402455930136077, 2124877983, 0)),
        # A +6 bolt through a ring on a striped tile matched 0.84 as a whole but misfit 1.43
        # at the ring: matching steps whole px; half a px over it fits (subpixel_misfit).
        (8, 6, _pcg(302316888625481088061332620522949021253,
                    157572736648611872055596823183169759107, 86132953, 0)),
        # A -1 cut from its touching neighbour 56 px wide for a 64 px side once the cloth's
        # glare is table (read on main, cut wider): -2 and -1 close at 0.54, not misfit; cut
        # again where it fits, it reads as -1.
        (10, 23, _pcg(300002739052614741637068372876701603620,
                      204997816724086480355201463467481533531, 1351935760, 1)),
    ],
)  # fmt: skip
def test_pow_1_a_foreign_tile_that_matches_well_is_not_refused_for_a_cut_a_little_off(
    tmp_path, box, index, state
):
    # Boxes 11 and 8 (write_set(box, 60)): a clean scene refused, "tile N of the ... row is
    # not recognised", for a tile whose value the look settled by a wide margin.
    _reads_clean(tmp_path, box, index, state)


@pytest.mark.parametrize(
    "box,index,state",
    [
        (2, 8, _pcg(12450115670101083314604986008172981438,
                    22059468414646564345872938659227783749, 3362592789, 0)),
        (4, 59, _pcg(295218098864198100209406467916475402494,
                     152491124459547888662718889044883787527, 393912354, 1)),
    ],
)  # fmt: skip
def test_pow_13_a_pale_cloth_in_a_bright_light_covers_no_row(tmp_path, box, index, state):
    # Boxes 2 and 4 (write_set(box, 60)), a pale gingham cloth lit brighter in the middle than
    # at the frame's edge: its palest checks clip at 255 and lose their tint, were "not
    # table" beside the rows, and the frame was refused ("something covers the hero row").
    # A table colour brightened and clipped is table (find.py, `glare_gains`).
    _reads_clean(tmp_path, box, index, state, "cloth")


@pytest.mark.parametrize(
    "box,index,state",
    [
        (30, 1, _pcg(320625225689888956557617528962071665411,
                     101093881741613424666797521967133010273, 1045865300, 0)),
        (54, 49, _pcg(49248165721488748928495092473677503,
                      168607404074646673404759731834497301981, 4041655339, 0)),
    ],
)  # fmt: skip
def test_pow_13_a_woods_bright_crest_between_tiles_covers_no_row(tmp_path, box, index, state):
    # Boxes 30 and 54 (write_set(box, 60)), a wood of broad sine waves with a fine speckle:
    # one place between two tiles (a taken tile's gap) lies on a bright crest where the
    # speckle is faint, 0.16-0.21 of the table's mean texture and 0.20-0.28 of its median,
    # and the frame was refused "something covers the hero (villain) row after tile 1 (a
    # hand the table's colour?)". The places on either side kept the grain: a lone place only
    # just smoother than the table is no hand (smooth.py, `lone_texture_median_share`).
    _reads_clean(tmp_path, box, index, state, "wood")


@pytest.mark.parametrize(
    "box,index,state,read_ok_before",
    [
        (3, 0, _pcg(13361266799835346849441977913067301466,
                    210297523876332373512614329141993841973, 0, 0), True),
        (3, 54, _pcg(159150181700595946334557301049378679599,
                     210297523876332373512614329141993841973, 1750077491, 0), True),
        # Refused before too (the fingers spoil the tile's look); here the arm also passes
        # the next tile's corner, and the tile named must still be the one under the hand.
        (8, 43, _pcg(258255032345305428400073006492086201287,
                     157572736648611872055596823183169759107, 704988969, 0), False),
    ],
)  # fmt: skip
def test_pow_13_a_foreign_hand_merged_with_its_tiles_is_refused_naming_the_tile(
    tmp_path, box, index, state, read_ok_before
):
    # Boxes 3 and 8 (write_set(box, 60)): a hand's fingers on a villain tile, its arm leaving
    # the row across the tile's edge, one blob with the tiles it touches. The tiles are found
    # again by their look, the fingers leave the covered one matching well enough, and the arm
    # lies outside the band over the row: read "ok" (with the right values) while a tile was
    # under a hand. The arm joined to the tile in the mask now refuses it (vision/tiles/touch.py).
    from vision.tiles import TilesProfile, load_bgr, read_tiles, tiles_config

    name, t, case = _redrawn(tmp_path, box, index, state)
    assert case == "hand"
    (hidden,) = [i for i, x in enumerate(t["villains"], 1) if x["covered"]]
    profile = TilesProfile.load(_teach(tmp_path))
    image = load_bgr(tmp_path / "scenes" / name)
    # Scene 0's covered "-2" also fits its taught tile under `weak_min_fit` once aligned
    # (the fingers over it), and 0.59 of it is off its taught colours (over `cover_hue_share`):
    # those checks are off here too, so the touch is what refuses it.
    blind = read_tiles(
        tiles_config({"min_touch_area": 0.0, "weak_min_fit": 0.0, "cover_hue_share": 1.0}),
        profile, image,
    )  # fmt: skip
    if read_ok_before:
        assert blind.reason is None
        assert [x.value for x in blind.villains] == [x["value"] for x in t["villains"]]
    r = read_tiles(tiles_config(), profile, image)
    # Refused, naming the tile under the hand or its place in the row. Box 8 scene 43: with
    # each tile taught about its own centre (teach.py), the piece the hand leaves of the "-3"
    # is no longer placed as a tile by the rescue, and the row names its place instead.
    place = "before tile 1" if hidden == 1 else f"after tile {hidden - 1}"
    assert r.reason in (
        f"something covers tile {hidden} of the villain row (a hand?)",
        f"a tile of the villain row {place} can't be made out (half covered, in shadow, or too "
        "close to the table's colour?)",
    ), r.reason


def test_pow_3_each_tile_of_a_nearly_touching_setup_is_taught_on_its_own_centre(tmp_path):
    # Box 14 (write_set(14, …)): the first three villains nearly touch. Each taught tile was
    # moved to where its row's mean tile fitted best, and the mean (striped tiles, each its
    # own art) pulled the first, a "-3" bolt, 6 frame px along the row: its template held the
    # gap to its neighbour along one edge, and that tile matched 0.58-0.64 in every scene
    # (5 of the box's 6 refused clean scenes). Each template must lie where its tile lies
    # in the setup picture: within a patch px of the tile's drawn centre, both ways.
    from vision.tiles import TilesProfile, load_bgr, tiles_config
    from vision.tiles.describe import cut, refine_angle

    _, _, t = _box_setup(tmp_path, 14)
    profile = TilesProfile.load(_teach(tmp_path))
    frame = load_bgr(tmp_path / "teach.jpg")
    config = tiles_config()
    p, r = profile.patch, 4
    drawn = [*t["heroes"], *t["villains"]]
    assert [x["value"] for x in drawn] == profile.values.tolist()
    for i, (tile, template) in enumerate(zip(drawn, profile.templates, strict=True)):
        angle = refine_angle(frame, tile["center"], 0.0, profile.side)
        window = cut(frame, tile["center"], angle, profile.side, p + 2 * r, p, config["blur"])
        fit = cv2.matchTemplate(
            np.ascontiguousarray(window.sum(0)), template.sum(0), cv2.TM_CCOEFF_NORMED
        )
        _, _, _, (x, y) = cv2.minMaxLoc(fit)
        assert max(abs(x - r), abs(y - r)) <= 1, f"tile {i} ({tile['value']}) off by {x - r, y - r}"


def test_pow_1_a_tile_taught_beside_a_near_neighbour_is_read_as_taught(tmp_path):
    # Box 14 scene 17 (write_set(14, 60)): the "-3" bolt (above) was refused, "tile 1 of
    # the villain row is not recognised", though nothing covered it.
    state = _pcg(191674856607697020680436646880028790427, 235373092243925788181509519547064327347,
                 490465764)  # fmt: skip
    t, case, s = _redrawn_read(tmp_path, 14, 17, state)
    assert case == "normal" and t["villains"][0]["value"] == -3
    assert s.right == s.tiles and s.wrong_rows == 0, s.line()


@pytest.mark.parametrize("seed", [21, 23])
def test_pow_3_a_setup_of_heroes_whose_art_outweighs_their_blue_is_taught(tmp_path, seed):
    # Boxes 21 and 23 (write_set(seed, …)), a wavy-striped table: heroes whose crest (green,
    # yellow) fills most of the tile, with its white rim and number badge, had a whole median
    # 48-62° of hue off the taught blue, or under a third of its chroma. Teach took them for
    # "something covers the hero row after tile 8 / 3" and refused the setup picture, so the
    # table could not be taught at all. Judged by the band round the art (`Blob.ground`) they
    # are heroes: teach takes the picture and reads it back as laid out.
    _, _, t = _box_setup(tmp_path, seed)
    profile = _teach(tmp_path)
    (tmp_path / "scenes").mkdir()
    (tmp_path / "scenes" / "setup.jpg").write_bytes((tmp_path / "teach.jpg").read_bytes())
    s = _read(tmp_path, {"setup.jpg": t}, profile)
    assert s.right == s.tiles == 24 and s.wrong_rows == 0, s.line()


def test_pow_1_a_hero_whose_art_turns_further_under_a_cast_is_judged_in_the_frames_balance(
    tmp_path,
):
    # Box 13 scene 3 (write_set(13, 60)), green felt: the "+4", a large green shield on blue,
    # has a median colour 63° from the taught blue (its row: 22-31°, the felt's cast), so it
    # was a tile of neither colour over the row and the frame was refused ("something covers
    # the hero row before tile 1"). In the frame's own white balance (the gains the other
    # tiles of both rows show, rows.in_frame_balance) it is blue, and the row reads.
    state = _pcg(318576957146710885066849472281694990554, 277203867499291975808736646059124487113,
                 2058650215)  # fmt: skip
    t, case, s = _redrawn_read(tmp_path, 13, 3, state)
    assert case == "normal" and t["surface"] == "felt" and t["heroes"][0]["value"] == 4
    assert s.right == s.tiles == 16 and s.wrong_rows == 0, s.line()


def test_pow_1_a_tile_whose_blob_took_its_dark_edge_is_cut_again_where_it_fits(tmp_path):
    # Box 13 scene 53 (write_set(13, 60)), the cloth: a "-2" whose blob took its dark side
    # edge, 84 px wide for a 77 px side and 6 px off its centre, misfit as cut ("tile 6 of
    # the villain row is not recognised"); 9 % over the side was under the tenth at which a
    # declined tile was cut again. Every declined tile is cut again now (read._identify).
    state = _pcg(90548645249274501829528268431465034861, 277203867499291975808736646059124487113,
                 2373197815)  # fmt: skip
    t, case, s = _redrawn_read(tmp_path, 13, 53, state)
    assert case == "normal" and t["villains"][5]["value"] == -2
    assert s.right == s.tiles and s.wrong_rows == 0, s.line()


def test_pow_1_three_lookalike_values_are_told_apart_each_against_each(tmp_path):
    # Box 18 scene 17 (write_set(18, 60)): its -1, -2 and -3 villains are lightning bolts; a
    # "-2" ranked -3, -2, -1 within 0.043 by the look, and a third value that close refused
    # the frame though the detail cut chose -2 over -3 by 0.11 at a fit of 0.97. Each close
    # value is compared with each; the one that wins every comparison is read.
    state = _pcg(117795860868447324816936158448932643551, 230873720080876842414936951562459919165,
                 2221362131)  # fmt: skip
    t, case, s = _redrawn_read(tmp_path, 18, 17, state)
    assert case == "normal" and t["villains"][6]["value"] == -2
    assert s.right == s.tiles and s.wrong_rows == 0, s.line()


@pytest.mark.parametrize(
    "index,state",
    [
        (12, _pcg(127283578770557424143596510361951733684,
                  69868735326978090435816916712385527787, 400287000, 0)),
        (28, _pcg(130876124790746525318971719735514463964,
                  69868735326978090435816916712385527787, 3142416723, 1)),
    ],
)  # fmt: skip
def test_pow_1_lookalikes_drawn_a_little_apart_are_compared_where_they_differ_once_aligned(
    tmp_path, index, state
):
    # Box 21 scenes 12 and 28 (write_set(21, 60)): its "+1" and "+6" heroes are one pink mask,
    # drawn 2 px further left on the "+6", on grounds striped at their own angles. The pixels
    # where the two taught tiles differ as cut were mostly the mask's outline, which the tile
    # seen, aligned to each in turn, fits on both: the "+1" led by 0.053-0.058, under
    # `detail_margin`, "tile N of the hero row is not recognised" (4 clean scenes). Where they
    # differ once aligned onto each other (describe.pair_masks) it leads by 0.13-0.15.
    t, case, s = _redrawn_read(tmp_path, 21, index, state)
    assert case == "normal" and 1 in [x["value"] for x in t["heroes"]]
    assert s.right == s.tiles and s.wrong_rows == 0, s.line()


def test_pow_13_a_piece_cut_from_touching_tiles_is_cut_at_its_own_turn(tmp_path):
    # Box 25 scene 43 (write_set(25, 60)), wood: villains -2, -1, -1 nearly touching, one blob
    # cut in three; the middle piece's box lies at 0 degrees (the cut's edges), its tile at
    # 8.2, just past the 8 degrees looked over from the box: cut at 0 it misfit (0.51), "tile
    # 5 of the villain row is not recognised". A piece's turn is looked for further
    # (`piece_turn_reach`).
    state = _pcg(2874697043945889620352437724226109657, 214480463448163726829145815031009822511,
                 902002040, 0)  # fmt: skip
    t, case, s = _redrawn_read(tmp_path, 25, 43, state)
    assert case == "normal" and [x["value"] for x in t["villains"]] == [-3, -1, -4, -2, -1, -1]
    assert s.right == s.tiles and s.wrong_rows == 0, s.line()


def test_pow_1_a_weak_match_is_tried_at_the_sizes_taught_too(tmp_path):
    # Box 10 scene 35 (write_set(10, 60)), the cloth: every tile a few per cent smaller than
    # its measured side (a "-2": 61.5 px measured, 59.9 drawn). Its blob took its dark edge
    # (74 px wide) and was cut again where its tile fits; there the tiles as taught matched it
    # at 0.71 by a lead of 0.28, which "settled" it without trying the tiles cut 6 % smaller
    # (0.86), and a tile cut again is kept only on a good match (`pair_below`, 0.72): "tile 6
    # of the villain row is not recognised". A weak match is not settled (read._match).
    state = _pcg(183269884377096245146770982050970281442, 204997816724086480355201463467481533531,
                 1615595681, 1)  # fmt: skip
    t, case, s = _redrawn_read(tmp_path, 10, 35, state)
    assert case == "normal" and t["surface"] == "cloth" and t["villains"][5]["value"] == -2
    assert s.right == s.tiles and s.wrong_rows == 0, s.line()


def test_pow_13_a_taken_tile_lying_below_its_row_is_not_read_into_the_row(tmp_path):
    # Box 29 scene 46 (write_set(29, 60)), wood: villains -1, -1, -4 in line at y 412-422 and
    # a taken "-2" at (233, 613). Read "ok" with the -2 first (a row read wrong, found by the
    # lead's held-out box 29) while rows._fit_line counted every tile within half a side of
    # a line whole: a line tilted 16° through the -2 and two row tiles held four, the row's
    # own three. A tile now counts by how closely it lies on the line (`row_fit`).
    state = _pcg(153302280431167783297661448705432259223, 24776792133131797302570603341526910513,
                 2197748055)  # fmt: skip
    t, case, s = _redrawn_read(tmp_path, 29, 46, state)
    assert case == "normal" and [v["value"] for v in t["villains"]] == [-1, -1, -4]
    assert s.wrong_rows == 0, s.line()


@pytest.mark.parametrize(
    "index,state",
    [
        (11, _pcg(276390867013996524294208971449185123583,
                  177900585194378688687060567680220336199, 1807573992)),
        (18, _pcg(32616701499404492969492692865615700148,
                  177900585194378688687060567680220336199, 1315141316, 0)),
    ],
)  # fmt: skip
def test_pow_1_a_tile_whose_art_a_value_taught_once_shares_is_not_doubted_by_it(
    tmp_path, index, state
):
    # Box 32 (write_set(32, 60)), scenes 11 (cloth) and 18 (felt): its one "-4" and two of its
    # four "-2" are lightning bolts. The "-4"'s glyph is that one tile's number box, bolt
    # included, while the "-2" glyph averages bolts and shields: a "-2" bolt the look matched
    # at 0.89-0.93 fitted the "-4" glyph at 0.82-0.90 and its own value's at 0.76-0.81, and
    # the frame was refused "in doubt: its number reads -4 but it looks like -2" (7 of the
    # box's 49 clean scenes). The number now doubts a tile only when another value fits
    # better than the very taught tile the look matched does (its box: its number and art).
    t, case, s = _redrawn_read(tmp_path, 32, index, state)
    assert case == "normal" and -2 in [v["value"] for v in t["villains"]]
    assert s.right == s.tiles and s.wrong_rows == 0, s.line()


def test_pow_13_a_piece_cut_evenly_far_off_its_tile_is_looked_for_further(tmp_path):
    # Box 32 scene 59 (write_set(32, 60)), the cloth: its first two villains touch, a "-2"
    # and a "-1" star turned 6 deg; the blob was cut evenly and the star's piece lay 14 px off
    # its tile. Cut again within `recentre_reach` (5 patch px, ~8 px there) the best fit lay at
    # the search's edge the wrong way, and the frame was refused ("tile 2 of the villain row
    # is not recognised"). A piece still declined is looked for within a fifth of a side
    # (`recentre_piece_reach`) and kept on a close match: the "-1" at 0.76.
    state = _pcg(17568149813377279365394512478989128938, 177900585194378688687060567680220336199,
                 428376397)  # fmt: skip
    t, case, s = _redrawn_read(tmp_path, 32, 59, state)
    assert case == "normal" and [v["value"] for v in t["villains"]][:2] == [-2, -1]
    assert s.right == s.tiles and s.wrong_rows == 0, s.line()


@pytest.mark.parametrize(
    "box, index, state, kind, hidden",
    [
        # A red die over most of a "+5" (felt), matched at 0.43 with the value ahead.
        (37, 24, _pcg(54779849019805768681234020560259919145,
                      64732795793297546974204605976128113455, 401161733, 0), "hero", 5),
        # A white die over the right half of a "+2" (wood), 0.43.
        (38, 19, _pcg(150858456650795395098323367419122692324,
                      73905542112750272912731201832437766001, 4085701213, 0), "hero", 9),
    ],
)  # fmt: skip
def test_pow_13_a_tile_matched_weakly_because_a_die_lies_on_it_is_refused(
    tmp_path, box, index, state, kind, hidden
):
    # Issue #7, covered: boxes 37 and 38 (write_set(box, 60)) read these "ok" with every row
    # right (the lead's held-out run). The covered tile's value still led the others and no
    # cell of it misfit past `max_misfit`; its match was weak (under `pair_below`), as a clean
    # tile cut a little off can be, and far under the frame's other tiles (`weak_gap`).
    # Aligned onto the taught tile it matched, the die cannot be warped away: it fits 0.32
    # and 0.46 (`weak_min_fit` 0.5), clean tiles matched as weakly 0.58 or better.
    # The dice also bring their colour onto the tile (0.45 and 0.22 of it off its taught
    # colours, `cover_hue_share`): that check is off here, so this one is seen alone.
    off = {"weak_min_fit": 0.0, "cover_hue_share": 1.0}
    reason = _covered_read(tmp_path, box, index, state, kind, hidden, off)
    assert reason == (
        f"tile {hidden} of the {kind} row is partly unlike its taught tile (a hand or a die on it?)"
    ), reason


def _covered_read(tmp_path, box: int, index: int, state: dict, kind: str, hidden: int, off: dict):
    """The reason box `box`'s scene `index` (`_redrawn`), a hand or a die on tile `hidden` of
    the `kind` row, is refused for; read with the settings `off` first, it reads "ok" with its
    rows right, the covered tile matched weakly (under `pair_below`)."""
    from vision.tiles import TilesProfile, load_bgr, read_tiles, tiles_config

    name, t, case = _redrawn(tmp_path, box, index, state)
    rows = {"hero": "heroes", "villain": "villains"}[kind]
    assert case in ("hand", "die") and t[rows][hidden - 1]["covered"]
    profile = TilesProfile.load(_teach(tmp_path))
    image = load_bgr(tmp_path / "scenes" / name)
    blind = read_tiles(tiles_config(off), profile, image)
    assert blind.reason is None
    assert [x.value for x in getattr(blind, rows)] == [x["value"] for x in t[rows]]
    assert getattr(blind, rows)[hidden - 1].score < tiles_config()["pair_below"]
    return read_tiles(tiles_config(), profile, image).reason


def test_pow_13_a_clean_tile_matched_weakly_for_a_cut_a_little_off_still_reads(tmp_path):
    # Box 38 scene 5 (write_set(38, 60)), cloth: a "+4" turned about 6 degrees matched its
    # taught tile at 0.52 only (fine print a px off itself), 0.35 under the frame's median;
    # aligned onto it, it fits 0.91, over `weak_min_fit`: not taken for a covered tile.
    state = _pcg(130196499607344198863735310899335825787, 73905542112750272912731201832437766001,
                 3381206513, 1)  # fmt: skip
    t, case, s = _redrawn_read(tmp_path, 38, 5, state)
    assert case == "normal" and 4 in [x["value"] for x in t["heroes"]]
    assert s.right == s.tiles and s.wrong_rows == 0, s.line()


@pytest.mark.parametrize(
    "index,state,heroes",
    [
        (1, _pcg(158493172230419746836214347332467202547,
                 64732795793297546974204605976128113455, 292697245, 0), [3, 3, 6, 5, 6, 2, 2]),
        (55, _pcg(264046486661050107046750724176141629417,
                  64732795793297546974204605976128113455, 3145838394, 0), [4, 6, 5, 6, 2, 2]),
    ],
)  # fmt: skip
def test_pow_3_touching_tiles_seen_larger_than_the_side_are_cut_one_a_tile(
    tmp_path, index, state, heroes
):
    # Box 37 (write_set(37, 60)), wood: its heroes show 74-79 px in the mask (a dark rim and
    # the dark gaps between them "not table") where its villains, and so the frame's side,
    # are 66-70. Six (scene 1) and five (scene 55) heroes edge to edge measured 6.7 and 5.6
    # sides and were cut into seven and six pieces: "a tile of the hero row after tile 3
    # can't be made out", "tile 4 of the hero row is not recognised". The run is counted by
    # the dips of its thickness where the tiles meet (find._count).
    t, case, s = _redrawn_read(tmp_path, 37, index, state)
    assert case == "normal" and [v["value"] for v in t["heroes"]] == heroes
    assert s.right == s.tiles and s.wrong_rows == 0, s.line()


@pytest.mark.parametrize(
    "index,state,value",
    [
        (17, _pcg(50827325582811335878290177608263303904,
                  193994859782021535742080064971924491789, 1611583246), 4),
        (38, _pcg(237921144240101474356498478455219352063,
                  193994859782021535742080064971924491789, 3043873896, 0), 3),
    ],
)  # fmt: skip
def test_pow_1_a_whole_tile_whose_blob_took_its_rim_is_cut_again_where_it_fits(
    tmp_path, index, state, value
):
    # Box 123 scenes 17 and 38 (write_set(123, 60); the eighteenth session's held-out end),
    # the cloth: box 123 draws bolts on four hero values, stars on three. A "+4" bolt's blob
    # took its rim on one side (80x66 px for a 71 px side) and, cut at the blob's centre,
    # matched the "+2" bolt at 0.71, its best fit at the search's edge; a "+3" star's (72x60
    # for 59) the "+5" star at 0.54. Only the
    # count of each value laid out refused the frames ("3 tiles read as +2 but only 2 were
    # laid out"): a wrong value the look let through, as for pieces of touching tiles. A weak
    # match of a whole blob is cut again where its taught tile fits too, and that cut decides.
    t, case, s = _redrawn_read(tmp_path, 123, index, state)
    assert case == "normal" and value in [v["value"] for v in t["heroes"]]
    assert s.right == s.tiles and s.wrong_rows == 0, s.line()


@pytest.mark.parametrize(
    "seed,index,state,row,last",
    [
        (37, 7, _pcg(7887045256126833783200692154166038476,
                     64732795793297546974204605976128113455, 2583821695, 0), "villains", None),
        (35, 56, _pcg(5140125377497279515834088537006888568,
                      109186679073071781473366830742497363635, 3658325967, 0), "heroes", 6),
    ],
)  # fmt: skip
def test_pow_1_a_tile_cut_off_its_centre_that_matches_weakly_is_cut_again(
    tmp_path, seed, index, state, row, last
):
    # Box 37 scene 7 (write_set(37, 60)), wood: a "-1" and a "-4" touching were cut 5 and 7
    # px off their centres; the "-4" matched the "-2" at 0.56 and was read so. Box 35 scene
    # 56, the cloth: the last two heroes touch, one turned 8 degrees; the "+6" mask's piece
    # lay 7 px off and matched the "+2" mask at 0.58. Only the count of each value laid out
    # refused the frames ("5 tiles read as -2 but only 4 were laid out", "3 tiles read as +2
    # but only 2"): wrong values the look let through. A weak match (under `pair_below`) is
    # cut again where the taught tile fits, and that cut decides: the "-4" at 0.86, the "+6"
    # at 0.90.
    t, case, s = _redrawn_read(tmp_path, seed, index, state)
    assert case == "normal" and -4 in [v["value"] for v in t["villains"]]
    assert last is None or t[row][-1]["value"] == last
    assert s.right == s.tiles and s.wrong_rows == 0, s.line()


@pytest.mark.parametrize(
    "box,index,state,kind,hidden",
    [
        # Fingertips the wood's colour over the top quarter of a villain "-1", 0.63.
        (38, 46, _pcg(323068615509296622534304346981646669127,
                      73905542112750272912731201832437766001, 3589457588, 1), "villain", 4),
        # A dark forearm from the top edge over the upper half of a villain "-2", 0.66.
        (40, 55, _pcg(177940539952374079058277097736662095335,
                      118888805152984412605146632254729968223, 2124441614, 0), "villain", 8),
        # A hand the wood's colour, fingertips over the lower half of a hero "+5", 0.51.
        (43, 43, _pcg(146967966948986649024973471795883280790,
                      203858437204776812338202769111852089913, 2064560024, 0), "hero", 1),
    ],
)  # fmt: skip
def test_pow_13_fingertips_that_spoil_little_of_a_tiles_print_are_refused(
    tmp_path, box, index, state, kind, hidden
):
    # Issue #7, fingers: boxes 38, 40, 43 (write_set(box, 60)) read these "ok", every row
    # right. The covered tile matched weakly (under `pair_below`) but close enough to the
    # frame's other tiles, or aligned well enough, for `weak_min_fit`: the fingers barely
    # change its print, and the mask sees no hand the table's colour. Skin over its orange or
    # blue ground is a colour the taught tile never had: 0.43-0.55 of each tile is off its
    # taught colours in hue by `cover_hue_level`, of clean tiles matched as weakly 0.25 at most.
    reason = _covered_read(tmp_path, box, index, state, kind, hidden, {"cover_hue_share": 1.0})
    assert reason == (
        f"tile {hidden} of the {kind} row is partly of a colour its taught tile never had"
        " (a hand or a die on it?)"
    ), reason


@pytest.mark.parametrize(
    "box,index,state",
    [
        (40, 1, _pcg(185171091080925470903291097012447335503,
                     118888805152984412605146632254729968223, 3855137542, 0)),
        (43, 1, _pcg(266175275344220236850851033767573078912,
                     203858437204776812338202769111852089913, 597531424, 0)),
    ],
)  # fmt: skip
def test_pow_13_a_clean_scene_of_a_box_whose_fingertips_are_refused_still_reads(
    tmp_path, box, index, state
):
    # The same boxes' clean scenes on the same wood: every tile keeps its taught colours.
    _reads_clean(tmp_path, box, index, state)


@pytest.mark.parametrize(
    "index,state,villains",
    [
        (1, _pcg(196619970767378787986288487386486260936,
                 247195768169797925530680251557922949825, 1435356701, 0),
         [-1, -3, -1, -2, -1, -1, -2]),
        (3, _pcg(197569875388869457481457770811385020991,
                 247195768169797925530680251557922949825, 752172802, 1),
         [-2, -3, -2, -3, -1, -2, -1, -1, -2]),
    ],
)  # fmt: skip
def test_pow_1_lookalikes_filled_in_other_colours_are_told_apart_by_their_fine_print(
    tmp_path, index, state, villains
):
    # Issue #7, box 69 scenes 1 and 3 (write_set(69, 60)): its villains include one mask
    # drawing as a pale yellow "-3" and a grey "-2" on one orange ground. Aligned to each and
    # compared with the light taken out over a fill's width, they differ most in that fill;
    # the tile seen (scene 1 the grey "-2", scene 3 the yellow "-3") led its own by 0.015-0.05,
    # under `detail_margin`, and no number model is learned on this box: "tile N of the
    # villain row is not recognised" (21 of its 48 clean scenes). At a stroke's width, where
    # the two print otherwise, each leads by 0.08 or more (read._fine_lean).
    t, case, s = _redrawn_read(tmp_path, 69, index, state)
    assert case == "normal" and [x["value"] for x in t["villains"]] == villains
    assert s.right == s.tiles and s.wrong_rows == 0, s.line()


def test_pow_13_a_hand_joining_a_whole_row_into_one_blob_is_no_emptied_row(tmp_path):
    # Box 116 scene 6 (write_set(116, 60); the seventeenth session's held-out end run): ten
    # heroes side by side on green felt, a hand over the last one, its arm running off the
    # frame's top edge: the row and the arm are one blob (842x397 px) whose centre lies 3.8
    # sides from the villain row, farther than a row can be from the other (`row_spacing`).
    # No hero row was seen, and the frame was read "ok" with no heroes: an emptied row. The
    # blob is judged by all its pixels, not its centre: it reaches over the hero row's place.
    from vision.tiles import TilesProfile, load_bgr, read_tiles, tiles_config

    state = _pcg(307070725510813121766909202942705382267,
                 297594994581778297328037081714046654337, 1383339409, 0)  # fmt: skip
    name, t, case = _redrawn(tmp_path, 116, 6, state)
    assert case == "hand" and t["heroes"][-1]["covered"] and len(t["heroes"]) == 10
    r = read_tiles(
        tiles_config(), TilesProfile.load(_teach(tmp_path)), load_bgr(tmp_path / "scenes" / name)
    )
    assert r.reason is not None, r


@pytest.mark.parametrize("box,index,gone", [(20, 2, "heroes"), (10, 0, "villains")])
def test_pow_13_a_row_taken_whole_beside_a_loose_taken_tile_reads_empty(
    monkeypatch, box, index, gone
):
    # The eighteenth session's hunt: scenes of boxes 10 and 20 drawn with every tile of one
    # row taken (POW-13), a player's taken tile of that row's colour lying loose well clear of
    # the other row. That tile was read as the row, one tile long, "ok": a wrong row on a
    # clean table. A row lies beside the other (POW-3, `row_spacing`): the row reads empty.
    from vision.tiles import read_tiles

    b, layout, cfg, profile = _taught(box)
    rng = np.random.default_rng([box, 18019, index])
    emptied = int(rng.integers(2))
    take, calls = ts.take, []

    def taken(r, n, count):
        kept = take(r, n, count)
        calls.append(n)
        return [] if len(calls) - 1 == emptied else kept

    monkeypatch.setattr(ts, "take", taken)
    takes = (int(rng.integers(0, 12)), int(rng.integers(0, 12)))
    extras = bool(rng.random() < 0.4)  # a player's taken tiles and dice away from the rows
    image, truth = ts.render(rng, b, layout, takes, "normal", ts.SURFACES[index % 3], extras)
    assert extras and truth[gone] == [] and truth["case"] == "normal"
    r = read_tiles(cfg, profile, image)
    want = {k: [t["value"] for t in truth[k]] for k in ("heroes", "villains")}
    assert r.reason is None, r.reason
    assert [t.value for t in r.heroes] == want["heroes"], r
    assert [t.value for t in r.villains] == want["villains"], r


def _card_the_tables_colour(tiles, cover):
    """The eighteenth session's hunt painter (`card`, `part`; the table's own colour): a card
    or a sleeve over a whole row or its first or last tiles, blended in the table's median
    colour near it (±8 %), painted before the camera. Its draws are the hunt's, in order."""

    def paint(img, rng, c, side_px):
        rng.random()  # the hunt's "other row's colour", not used by this colour
        rows = {r: [np.array(p) for rr, p in tiles if rr == r] for r in (0, 1)}
        r = int(rng.integers(2))
        row = sorted(rows[r] or rows[1 - r], key=lambda p: p[0])
        d = (row[-1] - row[0]) / np.linalg.norm(row[-1] - row[0])
        if cover == "card":
            off = rng.uniform(-0.1, 0.1) * side_px  # across the row
            mid = (row[0] + row[-1]) / 2 + np.array([-d[1], d[0]]) * off
            length = np.linalg.norm(row[-1] - row[0]) + side_px * rng.uniform(1.1, 1.6)
        else:
            k = int(rng.integers(1, len(row) + 1))
            sel = row[:k] if rng.random() < 0.5 else row[-k:]
            mid, length = (sel[0] + sel[-1]) / 2, np.linalg.norm(sel[-1] - sel[0]) + side_px * 1.2
        width = side_px * rng.uniform(1.15, 1.5)
        layer = np.zeros(img.shape[:2], np.float32)
        turn = float(np.degrees(np.arctan2(d[1], d[0])))
        box = cv2.boxPoints(((float(mid[0]), float(mid[1])), (float(length), float(width)), turn))
        cv2.fillConvexPoly(layer, np.round(box * 16).astype(np.int32), 1.0, cv2.LINE_AA, 4)
        layer = cv2.GaussianBlur(layer, (0, 0), 1.2)
        colour = np.float32(np.median(img[layer < 0.01][::37], 0))
        colour *= np.float32(rng.uniform(0.92, 1.08, 3))
        tone = 0.85 + 0.25 * cv2.GaussianBlur(layer, (0, 0), side_px * 0.4)
        img[:] = img * (1 - layer[..., None]) + (colour * tone[..., None]) * layer[..., None]

    return paint


@pytest.mark.parametrize(
    "box,index,cover,reason",
    [
        (24, 2, "card", "the hero row can't be made out (something flat the table's colour lies "
         "where it would be: covered?)"),
        (16, 23, "part", "the hero row can't be made out (something flat the table's colour lies "
         "where it would be: covered?)"),
        (3, 13, "part", "something covers the villain row after tile 6 (a card or a hand the "
         "table's colour?)"),
    ],
)  # fmt: skip
def test_pow_13_a_card_the_woods_colour_over_a_row_is_refused(
    monkeypatch, box, index, cover, reason
):
    # The eighteenth session's hunt (rows18), drawn again: on a wood with broad bands, a card
    # of the wood's colour over a whole row or its end tiles is table to the colour mask, and
    # `smooth.py` says nothing: at its fine scale this wood has too little grain. The row read
    # "ok" empty or short. The wood's coarse bands are missing under the card (flat.py).
    from vision.tiles import read_tiles, tiles_config

    b, layout, cfg, profile = _taught(box)
    rng = np.random.default_rng([box, 18018] if index == 0 else [box, 18018, index])
    assert ["skin", "dark", "white", "table", "other"][int(rng.integers(5))] == "table"
    takes = (int(rng.integers(0, 12)), int(rng.integers(0, 12)))
    surface = ts.SURFACES[int(rng.integers(3))]
    assert surface == "wood"
    state = rng.bit_generator.state
    first = np.random.default_rng(0)
    first.bit_generator.state = state
    _, bare = ts.render(first, b, layout, takes, "normal", surface, False, jpeg=False)
    tiles = [(0, t["center"]) for t in bare["heroes"]]
    tiles += [(1, t["center"]) for t in bare["villains"]]
    monkeypatch.setattr(ts, "_hand", _card_the_tables_colour(tiles, cover))
    rng.bit_generator.state = state
    image, truth = ts.render(rng, b, layout, takes, "hand", surface, False)
    want = ([t["value"] for t in truth["heroes"]], [t["value"] for t in truth["villains"]])
    blind = read_tiles(tiles_config({"flat_share": 0.0}), profile, image)
    assert blind.reason is None  # the check off: "ok", and a row wrong
    assert ([t.value for t in blind.heroes], [t.value for t in blind.villains]) != want
    r = read_tiles(cfg, profile, image)
    assert r.reason == reason, r.reason
