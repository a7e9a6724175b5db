"""Dice vision benchmark: ms per 1280×720 frame read (one thread), frames from dice at rest to
a committed reading, and accuracy on a freshly rendered set (a seed no test or teach set uses)
with every camera condition and distractor on. Uses the shipped default profile."""

from __future__ import annotations

import statistics
import time

import cv2
import numpy as np

from . import Figure, median_ms

SPEED_SEED = 880001
ACCURACY_SEED = 880002  # tests use 101-999, the default profile's teach set 20261125
COMMIT_SEED = 880003
FPS = 30.0


def run(quick: bool) -> list[Figure]:
    from vision.config import dice_config
    from vision.evaluate import evaluate, frames_to_commit, labelled_scenes
    from vision.profile import default_profile
    from vision.reader import read_dice
    from vision.render import SceneSpec, render_scene

    cv2.setNumThreads(1)  # the budget is for one core
    config = dice_config()
    profile = default_profile()
    rng = np.random.default_rng(SPEED_SEED)
    frames = [render_scene(rng, SceneSpec()).image for _ in range(4 if quick else 12)]
    per_frame = [
        median_ms(lambda f=f: read_dice(config, profile, f), repeat=5 if quick else 15)
        for f in frames
    ]

    # CPU time too: on a shared machine wall time includes waiting for a core.
    cpu = []
    for f in frames:
        start = time.process_time()
        for _ in range(5):
            read_dice(config, profile, f)
        cpu.append((time.process_time() - start) * 1000 / 5)

    commits = [
        frames_to_commit(config, profile, COMMIT_SEED + i) for i in range(3 if quick else 10)
    ]
    settled = [c for c in commits if c is not None]
    median_frames = statistics.median(settled) if settled else float("nan")

    ev = evaluate(config, profile, labelled_scenes(ACCURACY_SEED, 40 if quick else 300))
    figures = [
        Figure("dice read, 1280x720 frame (median)", statistics.median(per_frame), "ms", 10.0),
        Figure("dice read, CPU time per frame (median)", statistics.median(cpu), "ms"),
        Figure("dice at rest -> committed (median frames)", median_frames, "frames"),
        Figure("dice at rest -> committed at 30 fps", median_frames * 1000 / FPS, "ms", 300.0),
        Figure("rolls never committed", float(len(commits) - len(settled)), "rolls"),
        Figure(
            "dice read right (readable frames)",
            100.0 * ev.dice_right / max(ev.dice, 1),
            "%",
            99.5,
            True,
        ),
        Figure("wrong committed frames", float(ev.wrong_commits), "frames", 0.0),
        Figure("wrong 'ok' frames (incl. dice missed)", float(ev.wrong_ok), "frames"),
        Figure(
            "readable frames called unreadable",
            100.0 * ev.unreadable_readable / max(ev.readable_frames, 1),
            "%",
            3.0,
        ),
        Figure(
            "unreadable cases caught", 100.0 * ev.cases_caught / max(ev.cases, 1), "%", None, True
        ),
        Figure(
            "unreadable cases with the right reason",
            100.0 * ev.cases_reason / max(ev.cases, 1),
            "%",
            None,
            True,
        ),
        Figure(
            f"frames evaluated ({ev.readable_frames} readable, {ev.cases} unreadable cases)",
            float(ev.frames),
            "frames",
        ),
    ]
    # The POW tile rows (vision/tiles) are vision too: their figures follow the dice's.
    from .tiles import run as tile_figures

    return figures + tile_figures(quick)
