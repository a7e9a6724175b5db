"""Record files (../shared/records.md, format v1): parse JSON Lines, fold them, report errors.

`replay_text` is what `companion replay` runs; it never raises for a bad record, it returns
a `ReplayOutcome` whose exit code and JSON follow records.md exactly.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from .games import Engine, Game, MalformedError, RuleError, engine_for

FORMAT_VERSION = 1

EXIT_OK = 0
EXIT_MALFORMED = 2
EXIT_ILLEGAL = 3


@dataclass(frozen=True)
class ReplayOutcome:
    exit: int
    stdout: dict[str, Any] | None
    stderr: dict[str, Any] | None
    game: Game | None = None


def check_header(header: Any, resolve: Callable[[object], Engine] = engine_for) -> Engine:
    """The engine for a header; MalformedError when it is not a v1 header of a known game."""
    if not isinstance(header, dict):
        raise MalformedError("the first line must be the header, a JSON object")
    if "game" not in header:
        raise MalformedError("the header needs the field 'game'")
    if header.get("version") != FORMAT_VERSION:
        raise MalformedError(
            f"the header's 'version' must be {FORMAT_VERSION}, not {header.get('version')!r}"
        )
    return resolve(header["game"])


def iter_lines(text: str) -> Iterator[tuple[int, str]]:
    """(line number, text) of each non-blank line; the header is line 1."""
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            yield number, line


def result_json(game: Game) -> dict[str, Any]:
    """The JSON object `companion replay --json` prints for a folded game."""
    summary = game.summary()
    return {
        "game": game.engine.name,
        "over": summary.over,
        "scores": dict(summary.scores),
        "winners": list(summary.winners),
        "state": game.engine.replay_state(game.state),
    }


def replay_text(text: str, resolve: Callable[[object], Engine] = engine_for) -> ReplayOutcome:
    """Fold a record's text through its rules; stop at the first malformed or illegal line."""
    lines = iter_lines(text)

    def malformed(line: int, message: str) -> ReplayOutcome:
        return ReplayOutcome(
            EXIT_MALFORMED, None, {"error": "malformed", "line": line, "message": message}
        )

    first = next(lines, None)
    if first is None:
        return malformed(1, "the record is empty: the first line must be the header")
    number, line = first
    try:
        header = json.loads(line)
        game = Game.start(check_header(header, resolve), header)
    except json.JSONDecodeError as exc:
        return malformed(number, f"not JSON: {exc.msg}")
    except MalformedError as exc:
        return malformed(number, exc.message)

    for number, line in lines:
        try:
            game.play(json.loads(line))
        except json.JSONDecodeError as exc:
            return malformed(number, f"not JSON: {exc.msg}")
        except MalformedError as exc:
            return malformed(number, exc.message)
        except RuleError as exc:
            return ReplayOutcome(
                EXIT_ILLEGAL,
                None,
                {"error": "illegal", "line": number, "rule": exc.rule, "message": exc.message},
                game,
            )
    return ReplayOutcome(EXIT_OK, result_json(game), None, game)


def record_lines(header: dict[str, Any], actions: list[dict[str, Any]]) -> str:
    """A record file's text: header then actions, one JSON object a line."""
    out = [json.dumps(header, ensure_ascii=False)]
    out += [json.dumps(action, ensure_ascii=False) for action in actions]
    return "\n".join(out) + "\n"
