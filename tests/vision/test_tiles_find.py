"""Finding tiles: the tile side a frame's blobs give, measured against the rendered truth."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.vision.tiles_fixtures import scene
from vision.tiles import find, tiles_config
from vision.tiles.find import Blob, _median_lab, clean, find_blobs, is_tile_shape, lab_of

CONFIG = tiles_config()


@pytest.mark.parametrize("seed", [7369, 7451])
def test_tile_side_is_measured_on_single_tiles_not_on_a_bent_merged_row(seed):
    """Seeded scenes whose rows merge into long blobs that bend: their boxes' short sides put
    the side 15-17 % over the truth, when most frames are about 5 % over (shadow and edge);
    measured again on the single squares after cutting, it stays within 10 %."""
    s = scene(seed)
    side = find_blobs(CONFIG, s.image).side
    assert side is not None
    assert 0.97 < side / s.side < 1.10


def test_a_coin_filling_its_box_like_a_square_is_not_a_tile():
    """Measured on the benchmark's scene 113: a blurred coin with its shadow filled its box
    (0.88) and its hull (0.85) like a tile and was read as the villain row's first tile; it
    fills its enclosing circle (0.94) as no tile does (at most 0.75 over 558 tiles)."""
    side = 68.0

    def blob(size, area, fill, hull_fill, roundness):
        return Blob(
            center=(78.0, 294.0), size=size, angle=0.0, area=area * side * side, fill=fill,
            hull_fill=hull_fill, colour=(55.0, 20.0, 40.0), pixels=np.zeros((1, 2), np.float32),
            roundness=roundness,
        )  # fmt: skip

    coin = blob((54.0, 54.0), 0.56, fill=0.88, hull_fill=0.85, roundness=0.94)
    assert is_tile_shape(CONFIG, coin, side) == 0
    square = blob((66.0, 67.0), 0.95, fill=0.97, hull_fill=0.96, roundness=0.66)
    assert is_tile_shape(CONFIG, square, side) == 1


def test_pow_13_every_part_of_a_large_blob_keeps_its_share_of_pixels():
    """A blob as long as the table (a shadow's band with a tile in it) kept 400 pixels in all,
    row-major, so a tile-sized part of it had one sample or none and a tile in the band was
    not seen over its row (a row read one tile short). Its pixels are now an even grid."""
    frame = np.full((720, 1280, 3), (60, 120, 60), np.uint8)
    frame[300:500, 40:1240] = (20, 20, 200)  # a band (too wide to be cut into tiles)
    frame[100:170, 300:370] = (200, 120, 40)  # tiles, so the frame has a tile side
    frame[100:170, 500:570] = (200, 120, 40)
    found = find_blobs(CONFIG, frame)
    band = max(found.blobs, key=lambda b: b.area)
    assert band.area > 40 * 70 * 70
    # Every tile-sized part of the band holds its share of the samples (within a quarter).
    share = len(band.pixels) * (70 * 70) / band.area
    for x in range(60, 1160, 70):
        for y in range(310, 420, 70):
            inside = (np.abs(band.pixels - (x + 35, y + 35)) < 35).all(1)
            assert inside.sum() > 0.75 * share


def test_pieces_cut_from_a_blob_that_is_not_all_tiles_are_no_tiles():
    """An arm reaching over a tile is a tile wide: cut into tile-long pieces, the piece with
    the tile under the fingers looked like a tile of the row. When any piece of a cut blob is
    no tile, none of its pieces is."""

    def piece(part_of: int) -> Blob:
        return Blob((0.0, 0.0), (68.0, 68.0), 0.0, 4600.0, 1.0, 1.0, (55.0, 20.0, 40.0),
                    np.zeros((1, 2), np.float32), 0.66, part_of)  # fmt: skip

    blobs = [piece(-1), piece(3), piece(3), piece(5), piece(5)]
    assert clean(blobs, [True, True, False, True, True]) == [True, False, False, True, True]


def _row_frame(offsets: list[int], side: int = 60, gap: int = 1) -> np.ndarray:
    """A light cloth with one row of blue tiles `gap` px apart, each moved up or down by its
    offset (a row laid by hand bends): BGR uint8, 1280×720."""
    import cv2

    frame = np.full((720, 1280, 3), (205, 215, 220), np.uint8)
    x = 250
    for dy in offsets:
        cv2.rectangle(frame, (x, 330 + dy), (x + side - 1, 330 + dy + side - 1), (200, 120, 30), -1)
        x += side + gap
    return frame


def test_pow_3_a_bent_row_of_nearly_touching_tiles_is_cut_into_as_many_tiles():
    # Foreign box 8: 12 heroes nearly touching on a light cloth merge into one blob whose box
    # a bent row makes taller than a tile; that height taken for the side cut them into 11,
    # and teach was refused ("the hero row shows 11 tiles").
    offsets = [0, 6, -6, 3, -3, 6, 0, -6, 6, -2, 3, 0]  # the old code: 10 tiles
    found = find_blobs(tiles_config(), _row_frame(offsets))
    tiles = [b for b in found.blobs if abs(b.center[1] - 360) < 30]
    assert len(tiles) == 12
    assert abs(found.side - 60) < 3
    xs = sorted(b.center[0] for b in tiles)
    assert np.allclose(np.diff(xs), 61, atol=3)


def _run(tiles: int, length: float, dip: float, level: float = 39.0) -> np.ndarray:
    """A run's thickness profile (working px along it): `tiles` tiles edge to edge over
    `length` px, thinned by `dip` of `level` for 3 px where each two meet (rounded corners)."""
    run = np.full(int(round(length)), level)
    for k in range(1, tiles):
        at = int(round(k * length / tiles))
        run[at - 1 : at + 2] = level * (1 - dip)
    return run


def test_pow_3_touching_tiles_seen_larger_than_the_side_are_counted_by_their_gaps():
    # Foreign box 37 scene 55: five heroes edge to edge, 39-40 working px each where the
    # frame's side (its villains) is 35: 5.6 sides, cut into six pieces, none a tile. The
    # thickness dips where they meet (34-36 of 39); six pieces' cuts miss the dips.
    run = _run(5, 5.6 * 35, 0.12)
    assert find._count(run, 35.0, CONFIG) == 5
    # Switched off (a margin beyond reach), the length rounded as before.
    assert find._count(run, 35.0, tiles_config({"cut_gap_margin": 1.0})) == 6


def test_pow_3_a_run_with_no_gaps_is_counted_by_its_length():
    # Tiles truly edge to edge (no dips), or dips too shallow to tell: the length rounded.
    assert find._count(_run(5, 5.6 * 35, 0.0), 35.0, CONFIG) == 6
    assert find._count(_run(5, 5.6 * 35, 0.03), 35.0, CONFIG) == 6
    assert find._count(_run(6, 6.3 * 35, 0.1), 35.0, CONFIG) == 6
    # One tile fewer only while its pieces stay within `cut_gap_lengths` of a side.
    assert find._count(_run(2, 2.6 * 35, 0.3), 35.0, CONFIG) == 3


def test_a_blob_colour_is_the_median_of_its_lab_pixels_exactly():
    """The blob colour's shortcut (`_median_lab`: a partial sort of the 8-bit Lab, only the
    middle pixels converted) must give the very numbers np.median of the float Lab gives, for
    odd and even counts and narrow or wide spreads: the tile colours and rows (POW-3) hang on
    them, and the speed-up (issue #7) may change no reading."""
    rng = np.random.default_rng(577)
    for _ in range(2000):
        n = int(rng.integers(1, 900))
        lo = int(rng.integers(0, 200))
        pixels = rng.integers(lo, min(256, lo + int(rng.integers(1, 60))), (n, 3)).astype(np.uint8)
        want = np.median(lab_of(pixels), axis=0)
        got = _median_lab(pixels)
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got, want)


def test_the_weighted_lab_by_lookup_is_the_formulas_to_the_bit():
    """Issue #7 (time): the band's colours reach the k-means as weighted Lab through a lookup
    of every 8-bit value (`_weighted_lab`), converted as one row; the bins' from a table
    weighted once (`_bin_lab_weighted`). The table colours and every distance hang on them:
    they must be the very float32 numbers of converting each pixel alone and weighting it,
    for every value of each channel and any lightness weight."""
    rng = np.random.default_rng(7027)
    every = np.arange(256, dtype=np.uint8)
    pixels = np.concatenate(
        [np.stack([every, every[::-1], np.roll(every, 85)], 1),
         rng.integers(0, 256, (20000, 3)).astype(np.uint8)]
    )  # fmt: skip
    present = np.flatnonzero(rng.random(find._BINS) < 0.1)
    for wl in (CONFIG["lightness_weight"], 0.3, 1.0, 2.0 / 3.0):
        per_pixel = cv2.cvtColor(pixels.reshape(-1, 1, 3), cv2.COLOR_BGR2LAB)
        want = find._weighted(find._lab8_float(per_pixel), wl).reshape(-1, 3)
        got = find._weighted_lab(pixels, wl)
        assert got.dtype == np.float32
        np.testing.assert_array_equal(got, want)
        np.testing.assert_array_equal(
            find._bin_lab_weighted(float(wl)).take(present, axis=0),
            find._weighted(find._bin_lab()[present], wl),
        )


def _pale_cloth(glare: float) -> np.ndarray:
    """A 720×1280 pale pink gingham (BGR), its middle lit `glare` times brighter than its edge."""
    y, x = np.mgrid[0:720, 0:1280]
    lines = ((x // 40) % 4 == 0).astype(np.float32) + ((y // 40) % 4 == 0)
    base = np.float32([236, 226, 248]) - lines[..., None] * np.float32([22, 30, 12])
    light = 1 + (glare - 1) * np.exp(-(((x - 640) / 260.0) ** 2 + ((y - 360) / 160.0) ** 2))
    return np.clip(base * light[..., None], 0, 255).astype(np.uint8)


def test_pow_3_a_pale_cloth_driven_into_the_sensors_top_is_table():
    # Foreign boxes 2, 3, 4, 6, 7, 9, 10 (tile_scenes, a pale cloth): where the light is
    # brighter than at the frame's edge, the palest checks clip at 255, lose their tint, and
    # were "not table" over the rows ("something covers the hero row"). A table colour
    # brightened and clipped is table (`glare_gains`).
    from vision.tiles.find import foreground

    frame = _pale_cloth(1.3)
    assert (frame.max(-1) == 255).mean() > 0.02  # the glare is there
    mask, _ = foreground(tiles_config(), frame)
    assert (mask > 0).mean() < 0.001
    before, _ = foreground(tiles_config({"glare_gains": ()}), frame)
    assert (before > 0).mean() > 0.01


def test_a_white_card_in_the_glare_below_the_sensors_top_is_still_not_table():
    # Only a pixel at the sensor's top may be the table brightened: a near-white card
    # (247 on every channel) is what the pale checks brightened by 1.1-1.3 would look like
    # had they kept their tint, and it stays apart, as it does with any pixel allowed.
    from vision.tiles.find import foreground

    frame = _pale_cloth(1.3)
    frame[330:390, 610:670] = 247
    mask, _ = foreground(tiles_config(), frame)
    assert (mask[165:195, 305:335] > 0).mean() > 0.9  # the working scale is 0.5
    anywhere, _ = foreground(tiles_config({"glare_level": 0}), frame)
    assert (anywhere[165:195, 305:335] > 0).mean() < 0.1


def test_a_light_blue_tile_clipped_in_its_blue_on_a_blue_cloth_in_the_glare_stays_apart():
    # Own seeds 271828 #198, 141421 #84: a saturated tile at the top in one channel keeps its
    # tint in the others; taken for the blue table brightened, its rim was lost and the tile
    # read faint. Only a pale pixel (every channel >= `glare_pale`) may be the table's glare.
    from vision.tiles.find import foreground

    y, x = np.mgrid[0:720, 0:1280]
    lines = ((x // 40) % 4 == 0).astype(np.float32) + ((y // 40) % 4 == 0)
    base = np.float32([190, 120, 60]) - lines[..., None] * np.float32([20, 15, 10])
    light = 1 + 0.3 * np.exp(-(((x - 640) / 260.0) ** 2 + ((y - 360) / 160.0) ** 2))
    frame = np.clip(base * light[..., None], 0, 255).astype(np.uint8)
    frame[330:390, 610:670] = (255, 170, 90)  # a light-blue tile, its blue at the top
    mask, _ = foreground(tiles_config(), frame)
    assert (mask[165:195, 305:335] > 0).mean() > 0.9  # the working scale is 0.5
    any_pixel, _ = foreground(tiles_config({"glare_pale": 0}), frame)
    assert (any_pixel[165:195, 305:335] > 0).mean() < 0.1


def _nearest2_direct(x: np.ndarray, centres: np.ndarray) -> np.ndarray:
    """The squared distance to the nearest centre as first written: one broadcast, one
    reduction over the centres."""
    return ((x * x).sum(1)[:, None] - 2 * x @ centres.T + (centres**2).sum(1)).min(1)


def test_the_nearest_table_colour_is_the_direct_formulas_to_the_bit():
    """Issue #7 (time): `_nearest2` lays the distances out centre by centre, for speed; every
    table, shadow and glare test of the mask hangs on them, so they must be the very float32
    numbers the direct formula gives, for any count of colours and centres."""
    rng = np.random.default_rng(7007)
    for _ in range(400):
        n, k = int(rng.integers(1, 5000)), int(rng.integers(1, 30))
        x = (rng.normal(size=(n, 3)) * rng.uniform(1, 60) + rng.uniform(-30, 60)).astype(np.float32)
        centres = (rng.normal(size=(k, 3)) * rng.uniform(1, 60)).astype(np.float32)
        got = find._nearest2(x, centres)
        assert got.dtype == np.float32
        np.testing.assert_array_equal(got, _nearest2_direct(x, centres))


def test_the_bands_90th_percentile_is_numpys_to_the_bit():
    """Issue #7 (time): the table's spread is the 90th percentile of the band's distances to
    its colours, from a partial sort of the two values it lies between; every threshold of
    the mask hangs on it, so it must be the very float32 number `np.percentile` gives, for
    any length (odd and even, a single value) and for ties (whole numbers)."""
    rng = np.random.default_rng(7031)
    for i in range(3000):
        n = i // 20 + 1 if i < 800 else int(rng.integers(1, 6000))  # every short length too
        x = (rng.random(n) * rng.choice([1.0, 50.0, 1e4])).astype(np.float32)
        if i % 3 == 0:
            x = np.round(x)
        want = np.percentile(x, 90)
        got = find._percentile90(x)
        assert isinstance(got, float)
        assert got == float(want), (n, got, want)


def test_the_finders_medians_are_numpys_to_the_bit():
    """Issue #7 (time): the level the table's light is evened to (float32), the tile side and
    a merged row's thickness (float64) are medians from a partial sort; every evened pixel and
    cut hangs on them, so each must be the very number `np.median` gives, for odd and even
    lengths and ties, in either type."""
    rng = np.random.default_rng(7037)
    for i in range(3000):
        n = i // 20 + 1 if i < 800 else int(rng.integers(1, 5000))  # every short length too
        x = rng.random(n) * rng.choice([1.0, 300.0, 1e5])
        if i % 3 == 0:
            x = np.round(x)
        for typed in (x.astype(np.float32), x):
            got = find._median(typed)
            assert isinstance(got, float) and got == float(np.median(typed)), (n, typed.dtype)


def _typical_side_one_by_one(sides: list[float]) -> float:
    """The frame's tile side as first written: each side's ±20 % window counted in turn."""
    arr = np.array(sides)
    best = max(arr, key=lambda s: int(np.sum(np.abs(arr - s) < 0.2 * s)))
    return float(np.median(arr[np.abs(arr - best) < 0.2 * best]))


def test_the_typical_side_is_the_one_counted_side_by_side():
    """Issue #7 (time): the densest ±20 % window of the blobs' sides is counted for every side
    at once; the side it gives (the first densest on a tie, as `max` took it) is the same
    number, ties and lone sides included, so every cut and tile size stays as it was."""
    rng = np.random.default_rng(7011)
    for _ in range(3000):
        n = int(rng.integers(1, 40))
        sides = rng.choice([18.0, 33.0, 35.0, 41.0, 70.0], n) + rng.normal(
            0, rng.choice([0.1, 3, 5]), n
        )
        if rng.random() < 0.3:  # whole px: ties between windows
            sides = np.round(sides)
        assert find._typical_side(list(sides)) == _typical_side_one_by_one(list(sides))
    assert find._typical_side([]) is None


@pytest.mark.parametrize("seed", [7369, 7451, 9133])
def test_the_table_mask_is_the_direct_formulas_mask_on_seeded_scenes(seed, monkeypatch):
    """Issue #7: the mask of "not table" on seeded scenes (both passes, shadows, the light
    evened out) is the same pixel for pixel with the distances as first written."""
    frame = scene(seed).image
    fast, _ = find.foreground(CONFIG, frame)
    monkeypatch.setattr(find, "_nearest2", _nearest2_direct)
    direct, _ = find.foreground(CONFIG, frame)
    assert fast.any()
    np.testing.assert_array_equal(fast, direct)


@pytest.mark.parametrize("seed", [7369, 9133])
def test_the_bins_a_frame_holds_are_the_counted_ones(seed, monkeypatch):
    """Issue #7: the colour bins a frame holds are marked, not counted; the distances are
    worked out for exactly those bins, so both passes' mask is the same pixel for pixel as
    with the count (seeded scenes, shadows and the evened light included)."""
    frame = scene(seed).image
    index = find._bin_index(frame)
    counted = np.flatnonzero(np.bincount(index.ravel(), minlength=find._BINS))
    np.testing.assert_array_equal(find._present(index.astype(np.intp)), counted)
    fast, _ = find.foreground(CONFIG, frame)
    monkeypatch.setattr(
        find, "_present", lambda i: np.flatnonzero(np.bincount(i.ravel(), minlength=find._BINS))
    )
    np.testing.assert_array_equal(fast, find.foreground(CONFIG, frame)[0])


@pytest.mark.parametrize("seed", [7369, 7451, 9133, 141])
def test_the_second_pass_judged_near_the_first_is_the_whole_frames(seed):
    """Issue #7: the second pass (in the evened light) tells apart only the pixels within 2 px
    of the first pass's "not table" and evens out only those and the band's; the mask of
    both passes is the same pixel for pixel as with the whole frame evened and judged (its
    table colours the first pass's groups, evened)."""
    frame = scene(seed).image
    small = cv2.resize(frame, None, fx=CONFIG["scale"], fy=CONFIG["scale"],
                       interpolation=cv2.INTER_AREA)  # fmt: skip
    first, lit, _, groups = find._table_mask(CONFIG, small, lit=True)
    even = find._flatten(CONFIG, small, lit)
    whole = cv2.bitwise_and(first, find._table_mask(CONFIG, even, groups=groups)[0])
    fast, _ = find.foreground(CONFIG, frame)
    assert fast.any()
    np.testing.assert_array_equal(fast, whole)


def test_the_second_pass_k_means_starts_from_the_first_pass_groups(monkeypatch):
    """Issue #7: the evened light's table colours are a k-means of the band's pixels evened,
    started once from the first pass's groups of those pixels, not from k-means++ starts of
    its own (a third of the frame's k-means time)."""
    rng = np.random.default_rng(5)
    groups = rng.integers(0, 4, 600).astype(np.int32)
    sample = rng.normal(0, 2, (600, 3)).astype(np.float32)
    sample += np.float32([[0, 0, 0], [40, 5, 5], [0, 30, 0], [20, 0, -30]])[groups]
    centres, labels = find._table_colours(sample, 4, groups)
    np.testing.assert_array_equal(labels, groups)  # apart already: the groups stay
    for g in range(4):
        np.testing.assert_allclose(centres[g], sample[groups == g].mean(0), atol=1e-3)
    calls = []
    kmeans = cv2.kmeans

    def recorded(sample, k, start, criteria, attempts, flags):
        out = kmeans(sample, k, None if start is None else start.copy(), criteria, attempts, flags)
        calls.append((start, attempts, flags, out[1].ravel().copy()))
        return out

    monkeypatch.setattr(cv2, "kmeans", recorded)
    assert find.foreground(CONFIG, scene(7369).image)[0].any()
    (first, second) = calls
    assert first[0] is None and first[2] == cv2.KMEANS_PP_CENTERS
    assert second[1:3] == (1, cv2.KMEANS_USE_INITIAL_LABELS)
    np.testing.assert_array_equal(second[0].ravel(), first[3])


def test_an_empty_table_has_nothing_for_the_second_pass_to_judge():
    # The judged second pass on a frame where the first found nothing (it once failed there).
    rng = np.random.default_rng(8)
    frame = np.clip(rng.normal(120, 3, (720, 1280, 3)), 0, 255).astype(np.uint8)
    mask, _ = find.foreground(CONFIG, frame)
    assert not mask.any()
    assert find_blobs(CONFIG, frame).blobs == ()


def test_pow_1_the_tile_side_comes_from_solid_tiles_when_the_table_ate_into_the_others():
    """Own seed 565656 #28: twelve blue heroes on a blue cloth showed as ragged blobs (fill
    0.55-0.65) about 43 px across, and outvoted five solid villains of 66 px: the side came
    out 43, no row was found, and the frame read "no tiles seen". Solid blobs set the side."""
    frame = np.full((720, 1280, 3), (60, 120, 60), np.uint8)
    for i in range(12):  # heroes the table ate into: 44 x 60 with a 28 x 34 corner gone
        x = 100 + 90 * i
        frame[400:460, x : x + 44] = (200, 120, 40)
        frame[400:434, x + 16 : x + 44] = (60, 120, 60)
    for i in range(5):  # villains, whole
        x = 200 + 160 * i
        frame[250:316, x : x + 66] = (40, 120, 230)
    side = find_blobs(CONFIG, frame).side
    assert side is not None and abs(side / 66 - 1) < 0.1, side


def _crest_frame(ground, crest) -> np.ndarray:
    """A grey table with six tiles of BGR `ground` in a row, each with a white rim and a large
    crest of BGR `crest` inside a band of the ground along its edges (foreign box 21's "+5"):
    BGR uint8."""
    import cv2

    frame = np.full((720, 1280, 3), (120, 125, 130), np.uint8)
    for k in range(6):
        x, y = 250 + 90 * k, 330
        cv2.rectangle(frame, (x, y), (x + 65, y + 65), ground, -1)
        cv2.rectangle(frame, (x + 2, y + 2), (x + 63, y + 63), (235, 235, 230), 4)
        cv2.rectangle(frame, (x + 14, y + 14), (x + 51, y + 51), crest, -1)
    return frame


def test_pow_1_a_tiles_ground_is_the_colour_round_its_art():
    # Foreign boxes 21 and 23: a blue hero whose crest (green, yellow) fills most of it has a
    # whole median far from blue; the band between its edge and its art is the blue it is
    # printed on (`Blob.ground`), whatever the crest's colour.
    blue = lab_of(np.array([[200, 120, 30]], np.uint8))[0]
    found = find_blobs(CONFIG, _crest_frame((200, 120, 30), (120, 200, 90)))
    tiles = [b for b in found.blobs if is_tile_shape(CONFIG, b, found.side) == 1]
    assert len(tiles) == 6
    for b in tiles:
        assert abs(b.colour[2] - blue[2]) > 20  # the crest outweighs the blue in the median
        assert b.ground is not None
        assert np.abs(np.array(b.ground) - blue).max() < 4, (b.ground, blue)
