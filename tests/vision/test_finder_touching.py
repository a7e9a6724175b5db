"""Touching dice (issue #6): a die split out of a blob of dice edge to edge is cut out at the
turn it lies, and read with confidence. Each scene is redrawn from the generator state
`vision.evaluate.labelled_scenes(seed, 300)` had before it (tests.vision.rng_state)."""

import pytest

from tests.vision.rng_state import pcg64_at
from vision.config import dice_config
from vision.evaluate import dice_right, labelled_scene
from vision.profile import default_profile
from vision.reader import read_dice

# PCG64's (inc, state, has_uint32, uinteger) before the scene of the dev seed named.
_STATES = {
    (778899, 2): (
        259691610989123025079838082177138046197,
        46472442531869801168343489425993678418,
        0,
        1844593538,
    ),
    (778899, 186): (
        259691610989123025079838082177138046197,
        58913046231112015321255130114287092600,
        0,
        124896599,
    ),
    (889900, 194): (
        300177634430697336259428439926109999087,
        155759263268017372026966252548629252338,
        1,
        3058764364,
    ),
}


def _scene(seed: int, i: int):
    """Scene i of labelled_scenes(seed, …), drawn as that generator draws it."""
    inc, state, has_uint32, uinteger = _STATES[(seed, i)]
    return labelled_scene(pcg64_at(state, inc, has_uint32, uinteger))


@pytest.mark.parametrize("seed, i", sorted(_STATES))
def test_dice_edge_to_edge_are_each_read_at_their_own_turn(seed, i):
    # 778899 #186: a shield and an orange bubble edge to edge on dark felt; #2: a blue bubble
    # against a skull on wood; 889900 #194: two skulls on a cloth. The blob of the pair is
    # split by erosion and each part grown back by a round kernel, whose box lay 45 degrees
    # off the die: the dice read at 0.00-0.31 and the frame was refused "uncertain".
    scene = _scene(seed, i)
    assert scene.reason is None
    reading = read_dice(dice_config(), default_profile(), scene.image)
    assert reading.status == "ok"
    assert dice_right(reading, scene) == len(reading.dice) == 5
    # …and that is the turn of the edges: with the part's box's turn it is refused again.
    before = read_dice(dice_config({"split_turn": 0}), default_profile(), scene.image)
    assert before.status == "unreadable"
