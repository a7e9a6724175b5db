"""A hard shadow's edge across a die's top (issue #6): the shade is tinted as well as darker,
and the descriptor's step is still found and divided out (vision.faces._unshade, `step_hue`).
The scene is redrawn from the generator state `vision.evaluate.labelled_scenes(seed, 300)`
had before it (tests.vision.rng_state)."""

from dataclasses import replace

from tests.vision.rng_state import pcg64_at
from vision.config import dice_config
from vision.evaluate import dice_right, labelled_scene
from vision.profile import default_profile
from vision.reader import read_dice

# PCG64's (inc, state, has_uint32, uinteger) before own dev seed 778899's scene 99.
_BEFORE_778899_99 = (
    259691610989123025079838082177138046197,
    132243531367329703051497498093708019475,
    0,
    433529772,
)


def test_dice_half_in_a_tinted_shade_are_read_with_the_step_divided_out():
    # Two skulls on a laminate, each half lit and half in a hard shadow's shade whose hue
    # lies 13 a*b* units off the lit white body (the body's tolerance is 10): with the step
    # looked for among pixels within one tolerance, the shaded half was left out, no step
    # was seen and the skulls read 0.44 / 0.55, the frame refused "uncertain".
    inc, state, has_uint32, uinteger = _BEFORE_778899_99
    scene = labelled_scene(pcg64_at(state, inc, has_uint32, uinteger))
    assert scene.reason is None
    profile = default_profile()
    reading = read_dice(dice_config(), profile, scene.image)
    assert reading.status == "ok"
    assert dice_right(reading, scene) == len(reading.dice) == 5
    # …and that is the step's reach: within one tolerance it is refused again.
    before = read_dice(dice_config(), replace(profile, step_hue=1.0), scene.image)
    assert before.status == "unreadable" and before.reason == "uncertain"
