"""The Display: one screen behind a backend — a window, fullscreen KMSDRM on a Pi, or headless.

`Display(backend="auto")` picks: headless when SDL_VIDEODRIVER=dummy (or no screen at all),
fullscreen KMSDRM on a console with /dev/dri and no desktop, a window otherwise. Headless
writes a PNG of each NEW screen (a model different from the last one shown) to `snapshot_dir`.

The app loop calls `show(model)` after every change and `inputs()` to read logical inputs:
keys through `inputs.KEYMAP`, clicks and touches through the last frame's touch regions.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from . import inputs as logical
from .canvas import Frame
from .i18n import Lang

BACKENDS = ("auto", "window", "fullscreen", "headless")
QUIT = "quit"


class DisplayError(RuntimeError):
    pass


def parse_size(text: str) -> tuple[int, int]:
    """ "1280x720" -> (1280, 720); ValueError naming the text otherwise."""
    w, sep, h = text.lower().partition("x")
    if not sep or not w.isdigit() or not h.isdigit() or int(w) < 320 or int(h) < 200:
        raise ValueError(f"screen size {text!r} is not WIDTHxHEIGHT (at least 320x200)")
    return int(w), int(h)


def detect() -> str:
    """The backend this machine can use."""
    driver = os.environ.get("SDL_VIDEODRIVER", "")
    if driver in ("dummy", "offscreen"):
        return "headless"
    if driver == "kmsdrm":
        # Asked for by name, as the Pi's service does (deploy/table-companion.service).
        return "fullscreen"
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or driver:
        return "window"
    if Path("/dev/dri").exists() and any(Path("/dev/dri").glob("card*")):
        return "fullscreen"
    return "headless"


@dataclass
class Snapshots:
    """Numbered PNGs of each new screen, for a display with no screen."""

    folder: Path
    count: int = 0

    def save(self, surface, name: str) -> Path:
        import pygame

        self.folder.mkdir(parents=True, exist_ok=True)
        self.count += 1
        path = self.folder / f"{self.count:04d}-{name}.png"
        pygame.image.save(surface, str(path))
        return path


class Display:
    def __init__(
        self,
        backend: str = "auto",
        size: tuple[int, int] = (800, 480),
        lang: str = "en",
        snapshot_dir: Path | None = None,
    ) -> None:
        if backend not in BACKENDS:
            raise DisplayError(
                f"unknown display backend {backend!r}; backends: {', '.join(BACKENDS)}"
            )
        self.backend = detect() if backend == "auto" else backend
        if self.backend == "headless":
            os.environ["SDL_VIDEODRIVER"] = "dummy"
        elif self.backend == "fullscreen":
            os.environ.setdefault("SDL_VIDEODRIVER", "kmsdrm")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # we play no sound
        import pygame

        self._pg = pygame
        pygame.display.init()
        pygame.font.init()
        if self.backend == "fullscreen":
            self.surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            pygame.mouse.set_visible(False)
        elif self.backend == "window":
            self.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
            pygame.display.set_caption("Table companion")
        else:
            self.surface = pygame.Surface(size)
        self.size = self.surface.get_size()
        self.lang = Lang.get(lang)
        self.snapshots = Snapshots(snapshot_dir) if snapshot_dir else None
        self.frame = Frame()
        self._last: tuple | None = None
        self.model: object = None

    def set_lang(self, code: str) -> None:
        """Switch the language at run time; the next `show` redraws in it."""
        self.lang = Lang.get(code)
        self._last = None

    def show(self, model: object) -> Frame:
        from . import screens

        self.model = model
        self.frame = screens.render(self.surface, model, self.lang)
        if self.backend != "headless":
            self._pg.display.flip()
        key = (model, self.lang.code)
        if self.snapshots and key != self._last:
            self.snapshots.save(self.surface, type(model).__name__)
        self._last = key
        return self.frame

    def inputs(self) -> list[str]:
        """Logical inputs since the last call (and "quit" when the window is closed)."""
        pg = self._pg
        out: list[str] = []
        for event in pg.event.get():
            if event.type == pg.QUIT:
                out.append(QUIT)
            elif event.type == pg.KEYDOWN:
                if event.key == pg.K_ESCAPE and self.backend == "window":
                    out.append(QUIT)
                inp = logical.from_key(event.key)
                if inp:
                    out.append(inp)
            elif (
                event.type == pg.MOUSEBUTTONDOWN
                and event.button == 1
                and not getattr(event, "touch", False)  # SDL also sends touches as clicks
            ):
                inp = self.frame.hit(event.pos)
                if inp:
                    out.append(inp)
            elif event.type == pg.FINGERDOWN:
                w, h = self.size
                inp = self.frame.hit((int(event.x * w), int(event.y * h)))
                if inp:
                    out.append(inp)
            elif event.type == pg.VIDEORESIZE and self.backend == "window":
                self.size = (event.w, event.h)
                self.surface = pg.display.get_surface()
                if self.model is not None:
                    self.show(self.model)
        return out

    def close(self) -> None:
        self._pg.display.quit()
