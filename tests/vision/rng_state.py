"""A seeded scene drawn again from the generator state just before it: the tests that pin one
scene of a long seeded set (a held-out loss) restore that state rather than draw every scene
before it, which takes seconds each."""

from __future__ import annotations

import numpy as np


def pcg64_state(state: int, inc: int, has_uint32: int, uinteger: int) -> dict:
    """numpy's PCG64 `bit_generator.state` with these four numbers (as printed from it)."""
    return {
        "bit_generator": "PCG64",
        "state": {"state": state, "inc": inc},
        "has_uint32": has_uint32,
        "uinteger": uinteger,
    }


def pcg64_at(state: int, inc: int, has_uint32: int, uinteger: int) -> np.random.Generator:
    """A generator whose next draw is the one the printed state was taken before."""
    rng = np.random.default_rng()
    rng.bit_generator.state = pcg64_state(state, inc, has_uint32, uinteger)
    return rng
