"""`companion dice teach|read|render|teach-set`: the dice reader from the command line.

The vision work is in `vision/`; this module only turns arguments into calls and results into
lines. `read --jsonl` prints exactly one JSON object per image (design.md's contract).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..errors import CompanionError


def _zone(text: str) -> tuple[float, float, float, float]:
    try:
        parts = tuple(float(v) for v in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not four numbers l,t,r,b") from None
    if (
        len(parts) != 4
        or not all(0 <= v <= 1 for v in parts)
        or parts[0] >= parts[2]
        or parts[1] >= parts[3]
    ):
        raise argparse.ArgumentTypeError(
            f"{text!r}: the kept zone is left,top,right,bottom as fractions 0..1 (left<right, top<bottom)"
        )
    return parts  # type: ignore[return-value]


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be 1 or more")
    return n


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "dice",
        help="teach the dice, read dice in images, render synthetic dice scenes",
        description="Read the dice on the table from camera images, after teaching what their "
        "faces look like (a folder of images per face).",
    )
    dsub = p.add_subparsers(dest="dice_command", metavar="ACTION", parser_class=type(p))
    p.set_defaults(func=lambda args: (p.print_help(), 2)[1])

    t = dsub.add_parser(
        "teach",
        help="learn the dice from a folder with one folder of images per face",
        description="DIR holds one folder per face, named after the face (for POW: shield/, "
        "skull/, bubble-blue/, bubble-orange/), each with one or more images of dice all "
        "showing that face (a photo of all the dice, or a crop of one die).",
    )
    t.add_argument("dir", type=Path, metavar="DIR")
    t.add_argument(
        "--out", type=Path, required=True, metavar="PROFILE", help="profile file to write (.npz)"
    )
    t.set_defaults(func=run_teach)

    r = dsub.add_parser(
        "read",
        help="read the dice in images",
        description="Find and read every die in each image. Status 'unreadable' (with a "
        "reason: cut, blurred, cocked, too-many, uncertain, missing) when unsure.",
    )
    r.add_argument("images", type=Path, nargs="+", metavar="IMAGE")
    r.add_argument("--profile", type=Path, metavar="PROFILE", help="teach profile (default: "
                   "vision.dice_profile in the config, else the shipped synthetic-dice profile)")  # fmt: skip
    r.add_argument(
        "--max-dice", type=_positive, default=5, metavar="N", help="dice in play (default 5, POW)"
    )
    r.add_argument("--dice", type=_positive, metavar="N", help="the images show exactly N dice: "
                   "fewer found is unreadable (reason: missing)")  # fmt: skip
    r.add_argument("--kept-zone", type=_zone, metavar="L,T,R,B", help="kept zone as frame fractions "
                   "(default: vision.kept_zone in the config)")  # fmt: skip
    r.add_argument("--jsonl", action="store_true", help="one JSON object per image")
    r.add_argument(
        "--annotate",
        type=Path,
        metavar="DIR",
        help="also write each image with the reading drawn on it",
    )
    r.set_defaults(func=run_read)

    g = dsub.add_parser(
        "render",
        help="write synthetic table scenes with ground truth",
        description="Render COUNT photo-like 1280×720 scenes (PNG) with their ground truth "
        "(JSON beside each) into OUTDIR; some are unreadable cases.",
    )
    g.add_argument("outdir", type=Path, metavar="OUTDIR")
    g.add_argument("--count", type=_positive, default=10, metavar="N")
    g.add_argument("--seed", type=int, default=0, metavar="S")
    g.add_argument(
        "--style", choices=("pow", "pips"), default="pow", help="which dice (default pow)"
    )
    g.set_defaults(func=run_render)

    s = dsub.add_parser(
        "teach-set",
        help="write rendered teach folders (one per face) for 'dice teach'",
        description="Render a teach set into OUTDIR: a folder per face, each with PER_FACE "
        "pictures of all the dice showing that face.",
    )
    s.add_argument("outdir", type=Path, metavar="OUTDIR")
    s.add_argument("--seed", type=int, default=0, metavar="S")
    s.add_argument("--per-face", type=_positive, default=3, metavar="N")
    s.add_argument("--style", choices=("pow", "pips"), default="pow")
    s.set_defaults(func=run_teach_set)


def _vision_error(exc: Exception) -> CompanionError:
    return CompanionError(str(exc))


def run_teach(args: argparse.Namespace) -> int:
    from vision.errors import VisionError
    from vision.teach import teach_with_notes

    try:
        profile, notes = teach_with_notes(args.dir)
        profile.save(args.out)
    except VisionError as exc:
        raise _vision_error(exc) from None
    except OSError as exc:
        raise CompanionError(f"cannot write {args.out}: {exc.strerror}") from None
    for note in notes:  # a die cut off its top: retake that picture if one is left out
        print(f"warning: {note}", file=sys.stderr)
    print(
        f"taught {len(profile.faces)} faces ({', '.join(profile.faces)}) from "
        f"{len(set(profile.die_ids.tolist()))} dice; die size {profile.side_range[0]:.0f}-"
        f"{profile.side_range[1]:.0f} px; wrote {args.out}",
        file=sys.stderr,
    )
    return 0


def _load_profile(args: argparse.Namespace):
    from vision.profile import DEFAULT_PROFILE, DiceProfile

    from ._common import load_config

    path = args.profile
    config = load_config(args)
    if path is None and config["vision"]["dice_profile"]:
        path = Path(config["vision"]["dice_profile"]).expanduser()
    return DiceProfile.load(path or DEFAULT_PROFILE), config


def run_read(args: argparse.Namespace) -> int:
    import cv2

    from vision.config import dice_config
    from vision.errors import VisionError
    from vision.images import load_bgr
    from vision.reader import read_dice
    from vision.visualize import draw_reading

    try:
        profile, config = _load_profile(args)
    except VisionError as exc:
        raise _vision_error(exc) from None
    zone = args.kept_zone or tuple(config["vision"]["kept_zone"])
    try:  # the flags are checked as they are parsed; this names a key should they ever differ
        settings = dice_config(
            {
                "max_dice": max(args.max_dice, args.dice or 0),
                "dice_in_play": args.dice,
                "kept_zone": zone,
            }
        )
    except VisionError as exc:
        raise _vision_error(exc) from None
    failed = 0
    for path in args.images:
        try:
            frame = load_bgr(path)
        except VisionError as exc:
            print(f"companion dice read: {exc}", file=sys.stderr)
            failed += 1
            continue
        reading = read_dice(settings, profile, frame)
        if args.jsonl:
            print(json.dumps(reading.to_json(path.name), ensure_ascii=False), flush=True)
        else:
            dice = ", ".join(
                f"{d.face}{' (kept)' if d.kept else ''} {d.confidence:.2f}" for d in reading.dice
            )
            why = f" ({reading.reason})" if reading.reason else ""
            print(f"{path.name}: {reading.status}{why}: {dice or 'no dice'}", flush=True)
        if args.annotate:
            args.annotate.mkdir(parents=True, exist_ok=True)
            cv2.imwrite(
                str(args.annotate / (path.stem + ".png")), draw_reading(frame, reading, zone)
            )
    return 1 if failed else 0


def run_render(args: argparse.Namespace) -> int:
    from vision.render.sets import write_scenes

    try:
        paths = write_scenes(args.outdir, args.count, args.seed, style=args.style)
    except OSError as exc:
        raise CompanionError(f"cannot write to {args.outdir}: {exc.strerror}") from None
    print(f"wrote {len(paths)} scenes with ground truth to {args.outdir}", file=sys.stderr)
    return 0


def run_teach_set(args: argparse.Namespace) -> int:
    from vision.render.sets import write_teach_set

    try:
        faces = write_teach_set(args.outdir, args.seed, style=args.style, per_face=args.per_face)
    except OSError as exc:
        raise CompanionError(f"cannot write to {args.outdir}: {exc.strerror}") from None
    print(f"wrote a teach set ({', '.join(faces)}) to {args.outdir}", file=sys.stderr)
    return 0
