"""Store benchmark: how long one durable append takes (WAL + synchronous=FULL fsyncs)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from ..games.base import MalformedError, Summary
from ..store import Store
from . import Figure, median_ms


class _Tally:
    """A minimal engine so the store's own cost is measured, not a game's rules."""

    name = "tally"

    def setup(self, header):
        return 0

    def parse_action(self, obj):
        if "n" not in obj:
            raise MalformedError("needs 'n'")
        return obj["n"]

    def apply(self, state, n):
        return state + n

    def to_record(self, n):
        return {"type": "add", "n": n}

    def summary(self, state):
        return Summary(False, {"a": state})

    def replay_state(self, state):
        return {"total": state}

    public_view = replay_state


def run(quick: bool) -> list[Figure]:
    engine = _Tally()
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "bench.sqlite3", resolve=lambda name: engine)
        gid = store.new_game({"game": "tally", "version": 1, "players": ["a"]})
        ms = median_ms(
            lambda: store.append(gid, {"type": "add", "n": 1}), repeat=50 if quick else 300
        )
        store.close()
    return [Figure("store append (committed, fsynced)", ms, "ms")]
