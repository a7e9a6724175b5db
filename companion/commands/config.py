"""`companion config`: check a config file, or print the defaults as a starting file."""

from __future__ import annotations

import argparse

from .. import config as config_mod


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "config",
        help="check the config file or print the defaults",
        description="Check the config file (exit 1 naming the wrong key) or, "
        "with --defaults, print every key with its default value.",
    )
    p.add_argument("--defaults", action="store_true", help="print the default config as TOML")
    p.set_defaults(func=run)


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return str(value)


def run(args: argparse.Namespace) -> int:
    if args.defaults:
        for section, values in config_mod.defaults().items():
            print(f"[{section}]")
            for name, value in values.items():
                if value is None:
                    print(f"# {name} = (unset)")
                else:
                    print(f"{name} = {_toml_value(value)}")
            print()
        return 0
    cfg = config_mod.load(args.config)
    where = cfg.source or "no config file; using the defaults"
    print(f"config ok: {where}")
    return 0
