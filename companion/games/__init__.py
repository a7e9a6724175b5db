"""Pure rules engines (stdlib only): one module per game, all meeting `base.Engine`."""

from __future__ import annotations

import importlib

from .base import Engine, Game, GameError, MalformedError, RuleError, Summary

# The header's "game" value -> the module that holds its engine (an object named ENGINE).
_MODULES = {"pow": "pow", "malacca": "malacca", "digmars": "digmars"}

__all__ = [
    "Engine",
    "Game",
    "GameError",
    "MalformedError",
    "RuleError",
    "Summary",
    "engine_for",
    "GAMES",
]

GAMES = tuple(_MODULES)


def engine_for(name: object) -> Engine:
    """The engine of a game name, or MalformedError naming the known games."""
    if not isinstance(name, str) or name not in _MODULES:
        raise MalformedError(f"unknown game {name!r}; known games: {', '.join(GAMES)}")
    try:
        module = importlib.import_module(f"{__name__}.{_MODULES[name]}")
    except ModuleNotFoundError as exc:
        if exc.name == f"{__name__}.{_MODULES[name]}":
            raise MalformedError(f"the rules of {name!r} are not built yet") from exc
        raise
    return module.ENGINE
