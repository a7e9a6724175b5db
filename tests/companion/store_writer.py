"""Subprocess for the power-cut test: append actions forever, print the running count of
committed actions (all games) after each one."""

import random
import sys

from companion.store import Store
from tests.companion.countgame import HEADER, resolve

path, seed = sys.argv[1], int(sys.argv[2])
rng = random.Random(seed)
store = Store(path, resolve=resolve)
game_id = store.unfinished() or store.new_game(HEADER)
committed = sum(g.actions for g in store.games())
while True:
    game = store.load(game_id)
    action = (
        {"type": "undo"}
        if game.in_force and rng.random() < 0.15
        else {"type": "add", "n": rng.randint(1, 9)}
    )
    store.append(game_id, action, state_id=game.state_id)
    committed += 1
    print(committed, flush=True)  # only after append returned: the action is on disk
    if store.load(game_id).summary().over:
        game_id = store.new_game(HEADER)
