"""The POW rows wizard: capture both full rows as laid out (POW-3), enter their values, teach.

Step 1 shows the live camera view; confirm captures the frame. Step 2 lists the values left to
right, heroes then villains, starting at the POW-1 set in printed order: next/previous change
the highlighted value (heroes 1..6, villains -1..-4), select moves the highlight on, confirm
runs the real tile teach (vision.tiles.teach, what `companion tiles teach` runs), saves the
profile and sets [vision] tiles_profile. A teach failure (a row not seen, a count that does not
match) is shown as a notice and changes nothing; undo goes back to the capture.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..config_file import update
from ..errors import ConfigError
from ..wiring import POW_HEROES, POW_VILLAINS
from .pow import Notice

HERO_VALUES = (1, 2, 3, 4, 5, 6)  # POW-1
VILLAIN_VALUES = (-1, -2, -3, -4)
PREVIEW = (320, 180)


class RowsWizard:
    def __init__(
        self,
        camera: Any,
        folder: Path,
        config_path: Path,
        heroes: Sequence[int] = POW_HEROES,
        villains: Sequence[int] = POW_VILLAINS,
    ):
        self.camera = camera
        self.folder = Path(folder)
        self.config_path = config_path
        self.heroes = list(heroes)
        self.villains = list(villains)
        self.step = 0  # 0: capture, 1: values, 2: done
        self.at = 0  # the highlighted tile: heroes first, then villains
        self.frame: Any = None
        self.captured: Any = None
        self.notice: Notice | None = None
        self.profile_path: Path | None = None

    def look(self) -> None:
        frame = self.camera.read()
        if frame is not None:
            self.frame = frame

    def _slot(self) -> tuple[list[int], int, tuple[int, ...]]:
        if self.at < len(self.heroes):
            return self.heroes, self.at, HERO_VALUES
        return self.villains, self.at - len(self.heroes), VILLAIN_VALUES

    def on_input(self, name: str) -> None:
        if self.step == 0 and name == "confirm":
            if self.frame is None:
                self.notice = Notice("camera", "no picture from the camera yet")
                return
            self.captured, self.step, self.notice = self.frame.copy(), 1, None
        elif self.step == 1:
            if name in ("next", "previous"):
                row, i, allowed = self._slot()
                k = allowed.index(row[i]) if row[i] in allowed else 0
                row[i] = allowed[(k + (1 if name == "next" else -1)) % len(allowed)]
            elif name == "select":
                self.at = (self.at + 1) % (len(self.heroes) + len(self.villains))
            elif name == "undo":
                self.step, self.notice = 0, None
            elif name == "confirm":
                self._teach()

    def _teach(self) -> None:
        import cv2

        from vision.tiles import VisionError, teach, tiles_config

        try:
            profile = teach(tiles_config(), self.captured, self.heroes, self.villains)
        except VisionError as exc:
            self.notice = Notice("POW-3", str(exc))
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(self.folder / "rows.png"), self.captured)
        path = self.folder / "tiles-profile.npz"
        profile.save(path)
        try:
            update(self.config_path, "vision", {"tiles_profile": str(path)})
        except ConfigError as exc:
            self.notice = Notice("config", str(exc))  # the config cannot say so: show why
            return
        self.profile_path, self.step, self.notice = path, 2, None

    def view(self) -> Any:
        """The display's wizard view model (display.views.setup.Wizard)."""
        import cv2

        from display.views.setup import Wizard

        shown = self.frame if self.step == 0 else self.captured
        camera, size = None, (0, 0)
        if shown is not None:
            small = cv2.resize(shown, PREVIEW, interpolation=cv2.INTER_AREA)
            camera, size = cv2.cvtColor(small, cv2.COLOR_BGR2RGB).tobytes(), PREVIEW
        focus = None
        if self.step == 1:
            h = len(self.heroes)
            focus = ("heroes", self.at) if self.at < h else ("villains", self.at - h)
        return Wizard(
            kind="rows",
            step=min(self.step, 1),
            steps=2,
            camera=camera,
            camera_size=size,
            heroes=tuple(self.heroes),
            villains=tuple(self.villains),
            row_focus=focus,
            notice=self.notice,
        )
