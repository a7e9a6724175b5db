"""Teach → read round trip on rendered scenes, emptied rows, covered tiles, profiles, config."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.vision.rng_state import pcg64_at
from tests.vision.tiles_fixtures import TEACH_SEED, profile, scene, setup_scene, values
from vision.render import tiles as render_tiles_module
from vision.render.tiles import TileSpec, render_tiles
from vision.tiles import (
    BadConfig,
    BadProfile,
    TilesProfile,
    read_tiles,
    teach,
    tiles_config,
)
from vision.tiles.describe import pair_masks, warped_margin, warped_pair
from vision.tiles.read import _fine_lean

CONFIG = tiles_config()
READ_SEEDS = range(100, 116)  # never the teach seed


def test_pow_1_teach_learns_blue_heroes_and_orange_villains():
    p = profile()
    assert p.colours.heroes[2] < 0 < p.colours.villains[2]  # b*: blue below, orange above
    assert sorted(p.values.tolist()) == sorted(
        setup_scene().laid_out[0] + setup_scene().laid_out[1]
    )
    assert 60 < p.side < 80


def test_round_trip_reads_other_scenes_exactly_or_refuses():
    """Fresh scenes (other seeds, tables, light, rows partly taken): never a wrong row."""
    assert TEACH_SEED not in READ_SEEDS
    ok = 0
    for seed in READ_SEEDS:
        s = scene(seed)
        r = read_tiles(CONFIG, profile(), s.image)
        if r.status == "ok":
            ok += 1
            assert values(r.heroes) == values(s.heroes), seed
            assert values(r.villains) == values(s.villains), seed
            for seen, truth in zip(r.heroes + r.villains, s.heroes + s.villains, strict=True):
                assert np.hypot(*np.subtract(seen.center, truth.center)) < 8
        else:
            assert r.reason
    assert ok >= 11  # the others are refused (a row in hard shadow on a same-coloured table)


def test_pow_13_partly_emptied_rows_count_only_the_tiles_left():
    s = render_tiles(
        np.random.default_rng(21), TileSpec(taken=(0.5, 0.7), surface="felt", distractors=False)
    )
    r = read_tiles(CONFIG, profile(), s.image)
    assert r.status == "ok", r.reason
    assert values(r.heroes) == values(s.heroes) and values(r.villains) == values(s.villains)
    assert len(r.heroes) < 12 and len(r.villains) < 12


@pytest.mark.parametrize("case,seed", [("hand", 31), ("hand", 32), ("die", 33), ("die", 34)])
def test_a_covered_tile_makes_the_frame_unreadable_with_a_reason(case, seed):
    s = scene(seed, case=case)
    r = read_tiles(CONFIG, profile(), s.image)
    assert r.status == "unreadable"
    assert any(w in r.reason for w in ("covers", "not recognised", "can't be made out")), r.reason
    # The covered tile is never read as a row without it: the reading is refused.
    out = r.to_json("x.png")
    assert out["status"] == "unreadable" and out["reason"] == r.reason


def test_an_empty_table_is_unreadable_not_an_ended_game():
    blank = np.full((720, 1280, 3), 120, np.uint8)
    r = read_tiles(CONFIG, profile(), blank)
    assert r.status == "unreadable" and "no tiles" in r.reason


def test_reading_json_shape():
    s = scene(100)
    out = read_tiles(CONFIG, profile(), s.image).to_json("frame.png")
    assert set(out) == {"image", "status", "reason", "heroes", "villains"}
    for t in out["heroes"] + out["villains"]:
        assert set(t) == {"value", "center"} and len(t["center"]) == 2


def test_profile_save_load_round_trip(tmp_path):
    path = tmp_path / "tiles.npz"
    profile().save(path)
    back = TilesProfile.load(path)
    assert back.values.tolist() == profile().values.tolist()
    assert np.allclose(back.templates, profile().templates)
    assert back.scales == profile().scales == tuple(CONFIG["teach_scales"])
    assert np.allclose(back.scaled, profile().scaled)
    assert back.detail.shape == (24, 3, CONFIG["detail_patch"], CONFIG["detail_patch"])
    assert np.allclose(back.detail, profile().detail)
    r1 = read_tiles(CONFIG, back, scene(101).image)
    r2 = read_tiles(CONFIG, profile(), scene(101).image)
    assert r1 == r2


def test_bad_profiles_are_refused(tmp_path):
    with pytest.raises(BadProfile, match="no such tile profile"):
        TilesProfile.load(tmp_path / "missing.npz")
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a zip")
    with pytest.raises(BadProfile, match="not a tile profile"):
        TilesProfile.load(junk)


def test_teach_refuses_counts_and_signs_that_do_not_fit():
    s = setup_scene()
    heroes, villains = s.laid_out
    with pytest.raises(BadProfile, match="shows 12 tiles but 11 values"):
        teach(CONFIG, s.image, heroes[:11], villains)
    with pytest.raises(BadProfile, match="POW-1"):
        teach(CONFIG, s.image, heroes, tuple(-v for v in villains))
    with pytest.raises(BadProfile, match="no tile rows"):
        teach(CONFIG, np.full((720, 1280, 3), 90, np.uint8), heroes, villains)


def test_pow_1_teach_refusing_its_rows_says_how_to_take_the_picture_again():
    """Something in the hero row (a block over tiles 5-7): the rows can't be read, and teach
    says what it saw and how to retake the setup picture, instead of leaving the table stuck."""
    s = setup_scene()
    img = s.image.copy()
    (x0, y0), (x1, _) = s.heroes[4].center, s.heroes[6].center
    img[int(y0 - 0.3 * s.side) : int(y0 + 0.3 * s.side), int(x0) : int(x1)] = (40, 60, 150)
    with pytest.raises(BadProfile, match="hero row.*take the setup picture again"):
        teach(CONFIG, img, *s.laid_out)


def test_config_typos_are_errors():
    with pytest.raises(BadConfig, match="min_scor"):
        tiles_config({"min_scor": 0.5})
    assert tiles_config({"min_score": 0.5})["min_score"] == 0.5


def test_pow_3_uneven_light_on_felt_is_evened_out_not_refused():
    """Seeded felt scene lit unevenly: the one-pass reader took the light for something over
    the hero row and refused; the second pass in evened-out light reads it exactly, and so
    does one pass that takes the table's dimmer side as table in shadow (`shadow_depths`)."""
    s = scene(6038, surface="felt")
    one_pass = tiles_config({"flatten_sigma": 0, "shadow_depths": ()})
    assert read_tiles(one_pass, profile(), s.image).status != "ok"
    for config in (CONFIG, tiles_config({"flatten_sigma": 0})):
        r = read_tiles(config, profile(), s.image)
        assert r.reason is None
        assert values(r.heroes) == [t.value for t in s.heroes]
        assert values(r.villains) == [t.value for t in s.villains]


def test_pow_3_a_tile_of_no_row_colour_well_clear_of_the_rows_does_not_refuse():
    """Seeded scene with a distractor tile-shaped thing a couple of sides off the rows: it was
    refused as "neither the taught blue nor orange"; now ignored like a player's stack."""
    s = scene(5013)
    r = read_tiles(CONFIG, profile(), s.image)
    assert r.reason is None
    assert values(r.heroes) == [t.value for t in s.heroes]
    assert values(r.villains) == [t.value for t in s.villains]


@pytest.mark.parametrize("seed", [7007, 7060, 7129])
def test_pow_3_a_hard_shadow_across_a_tile_still_reads(seed):
    """Seeded scenes with a hard shadow's edge across a tile: matched on raw light, its score
    fell below the bar and the frame was refused "not recognised"; with the light taken out
    of the patch (log minus blur, `shade`) the rows read exactly."""
    s = scene(seed)
    assert s.look.hard_shadow is not None
    before = read_tiles(tiles_config({"shade": 0}), profile(), s.image)
    if seed == 7007:
        # 7007's tile under the shadow's corner, cut at its turn from the outline, matches on
        # raw light too; its number, half in the shadow, refused it then ("in doubt"); with
        # the misfit judged at the value's best-fitting cut it reads right on raw light too.
        assert before.reason is None
        assert values(before.heroes) == values(s.heroes)
        assert values(before.villains) == values(s.villains)
    else:
        assert before.reason is not None and "not recognised" in before.reason
    look = tiles_config({"number_check": False, "number_rescue": False})
    for config in (CONFIG, look):
        r = read_tiles(config, profile(), s.image)
        assert r.reason is None
        assert values(r.heroes) == values(s.heroes) and values(r.villains) == values(s.villains)
    # (7007 was a loss with the number check on before the turn came from the outline: the
    # "-2" of villain tile 3 fit the "-1" glyph better by 0.06-0.11 in both re-reads.)


def test_a_profile_taught_before_the_scaled_cuts_still_reads():
    # Profiles saved before teach also cut each tile smaller and larger have no `scaled`, nor
    # (before it cut them at the frame's resolution) `detail`.
    from dataclasses import replace

    old = replace(profile(), scaled=None, scales=(), detail=None)
    s = scene(103)
    r = read_tiles(CONFIG, old, s.image)
    assert r.status == "ok", r.reason
    assert [t.value for t in r.heroes] == [t.value for t in s.heroes]
    assert [t.value for t in r.villains] == [t.value for t in s.villains]


def test_pow_13_a_tile_a_wood_coloured_hand_hides_nearly_whole_is_refused():
    """Seeded scene 9047 (wood, a hand the wood's colour reaching down a shadow's band over the
    villain row's first tile): the mask calls the hand table, and the tile under it shows only
    as specks at its edges and below the fingers, each too small for a blob. Read without
    adding the specks up, the villain row came out a tile short and "ok"; together they cover a
    tile's place, so the frame is refused. (The hand's lack of the wood's grain, by the median
    texture, refuses it too: both are off for `blind`.) Seed 9445 showed this until the evened
    light's k-means started from the first pass's groups (issue #7): its hidden tile's sliver
    then joined into a blob that can't be made out, with both checks off."""
    s = render_tiles(np.random.default_rng(9047), TileSpec(case="hand", surface="wood"))
    assert s.reason == "hand" and s.villains[0].covered
    blind = tiles_config({"min_hidden_area": 99.0, "min_texture_median_share": 0.0})
    r = read_tiles(blind, profile(), s.image)
    assert r.status == "ok" and len(r.villains) == len(s.villains) - 1
    r = read_tiles(tiles_config({"min_texture_median_share": 0.0}), profile(), s.image)
    assert r.reason == "something covers the villain row before tile 1 (a hand, a die?)"
    r = read_tiles(tiles_config({"min_hidden_area": 99.0}), profile(), s.image)
    assert r.reason == "something covers the villain row before tile 1 (a hand the table's colour?)"


def test_pow_13_a_hand_over_a_row_s_end_tile_is_refused():
    """Own tile seed 252728 covered scene 38 (the eighth session's held-out end): a hand over
    the first tile of the villain row on a planked wood too fine for the texture check, its
    arm darker than the wood (shadowed table to the mask). What shows of the tile are specks
    along its edges and between the fingers, most of them past the middle band of the row's
    line, where the specks were counted: 0.088 of a tile, short of `min_hidden_area`, and the
    row read a tile short, "ok" (issue #7). Counted out to a turned tile's edge
    (`speck_band`), they hold 0.13 of a tile."""
    state = (17702032720317422743899764375406454314, 301189483180610240873776082084944914445)
    s = render_tiles(pcg64_at(*state, 1, 161841001), TileSpec(case="hand"))
    assert s.reason == "hand" and s.villains[0].covered
    r = read_tiles(tiles_config({"speck_band": 0.45}), profile(), s.image)
    assert r.status == "ok" and len(r.villains) == len(s.villains) - 1  # the wrong row
    r = read_tiles(tiles_config(), profile(), s.image)
    assert r.reason == "something covers the villain row before tile 1 (a hand, a die?)"


@pytest.mark.xfail(
    strict=True,
    reason="known wrong row, not fixed (vision-log, eighteenth session, lead): a wood-coloured "
    "arm over a middle villain tile in a shadow's band reads 'ok' a tile short",
)
def test_pow_13_a_hand_the_woods_colour_over_a_tile_in_a_shadows_band_is_refused():
    """Own tile seed 646567 covered scene 30 (the eighteenth session's held-out end; the
    session's start code reads it the same): a hand the wood's colour over the second villain
    tile, inside a hard shadow's band, its arm running off the frame's bottom edge. The mask
    takes the arm for table in shadow; slivers of the tile show at the fingers' tips. The
    villain row read "ok" a tile short. The checks it passes sit near their bars: its specks
    hold under `min_hidden_area` (0.1 of a tile; refused at 0.05), and the lone smooth place
    it makes shows more grain than `lone_texture_median_share` (0.15; refused at 0.3, the
    bar the wood's bright crests need, boxes 30 #1, 54 #49, 89 #40). This test fails (xfail,
    strict) until a change refuses the scene; then it passes and the mark must go."""
    state = (148641742753079906149995714402858186872, 249974990792596500532880110358290864569)
    s = render_tiles(pcg64_at(*state, 0, 25252233), TileSpec(case="hand"))
    assert s.reason == "hand" and s.villains[1].covered
    r = read_tiles(tiles_config(), profile(), s.image)
    assert r.status != "ok", [t.value for t in r.villains]


@pytest.mark.parametrize("seed", [9225, 9276])
def test_pow_13_a_tile_a_hand_the_woods_colour_hides_whole_is_refused(seed):
    """Seeded scenes on wood with a hand the wood's colour over a tile: the colour mask calls
    the hand table and no speck of the tile shows, so without the texture check the villain
    row read a tile short and "ok". The hand shows none of the wood's grain: refused. (Seed
    9225's tile shows specks at its edge, counted out to `speck_band`: off for `blind`.)"""
    s = render_tiles(np.random.default_rng(seed), TileSpec(case="hand", surface="wood"))
    assert s.reason == "hand"
    blind = tiles_config({"min_texture_share": 0.0, "speck_band": 0.45})
    blind = read_tiles(blind, profile(), s.image)
    assert blind.status == "ok" and len(blind.villains) == len(s.villains) - 1
    r = read_tiles(CONFIG, profile(), s.image)
    assert r.reason is not None and "something covers the villain row" in r.reason, r.reason


@pytest.mark.parametrize("seed,where", [(9101, "after tile 9")])
def test_pow_13_a_hand_the_woods_colour_with_its_fingers_in_the_window_is_refused(seed, where):
    """Seeded scenes on wood, a hand the wood's colour hiding a villain tile whole (the last
    of 10; the first of 12). The window over the hidden tile's place holds the hand's outline,
    its fingers' gaps or the tile's sliver: edges, which raised the window's mean contrast to
    0.55-3.3 of the table's, so the row was read a tile short and "ok". Its median, which a
    grain holds up everywhere and a few edges do not, fell to 0.09-0.16 of the table's."""
    s = render_tiles(np.random.default_rng(seed), TileSpec(case="hand", surface="wood"))
    assert s.reason == "hand"
    mean_only = tiles_config({"min_texture_median_share": 0.0})
    blind = read_tiles(mean_only, profile(), s.image)
    assert blind.status == "ok" and len(blind.villains) == len(s.villains) - 1
    r = read_tiles(CONFIG, profile(), s.image)
    assert r.reason == f"something covers the villain row {where} (a hand the table's colour?)"


def test_pow_13_a_hand_the_woods_colour_past_a_rows_end_is_within_its_reach():
    """Seed 9133, the scene above's other: the hand hides the first of 12 villains, and what the
    mask sees of it lay past where the row could reach at the pitch its gaps fit best; only the
    texture's median caught it. At the longest pitch they allow (rows._pitch) it lies within,
    and the hand is seen as such with both texture checks off."""
    s = render_tiles(np.random.default_rng(9133), TileSpec(case="hand", surface="wood"))
    assert s.reason == "hand" and s.villains[0].covered
    blind = tiles_config({"min_texture_median_share": 0.0, "min_texture_share": 0.0})
    r = read_tiles(blind, profile(), s.image)
    assert r.reason == "something covers the villain row before tile 1 (a hand, a die?)", r


def test_pow_1_a_tile_of_its_rows_colour_only_in_the_frames_balance_needs_a_close_match():
    # A die on a tile mixes its colour with the tile's as a large drawing does, so a tile
    # admitted by the frame's own white balance (rows.in_frame_balance) is trusted only on a
    # close match (`pair_below`); a tile of the row's colour as seen keeps the usual bar.
    from vision.tiles.find import Blob
    from vision.tiles.read import TileSeen, _trusted
    from vision.tiles.rows import Rows

    def tile(x):
        return Blob((x, 100.0), (70.0, 70.0), 0.0, 4900.0, 1.0, 1.0, (50.0, 0.0, -30.0),
                    np.zeros((1, 2), np.float32))  # fmt: skip

    a, b = tile(100.0), tile(200.0)
    rows = Rows((a, b), (), 70.0, None, (), recoloured=(b,))
    loose = CONFIG["pair_below"] - 0.1
    assert _trusted(CONFIG, rows, a, TileSeen(4, a.center, loose)).value == 4
    refused = _trusted(CONFIG, rows, b, TileSeen(4, b.center, loose))
    assert refused.value is None and "off its row's colour" in refused.doubt
    assert _trusted(CONFIG, rows, b, TileSeen(4, b.center, CONFIG["pair_below"] + 0.1)).value == 4


def _own_scene(state: int, uinteger: int):
    """An own rendered scene drawn again from the generator's state just before it (seed
    112358's, `vision.tiles.evaluate --seed 112358`: drawing the scenes before it takes
    seconds each)."""
    rng = pcg64_at(state, 278892092281380779377876574382296848795, 1, uinteger)
    return render_tiles(rng, TileSpec())


def _own_read(state: int, uinteger: int):
    """`_own_scene` and its reading with the default settings, taught as `vision.tiles.evaluate`
    teaches (render seed 7)."""
    from vision.tiles.evaluate import taught_on_render

    s = _own_scene(state, uinteger)
    config = tiles_config()
    return read_tiles(config, taught_on_render(config, 7), s.image), s


def test_pow_3_the_light_checks_of_a_gingham_of_the_heroes_colour_are_no_tile():
    # Own tile seed 112358 scene 170 (taught on render seed 7): a blue gingham in a hard
    # shadow; its light checks a side above the hero row are tile-shaped blobs of the
    # heroes' colour, and the frame was refused "a hero tile lies out of its row". Blank
    # (brightness spread 0.9-1.0 against the row's tiles' 27-58), they are the table.
    r, s = _own_read(334716132423755008094894356293058347865, 2058611682)
    assert r.reason is None
    assert values(r.villains) == values(s.villains) and values(r.heroes) == values(s.heroes)


def test_pow_1_a_tile_whose_red_the_sensor_clipped_is_matched_on_its_other_channels():
    # Own tile seed 112358 scene 11 (`vision.tiles.evaluate --seed 112358`, taught on render
    # seed 7): orange villains in a bright light, red at the sensor's top over 0.68-0.75 of
    # their cuts. Matched on all three channels a "-1" scored 0.54 (the flat red takes a third
    # off every correlation) and the frame was refused ("tile 9 of the villain row is not
    # recognised"). Matched on green and blue it reads -1; nothing is read wrong.
    from vision.tiles.evaluate import taught_on_render

    r, s = _own_read(27267699269906767884326439095958985462, 4026065294)
    assert r.reason is None
    assert values(r.villains) == values(s.villains) and values(r.heroes) == values(s.heroes)
    taught = taught_on_render(tiles_config(), 7)
    r_off = read_tiles(tiles_config({"clip_share": 1.0}), taught, s.image)
    assert r_off.reason == "tile 9 of the villain row is not recognised (covered or turned?)"


# Own tile scenes of the held-out seeds 141516 (scenes 34, 54) and 135246 (scene 80), drawn
# again from the generator's state just before each (`vision.tiles.evaluate --seed S`).
_FAINT_PATCHES = {
    "141516 #34 red gingham's light check": (
        (20111028639483018778059668412501732005, 217691912992027032020256152398304234919),
        (1, 1959150746),
    ),
    "141516 #54 a blue cloth's bright middle": (
        (269786162618520342843527892948804653078, 217691912992027032020256152398304234919),
        (1, 1765689185),
    ),
    "135246 #80 blue gingham in a shadow": (
        (289113737681753852665834825174928182452, 190948297433275297546412409054721434111),
        (0, 816558679),
    ),
}

_FAINT_PATCHES_SINCE_TABLE = (
    "141516 #34 red gingham's light check",
    "141516 #54 a blue cloth's bright middle",
)


@pytest.mark.parametrize("name", sorted(_FAINT_PATCHES))
def test_pow_3_a_light_patch_of_the_table_in_a_row_s_gap_covers_no_tile(name):
    # In each, where tiles were taken from a row, a patch of the table the border band never
    # saw (0.1-0.2 of a tile: a light check, a cloth brighter in the middle) is "not table"
    # only just (its 90th percentile at 1.01-1.08 of the threshold), and the clean rows were
    # refused "something covers …" / "a tile … can't be made out". A patch no pixel of which
    # lies clearly off the table (`faint_clear`, `faint_share`) covers nothing (issue #7).
    from vision.tiles.evaluate import taught_on_render

    (state, inc), (has_uint32, uinteger) = _FAINT_PATCHES[name]
    s = render_tiles(pcg64_at(state, inc, has_uint32, uinteger), TileSpec())
    taught = taught_on_render(tiles_config(), 7)
    r = read_tiles(tiles_config(), taught, s.image)
    assert r.reason is None
    assert values(r.villains) == values(s.villains) and values(r.heroes) == values(s.heroes)
    if name in _FAINT_PATCHES_SINCE_TABLE:
        # Since the evened light's k-means starts from the first pass's groups (issue #7),
        # these two patches are table outright: they read right with the check off too.
        return
    off = read_tiles(tiles_config({"faint_share": 0.0}), taught, s.image)
    assert off.reason is not None and ("covers" in off.reason or "made out" in off.reason)


def test_pow_13_a_tile_the_warp_lays_astray_is_judged_as_cut_for_its_colours(monkeypatch):
    # Own tile seed 192021 scene 163 (the seventh session's held-out start): a defocused
    # villain "-3" across a hard shadow's edge on laminate, matched weakly (0.66). Its aligned
    # warp went astray, so the taught colours were laid over the wrong parts of it: 0.31 "off
    # its taught colours" (`cover_hue_share` 0.3), and the clean frame was refused as covered.
    # As cut it is 0.00 off; a hand is off its colours both ways (issue #7).
    from vision.tiles import read as tiles_read
    from vision.tiles.evaluate import taught_on_render

    shares = []

    def measured(seen, template, level):
        shares.append(share := off_colour_share(seen, template, level))
        return share

    off_colour_share = tiles_read.off_colour_share
    monkeypatch.setattr(tiles_read, "off_colour_share", measured)
    state = (287119129341550570495073099398656609570, 213107349840399405474783790494862964821)
    s = render_tiles(pcg64_at(*state, 0, 2994925470), TileSpec())
    r = read_tiles(tiles_config(), taught_on_render(tiles_config(), 7), s.image)
    assert r.reason is None
    assert values(r.villains) == values(s.villains) and values(r.heroes) == values(s.heroes)
    assert max(shares) > tiles_config()["cover_hue_share"]  # as warped: the cause
    assert shares[-1] < 0.05  # the same tile as cut


def test_pow_13_a_die_over_a_tile_s_drawing_is_refused_though_its_number_reads():
    # Own tile seed 232526 covered scene 5 (the eighth session's held-out start): a die over
    # the drawing of a villain "-2", its number clear. The look left the "-2" close to a
    # lookalike (0.42), the printed number named it, and the frame was read "ok" with a die
    # on a tile. A close look the number may settle is judged for what lies on it, as a
    # matched one is: aligned onto its taught tile it fits in part only (issue #7).
    from vision.tiles.evaluate import taught_on_render

    state = (298375624164309429423698965427104309671, 297552128177244158152949364822297407789)
    s = render_tiles(pcg64_at(*state, 1, 156232816), TileSpec(case="die"))
    assert [t.covered for t in s.villains].count(True) == 1
    r = read_tiles(tiles_config(), taught_on_render(tiles_config(), 7), s.image)
    why = "tile 6 of the villain row is partly unlike its taught tile (a hand or a die on it?)"
    assert r.reason == why


def _mask_tile(fill, number: int) -> np.ndarray:
    """A 3×64×64 orange tile with a capsule mask filled `fill` (BGR) and a light "-1" or "-7"
    above it: one drawing, its fill and its number told apart (foreign box 69's masks)."""
    t = np.full((64, 64, 3), (40, 110, 225), np.float32)
    cv2.ellipse(t, (32, 38), (22, 9), 0, 0, 360, fill, -1)
    cv2.ellipse(t, (32, 38), (22, 9), 0, 0, 360, (30, 30, 30), 2)
    for x in (25, 39):
        cv2.circle(t, (x, 38), 3, (30, 30, 30), -1)
    light = (240, 240, 240)
    cv2.line(t, (24, 12), (28, 12), light, 2)
    if number == 1:
        cv2.line(t, (34, 7), (34, 17), light, 2)
    else:
        cv2.line(t, (31, 7), (38, 7), light, 2)
        cv2.line(t, (38, 7), (33, 17), light, 2)
    return np.ascontiguousarray(t.transpose(2, 0, 1))


def _seen_warped(tile: np.ndarray, taught, seed: int):
    """`tile` as a frame shows it (a little larger, turned, off centre, blurred, noisy, in an
    80 px cut), warped onto each of the two `taught` tiles."""
    rng = np.random.default_rng(seed)
    m = cv2.getRotationMatrix2D((32, 32), rng.uniform(-3, 3), rng.uniform(0.96, 1.05))
    m[:, 2] += 8 + rng.uniform(-2, 2, 2)
    hwc = cv2.warpAffine(np.ascontiguousarray(tile.transpose(1, 2, 0)), m, (80, 80),
                         borderMode=cv2.BORDER_REPLICATE)  # fmt: skip
    hwc = cv2.GaussianBlur(hwc, (0, 0), 0.8) + rng.normal(0, 3, hwc.shape).astype(np.float32)
    return warped_pair(np.ascontiguousarray(np.clip(hwc, 0, 255).transpose(2, 0, 1)), *taught)


_YELLOW, _GREY = (140, 225, 235), (185, 190, 180)


@pytest.mark.parametrize("seed", range(3))
def test_pow_1_lookalikes_the_aligned_cuts_leave_close_are_told_by_their_fine_print(seed):
    # Issue #7, foreign box 69: one mask drawing, a "-3" filled pale yellow and a "-2" grey.
    # Aligned and compared with the light taken out at `shade` (a blur wider than the fill),
    # the grey one seen leads by under `detail_margin`; at a stroke's width, where the two
    # print otherwise (its number), it leads clearly, the way the aligned cuts lean.
    taught = (_mask_tile(_YELLOW, 1), _mask_tile(_GREY, 7))
    shade, fine = 12.8, CONFIG["detail_number_fine"]
    warped = _seen_warped(taught[1], taught, seed)
    margin, fit = warped_margin(warped, taught, shade, pair_masks(*taught, shade, 0.85))
    assert -CONFIG["detail_margin"] < margin < 0 and fit > CONFIG["detail_min_fit"]
    masks = pair_masks(*taught, fine, CONFIG["detail_fine_quantile"])
    assert _fine_lean(CONFIG, taught, masks, warped, margin) == -1


def test_the_fine_print_decides_only_the_way_the_aligned_cuts_lean():
    # Two ways of seeing the tile must agree: the fine print never overturns the aligned
    # cuts' lean (a wrong row is worse than asking), and `detail_fine_margin` 2 turns it off.
    taught = (_mask_tile(_YELLOW, 1), _mask_tile(_GREY, 7))
    warped = _seen_warped(taught[1], taught, 0)
    masks = pair_masks(*taught, CONFIG["detail_number_fine"], CONFIG["detail_fine_quantile"])
    assert _fine_lean(CONFIG, taught, masks, warped, -0.03) == -1
    assert _fine_lean(CONFIG, taught, masks, warped, +0.03) == 0
    off = tiles_config({"detail_fine_margin": 2.0})
    assert _fine_lean(off, taught, masks, warped, -0.03) == 0


def test_pow_13_an_arm_over_a_row_s_end_tile_and_its_neighbour_is_refused(monkeypatch):
    """A drawn cover hunt (the eighteenth session, own seed 271828 scene 9): an arm the wood's
    colour, the mask's table, across three quarters of the villain row's end "-4" and a
    quarter of the "-2" beside it. The "-2" was cut 62 px wide, its centre 9 px off its own,
    so its gap to the next was 76 px where the others were 88-94; the pitch that fits every gap
    best (85.8 px) fell short of the 90 laid, and the "-4"'s sliver lay 7 px past where the
    row could reach: read "ok" a tile short. The reach now takes the longest pitch the gaps
    allow (rows._pitch)."""

    def arm(img, rng, c, side, size):
        layer = np.zeros(img.shape[:2], np.float32)
        cv2.line(layer, (94, -60), (246, 780), 1.0, 91, cv2.LINE_AA)
        layer = cv2.GaussianBlur(layer, (0, 0), 1.2)
        tone = 0.85 + 0.25 * cv2.GaussianBlur(layer, (0, 0), side * 0.4)
        skin = np.float32([55, 75, 115]) * tone[..., None]
        img[:] = img * (1 - layer[..., None]) + skin * layer[..., None]
        # The draws the hunt's painter made, so that the camera's draws after it are the same.
        rng.random(), rng.integers(2), rng.integers(10), rng.uniform(), rng.uniform()
        rng.integers(4)

    monkeypatch.setattr(render_tiles_module, "_hand_across", arm)
    rng = np.random.default_rng([271828, 18018, 9])
    rng.integers(5)
    s = render_tiles(rng, TileSpec(taken=(0.0, 0.8), case="hand"))
    assert [t.value for t in s.villains][:2] == [-4, -2] and s.villains[0].center[0] < 160
    r = read_tiles(CONFIG, profile(), s.image)
    assert r.reason == (
        "a tile of the villain row before tile 1 can't be made out (half covered, in shadow, or "
        "too close to the table's colour?)"
    ), r
