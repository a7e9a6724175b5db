"""`companion run`: the service. Resumes the unfinished game (or starts one), then watches the
table with the camera, takes the buttons and keeps the screen until stopped.

Hardware is auto-detected unless named: the Pi camera, else a USB camera, else the simulated
table; GPIO buttons on a Pi, else the keyboard. `--camera`/`--buttons` override the config's
`[camera] source` / `[buttons] source`.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
from pathlib import Path
from typing import Any

from ..errors import CompanionError

log = logging.getLogger(__name__)

CAMERAS = ("auto", "sim", "usb", "picamera", "files")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "run",
        help="the companion at the table (the service): resume, watch, count",
        description=__doc__.split("\n\n", 1)[1],
    )
    p.add_argument(
        "--camera",
        nargs="+",
        metavar=("KIND", "PATH"),
        help="auto | sim | usb | picamera | files PATH (an image folder or a video)",
    )
    p.add_argument("--buttons", choices=("auto", "gpio", "keyboard"))
    p.add_argument(
        "--game",
        choices=("pow", "malacca", "digmars"),
        default=None,
        help="the game to start when none is unfinished (default: the setup screen)",
    )
    p.add_argument("--players", default="", help="players of a new game, comma-separated")
    p.add_argument(
        "--display", choices=("auto", "window", "fullscreen", "headless"), default="auto"
    )
    p.add_argument("--snapshots", type=Path, metavar="DIR", help="headless: PNG of each screen")
    p.add_argument(
        "--wizard",
        choices=("buttons", "dice", "rows"),
        help="only run this first-time wizard on the screen (map the buttons, teach the dice, "
        "lay out the POW rows), save it to the config and exit (status 1 if nothing saved)",
    )
    p.set_defaults(func=run)


def _camera_arg(values: list[str] | None, config) -> tuple[str, str]:
    if not values:
        return config["camera"]["source"], config["camera"]["path"]
    kind, *rest = values
    if kind not in CAMERAS:
        raise CompanionError(f"--camera {kind!r}: one of {', '.join(CAMERAS)}")
    if kind == "files":
        if len(rest) != 1:
            raise CompanionError("--camera files needs one PATH (an image folder or a video)")
        return kind, rest[0]
    if rest:
        raise CompanionError(f"--camera {kind} takes no path")
    return kind, ""


def new_header(game: str, players: list[str], config) -> dict[str, Any]:
    from ..wiring import pow_header

    rules = dict(config.rules.get(game, {}))
    if game == "pow":
        players = players or ["Player 1", "Player 2", "Player 3"]
        log.warning("new POW game with the default rows (POW-1); correct them at setup")
        return pow_header(players, rules=rules)
    players = players or ["Player 1", "Player 2", "Player 3"]
    header: dict[str, Any] = {"game": game, "version": 1, "players": players, "rules": rules}
    if game == "malacca":
        header.update(captain=players[0], equipment=False)
    return header


def run(args: argparse.Namespace) -> int:
    from .. import lifecycle
    from ._common import load_config, open_store

    config = load_config(args)
    kind, path = _camera_arg(args.camera, config)
    if args.wizard:
        # The wizard alone, then exit: the store is not opened (a wizard run by hand as root
        # with the service stopped must leave no file the service cannot write).
        from ..setup_flow import run_wizard, wizard_camera

        camera = wizard_camera(config, kind, path)
        saved = run_wizard(args, config, args.wizard, open_camera=camera)
        print(f"{args.wizard}: {'saved to the config file' if saved else 'nothing saved'}")
        return 0 if saved else 1
    store = open_store(args)
    # From here a SIGTERM (systemd stopping the service) is a clean exit that closes the store;
    # the camera, buttons and screen are closed in `finally` below.
    with lifecycle.stop_on_sigterm(store), contextlib.ExitStack() as closing:
        _serve(args, config, kind, path, store, closing)
    return 0


def _serve(args, config, kind: str, path: str, store, closing) -> None:
    from hardware.camera import open_camera
    from hardware.watch import CameraWatch

    from ..app import App
    from ..controllers import Status
    from ..setup_flow import choose_new_game, panel_opener, wizard_camera
    from ..wiring import camera_choice, controller_for, open_display, open_game
    from ._common import load_config

    players = [p.strip() for p in args.players.split(",") if p.strip()]
    if store.unfinished() is None and args.game is None and not players:
        # the table picks game, players, rules (and may run the wizards from "Table setup")
        header = choose_new_game(args, config, open_camera=wizard_camera(config, kind, path))
        if header is None:
            return
        config = load_config(args)
    else:
        header = new_header(args.game or "pow", players, config)
    game_id, resumed = open_game(store, header)
    game = store.load(game_id)
    name = game.header["game"]
    controller = controller_for(name)

    camera = eye = tiles = None
    camera_text = "none (this game is entered by buttons)"
    if name == "pow":
        source, reason, device = camera_choice(kind, path, config)
        log.info("camera: %s (%s)", source, reason)
        render = None
        if source == "sim":
            from ..simtable import PowTable

            table = PowTable(seed=0)
            render = table.frame
        cam = config["camera"]

        def open_source():
            return open_camera(
                source,
                device=device,
                path=path,
                width=cam["width"],
                height=cam["height"],
                render=render,
            )

        # Exposure and white balance lock 3 s after the camera starts giving pictures.
        camera = CameraWatch(open_source, lock_after=3.0)
        closing.callback(camera.close)
        from ..eye import DiceEye, TileEye

        vision = config["vision"]
        try:
            eye = DiceEye(
                kept_zone=vision["kept_zone"],
                stable_frames=vision["stable_frames"],
                why_frames=vision["why_frames"],
                profile_path=vision["dice_profile"],
            )
        except (ImportError, OSError, ValueError) as exc:
            # No dice reading (no profile, no reader): the game goes on, dice entered by hand.
            log.error("dice vision unavailable (%s): enter the dice by hand", exc)
        try:
            tiles = TileEye(vision["tiles_profile"])
        except (ImportError, OSError, ValueError) as exc:
            log.error("tile rows are not checked (%s)", exc)
        camera_text = f"{source} ({reason})"

    display = open_display(args, config)
    closing.callback(display.close)
    status = Status(camera_text, "starting")
    app = App(store, game_id, controller, display, status, camera=camera, eye=eye, tiles=tiles)
    # The same panel, pins and errors as the setup screen's (setup_flow.panel_opener).
    panel = panel_opener(args.buttons)(config, app.inputs.put)
    closing.callback(panel.close)
    app.status = Status(camera_text, panel.describe())
    log.info(
        "%s game %d (%s); camera: %s; buttons: %s",
        "resumed" if resumed else "new",
        game_id,
        name,
        camera_text,
        panel.describe(),
    )
    app.run(fps=30)
