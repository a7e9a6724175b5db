"""Scoring `companion tiles read --jsonl` output against the foreign tile scenes' truth.

    python -m tests.vision.foreign.tile_score OUT/truth.json reads.jsonl

A tile counts as identified when its scene is "ok" and its row reads exactly as the truth, left
to right (the count and every value: a row is used whole, so one wrong tile spoils it). The
accuracy is over the scenes with nothing covering a tile, as the issue's goal is. A wrong row is
a row of an "ok" scene that differs from the truth (the worst failure: a committed wrong
reading); a covered scene read "ok" is a hand or a die on a tile that was not refused.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from dataclasses import dataclass

from .score import load

ROWS = ("heroes", "villains")


@dataclass(frozen=True)
class TileScore:
    scenes: int  # with nothing on a tile
    tiles: int  # in those scenes
    right: int  # identified: scene ok, its row read exactly
    refused: int  # of those scenes, read "unreadable"
    wrong_rows: int  # rows of "ok" scenes (any scene) that differ from the truth
    covered: int  # scenes with a hand or a die on a tile
    covered_ok: int  # of those, read "ok"
    reasons: dict  # refusal reasons of the clean scenes, by count
    wrong: tuple  # image names with a wrong row or a covered tile read ok

    @property
    def accuracy(self) -> float:
        return self.right / max(self.tiles, 1)

    def line(self) -> str:
        top = ", ".join(f"{n}× {r}" for r, n in Counter(self.reasons).most_common(4))
        return (
            f"{self.scenes} clean scenes, {self.tiles} tiles: {100 * self.accuracy:.2f} % "
            f"identified, {self.refused} scenes refused ({top}); {self.wrong_rows} rows read "
            f"wrong; {self.covered - self.covered_ok} of {self.covered} covered scenes refused"
            + (f"; wrong: {', '.join(self.wrong)}" if self.wrong else "")
        )


def _values(tiles: list[dict]) -> list:
    return [t["value"] for t in tiles]


def score(truth: dict, readings: list[dict]) -> TileScore:
    scenes = tiles = right = refused = wrong_rows = covered = covered_ok = 0
    reasons: Counter = Counter()
    wrong: list[str] = []
    for r in readings:
        want = truth[r["image"]]
        ok = r["status"] == "ok"
        bad = [row for row in ROWS if ok and _values(r[row]) != _values(want[row])]
        wrong_rows += len(bad)
        if want["reason"] is not None:
            covered += 1
            covered_ok += ok
            if ok:
                wrong.append(r["image"])
            continue
        if bad:
            wrong.append(r["image"])
        scenes += 1
        n = {row: len(want[row]) for row in ROWS}
        tiles += sum(n.values())
        if not ok:
            refused += 1
            reasons[re.sub(r"\d+", "N", r["reason"])] += 1  # "tile 3 of …": one cause
        else:
            right += sum(n[row] for row in ROWS if row not in bad)
    return TileScore(scenes, tiles, right, refused, wrong_rows, covered, covered_ok,
                     dict(reasons), tuple(wrong))  # fmt: skip


def main(argv: list[str]) -> int:
    print(score(*load(argv)).line())
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
