"""`companion games`: list the games in the store."""

from __future__ import annotations

import argparse
import json

from ._common import open_store


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "games",
        help="list the stored games",
        description="List the games in the store, oldest first.",
    )
    p.add_argument("--json", action="store_true", help="one JSON object per game")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        games = store.games()
    for g in games:
        if args.json:
            print(
                json.dumps(
                    {
                        "id": g.id,
                        "game": g.game,
                        "players": list(g.players),
                        "created": g.created,
                        "finished": g.finished,
                        "actions": g.actions,
                    },
                    ensure_ascii=False,
                )
            )
        else:
            status = "over" if g.finished else "unfinished"
            print(
                f"{g.id:>4}  {g.game:<8} {g.created}  {status:<10} {g.actions:>4} actions  "
                f"{', '.join(g.players)}"
            )
    if not games and not args.json:
        print("no games stored yet")
    return 0
