"""`companion replay FILE --json`: fold a record file through its rules (records.md)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..errors import CompanionError
from ..records import replay_text


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "replay",
        help="fold a game record through the rules and print the result",
        description="Read a game record (JSON Lines: header, then one action a line), apply "
        "every action through the game's rules and print the outcome. Exit 0 when "
        "legal, 2 for a malformed line, 3 for an illegal action (the error, as JSON "
        "with --json, goes to stderr).",
    )
    p.add_argument("file", type=Path, metavar="FILE", help="the record file (.jsonl)")
    p.add_argument(
        "--json", action="store_true", help="print the result as one JSON object (records.md)"
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        text = args.file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CompanionError(f"cannot read {args.file}: {exc}") from None
    outcome = replay_text(text)
    if outcome.stderr is not None:
        if args.json:
            print(json.dumps(outcome.stderr, ensure_ascii=False), file=sys.stderr)
        else:
            err = outcome.stderr
            rule = f" [{err['rule']}]" if "rule" in err else ""
            print(
                f"{args.file}:{err['line']}: {err['error']}{rule}: {err['message']}",
                file=sys.stderr,
            )
        return outcome.exit
    result = outcome.stdout
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        state = "over" if result["over"] else "not over"
        print(f"{result['game']}: {state}")
        for player, score in result["scores"].items():
            mark = "  (winner)" if player in result["winners"] else ""
            print(f"  {player}: {score}{mark}")
    return outcome.exit
