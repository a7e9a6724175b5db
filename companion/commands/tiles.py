"""`companion tiles teach|read|render`: the POW tile rows by camera (vision.tiles).

teach learns a box of tiles from one image of both full rows and their values left to right;
read prints both rows of each image (JSON Lines with --jsonl); render writes synthetic scenes
with their ground truth. Values are signed (villains negative, POW-1), so `--villains -2,-5`
is read as a value, not an option.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..cli import Parser
from ..errors import CompanionError

if TYPE_CHECKING:  # numpy and cv2 load only in the commands that use them: every start pays
    import numpy as np

VALUE_FLAGS = ("--heroes", "--villains")
_VALUES = re.compile(r"^[+-]?\d+(,[+-]?\d+)*,?$")
_LEADING_MINUS = re.compile(r"^-\d")  # a value, not an option: no option starts "-<digit>"
CASE_MIX = ("normal",) * 8 + ("hand", "die")  # render's default: mostly readable scenes


def join_values(args: Sequence[str]) -> list[str]:
    """`--villains -2,-5` → `--villains=-2,-5`: argparse would take "-2,-5" for an option."""
    out: list[str] = []
    i = 0
    while i < len(args):
        if args[i] in VALUE_FLAGS and i + 1 < len(args) and _LEADING_MINUS.match(args[i + 1]):
            out.append(f"{args[i]}={args[i + 1]}")
            i += 2
        else:
            out.append(args[i])
            i += 1
    return out


class TilesParser(Parser):
    """The tiles subcommands' parser: signed value lists are joined to their flag first."""

    def parse_known_args(self, args=None, namespace=None):  # type: ignore[override]
        return super().parse_known_args(join_values(list(args or [])), namespace)


def _values(flag: str, sign: int):
    def parse(text: str) -> tuple[int, ...]:
        if not _VALUES.match(text.strip()):
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a list of whole numbers like {'3,1,4' if sign > 0 else '-2,-1,-3'}"
            )
        values = tuple(int(v) for v in text.strip().rstrip(",").split(","))
        if any(v * sign <= 0 for v in values):
            kind = "positive" if sign > 0 else "negative"
            raise argparse.ArgumentTypeError(f"{flag} values are {kind} (POW-1), got {text!r}")
        return values

    return parse


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "tiles",
        help="read POW's two tile rows by camera (teach, read, render)",
        description="Teach the tile rows once at setup, then read both rows left to right.",
    )
    tsub = p.add_subparsers(dest="tiles_command", metavar="ACTION", parser_class=TilesParser)
    t = tsub.add_parser(
        "teach",
        help="learn the tiles from one image of both full rows",
        description="IMAGE shows both full rows as laid out at setup; give the values left "
        "to right as printed: --heroes 3,1,4,… --villains -2,-5,… (a leading minus is a "
        "value). Writes the profile `tiles read` uses.",
    )
    t.add_argument("image", type=Path, metavar="IMAGE")
    t.add_argument("--heroes", required=True, type=_values("--heroes", +1), metavar="V,V,…")
    t.add_argument("--villains", required=True, type=_values("--villains", -1), metavar="-V,-V,…")
    t.add_argument(
        "--out", required=True, type=Path, metavar="PROFILE", help="profile file to write"
    )
    t.set_defaults(func=run_teach)
    r = tsub.add_parser(
        "read",
        help="read both rows of each image",
        description="Print each image's hero and villain rows left to right; 'unreadable' "
        "with a reason when a tile is covered or the rows can't be told apart.",
    )
    r.add_argument("images", type=Path, nargs="+", metavar="IMAGE")
    r.add_argument(
        "--profile", type=Path, metavar="PROFILE",
        help="from `tiles teach` (default: the project's own synthetic tiles)",
    )  # fmt: skip
    r.add_argument("--jsonl", action="store_true", help="one JSON object per image")
    r.set_defaults(func=run_read)
    g = tsub.add_parser(
        "render",
        help="write synthetic tile-row scenes with ground truth",
        description="Write OUTDIR/setup.png (both full rows, for teach; setup.json has the "
        "values) and N scenes NNNN.png with NNNN.json ground truth.",
    )
    g.add_argument("outdir", type=Path, metavar="OUTDIR")
    g.add_argument("--count", type=int, default=10, metavar="N")
    g.add_argument("--seed", type=int, default=0, metavar="S")
    g.add_argument("--case", choices=("mixed", "normal", "hand", "die"), default="mixed")
    g.set_defaults(func=run_render)
    p.set_defaults(func=lambda args: (p.print_help(), 2)[1])


def run_teach(args: argparse.Namespace) -> int:
    from vision.tiles import VisionError, load_bgr, teach, tiles_config

    try:
        frame = load_bgr(args.image)
        profile = teach(tiles_config(), frame, args.heroes, args.villains)
        profile.save(args.out)
    except VisionError as exc:
        raise CompanionError(str(exc)) from None
    except OSError as exc:
        raise CompanionError(f"cannot write {args.out}: {exc.strerror or exc}") from None
    print(
        f"taught {len(args.heroes)} hero and {len(args.villains)} villain tiles "
        f"(tile side {profile.side:.0f} px) -> {args.out}"
    )
    return 0


def run_read(args: argparse.Namespace) -> int:
    from vision.tiles import (
        TilesProfile,
        VisionError,
        default_profile,
        load_bgr,
        read_tiles,
        tiles_config,
    )

    try:
        profile = TilesProfile.load(args.profile) if args.profile else default_profile()
    except VisionError as exc:
        raise CompanionError(str(exc)) from None
    config = tiles_config()
    failed = 0
    for path in args.images:
        try:
            frame = load_bgr(path)
        except VisionError as exc:
            print(f"companion tiles read: {exc}", file=sys.stderr)
            failed += 1
            continue
        reading = read_tiles(config, profile, frame)
        if args.jsonl:
            print(json.dumps(reading.to_json(path.name), ensure_ascii=False), flush=True)
        else:

            def row(tiles) -> str:
                return " ".join("?" if t.value is None else f"{t.value:+d}" for t in tiles) or "-"

            line = f"{path}: {reading.status}  heroes {row(reading.heroes)}  villains {row(reading.villains)}"
            print(line + (f"  ({reading.reason})" if reading.reason else ""), flush=True)
    return 1 if failed else 0


def run_render(args: argparse.Namespace) -> int:
    import numpy as np

    from vision.render.tiles import TileSpec, render_tiles

    if args.count < 0:
        raise CompanionError("--count must be 0 or more")
    try:
        args.outdir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CompanionError(f"cannot make {args.outdir}: {exc.strerror or exc}") from None
    rng = np.random.default_rng(args.seed)
    # The setup frame is on a neutral table, as a table would teach where the rows show well.
    setup = render_tiles(rng, TileSpec(taken=(0.0, 0.0), distractors=False, surface="laminate"))
    _write(args.outdir / "setup", setup.image, setup.truth())
    h, v = (",".join(str(x) for x in row) for row in setup.laid_out)
    for i in range(args.count):
        case = args.case if args.case != "mixed" else CASE_MIX[int(rng.integers(len(CASE_MIX)))]
        scene = render_tiles(rng, TileSpec(case=case))
        _write(args.outdir / f"{i:04d}", scene.image, scene.truth())
    print(f"wrote setup.png and {args.count} scenes to {args.outdir}")
    print(
        f"teach with: companion tiles teach {args.outdir / 'setup.png'} --heroes {h} --villains {v} --out PROFILE"
    )
    return 0


def _write(stem: Path, image: np.ndarray, truth: dict) -> None:
    import cv2

    if not cv2.imwrite(str(stem.with_suffix(".png")), image):
        raise CompanionError(f"cannot write {stem.with_suffix('.png')}")
    stem.with_suffix(".json").write_text(json.dumps(truth, indent=1) + "\n", encoding="utf-8")
