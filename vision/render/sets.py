"""Writing rendered sets to disk: labelled scenes (image + truth JSON) and teach folders."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np

from .dice import STYLES
from .scene import CASES, SceneSpec, render_scene


def write_scenes(
    out: Path,
    count: int,
    seed: int,
    *,
    style: str = "pow",
    cases: tuple[str, ...] = CASES,
    unreadable_share: float = 0.25,
) -> list[Path]:
    """`count` scenes as out/scene-NNNN.png + out/scene-NNNN.json (ground truth); most are
    normal, `unreadable_share` of them one of the unreadable cases."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    odd = [c for c in cases if c != "normal"]
    paths = []
    for i in range(count):
        case = str(rng.choice(odd)) if odd and rng.random() < unreadable_share else "normal"
        scene = render_scene(rng, SceneSpec(style=style, case=case))
        path = out / f"scene-{i:04d}.png"
        cv2.imwrite(str(path), scene.image)
        truth = {"image": path.name, "seed": seed, "index": i, **scene.truth()}
        path.with_suffix(".json").write_text(json.dumps(truth) + "\n")
        paths.append(path)
    return paths


def write_teach_set(
    out: Path, seed: int, *, style: str = "pow", per_face: int = 3
) -> dict[str, list[Path]]:
    """Teach folders out/<face>/teach-N.png: every die showing that face, as a table would
    put them down in the teach step (camera conditions vary between pictures)."""
    out = Path(out)
    rng = np.random.default_rng(seed)
    faces = {}
    for face in STYLES[style].faces:
        folder = out / face
        folder.mkdir(parents=True, exist_ok=True)
        faces[face] = []
        for i in range(per_face):
            spec = SceneSpec(style=style, faces=(face,), distractors=False, touching=0.0)
            scene = render_scene(rng, spec)
            path = folder / f"teach-{i}.png"
            cv2.imwrite(str(path), scene.image)
            faces[face].append(path)
    return faces
