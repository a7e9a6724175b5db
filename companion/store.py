"""The game store: an append-only action log per game in SQLite, state = fold of the log.

Durability is the point: WAL journal with synchronous=FULL, and every action is committed
before `append` returns, so a pulled power plug loses nothing the screen has shown. Actions
are checked by the rules *before* they are written; a refused action leaves no trace.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .errors import CompanionError
from .games import Engine, Game, engine_for
from .records import check_header, record_lines

log = logging.getLogger(__name__)

# Schema history. Each entry upgrades from version i to i+1; a database of any earlier version
# is brought up to date on open. Never edit a shipped entry: append a new one.
MIGRATIONS: list[str] = [
    # 0 -> 1: the first schema.
    """
    CREATE TABLE games (
        id      INTEGER PRIMARY KEY,
        game    TEXT NOT NULL,
        header  TEXT NOT NULL,
        created TEXT NOT NULL
    );
    CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seq     INTEGER NOT NULL,
        body    TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    """,
    # 1 -> 2: remember when a game ended (so listing and resuming need no fold), and when each
    # action was entered (for the charts over a game).
    """
    ALTER TABLE games ADD COLUMN finished TEXT;
    ALTER TABLE actions ADD COLUMN entered TEXT;
    """,
]
SCHEMA_VERSION = len(MIGRATIONS)


class StoreError(CompanionError, RuntimeError):
    """The store cannot do what was asked (unknown game, stale action, newer schema)."""


class StaleActionError(StoreError):
    """An action made against an older state id (a press against an old camera frame)."""


@dataclass(frozen=True)
class GameInfo:
    id: int
    game: str
    players: tuple[str, ...]
    created: str
    finished: str | None
    actions: int


def default_path() -> Path:
    """games.sqlite3 under the user's data directory (XDG), created on first use."""
    import os

    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "table-companion" / "games.sqlite3"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Store:
    """One SQLite file of games. Not shared between threads; one writer process at a time."""

    def __init__(self, path: Path | str, resolve: Callable[[object], Engine] = engine_for):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._resolve = resolve
        self._db = sqlite3.connect(self.path, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._migrate()
        self._games: dict[int, Game] = {}

    # -- schema ---------------------------------------------------------------------------
    @property
    def schema_version(self) -> int:
        return self._db.execute("PRAGMA user_version").fetchone()[0]

    def _migrate(self) -> None:
        version = self.schema_version
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path} has schema version {version}, newer than this "
                f"program's {SCHEMA_VERSION}: update the companion"
            )
        for target in range(version + 1, SCHEMA_VERSION + 1):
            (log.info if version else log.debug)(
                "store %s: migrating schema %d -> %d", self.path, target - 1, target
            )
            script = MIGRATIONS[target - 1] + f"\nPRAGMA user_version = {target};"
            self._db.executescript("BEGIN IMMEDIATE;\n" + script + "\nCOMMIT;")

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- games ----------------------------------------------------------------------------
    def new_game(self, header: Mapping[str, Any]) -> int:
        """Store a new game after its header is checked by its rules; returns its id."""
        header = dict(header)
        Game.start(check_header(header, self._resolve), header)
        with self._transaction():
            cur = self._db.execute(
                "INSERT INTO games (game, header, created) VALUES (?, ?, ?)",
                (header["game"], json.dumps(header, ensure_ascii=False), _now()),
            )
        return int(cur.lastrowid)

    def load(self, game_id: int) -> Game:
        """The game folded from its stored log (cached after the first load)."""
        if game_id not in self._games:
            row = self._db.execute("SELECT header FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise StoreError(f"there is no game {game_id} in {self.path}")
            header = json.loads(row[0])
            game = Game.start(check_header(header, self._resolve), header)
            for (body,) in self._db.execute(
                "SELECT body FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
            ):
                game.play(json.loads(body))
            self._games[game_id] = game
        return self._games[game_id]

    def append(self, game_id: int, action: Mapping[str, Any], state_id: int | None = None) -> Any:
        """Check and durably store one action; returns the new state.

        `state_id` is the id the action was made against (Game.state_id); an action against an
        older one is refused with StaleActionError. A RuleError leaves the store unchanged.
        """
        game = self.load(game_id)
        if state_id is not None and state_id != game.state_id:
            raise StaleActionError(
                f"game {game_id}: action made against state {state_id}, "
                f"but the game is at {game.state_id}; look again"
            )
        new_state = game.preview(action)
        over = game.engine.summary(new_state).over
        with self._transaction():
            self._db.execute(
                "INSERT INTO actions (game_id, seq, body, entered) VALUES (?, ?, ?, ?)",
                (game_id, game.state_id, json.dumps(dict(action), ensure_ascii=False), _now()),
            )
            self._db.execute(
                "UPDATE games SET finished = ? WHERE id = ?", (_now() if over else None, game_id)
            )
        game.enter(action, new_state)
        return new_state

    def games(self) -> list[GameInfo]:
        rows = self._db.execute(
            "SELECT g.id, g.game, g.header, g.created, g.finished, "
            "(SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id) FROM games g ORDER BY g.id"
        )
        return [
            GameInfo(
                gid, name, tuple(json.loads(header).get("players", ())), created, finished, count
            )
            for gid, name, header, created, finished, count in rows
        ]

    def unfinished(self) -> int | None:
        """The id of the latest game that is not over (the one to resume on start), or None."""
        row = self._db.execute(
            "SELECT id FROM games WHERE finished IS NULL ORDER BY id DESC LIMIT 1"
        ).fetchone()
        return None if row is None else int(row[0])

    def export(self, game_id: int) -> str:
        """The game as a record file's text (records.md), every action as entered."""
        game = self.load(game_id)
        return record_lines(game.header, game.log)

    # -- helpers --------------------------------------------------------------------------
    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, rolled back on any exception."""

    def __init__(self, db: sqlite3.Connection):
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, exc_type: object, *rest: object) -> None:
        self._db.execute("ROLLBACK" if exc_type else "COMMIT")
