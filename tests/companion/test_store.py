"""The game store: durability under SIGKILL, undo, stale actions, schema migration."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.games import Game, RuleError
from companion.records import replay_text
from companion.store import MIGRATIONS, SCHEMA_VERSION, StaleActionError, Store, StoreError
from tests.companion.countgame import COUNT, HEADER, resolve

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "games.sqlite3", resolve=resolve) as s:
        yield s


def test_wal_and_full_sync(store):
    assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_append_then_reopen_gives_same_state(tmp_path, store):
    gid = store.new_game(HEADER)
    for n in (3, 4, 5):
        store.append(gid, {"type": "add", "n": n})
    with Store(tmp_path / "games.sqlite3", resolve=resolve) as again:
        assert again.load(gid).state == store.load(gid).state
        assert again.load(gid).state.totals == (8, 4)


def test_rule_error_changes_nothing(store):
    gid = store.new_game(HEADER)
    store.append(gid, {"type": "add", "n": 2})
    with pytest.raises(RuleError) as err:
        store.append(gid, {"type": "add", "n": 12})
    assert err.value.rule == "CNT-1"
    assert store.load(gid).state_id == 1
    assert store._db.execute("SELECT COUNT(*) FROM actions").fetchone()[0] == 1


def test_undo_is_an_action_and_withdraws_the_latest(store):
    gid = store.new_game(HEADER)
    store.append(gid, {"type": "add", "n": 2})
    store.append(gid, {"type": "add", "n": 5})
    store.append(gid, {"type": "undo"})
    game = store.load(gid)
    assert game.state.totals == (2, 0)
    assert [a["type"] for a in game.log] == ["add", "add", "undo"]
    store.append(gid, {"type": "undo"})
    with pytest.raises(RuleError):
        store.append(gid, {"type": "undo"})
    assert store.load(gid).state.totals == (0, 0)


def test_stale_action_is_refused(store):
    gid = store.new_game(HEADER)
    seen = store.load(gid).state_id
    store.append(gid, {"type": "add", "n": 1}, state_id=seen)
    with pytest.raises(StaleActionError):
        store.append(gid, {"type": "add", "n": 1}, state_id=seen)
    assert store.load(gid).state_id == 1


def test_unfinished_game_is_the_one_to_resume(store):
    first = store.new_game(HEADER)
    for _ in range(12):
        store.append(first, {"type": "add", "n": 9})
    assert store.load(first).summary().over
    second = store.new_game(HEADER)
    assert store.unfinished() == second
    assert [g.finished is not None for g in store.games()] == [True, False]


def test_export_round_trips_through_replay(store):
    gid = store.new_game(HEADER)
    for action in ({"type": "add", "n": 4}, {"type": "undo"}, {"type": "add", "n": 6}):
        store.append(gid, action)
    text = store.export(gid)
    assert json.loads(text.splitlines()[0]) == HEADER
    outcome = replay_text(text, resolve)
    assert outcome.exit == 0
    assert outcome.stdout["state"]["totals"] == {"Ann": 6, "Ben": 0}


def test_migration_from_first_schema_keeps_games(tmp_path):
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    db.executescript(MIGRATIONS[0] + "\nPRAGMA user_version = 1;")
    db.execute(
        "INSERT INTO games (id, game, header, created) VALUES (1, 'count', ?, 'then')",
        (json.dumps(HEADER),),
    )
    db.execute(
        "INSERT INTO actions (game_id, seq, body) VALUES (1, 0, ?)",
        (json.dumps({"type": "add", "n": 7}),),
    )
    db.commit()
    db.close()
    with Store(path, resolve=resolve) as store:
        assert store.schema_version == SCHEMA_VERSION
        assert store.load(1).state.totals == (7, 0)
        store.append(1, {"type": "add", "n": 1})
        assert store.games()[0].actions == 2


def test_newer_schema_is_refused(tmp_path):
    path = tmp_path / "future.sqlite3"
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(StoreError, match="newer"):
        Store(path, resolve=resolve)


@pytest.mark.parametrize("seed", range(6))
def test_survives_sigkill_mid_writes(tmp_path, seed):
    """Kill the writer at a random moment; what it said was committed is there, and the state
    folded from the file equals a fresh fold of the same log."""
    path = tmp_path / "cut.sqlite3"
    rng = random.Random(seed)
    committed = 0
    for round_ in range(3):
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tests.companion.store_writer",
                str(path),
                str(seed * 10 + round_),
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        want = rng.randint(5, 60)
        last = None
        for _ in range(want):
            line = proc.stdout.readline()
            if not line:
                break
            last = int(line)
        time.sleep(rng.random() * 0.01)  # land the kill inside a later write, not at a line end
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert last is not None, "the writer never committed anything"
        with Store(path, resolve=resolve) as store:
            gid = store.unfinished() or store.games()[-1].id
            game = store.load(gid)
            fresh = Game.start(COUNT, game.header)
            fresh.play_all(game.log)
            assert fresh.state == game.state
            total = sum(g.actions for g in store.games())
            assert total >= max(last, committed), "an action reported committed was lost"
            committed = total
