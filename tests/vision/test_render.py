"""The synthetic table renderer: seeded, BGR uint8 1280×720 frames, ground truth per case."""

import numpy as np
import pytest

from vision.render import CASES, SceneSpec, render_scene
from vision.render.effects import draw_look, tilt_homography, warp_points


def test_same_seed_same_frame_and_truth():
    a = render_scene(np.random.default_rng(7), SceneSpec())
    b = render_scene(np.random.default_rng(7), SceneSpec())
    assert np.array_equal(a.image, b.image)
    assert a.truth() == b.truth()


def test_frames_are_bgr_uint8_1280x720():
    scene = render_scene(
        np.random.default_rng(1), SceneSpec(effects=False, distractors=False, surface="felt")
    )
    assert scene.image.shape == (720, 1280, 3) and scene.image.dtype == np.uint8
    # Felt is drawn from BGR colours; a blue POW shield is blue in channel 0 (B), not 2 (R).
    die = scene.dice[0]
    assert 40 <= die.side <= 90


@pytest.mark.parametrize("case", CASES)
def test_every_case_has_its_truth(case):
    scene = render_scene(np.random.default_rng(3), SceneSpec(case=case))
    states = [d.state for d in scene.dice]
    assert scene.reason == (None if case == "normal" else case)
    if case == "too-many":
        assert len(scene.dice) > 5
    elif case == "normal":
        assert states == ["flat"] * 5
    else:
        assert states.count({"blurred": "rolling", "cocked": "cocked", "cut": "cut"}[case]) == 1
    h, w = scene.image.shape[:2]
    for d in scene.dice:
        if d.state != "cut":
            assert 0 < d.center[0] < w and 0 < d.center[1] < h
        zone = scene.spec.kept_zone
        inside = (
            zone[0] * w <= d.center[0] <= zone[2] * w and zone[1] * h <= d.center[1] <= zone[3] * h
        )
        assert d.kept == inside


def test_forced_faces_for_teach_frames():
    scene = render_scene(np.random.default_rng(5), SceneSpec(faces=("skull",), distractors=False))
    assert [d.face for d in scene.dice] == ["skull"] * 5


def test_a_blue_symbol_is_blue_in_bgr_order():
    # The shield is drawn in BGR blue: on a clean frame the die's centre has B > R.
    scene = render_scene(
        np.random.default_rng(2),
        SceneSpec(faces=("shield",), effects=False, distractors=False, surface="felt"),
    )
    for d in scene.dice:
        x, y = round(d.center[0]), round(d.center[1] + d.side * 0.1)
        b, g, r = scene.image[y - 2 : y + 3, x - 2 : x + 3].reshape(-1, 3).mean(0)
        assert b > r + 60


def test_tilt_homography_keeps_the_frame_and_moves_points_a_little():
    H = tilt_homography((720, 1280), (0.04, -0.03))
    pts = warp_points(np.array([[640, 360], [100, 100]], np.float32), H)
    assert np.all(np.abs(pts - [[640, 360], [100, 100]]) < 40)
    look = draw_look(np.random.default_rng(0), all_on=False)
    assert look.jpeg_quality == 0 and look.noise_sigma == 1.0


def _sensor_whole_frame(img, look, rng):
    """The camera sensor as one whole-frame pass (the reference the banded pass must equal)."""
    x = np.clip(img, 0, 255) / 255.0
    if look.gamma != 1.0:
        x = np.power(x, look.gamma, dtype=np.float32)
    if look.noise_sigma > 0:
        sigma = look.noise_sigma / 255.0 * (0.6 + 0.8 * np.sqrt(x))
        x = x + rng.standard_normal(x.shape, dtype=np.float32) * sigma
    return np.clip(x * 255.0 + 0.5, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("height", [1, 63, 64, 65, 200])
def test_sensor_in_bands_gives_the_whole_frame_pass_bit_for_bit(height):
    from vision.render.effects import apply_sensor

    img = np.random.default_rng(1).uniform(-20, 280, (height, 37, 3)).astype(np.float32)
    look = draw_look(np.random.default_rng(2))
    banded = apply_sensor(img, look, np.random.default_rng(3))
    assert np.array_equal(banded, _sensor_whole_frame(img, look, np.random.default_rng(3)))


def test_camera_in_place_gives_the_same_frame_and_leaves_a_borrowed_scene_alone():
    from vision.render.effects import apply_camera
    from vision.render.surfaces import make_surface

    scene = make_surface(np.random.default_rng(4), (180, 320), "wood")
    kept = scene.copy()
    look = draw_look(np.random.default_rng(5))
    frame, h = apply_camera(scene, look, np.random.default_rng(6))
    assert np.array_equal(scene, kept)  # not in place: the caller's scene is untouched
    again, h2 = apply_camera(scene, look, np.random.default_rng(6), in_place=True)
    assert np.array_equal(frame, again) and np.array_equal(h, h2)


def test_a_render_holds_few_whole_frames_at_once():
    # design.md: ≤ 250 MB for the whole demo. A 1280×720 float32 BGR frame is 10.5 MB; the
    # camera effects once held six of them at every roll of the simulated table.
    import tracemalloc

    spec = SceneSpec(surface="wood", distractors=False)
    tracemalloc.start()
    try:
        render_scene(np.random.default_rng(7), spec)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    frame = 1280 * 720 * 3 * 4
    assert peak < 4 * frame, f"render peak {peak / 2**20:.1f} MB"
