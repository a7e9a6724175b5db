"""The dice evaluator's loss breakdown (vision.evaluate.losses): every loss gets a cause."""

import numpy as np

from vision.config import dice_config
from vision.evaluate import losses
from vision.render import SceneSpec, render_scene


def _scenes(seed, n=3, **kw):
    rng = np.random.default_rng(seed)
    return [render_scene(rng, SceneSpec(effects=False, distractors=False, **kw)) for _ in range(n)]


def test_clean_frames_read_right_have_no_loss(pow_profile):
    assert list(losses(dice_config(), pow_profile, _scenes(211))) == []


def test_a_refused_frame_is_a_loss_with_its_reason(pow_profile):
    # No die can reach a confidence above 1: every readable frame is refused as uncertain.
    strict = dice_config({"min_confidence": 1.01})
    got = list(losses(strict, pow_profile, _scenes(211)))
    assert [(i, cause) for i, _, cause in got] == [(i, "refused: uncertain") for i in range(3)]


def test_an_unreadable_case_read_ok_is_a_loss(pow_profile):
    # With no die ever called blurred (the streak limits out of reach) nor a pile (a smeared
    # die is larger than a die), rolling dice pass.
    lax = dice_config({"blur_streak": 2.0, "blur_streak_square": 2.0, "pile_side": 99.0})
    got = list(losses(lax, pow_profile, _scenes(212, n=2, case="blurred")))
    assert got and all("blurred case read ok" in cause for _, _, cause in got)


def test_a_frame_read_ok_without_its_cocked_pile_is_listed_with_the_dice_left_out(pow_profile):
    # Rendered cocked scene 45 read without the pile rule, the shade cut, nor a top tried in
    # the pieces of its outline cut (each finds the pile left over): "ok" with the pile left out.
    from vision.evaluate import wrong_ok
    from vision.profile import default_profile

    scene = render_scene(np.random.default_rng(45), SceneSpec(case="cocked"))
    off = {"pile_side": 99.0, "shade_join": 0.0, "piece_top": 99.0}
    got = list(wrong_ok(dice_config(off), default_profile(), [scene]))
    assert [(i, cause) for i, _, _, cause in got] == [
        (
            0,
            "cocked case: cocked die left out, cocked case: flat die left out, "
            "cocked case: flat die left out",
        )
    ]
    assert list(wrong_ok(dice_config(), default_profile(), [scene])) == []
