"""Subprocess for the SIGTERM test: store a few actions, say "ready", then wait to be stopped.

argv: STORE_PATH guarded|unguarded. Guarded runs inside lifecycle.stop_on_sigterm(store), as
the service does; unguarded is Python's default (the control that shows what the guard fixes).
"""

import sys
import time

from companion import lifecycle
from companion.store import Store
from tests.companion.countgame import HEADER, resolve

path, mode = sys.argv[1], sys.argv[2]
store = Store(path, resolve=resolve)


def play_and_wait() -> None:
    game_id = store.new_game(HEADER)
    for n in (3, 4, 5):
        store.append(game_id, {"type": "add", "n": n})
    print("ready", flush=True)
    while True:
        time.sleep(0.01)


if mode == "guarded":
    with lifecycle.stop_on_sigterm(store):
        play_and_wait()
else:
    play_and_wait()
