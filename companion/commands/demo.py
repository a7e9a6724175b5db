"""`companion demo`: a whole game on the simulated table, auto-played, then the tally.

POW: a robot rolls five dice at a table drawn by vision's renderer; the simulated camera, the
real vision pipeline, the POW rules, the game store and the screen do the rest, exactly as
at a real table (the robot presses the same buttons a player would). `--game malacca|digmars`
plays a shipped game record through the buttons, press by press (`--pace action`: the presses
of one recorded action together, one screen each, for tests and benchmarks). With no screen
(or SDL_VIDEODRIVER=dummy) each new screen is written as a PNG instead.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from importlib import resources
from pathlib import Path

from ..errors import CompanionError

PLAYERS = ("Ann", "Ben", "Cy")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "demo",
        help="play a whole game on the simulated table and print the tally",
        description=__doc__.split("\n\n", 1)[1],
    )
    p.add_argument("--game", choices=("pow", "malacca", "digmars"), default="pow")
    p.add_argument("--seed", type=int, default=1, help="dice, tiles and robot (default 1)")
    p.add_argument(
        "--players", default=",".join(PLAYERS), help="POW players, comma-separated (2 to 5)"
    )
    p.add_argument(
        "--tiles",
        type=int,
        default=12,
        choices=range(1, 13),
        metavar="N",
        help="POW tiles per row (default 12, the box; fewer for a short game)",
    )
    p.add_argument(
        "--display",
        choices=("auto", "window", "fullscreen", "headless"),
        default="auto",
        help="where the screens go (default: a window if there is a screen, else PNGs)",
    )
    p.add_argument(
        "--snapshots",
        type=Path,
        metavar="DIR",
        help="folder for the PNGs (default: a new temp dir)",
    )
    p.add_argument(
        "--fps",
        type=float,
        default=0,
        help="pace the loop (default: a window 12, headless as fast as it can)",
    )
    p.add_argument(
        "--pace",
        choices=("press", "action"),
        default="press",
        help="Malacca and Dig Mars: one loop step per button press (default), or per recorded "
        "action, all its presses at once, headless writing only the first and end screens "
        "(tests, bench)",
    )
    p.add_argument(
        "--resume",
        action="store_true",
        help="continue the unfinished game of --store instead of starting one",
    )
    p.add_argument("--max-steps", type=int, default=20000, help=argparse.SUPPRESS)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    if args.pace != "press" and args.game == "pow":
        raise CompanionError("--pace is for the scripted games (malacca, digmars)")
    from display.backend import Display

    from .. import lifecycle
    from ..store import Store

    tmp = None
    if args.store is None:
        tmp = tempfile.TemporaryDirectory(prefix="companion-demo-")
        args.store = Path(tmp.name) / "demo.sqlite3"
    snapshots = args.snapshots
    display = Display(backend=args.display, snapshot_dir=None)
    if display.backend == "headless":
        snapshots = snapshots or Path(tempfile.mkdtemp(prefix="companion-demo-screens-"))
        display.snapshots = _snapshots(snapshots)
    fps = args.fps or (12.0 if display.backend != "headless" else 0)
    store = Store(args.store)
    try:
        with lifecycle.stop_on_sigterm(store):
            if args.game == "pow":
                code = _pow(args, store, display, fps, started)
            else:
                code = _scripted(args, store, display, fps, started)
    finally:
        display.close()
        if tmp is not None:
            tmp.cleanup()
    if snapshots:
        print(f"screens: {snapshots}")
    return code


def _snapshots(folder: Path):
    from display.backend import Snapshots

    return Snapshots(folder)


def _pace(fps: float, step_started: float) -> None:
    if fps:
        rest = 1.0 / fps - (time.perf_counter() - step_started)
        if rest > 0:
            time.sleep(rest)


def _first_screen(app, started: float) -> None:
    app.show()
    print(f"first screen after {time.perf_counter() - started:.2f} s", flush=True)


def _pow(args, store, display, fps: float, started: float) -> int:
    from hardware.camera import SimulatedCamera
    from hardware.watch import CameraWatch

    from ..app import App
    from ..controllers import Status
    from ..controllers.pow import PowController
    from ..eye import DiceEye, TileEye
    from ..robot import Robot
    from ..simtable import PowTable
    from ..wiring import open_game, pow_header

    players = [p.strip() for p in args.players.split(",") if p.strip()]
    if args.resume:
        game_id, _ = open_game(store, None)
    else:
        header = pow_header(players, seed=args.seed)
        header["heroes"] = header["heroes"][: args.tiles]
        header["villains"] = header["villains"][: args.tiles]
        game_id = store.new_game(header)
    table = PowTable(seed=args.seed)
    camera = CameraWatch(lambda: SimulatedCamera(table.frame))
    eye = DiceEye()
    status = Status(camera="simulated table", buttons="robot (buttons and keyboard)")
    app = App(
        store, game_id, PowController(), display, status, camera=camera, eye=eye, tiles=TileEye()
    )
    game = app.game
    print(f"game {game_id}: POW, {', '.join(game.header['players'])}", flush=True)
    if args.resume:
        print(f"resumed at action {game.state_id}", flush=True)
    _first_screen(app, started)
    robot = Robot(app, table, seed=args.seed)
    robot.resume()
    reported = game.state_id
    steps = 0
    while not app.over and steps < args.max_steps:
        t = time.perf_counter()
        if not app.step():
            return 130
        robot.act()
        steps += 1
        state_id = app.game.state_id
        if state_id != reported:
            reported = state_id
            print(f"entered {state_id}", flush=True)  # after the store committed it
        _pace(fps, t)
    app.step()
    if not app.over:
        raise CompanionError(f"the demo game did not end within {args.max_steps} steps")
    _print_tally(app.game)
    s = robot.stats
    print(
        f"camera: {s.rolls} rolls, {s.read} read by the camera, {s.misread} misread and "
        f"corrected, {s.by_hand} entered by hand, {s.nudges} nudges; {app.frames} frames",
        flush=True,
    )
    return 0


def _print_tally(game) -> None:
    summary = game.summary()
    view = game.engine.replay_state(game.state)
    print("tally:")
    for player, score in sorted(summary.scores.items(), key=lambda kv: -kv[1]):
        removed = view.get("removed", {}).get(player)
        extra = f"  (heroes removed by POW-16: {removed})" if removed else ""
        print(f"  {player:<12} {score:>4}{extra}")
    print(f"winner{'s' if len(summary.winners) > 1 else ''}: {', '.join(summary.winners)}")


def _scripted(args, store, display, fps: float, started: float) -> int:
    from ..app import App
    from ..controllers import Status
    from ..controllers.forms import inputs_for
    from ..wiring import controller_for

    name = {"malacca": "malacca-legal-000", "digmars": "digmars-legal-00"}[args.game]
    text = resources.files("companion").joinpath(f"demo_games/{name}.jsonl").read_text("utf-8")
    lines = [json.loads(line) for line in text.splitlines() if line.strip()]
    game_id = store.new_game(lines[0])
    controller = controller_for(args.game)
    status = Status(camera="none (entered by buttons)", buttons="script (buttons)")
    app = App(store, game_id, controller, display, status)
    print(f"game {game_id}: {args.game}, {', '.join(lines[0]['players'])}", flush=True)
    _first_screen(app, started)
    # `--pace action`: the app takes all presses of an action in one step (as it does a burst
    # of button events) and draws once; headless, only the end screen is written.
    by_action = args.pace == "action"
    snapshots, display.snapshots = display.snapshots, None if by_action else display.snapshots
    for target in lines[1:]:
        keys = inputs_for(controller, app.game, target)
        for batch in [keys] if by_action else [[key] for key in keys]:
            t = time.perf_counter()
            for key in batch:
                app.inputs.put(key)
            if not app.step():
                return 130
            _pace(fps, t)
        print(f"entered {app.game.state_id}: {target['type']}", flush=True)
    if by_action and snapshots is not None:
        snapshots.save(display.surface, type(display.model).__name__)
    summary = app.game.summary()
    print("tally:")
    for player, score in sorted(summary.scores.items(), key=lambda kv: -kv[1]):
        print(f"  {player:<12} {score:>4}")
    if summary.winners:
        print(f"winner{'s' if len(summary.winners) > 1 else ''}: {', '.join(summary.winners)}")
    return 0 if app.game.state_id == len(lines) - 1 else 1
