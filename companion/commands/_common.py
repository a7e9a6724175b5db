"""What several subcommands need: the config and the store the global flags point at."""

from __future__ import annotations

import argparse

from .. import config as config_mod
from ..store import Store


def load_config(args: argparse.Namespace) -> config_mod.Config:
    return config_mod.load(args.config)


def open_store(args: argparse.Namespace) -> Store:
    path = args.store or load_config(args).store_path()
    return Store(path)
