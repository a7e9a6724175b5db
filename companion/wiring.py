"""Building the running companion from the config and the command line: which game (resumed
from the store, or new), which controller, which camera and buttons (auto-detected or named),
and the status line that says what hardware is in use."""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from typing import Any

from .config import Config
from .errors import CompanionError
from .store import Store

log = logging.getLogger(__name__)

# POW-1: the default tile set (Sushizock's values), for the demo and a table that has not
# entered its own rows; the table corrects it.
POW_HEROES = (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)
POW_VILLAINS = (-1, -1, -1, -1, -1, -2, -2, -2, -2, -3, -3, -4)


def pow_header(
    players: Sequence[str],
    seed: int | None = None,
    heroes: Sequence[int] = POW_HEROES,
    villains: Sequence[int] = POW_VILLAINS,
    rules: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A POW header; with `seed` the rows are shuffled as at setup (POW-3)."""
    heroes, villains = list(heroes), list(villains)
    if seed is not None:
        rng = random.Random(seed)
        rng.shuffle(heroes)
        rng.shuffle(villains)
    return {
        "game": "pow",
        "version": 1,
        "players": list(players),
        "heroes": heroes,
        "villains": villains,
        "rules": dict(rules or {}),
    }


def open_game(store: Store, new_header: dict[str, Any] | None) -> tuple[int, bool]:
    """The unfinished game to resume (id, True), else a new one from `new_header` (id, False)."""
    game_id = store.unfinished()
    if game_id is not None:
        game = store.load(game_id)
        log.info("resuming game %d (%s) at action %d", game_id, game.header["game"], game.state_id)
        return game_id, True
    if new_header is None:
        raise CompanionError("no unfinished game to resume; start one with --game")
    game_id = store.new_game(new_header)
    log.info("new game %d (%s)", game_id, new_header["game"])
    return game_id, False


def controller_for(game_name: str) -> Any:
    if game_name == "pow":
        from .controllers.pow import PowController

        return PowController()
    if game_name == "malacca":
        from .controllers import malacca

        return malacca.controller()
    if game_name == "digmars":
        from .controllers import digmars

        return digmars.controller()
    raise CompanionError(f"no screen for game {game_name!r}")


def camera_choice(kind: str, path: str | None, config: Config) -> tuple[str, str, int]:
    """(source, reason, device) for "auto" or a named source; logged, and shown on screen."""
    cam = config["camera"]
    if kind == "auto":
        from hardware.detect import detect_camera

        found = detect_camera()
        return found.kind, found.reason, found.device if found.device is not None else cam["device"]
    return kind, "asked for", cam["device"]


def open_display(args: Any, config: Config) -> Any:
    """The screen the command line asks for (`--display`, `--snapshots`), at the config's
    [screen] size and language: the same for a game and for setup."""
    from display.backend import Display

    screen = config["screen"]
    return Display(
        backend=args.display,
        size=(screen["width"], screen["height"]),
        lang=screen["language"],
        snapshot_dir=args.snapshots,
    )
