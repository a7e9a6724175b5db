"""Scoring `companion dice read --jsonl` output against the foreign scenes' truth.

    python -m tests.vision.foreign.score OUT/truth.json reads.jsonl

A die counts as read correctly when its image is "ok" and a reported die of the right face lies
at its centre; a wrong-ok image is one reported "ok" whose faces differ from the truth (the
worst failure: a committed wrong reading).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Score:
    images: int
    dice: int
    correct: int  # dice read correctly in "ok" images
    wrong_ok: int  # images "ok" with a wrong multiset of faces
    unreadable: int  # images not "ok"
    wrong_dice: int  # dice read as another face (in any image), or reported where none is
    reasons: dict

    @property
    def accuracy(self) -> float:
        return self.correct / max(self.dice, 1)

    @property
    def unreadable_rate(self) -> float:
        return self.unreadable / max(self.images, 1)

    def line(self) -> str:
        return (
            f"{self.images} images, {self.dice} dice: {100 * self.accuracy:.1f}% read correctly, "
            f"{self.wrong_ok} wrong-ok images, {100 * self.unreadable_rate:.1f}% unreadable "
            f"{dict(sorted(self.reasons.items()))}, {self.wrong_dice} dice misread"
        )


def score(truth: dict, readings: list[dict], tolerance: float = 20.0) -> Score:
    dice = correct = wrong_ok = unreadable = wrong_dice = 0
    reasons: Counter = Counter()
    for r in readings:
        want = truth[r["image"]]
        dice += len(want)
        got = Counter(d["face"] for d in r["dice"])
        ok = r["status"] == "ok"
        if not ok:
            unreadable += 1
            reasons[r["reason"]] += 1
        elif got != Counter(d["face"] for d in want):
            wrong_ok += 1
        for w in want:
            near = [
                d
                for d in r["dice"]
                if abs(d["center"][0] - w["center"][0]) < tolerance
                and abs(d["center"][1] - w["center"][1]) < tolerance
            ]
            if near and near[0]["face"] == w["face"]:
                correct += ok
            elif near:
                wrong_dice += 1
        wrong_dice += max(0, len(r["dice"]) - len(want))
    return Score(len(readings), dice, correct, wrong_ok, unreadable, wrong_dice, dict(reasons))


def load(argv: list[str]) -> tuple[dict, list[dict]]:
    """The truth.json and the `--jsonl` readings named on the command line."""
    truth = json.loads(Path(argv[0]).read_text())
    return truth, [json.loads(x) for x in Path(argv[1]).read_text().splitlines() if x.strip()]


def main(argv: list[str]) -> int:
    print(score(*load(argv)).line())
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
