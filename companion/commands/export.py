"""`companion export GAME`: write a stored game as a record file (records.md)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import CompanionError
from ._common import open_store


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "export",
        help="write a stored game as a record file",
        description="Write a stored game as a record file (JSON Lines) that "
        "'companion replay' reads. GAME is an id from "
        "'companion games', or 'latest'.",
    )
    p.add_argument("game", metavar="GAME", help="game id, or 'latest'")
    p.add_argument("-o", "--out", type=Path, metavar="FILE", help="write here (default: stdout)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        if args.game == "latest":
            games = store.games()
            if not games:
                raise CompanionError("the store holds no games yet")
            game_id = games[-1].id
        else:
            try:
                game_id = int(args.game)
            except ValueError:
                raise CompanionError(
                    f"GAME must be a number or 'latest', not {args.game!r}"
                ) from None
        text = store.export(game_id)
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0
