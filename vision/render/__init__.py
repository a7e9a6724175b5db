"""The synthetic table renderer: photo-like BGR frames of dice on tables, with ground truth.

`render_scene(rng, SceneSpec(...))` -> `Scene` (BGR uint8 frame + truth). Camera effects live in
`effects` so other renderers (POW tiles) share them; surfaces, dice and distractors each have
their own module.
"""

from .scene import CASES, DieTruth, Scene, SceneSpec, render_scene

__all__ = ["CASES", "DieTruth", "Scene", "SceneSpec", "render_scene"]
