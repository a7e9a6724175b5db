"""Evaluating the dice reader over labelled, seeded rendered frames (not unit tests of helpers).

`evaluate(config, profile, scenes)` compares each reading with the scene's ground truth:
dice read right (face and kept flag, at the right place), frames wrongly "ok", frames that
would be committed wrongly (ok with all the dice in play), and how often a readable frame was
called unreadable. `frames_to_commit` replays a roll through the live stage. `losses` sorts
every loss by cause (`python -m vision.evaluate --seed S` prints them for a fresh set), and
`wrong_ok` the frames read "ok" but wrong (`--wrong-ok [--save DIR]`).
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from .profile import DiceProfile
from .reader import DiceReading, Die, read_dice
from .render import DieTruth, Scene, SceneSpec, render_scene
from .stability import LiveDice
from .visualize import draw_reading


@dataclass(frozen=True)
class Evaluation:
    frames: int
    readable_frames: int
    dice: int  # dice on the readable frames
    dice_right: int
    unreadable_readable: int  # readable frames the reader called unreadable
    wrong_ok: int  # frames read "ok" that are not exactly the truth
    wrong_commits: int  # of those, frames with every die in play (the filter would commit)
    cases: int  # frames of an unreadable case
    cases_caught: int  # … read as unreadable
    cases_reason: int  # … with the right reason


def dice_right(reading: DiceReading, scene: Scene) -> int:
    """How many of the scene's dice the reading has at their place, with face and kept flag."""
    left = list(reading.dice)
    right = 0
    for truth in scene.dice:
        near = [
            d
            for d in left
            if np.hypot(d.center[0] - truth.center[0], d.center[1] - truth.center[1])
            < truth.side / 3
        ]
        if near:
            d = near[0]
            left.remove(d)
            right += d.face == truth.face and d.kept == truth.kept
    return right


def evaluate(
    config: Mapping[str, Any], profile: DiceProfile, scenes: Iterable[Scene]
) -> Evaluation:
    counts = dict.fromkeys(Evaluation.__dataclass_fields__, 0)
    expected = int(config["max_dice"])
    for scene in scenes:
        reading = read_dice(config, profile, scene.image)
        counts["frames"] += 1
        exact = False
        if scene.reason is None:
            counts["readable_frames"] += 1
            counts["dice"] += len(scene.dice)
            right = dice_right(reading, scene)
            counts["dice_right"] += right
            counts["unreadable_readable"] += reading.status != "ok"
            exact = right == len(scene.dice) == len(reading.dice)
        else:
            counts["cases"] += 1
            counts["cases_caught"] += reading.status != "ok"
            counts["cases_reason"] += reading.reason == scene.reason
        if reading.status == "ok" and not exact:
            counts["wrong_ok"] += 1
            counts["wrong_commits"] += len(reading.dice) == expected
    return Evaluation(**counts)


def labelled_scenes(
    seed: int, count: int, unreadable_share: float = 0.25, style: str = "pow"
) -> Iterable[Scene]:
    """`count` scenes with every camera condition and distractors on, some unreadable cases."""
    rng = np.random.default_rng(seed)
    for _ in range(count):
        yield labelled_scene(rng, unreadable_share, style)


def labelled_scene(
    rng: np.random.Generator, unreadable_share: float = 0.25, style: str = "pow"
) -> Scene:
    """One scene of `labelled_scenes`: its case drawn first, then the scene (a test redraws a
    scene of a long set from the generator's state before it)."""
    odd = ("blurred", "cocked", "cut", "too-many")
    case = str(rng.choice(odd)) if rng.random() < unreadable_share else "normal"
    return render_scene(rng, SceneSpec(style=style, case=case))


def frames_to_commit(
    config: Mapping[str, Any],
    profile: DiceProfile,
    seed: int,
    stable_frames: int = 4,
    rolling: int = 3,
    limit: int = 30,
) -> int | None:
    """Frames from the first frame at rest to the committed reading (None: never committed),
    after `rolling` frames of dice still rolling; frames at rest differ by sensor noise only."""
    rng = np.random.default_rng(seed)
    live = LiveDice(config, profile, stable_frames=stable_frames, expected=int(config["max_dice"]))
    for _ in range(rolling):
        live.feed(render_scene(rng, SceneSpec(case="blurred")).image)
    rest = render_scene(rng, SceneSpec()).image.astype(np.float32)
    for i in range(1, limit + 1):
        frame = np.clip(rest + rng.normal(0, 2.0, rest.shape), 0, 255).astype(np.uint8)
        if live.feed(frame) is not None:
            return i
    return None


def _pairs(reading: DiceReading, scene: Scene) -> tuple[list, list[DieTruth], list[Die]]:
    """The reading's dice matched to the scene's by place: (truth, die) pairs, the truths no
    die was read at, and the dice read where no die lies."""
    left = list(reading.dice)
    pairs, missed = [], []
    for truth in scene.dice:
        near = [
            d
            for d in left
            if np.hypot(d.center[0] - truth.center[0], d.center[1] - truth.center[1])
            < truth.side / 3
        ]
        if not near:
            missed.append(truth)
            continue
        left.remove(near[0])
        pairs.append((truth, near[0]))
    return pairs, missed, left


def _die_losses(reading: DiceReading, scene: Scene) -> Iterator[str]:
    pairs, missed, extra = _pairs(reading, scene)
    for truth in scene.dice:
        if truth in missed:
            yield "die missed"
            continue
        die = next(d for t, d in pairs if t is truth)
        if die.face != truth.face:
            yield f"wrong face {truth.face}->{die.face}"
        elif die.kept != truth.kept:
            yield "wrong kept flag"
    for _ in extra:
        yield "not a die read as one"


def losses(
    config: Mapping[str, Any], profile: DiceProfile, scenes: Iterable[Scene]
) -> Iterator[tuple[int, str, str]]:
    """(scene index, table, cause) for every loss on the readable frames: a refused frame
    ("refused: <reason>") and each die not read right ("die missed", "wrong face a->b",
    "wrong kept flag", "not a die read as one"); and an unreadable case read "ok"."""
    for i, scene in enumerate(scenes):
        reading = read_dice(config, profile, scene.image)
        if scene.reason is not None:
            if reading.status == "ok":
                yield i, scene.surface, f"{scene.reason} case read ok ({len(reading.dice)} dice)"
            continue
        if reading.status != "ok":
            yield i, scene.surface, f"refused: {reading.reason}"
        for cause in _die_losses(reading, scene):
            yield i, scene.surface, cause


def wrong_ok(
    config: Mapping[str, Any], profile: DiceProfile, scenes: Iterable[Scene]
) -> Iterator[tuple[int, Scene, DiceReading, str]]:
    """Every frame read "ok" that is not exactly its truth (`Evaluation.wrong_ok`), with its
    cause: on a readable frame each die not read right ("die missed", "wrong face a->b", …);
    on an unreadable case the dice it left out by their state ("cocked case: cocked die
    left out, cocked case: flat die left out"), or its wrong faces."""
    for i, scene in enumerate(scenes):
        reading = read_dice(config, profile, scene.image)
        if reading.status != "ok":
            continue
        if scene.reason is None:
            causes = list(_die_losses(reading, scene))
        else:
            pairs, missed, extra = _pairs(reading, scene)
            causes = [f"{t.state} die left out" for t in missed]
            causes += [f"wrong face {t.face}->{d.face}" for t, d in pairs if t.face != d.face]
            causes += ["not a die read as one"] * len(extra)
            causes = [f"{scene.reason} case: {c}" for c in sorted(causes)]
        if causes:
            yield i, scene, reading, ", ".join(causes)


def main() -> None:
    from .config import dice_config
    from .profile import default_profile

    parser = argparse.ArgumentParser(description="Where the dice reader goes wrong on a fresh set.")
    parser.add_argument("--seed", type=int, default=880002, help="the bench's set by default")
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument(
        "--wrong-ok", action="store_true", help="list only the frames read ok that are wrong"
    )
    parser.add_argument(
        "--save", type=Path, help="with --wrong-ok: write each such frame, reading drawn, here"
    )
    args = parser.parse_args()
    config, profile = dice_config(), default_profile()
    scenes = labelled_scenes(args.seed, args.count)
    causes: Counter[str] = Counter()
    if args.wrong_ok:
        if args.save:
            args.save.mkdir(parents=True, exist_ok=True)
        for i, scene, reading, cause in wrong_ok(config, profile, scenes):
            print(f"scene {i:4d} {scene.surface:9s} {cause}")
            causes.update(cause.split(", "))
            if args.save:
                drawn = draw_reading(scene.image, reading, tuple(config["kept_zone"]))
                cv2.imwrite(str(args.save / f"{args.seed}-{i:04d}.png"), drawn)
    else:
        for i, surface, cause in losses(config, profile, scenes):
            print(f"scene {i:4d} {surface:9s} {cause}")
            causes[cause.split(" (")[0] if "case" in cause else cause] += 1
    for cause, n in causes.most_common():
        print(f"{n:5d}  {cause}")


if __name__ == "__main__":
    main()
