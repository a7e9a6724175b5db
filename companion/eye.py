"""The app's eye on the dice: vision's live stage (motion gate, reader, stability filter) turned
into the `SeenDice` the POW controller understands. Only committed readings come out; while none
is, `why` says what keeps the dice from being taken, for the screen to ask the table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .controllers.pow import SeenDice, SeenDie


class DiceEye:
    def __init__(
        self,
        kept_zone: Sequence[float] = (0.0, 0.0, 1.0, 0.25),
        stable_frames: int = 4,
        profile_path: str = "",
        dice: int = 5,
        overrides: Mapping[str, Any] | None = None,
        why_frames: int = 6,
    ):
        from vision.config import dice_config
        from vision.profile import DiceProfile, default_profile
        from vision.stability import LiveDice

        config = dice_config({**(overrides or {}), "kept_zone": tuple(kept_zone)})
        profile = DiceProfile.load(profile_path) if profile_path else default_profile()
        if why_frames < 1:
            raise ValueError("why_frames must be at least 1")
        self.live = LiveDice(config, profile, stable_frames=stable_frames, expected=dice)
        self.commits = 0
        self.why_frames = why_frames
        # vision.stability.Why: the same why over `why_frames` still frames in a row, kept
        # until a commit (or another why held as long) so the screen does not flicker.
        self.why: Any = None
        self._held: tuple[Any, int] = (None, 0)

    def look(self, frame: Any) -> SeenDice | None:
        """One BGR uint8 frame; the dice once a reading is settled, else None."""
        commit = self.live.feed(frame)
        if commit is None:
            self._hold(self.live.why)
            return None
        self.why, self._held = None, (None, 0)
        self.commits += 1
        return SeenDice(
            tuple(
                SeenDie(d.face, (float(d.center[0]), float(d.center[1])), d.kept)
                for d in commit.dice
            ),
            int(frame.shape[1]),
        )

    def _hold(self, why: Any) -> None:
        """Count how long the same why holds. A moving frame breaks the run but says nothing
        new (hands over the table are expected), nor does a good frame not yet committed."""
        if why is None or why.reason == "moving":
            self._held = (None, 0)
            return
        last, frames = self._held
        frames = frames + 1 if why == last else 1
        self._held = (why, frames)
        if frames >= self.why_frames:
            self.why = why


class TileEye:
    """After a take, the two POW rows on the table are read and compared with the record:
    a tile left in place or taken from the wrong spot becomes a notice (vision.tiles)."""

    def __init__(self, profile_path: str = ""):
        from vision.tiles import TilesProfile, default_profile, tiles_config

        self.config = tiles_config()
        self.profile = TilesProfile.load(profile_path) if profile_path else default_profile()

    def check(self, frame: Any, heroes: Sequence[int | None], villains: Sequence[int | None]):
        """What differs between the rows seen and the rows expected (messages, hero row
        first); None when the frame shows no readable rows (nothing to say)."""
        from vision.tiles import disagreements, read_tiles

        reading = read_tiles(self.config, self.profile, frame)
        if reading.status != "ok":
            return None
        return [
            str(d)
            for d in disagreements(
                heroes,
                villains,
                [t.value for t in reading.heroes],
                [t.value for t in reading.villains],
            )
        ]
