"""The simulated table: five POW dice on a table that vision's synthetic renderer draws.

It is what the simulated camera looks at in the demo and the end-to-end tests. The table only
knows where the dice lie: in play or in the kept zone (set aside, POW-6). Rolling shows a few
frames of a die still tumbling (motion blur, unreadable) before the dice settle, as a real
roll does. Each layout is rendered once and shown until the dice move again.

The renderer places the dice itself; when it cannot be told how many lie in the kept zone,
layouts are drawn from successive seeds until one has exactly the dice asked for there.
"""

from __future__ import annotations

import dataclasses
import logging
from collections import Counter
from collections.abc import Sequence

import numpy as np

log = logging.getLogger(__name__)

FACES = ("shield", "skull", "bubble-blue", "bubble-orange")
WEIGHTS = (2, 2, 1, 1)  # POW-2: faces per die
ROLLING_FRAMES = 4


class PowTable:
    def __init__(
        self,
        seed: int,
        *,
        size: tuple[int, int] = (1280, 720),
        kept_zone: Sequence[float] = (0.0, 0.0, 1.0, 0.25),
        surface: str = "felt",
        effects: bool = True,
    ):
        from vision.render import SceneSpec, render_scene

        self._render_scene, self._spec = render_scene, SceneSpec
        self.rng = np.random.default_rng(seed)
        self.size = size
        self.kept_zone = tuple(kept_zone)
        self.surface = surface
        self.effects = effects
        self.kept: list[str] = []
        self.play: list[str] = []
        self.renders = 0  # how many scenes were drawn (layouts tried included)
        self.rolling = 0
        self._rolling_frame: np.ndarray | None = None
        self._frame: np.ndarray | None = None  # drawn when first looked at (a quick start)

    # -- what the camera sees -------------------------------------------------------------
    def frame(self) -> np.ndarray:
        """The table now: BGR uint8 (hardware/frames.py)."""
        if self.rolling > 0 and self._rolling_frame is not None:
            self.rolling -= 1
            return self._rolling_frame
        if self._frame is None:
            self._frame = self._draw(self.kept, self.play, case="normal")
        return self._frame

    # -- what the players do --------------------------------------------------------------
    def roll_die(self) -> str:
        p = np.array(WEIGHTS, float) / sum(WEIGHTS)
        return str(FACES[self.rng.choice(len(FACES), p=p)])

    def roll(self, keep: Sequence[str] = ()) -> list[str]:
        """Move `keep` (faces of dice in play) to the kept zone, roll the others; the first roll
        of a turn (`keep` empty and nothing kept) takes all five dice back first."""
        if not keep and self.kept and not self.play:
            self.kept = []
        missing = Counter(keep) - Counter(self.play)
        if missing:
            raise ValueError(f"cannot set aside {sorted(missing.elements())}: not in play")
        self.kept = self.kept + list(keep)
        n = 5 - len(self.kept)
        self.play = [self.roll_die() for _ in range(n)]
        self._rolling_frame = self._draw(self.kept, self.play, case="blurred")
        self.rolling = ROLLING_FRAMES
        self._frame = self._draw(self.kept, self.play, case="normal")
        return list(self.play)

    def new_turn(self) -> list[str]:
        """The next player picks up every die and rolls all five (POW-5)."""
        self.kept, self.play = [], []
        return self.roll()

    def place(self, kept: Sequence[str], play: Sequence[str]) -> None:
        """Lay dice as they are (a restart finds them where they were left)."""
        self.kept, self.play = list(kept), list(play)
        self.rolling = 0
        self._frame = self._draw(self.kept, self.play, case="normal")

    def nudge(self) -> None:
        """Move the dice a little (what a player does when the companion cannot read them)."""
        self._frame = self._draw(self.kept, self.play, case="normal")

    # -- drawing --------------------------------------------------------------------------
    def _draw(self, kept: list[str], play: list[str], case: str) -> np.ndarray:
        faces = tuple(kept + play)
        fields = {f.name for f in dataclasses.fields(self._spec)}
        spec = self._spec(
            n_dice=len(faces),
            faces=faces or None,
            case=case if faces else "normal",
            kept_zone=self.kept_zone,
            size=self.size,
            surface=self.surface,
            effects=self.effects,
            distractors=False,
            # Dice small enough that a row of them fits in the kept zone with its margin.
            side=(40.0, 56.0),
            **({"kept": len(kept)} if "kept" in fields else {}),
        )
        for _ in range(60):
            seed = int(self.rng.integers(2**32))
            scene = self._render_scene(np.random.default_rng(seed), spec)
            self.renders += 1
            if case != "normal" or not faces:
                return scene.image
            seen_kept = Counter(d.face for d in scene.dice if d.kept)
            seen_play = Counter(d.face for d in scene.dice if not d.kept)
            if seen_kept == Counter(kept) and seen_play == Counter(play):
                return scene.image
        raise RuntimeError(f"the renderer gave no layout with {kept} kept and {play} in play")
