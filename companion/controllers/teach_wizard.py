"""The dice teach wizard: show each face on all dice, confirm captures it; then teach and save.

For each face of the dice style the screen shows the live camera view and the dice the teach
step finds in it (vision.teach.find_teach_dice); confirm writes the current frame to
<folder>/<face>/teach-N.png (select captures one more picture of the same face, which helps
under changing light). After the last face the real teach step (vision.teach.teach, what
`companion dice teach` runs) learns the profile, which is saved and put in [vision]
dice_profile of the config file. Undo goes back a face. Dice the teach step left out (cut off
their top: vision.teach.OffPrint) are told to the table when the wizard is done
(`done_notice`), as the CLI prints them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..config_file import update
from ..errors import ConfigError
from .pow import Notice

PREVIEW = (320, 180)  # the live view sent to the screen, px


class DiceTeachWizard:
    def __init__(self, camera: Any, folder: Path, config_path: Path, faces: tuple[str, ...]):
        self.camera = camera  # anything with read() -> BGR frame or None
        self.folder = Path(folder)
        self.config_path = config_path
        self.faces = faces
        self.step = 0
        self.taken: dict[str, int] = {}
        self.frame: Any = None
        self.notice: Notice | None = None
        self.profile_path: Path | None = None
        self.left_out: list[Any] = []  # vision.teach.OffPrint of the last teach

    @property
    def face(self) -> str | None:
        return self.faces[self.step] if self.step < len(self.faces) else None

    def look(self) -> None:
        frame = self.camera.read()
        if frame is not None:
            self.frame = frame

    def on_input(self, name: str) -> None:
        if self.face is None:
            return
        if name == "undo" and self.step:
            self.step -= 1
            self.notice = None
        elif name in ("confirm", "select"):
            if not self._capture():
                return
            if name == "confirm":
                self.step += 1
                if self.face is None:
                    self._teach()

    def _capture(self) -> bool:
        import cv2

        if self.frame is None:
            self.notice = Notice("camera", "no picture from the camera yet")
            return False
        face = self.face
        assert face is not None
        n = self.taken.get(face, 0)
        folder = self.folder / face
        folder.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(folder / f"teach-{n}.png"), self.frame)
        self.taken[face] = n + 1
        self.notice = None
        return True

    def _teach(self) -> None:
        from vision.errors import VisionError
        from vision.teach import teach_with_notes

        try:
            profile, self.left_out = teach_with_notes(self.folder)
        except VisionError as exc:
            # Nothing saved: undo goes back to the faces to capture them again.
            self.step = len(self.faces) - 1
            self.notice = Notice("teach", str(exc))
            return
        path = self.folder / "dice-profile.npz"
        profile.save(path)
        try:
            update(self.config_path, "vision", {"dice_profile": str(path)})
        except ConfigError as exc:
            # The profile is saved but the config cannot say so: show why, stay on the last face.
            self.step = len(self.faces) - 1
            self.notice = Notice("config", str(exc))
            return
        self.profile_path = path

    def done_notice(self) -> Notice | None:
        """What the table is told once the profile is saved: the dice the teach left out, so
        that a face read poorly later is known to want its pictures taken again."""
        if not self.left_out:
            return None
        n = len(self.left_out)
        which = ", ".join(f"{x.face} ({x.path.name})" for x in self.left_out)
        return Notice(
            "TEACH",
            f"the teach left out {n} {'die' if n == 1 else 'dice'} cut off "
            f"{'its' if n == 1 else 'their'} top: {which}; if those faces read poorly, "
            "teach the dice again",
        )

    def view(self) -> Any:
        """The display's wizard view model (display.views.setup.Wizard)."""
        from display.views.setup import SeenDie, Wizard

        seen: tuple[SeenDie, ...] = ()
        camera, size = None, (0, 0)
        if self.frame is not None:
            import cv2

            from vision.teach import find_teach_dice

            h, w = self.frame.shape[:2]
            dice, _ = find_teach_dice(self.frame)
            seen = tuple(SeenDie(d.center[0] / w, d.center[1] / h, None, 1.0) for d in dice)
            small = cv2.resize(self.frame, PREVIEW, interpolation=cv2.INTER_AREA)
            camera, size = cv2.cvtColor(small, cv2.COLOR_BGR2RGB).tobytes(), PREVIEW
        return Wizard(
            kind="dice",
            step=min(self.step, len(self.faces) - 1),
            steps=len(self.faces),
            face=self.face,
            seen=seen,
            captured=tuple(f for f in self.faces if self.taken.get(f)),
            camera=camera,
            camera_size=size,
            notice=self.notice,
        )
