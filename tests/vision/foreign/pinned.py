"""The foreign dice scenes tests pin, each drawn again from the generator's state just before it.

A test pinning scene N of a seeded set (`foreign_sets.scene`) drew scenes 0…N-1 first, a fifth
of a CPU second each: 531 scenes drawn for the 40-odd the tests read. pinned_states.json keeps,
for each scene a test pins, numpy's PCG64 state before it (tests/vision/rng_state.py's four
numbers) and the scene's truth. Every redraw is checked against that truth, and test_sets.py
checks a few redrawn scenes against the set drawn in order, so a change to the generator that
moves its draws fails loudly, saying how to refresh the states:

    python -m tests.vision.foreign.pinned                  # measure every saved state again
    python -m tests.vision.foreign.pinned outline 15 20    # add scene 20 of outline seed 15
    python -m tests.vision.foreign.pinned outline 501 3 --cocked    # (--rolling, --touching,
                                                                    #  --dice 25 likewise)
"""

from __future__ import annotations

import argparse
import functools
import itertools
import json
from pathlib import Path

import numpy as np

from tests.vision.foreign.scenes import draw_scene, drawn_with_states
from tests.vision.rng_state import pcg64_at

STATES = Path(__file__).with_name("pinned_states.json")
KINDS = ("cocked", "rolling", "touching")
REFRESH = "python -m tests.vision.foreign.pinned"


class StaleState(AssertionError):
    """A pinned scene with no saved state, or one whose state no longer draws it."""


def key(style: str, seed: int, index: int, dice: int = 5, **kinds: bool) -> str:
    """The saved state's name: 'outline 501 3 cocked', 'pips 16 5 dice=25'."""
    unknown = set(kinds) - set(KINDS)
    if unknown:
        raise TypeError(f"not a kind of scene: {sorted(unknown)}")
    words = [style, str(seed), str(index)]
    words += [f"dice={dice}"] if dice != 5 else []
    words += [k for k in KINDS if kinds.get(k)]
    return " ".join(words)


def _parse(name: str) -> tuple[str, int, int, dict]:
    style, seed, index, *rest = name.split()
    kinds: dict = {k: True for k in rest if k in KINDS}
    for word in rest:
        if word.startswith("dice="):
            kinds["dice"] = int(word.removeprefix("dice="))
    return style, int(seed), int(index), kinds


@functools.cache
def saved() -> dict:
    """{key: {"state": [state, inc, has_uint32, uinteger], "truth": [...]}}."""
    return json.loads(STATES.read_text()) if STATES.exists() else {}


def redraw(style: str, seed: int, index: int, **kinds) -> tuple[str, np.ndarray, list]:
    """Scene `index` of the set (scenes.draw_scenes) drawn from its saved state: its image
    name, picture and truth, as the set draws it in order."""
    name = key(style, seed, index, **kinds)
    entry = saved().get(name)
    if entry is None:
        raise StaleState(unsaved(name))
    drawn = draw_scene(pcg64_at(*entry["state"]), style, index, **kinds)
    if drawn[2] != entry["truth"]:
        raise StaleState(
            f"the saved state of '{name}' no longer draws the scene it was saved for (the "
            f"foreign generator changed what it draws): refresh every state with `{REFRESH}`"
        )
    return drawn


def unsaved(name: str) -> str:
    """What to say of a pinned scene with no saved state."""
    return (
        f"no saved generator state for the scene '{name}' (tests/vision/foreign/"
        f"pinned_states.json), drawn after every scene before it: save it with "
        f"`{REFRESH} {_command(name)}`"
    )


def _command(name: str) -> str:
    style, seed, index, kinds = _parse(name)
    flags = [f"--{k}" for k in KINDS if kinds.get(k)]
    flags += [f"--dice {kinds['dice']}"] if "dice" in kinds else []
    return " ".join([style, str(seed), str(index), *flags])


def measure(names: list[str]) -> dict:
    """The state before, and the truth of, each named scene, drawn in order from its seed."""
    out = {}
    for (style, seed, kinds), group in itertools.groupby(
        sorted(names, key=_set_order), key=lambda n: _set_of(_parse(n))
    ):
        wanted = {_parse(n)[2]: n for n in group}
        args = dict(kinds)
        drawn = drawn_with_states(
            style, seed, args.pop("dice", 5), *(args.get(k, False) for k in KINDS)
        )
        for index, (state, _, _, truth) in enumerate(drawn):
            if index in wanted:
                out[wanted[index]] = {"state": _four(state), "truth": truth}
            if index >= max(wanted):
                break
    return out


def _set_of(parsed: tuple) -> tuple:
    style, seed, _, kinds = parsed
    return style, seed, tuple(sorted(kinds.items()))


def _set_order(name: str) -> tuple:
    parsed = _parse(name)
    return _set_of(parsed), parsed[2]


def _four(state: dict) -> list[int]:
    """numpy's PCG64 state as the four numbers rng_state.pcg64_at takes."""
    inner = state["state"]
    return [inner["state"], inner["inc"], state["has_uint32"], state["uinteger"]]


def _write(states: dict) -> None:
    """One scene a line, in the order of their sets and indices."""
    lines = [f" {json.dumps(name)}: {json.dumps(states[name])}"
             for name in sorted(states, key=_set_order)]  # fmt: skip
    STATES.write_text("{\n" + ",\n".join(lines) + "\n}\n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("style", nargs="?", choices=("pips", "outline"))
    ap.add_argument("seed", nargs="?", type=int)
    ap.add_argument("index", nargs="?", type=int)
    ap.add_argument("--dice", type=int, default=5)
    for kind in KINDS:
        ap.add_argument(f"--{kind}", action="store_true")
    a = ap.parse_args(argv)
    states = dict(saved())
    if a.style is None:
        names = list(states)
    elif a.seed is None or a.index is None:
        ap.error("give the style, seed and index of the scene to add")
    else:
        names = [key(a.style, a.seed, a.index, a.dice, **{k: getattr(a, k) for k in KINDS})]
    fresh = measure(names)
    changed = [n for n in names if states.get(n) != fresh[n]]
    states.update(fresh)
    _write(states)
    print(f"{STATES}: {len(names)} measured, {len(changed)} changed: {changed}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
