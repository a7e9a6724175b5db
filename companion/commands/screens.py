"""`companion screens --out DIR`: a PNG of every screen for sample states (headless)."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from ..errors import CompanionError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "screens",
        help="render every screen for sample states as PNG files",
        description="Render every screen (sample states of each game, the setup and the "
        "wizards) headless and write one PNG per screen into DIR.",
    )
    p.add_argument("--out", type=Path, required=True, metavar="DIR", help="folder for the PNGs")
    p.add_argument(
        "--lang",
        default="all",
        help="en, et, fr, fa, or all (default: all, one subfolder each)",
    )
    p.add_argument("--size", default="800x480", help="WIDTHxHEIGHT (default 800x480)")
    p.add_argument("--only", metavar="NAME", help="only screens whose name contains NAME")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from display import screens
    from display.backend import parse_size
    from display.i18n import LANGS, Lang, UnknownLanguage
    from display.samples import all_samples

    try:
        size = parse_size(args.size)
        langs = list(LANGS) if args.lang == "all" else [Lang.get(args.lang).code]
    except (ValueError, UnknownLanguage) as exc:
        raise CompanionError(str(exc)) from exc
    pygame.display.init()
    surface = pygame.Surface(size)
    count = 0
    for lang in langs:
        folder = args.out / lang if len(langs) > 1 else args.out
        folder.mkdir(parents=True, exist_ok=True)
        for name, model in all_samples().items():
            if args.only and args.only not in name:
                continue
            frame = screens.render(surface, model, lang)
            pygame.image.save(surface, str(folder / f"{name}.png"))
            count += 1
            for text in frame.overflows:
                print(f"warning: {lang}/{name}: text does not fit: {text!r}")
    print(f"{count} screens written to {args.out}")
    return 0
