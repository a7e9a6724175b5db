"""The `companion` command: global flags, logging, and the subcommands of `commands/`.

Each subcommand lives in its own module under `companion/commands/` with `register(sub)` that
adds its parser and sets `func`. Errors a user can cause print one line and exit non-zero;
a traceback means a bug.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

from . import __version__
from .errors import CompanionError

# Subcommand modules, in the order `--help` lists them.
COMMANDS = (
    "replay",
    "export",
    "games",
    "config",
    "bench",
    "screens",
    "demo",
    "tiles",
    "run",
    "dice",
)

EXIT_USAGE = 2


class Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is one clear line (no usage dump), exit 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, f"{self.prog}: {message} (see '{self.prog} --help')\n")


def build_parser() -> Parser:
    parser = Parser(
        prog="companion",
        description="The table companion: watches, checks, counts and explains POW, Malacca "
        "and Dig Mars while people play with the real pieces.",
    )
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    parser.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="log debug details to stderr (journald on the Pi)",
    )
    parser.add_argument(
        "--config",
        type=Path,
        metavar="FILE",
        help="config file (default: $COMPANION_CONFIG or ~/.config/table-companion/config.toml)",
    )
    parser.add_argument(
        "--store",
        type=Path,
        metavar="FILE",
        help="game store file (default: [store] path in the config, else "
        "~/.local/share/table-companion/games.sqlite3)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for name in COMMANDS:
        importlib.import_module(f".commands.{name}", __package__).register(sub)
    return parser


def setup_logging(verbose: bool) -> None:
    logging.basicConfig(
        stream=sys.stderr,
        level=logging.DEBUG if verbose else logging.INFO,
        format="%(levelname)s %(name)s: %(message)s",
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    setup_logging(args.verbose)
    if not getattr(args, "func", None):
        parser.print_help()
        return EXIT_USAGE
    try:
        return int(args.func(args) or 0)
    except CompanionError as exc:
        print(f"companion {args.command}: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
