"""The tile diagnostic sorts every lost tile into a cause and the conditions it was under."""

from __future__ import annotations

import pytest

from tests.vision.tiles_fixtures import profile, scene
from vision.tiles import tiles_config
from vision.tiles.evaluate import breakdown, cause_of, diagnose


def test_refusal_reasons_map_to_causes():
    assert cause_of("tile 3 of the hero row is not recognised (covered or turned?)") == (
        "tile not recognised"
    )
    assert cause_of("something covers the hero row after tile 2 (a hand, a die?)") == (
        "something covers a row"
    )
    assert cause_of("the hero row can't be made out (covered, …)") == "row or tile not made out"
    assert cause_of("odd").startswith("other: ")


def test_diagnose_counts_tiles_and_names_conditions():
    scenes = [scene(100), scene(31, case="hand")]
    results = diagnose(tiles_config(), profile(), scenes)
    assert [r.tiles for r in results] == [len(s.heroes) + len(s.villains) for s in scenes]
    assert results[1].cause is not None and results[1].right == 0  # the covered scene refuses
    assert {"surface", "table hue", "hard shadow"} <= set(results[0].conditions)
    text = breakdown(results)
    assert "lost tiles by cause" in text and "by surface:" in text


@pytest.mark.parametrize(
    "setting, named",
    [
        ("shadow_depths=0.5", "'shadow_depths' = 0.5 is not allowed: it must be a tuple"),
        ("table_colours=-1", "'table_colours' = -1 is not allowed: it must be a whole number"),
        ("number_check='no'", "'number_check' = 'no' is not allowed: it must be True or False"),
        ("min_scor=0.5", "unknown tile vision setting 'min_scor'"),
        ("blur=soft", "--set blur: 'soft' is not a Python literal"),
        ("blur", "--set takes KEY=VALUE, not 'blur'"),
    ],
)
def test_a_bad_set_value_names_the_key_before_anything_runs(tmp_path, setting, named):
    from vision.tiles.evaluate import main

    with pytest.raises(SystemExit) as caught:
        main(["--set", setting, "--count", "1", "--covered", "0", "--save", str(tmp_path / "x")])
    assert named in str(caught.value.code)
    assert not (tmp_path / "x").exists()
