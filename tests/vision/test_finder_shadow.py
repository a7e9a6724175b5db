"""The finder under a hard shadow (issue #6): a die inside a shadow's band, or across its edge,
is found and read, and a frame is not read "ok" short of such dice. Each scene is redrawn from
the generator state `vision.evaluate.labelled_scenes(383838, 300)` had before it, so only the
scene itself is rendered."""

import pytest

from tests.vision.rng_state import pcg64_at
from vision.config import dice_config
from vision.evaluate import dice_right
from vision.profile import default_profile
from vision.reader import read_dice
from vision.render import SceneSpec, render_scene

# PCG64's state before scene i of labelled_scenes(383838, …): (state, has_uint32, uinteger);
# its `inc` is the seed's.
_INC = 14196169370836394572708644612032692557
_STATE = {
    26: (170515955242058000255928922873739297739, 0, 929393705),
    37: (162311764407713697018009316803468669766, 0, 2272894483),
    93: (172431688942108703953621903754150849535, 0, 3543544008),
    202: (232694294419745683361167541232028218143, 1, 4052514247),
    296: (168423441537647432798914395626904787745, 1, 3783870748),
}


def _scene_383838(i: int):
    """Scene i of labelled_scenes(383838, …), drawn as that generator draws it."""
    return _drawn(383838, _INC, *_STATE[i])


def _drawn(seed: int, inc: int, state: int, has_uint32: int, uinteger: int):
    """The scene labelled_scenes(seed, …) draws from the generator state given."""
    rng = pcg64_at(state, inc, has_uint32, uinteger)
    odd = ("blurred", "cocked", "cut", "too-many")
    case = str(rng.choice(odd)) if rng.random() < 0.25 else "normal"
    return render_scene(rng, SceneSpec(style="pow", case=case))


def _reads_all_five(i: int) -> None:
    """383838's readable scene `i` reads "ok" with its 5 dice, each right."""
    scene = _scene_383838(i)
    assert scene.reason is None
    reading = read_dice(dice_config(), default_profile(), scene.image)
    assert reading.status == "ok"
    assert dice_right(reading, scene) == len(reading.dice) == 5


@pytest.mark.parametrize("i", [26, 202])
def test_a_die_inside_a_shadows_band_running_off_the_frame_is_read(i):
    # The band is die-coloured and stands out from the lit table around it, so a die in it
    # joins it in one blob far longer than a die that touches the frame's edge; such a blob
    # was dropped as no cut die, and the frame read "ok" with 4 of its 5 dice.
    _reads_all_five(i)


@pytest.mark.parametrize("i", [93, 296])
def test_a_die_across_a_shadows_edge_is_read(i):
    # The shadow's edge crosses the die's top: its colour cut out only the lit half (#93:
    # then too small for the frame's dice, dropped), or its blob was not square enough
    # (#296, 1.24 long): the frame read "ok" with 4 of its 5 dice.
    _reads_all_five(i)


def test_seven_dice_two_at_a_shadows_edge_are_not_read_as_five():
    # A "too-many" case with 7 dice: 2 joined to thin lines along a shadow's edges were
    # dropped and the frame read "ok" with 5 dice, a reading the stability filter would
    # have committed (the held-out check's one wrong commit).
    scene = _scene_383838(37)
    assert scene.reason == "too-many"
    reading = read_dice(dice_config(), default_profile(), scene.image)
    assert (reading.status, reading.reason) == ("unreadable", "too-many")


def test_a_die_beside_another_in_other_light_is_not_lost():
    # Own seed 616161 #193 (no hard shadow): two skulls side by side, one lit a little
    # brighter. Taking the body's colour in a second light for every blob made the pair one
    # die's top and lost the other die unsaid (read "ok" with 4 of 5); the second light is
    # taken only for a piece of an outline cut, and only a top centred on its own piece.
    scene = _drawn(
        616161,
        313431951165107820724617478467547301065,
        284630837511983574295570709248007859217,
        1,
        4176875595,
    )
    reading = read_dice(dice_config(), default_profile(), scene.image)
    assert reading.status != "ok" or dice_right(reading, scene) == len(reading.dice) == 5


# PCG64's state before scenes 100 and 218 of labelled_scenes(192837, …), the lead's held-out
# own seed (now a dev seed of issue #6).
_INC_192837 = 113614194943944465332660418346540564521
_STATE_192837 = {
    100: (307497327655781303922787201119334307213, 1, 3403737836),
    218: (102941302752150146910216151290255551705, 1, 3539376006),
}


@pytest.mark.parametrize("i", [100, 218])
def test_a_light_die_inside_a_shadows_band_on_a_light_table_is_read(i):
    # A light laminate: a die inside a hard shadow's band is the lit table's colour, so
    # against the lit table (the median the contrast check sees across a narrow band) it was
    # table and the band the blob: #218's two dice were holes in a band-sized blob and the
    # frame read "ok" with 3 of its 5 dice, #100 "ok" with 4. The table inside a band is
    # now the band's own shade (vision.finder._shadow_band).
    scene = _drawn(192837, _INC_192837, *_STATE_192837[i])
    assert scene.reason is None
    reading = read_dice(dice_config(), default_profile(), scene.image)
    assert reading.status == "ok"
    assert dice_right(reading, scene) == len(reading.dice) == 5
    # …and that is the band's shade: measured against the lit table alone it is lost again.
    before = read_dice(dice_config({"shadow_area": 0}), default_profile(), scene.image)
    assert dice_right(before, scene) < 5


# PCG64's state before scenes 24 and 81 of labelled_scenes(556677, …) (own dev seed).
_INC_556677 = 197562074472601648981054680361428968031
_STATE_556677 = {
    24: (99172250732373332093854329283799824876, 0, 1329034270),
    81: (1938694498934465831298394617477939137, 1, 3317071646),
}


@pytest.mark.parametrize("i", [24, 81])
def test_a_die_in_shade_the_colour_of_the_lit_table_is_found_by_a_taught_profile(i, pow_profile):
    # An ivory die inside a laminate's hard shadow takes on the lit laminate's colour, which
    # the frame is full of, so a profile with taught body colours (every profile today's
    # teach makes) took it for table (vision.finder.frame_lut) and the frame read "ok" with 3
    # of its 5 dice. A printed square of the taught size in the taught colours is a die
    # whatever else in the frame is its colour (vision.finder._squares_kept).
    scene = _drawn(556677, _INC_556677, *_STATE_556677[i])
    assert scene.reason is None and scene.surface == "laminate"
    assert pow_profile.body_hist is not None
    reading = read_dice(dice_config(), pow_profile, scene.image)
    assert reading.status == "ok"
    assert dice_right(reading, scene) == len(reading.dice) == 5
