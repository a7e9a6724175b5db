"""The dice teach profile: what the teach step learned, saved as one .npz file.

It holds everything the reader knows about a set of dice — no face, colour or size is a
constant in code: the face names (whatever the teach folders were called), a colour model of
the die body against the table (a likelihood per BGR colour bin), rotation-normalised face
templates with their labels, the die size range and the typical template distance.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from . import profile_file
from .errors import BadProfile

VERSION = 1
BINS = 16  # colour bins per channel of the body model


@dataclass(frozen=True, eq=False)
class DiceProfile:
    faces: tuple[str, ...]
    body_lut: np.ndarray  # float32 BINS³ in 0..255: P(die body | BGR colour bin) × 255
    templates: np.ndarray  # float32 N×D face descriptors (as taught; `rotated` adds the turns)
    labels: np.ndarray  # int32 N: index into `faces`
    die_ids: np.ndarray  # int32 N: which taught die a template came from
    side_range: tuple[float, float]  # die side in px (full frame), smallest and largest taught
    typical_distance: float  # a taught die's distance to its own face's nearest other die
    patch: int  # descriptor patch size (px)
    mean: np.ndarray | None = None  # float32 D: templates are compared in a PCA space…
    basis: np.ndarray | None = None  # float32 D×k: …of k directions learned in teaching
    # How much more than its top face a flat die's blob covers in the teach pictures (area
    # ratio, the larger taught dice): about 1 when the camera looks straight down; an oblique
    # camera sees the side faces too (vision.finder cuts the top face out of such blobs).
    blob_over_top: float = 1.0
    # float32 BINS³ summing to 1: how the die body's colours spread (with the lighting changes
    # teach adds); a read weighs it against the frame's own colours (vision.finder).
    body_hist: np.ndarray | None = None
    # How a die's side grows across the frame (d ln side / d x, d ln side / d y, per px): an
    # oblique camera sees far dice smaller; the teach pictures' dice measure it (vision.teach).
    size_slope: tuple[float, float] = (0.0, 0.0)
    # How much the descriptor's hue counts against its brightness (vision.faces.descriptor):
    # 1 when the taught faces' prints differ in colour (a blue and an orange bubble); less when
    # every face's print is one colour (pips), where the hue only follows the brightness and
    # takes on the light's tint: black pips on a die a scene's light tints carry the tint's
    # hue, which no taught die showed (vision.teach.hue_weight measures it).
    hue_weight: float = 1.0
    # Per face, the weakest print (vision.faces.print_contrast) of its taught dice as a read
    # cuts them: a cut whose print is far weaker than any taught die of the face it matches
    # is a shadow or the felt, not that face (vision.reader, `print_floor`). None for a
    # profile taught before it was measured: the check is then off.
    least_print: tuple[float, ...] | None = None
    # How far from the body's hue a pixel may lie and still count as the body where the
    # descriptor looks for a hard shadow's step (vision.faces._unshade; vision.config
    # "step_hue" at teach): a read describes its dice as the taught ones were described.
    # 1 for a profile taught before it was a setting (it was 1 then).
    step_hue: float = 1.0
    # The teach set's mistakes as the second look makes them (vision.teach._searched_mistakes):
    # float32 rows (face read, its distance at the die's single cut, margin of the search),
    # one per taught die the search around its cut read as another face with it left out.
    # None for a profile taught before it was measured: a searched read is then held to the
    # single cuts' mistakes (`confusions`) alone.
    searched_mistakes: np.ndarray | None = None
    # …and as a placed read makes them (vision.teach, vision.reader.placed): rows (face read,
    # its distance at the placed cut, the margin there). None for a profile taught before it
    # was measured, or with placing off: such a profile's dice are not placed.
    placed_mistakes: np.ndarray | None = None

    @property
    def lut_u8(self) -> np.ndarray:
        """The colour model as a uint8 lookup table indexed by the BGR bin (b·BINS + g)·BINS + r."""
        cached = self.__dict__.get("_lut_u8")
        if cached is None:
            cached = np.clip(self.body_lut + 0.5, 0, 255).astype(np.uint8)
            object.__setattr__(self, "_lut_u8", cached)
        return cached

    @property
    def rotated(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(templates, labels, die_ids, squared norms): every template in its four quarter
        turns (a die lies at any rotation; a descriptor is a DESC×DESC×3 grid, so turning it
        is exact), projected into the PCA space when the profile has one."""
        cached = self.__dict__.get("_rotated")
        if cached is None:
            n, dim = self.templates.shape
            side = int(round(np.sqrt(dim / 3))) if dim else 0
            if n == 0 or side * side * 3 != dim:
                t = self.project(self.templates.astype(np.float32))
                lab, ids = self.labels, self.die_ids
            else:
                grid = self.templates.astype(np.float32, copy=False).reshape(n, side, side, 3)
                # Projected one turn at a time: the four unprojected turns at once were the
                # reader's largest allocation (~50 MB at the first read of the default profile).
                t = np.concatenate(
                    [self.project(np.rot90(grid, k, axes=(1, 2)).reshape(n, dim)) for k in range(4)]
                )
                lab, ids = np.tile(self.labels, 4), np.tile(self.die_ids, 4)
            t = np.ascontiguousarray(t)
            cached = (t, lab, ids, (t**2).sum(1))
            object.__setattr__(self, "_rotated", cached)
        return cached

    @property
    def confusions(self) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
        """Per face, the teach set's own wrong readings of it: each taught die read with that
        die left out of the templates, and where the nearest face was this face but not the
        die's own, (distances, margins): float32 distances to this face ascending, and the
        largest margin (1 - best/second) reached at that distance or nearer (empty when the
        teach set never mistook a die for this face).

        The teach set is the only evidence of how well its faces are told apart (two faces of
        one colour and a similar outline can be nearer each other than themselves), and a die
        left out is what a read sees: a die that is not among the templates.
        """
        cached = self.__dict__.get("_confusions")
        if cached is None:
            cached = _left_out_confusions(self)
            object.__setattr__(self, "_confusions", cached)
        return cached

    @property
    def searched_confusions(self) -> tuple[tuple[np.ndarray, np.ndarray], ...] | None:
        """`confusions` as the second look's search made them (`searched_mistakes`), or None."""
        return self._mistakes_table("searched_mistakes")

    @property
    def placed_confusions(self) -> tuple[tuple[np.ndarray, np.ndarray], ...] | None:
        """`confusions` as a placed read made them (`placed_mistakes`), or None."""
        return self._mistakes_table("placed_mistakes")

    def _mistakes_table(self, field: str) -> tuple[tuple[np.ndarray, np.ndarray], ...] | None:
        rows = getattr(self, field)
        if rows is None:
            return None
        cached = self.__dict__.get("_table_" + field)
        if cached is None:
            rows = np.asarray(rows, np.float32).reshape(-1, 3)
            cached = tuple(
                _worst_by_distance(rows[rows[:, 0] == f, 1], rows[rows[:, 0] == f, 2])
                for f in range(len(self.faces))
            )
            object.__setattr__(self, "_table_" + field, cached)
        return cached

    def doubt(
        self, face: int, best: float, slack: float, searched: bool = False, placed: bool = False
    ) -> float:
        """The largest margin by which the teach set read a die of another face as `face` while
        matching it no worse than `slack` × `best` (0 if it never did). `searched`: for a read
        by the second look's search, the lesser of that and the margin the same search reached
        on the teach set's dice (where the profile measured it): a single cut of a taught die
        off its top is read wrong by wider margins than the search around it reads it
        (foreign outline 30's shield: 0.296 by single cuts, 0.068 searched). `placed`: for a
        read at a placed cut, the greater of that and the widest margin of the teach set's
        placed mistakes, however closely they matched: a placed read is a new reading of a
        die no other look read, and the distance says little there (foreign outline 10 scene
        52: an orange bubble placed as a skull at 0.367, a taught die's placed mistake as a
        skull by 0.474 at 0.370)."""
        single = _worst_within(self.confusions[face], slack * best)
        if placed and self.placed_confusions is not None:
            return max(single, _worst_within(self.placed_confusions[face], np.inf))
        table = self.searched_confusions
        if not searched or table is None:
            return single
        return min(single, _worst_within(table[face], slack * best))

    def project(self, descs: np.ndarray) -> np.ndarray:
        """Descriptors (rows) in the profile's comparison space (PCA when it has one)."""
        descs = np.asarray(descs, np.float32)
        if self.hue_weight != 1.0 and descs.shape[-1] % 3 == 0:
            # (a descriptor is a DESC×DESC grid of brightness, hue a, hue b)
            descs = (
                descs
                * np.array([1.0, self.hue_weight, self.hue_weight], np.float32)[
                    np.arange(descs.shape[-1]) % 3
                ]
            )
        if self.basis is None or self.mean is None:
            return descs
        return np.einsum("ik,kj->ij", descs - self.mean, self.basis, optimize=False)

    def save(self, path: Path) -> None:
        meta = {
            "version": VERSION,
            "faces": list(self.faces),
            "side_range": list(self.side_range),
            "typical_distance": self.typical_distance,
            "patch": self.patch,
            "blob_over_top": self.blob_over_top,
            "size_slope": list(self.size_slope),
            "hue_weight": self.hue_weight,
            "step_hue": self.step_hue,
        }
        if self.least_print is not None:
            meta["least_print"] = list(self.least_print)
        arrays = {
            "body_lut": self.body_lut.astype(np.float32),
            "templates": self.templates.astype(np.float16),
            "labels": self.labels.astype(np.int32),
            "die_ids": self.die_ids.astype(np.int32),
        }
        for field in ("searched_mistakes", "placed_mistakes"):
            if getattr(self, field) is not None:
                arrays[field] = getattr(self, field).astype(np.float32)
        if self.body_hist is not None:
            arrays["body_hist"] = self.body_hist.astype(np.float32)
        if self.basis is not None and self.mean is not None:
            arrays.update(mean=self.mean.astype(np.float32), basis=self.basis.astype(np.float16))
        profile_file.write(path, meta, arrays)

    @classmethod
    def load(cls, path: Path) -> DiceProfile:
        meta, arrays = profile_file.read(
            path,
            "dice",
            "companion dice teach",
            ("body_lut", "templates", "labels", "die_ids"),
            optional=("mean", "basis", "body_hist", "searched_mistakes", "placed_mistakes"),
        )
        if meta.get("version") != VERSION:
            raise BadProfile(
                f"{path}: dice profile version {meta.get('version')!r}, expected {VERSION}"
            )
        return cls(
            faces=tuple(meta["faces"]),
            body_lut=arrays["body_lut"].astype(np.float32),
            templates=arrays["templates"].astype(np.float32),
            labels=arrays["labels"],
            die_ids=arrays["die_ids"],
            side_range=(float(meta["side_range"][0]), float(meta["side_range"][1])),
            typical_distance=float(meta["typical_distance"]),
            patch=int(meta["patch"]),
            # (profiles taught before it was measured were taught from above)
            blob_over_top=float(meta.get("blob_over_top", 1.0)),
            size_slope=tuple(float(v) for v in meta.get("size_slope", (0.0, 0.0))),
            hue_weight=float(meta.get("hue_weight", 1.0)),
            step_hue=float(meta.get("step_hue", 1.0)),
            least_print=_least_print(meta, len(meta["faces"])),
            mean=arrays["mean"].astype(np.float32) if "mean" in arrays else None,
            basis=arrays["basis"].astype(np.float32) if "basis" in arrays else None,
            body_hist=arrays["body_hist"].astype(np.float32) if "body_hist" in arrays else None,
            searched_mistakes=_mistakes(arrays, "searched_mistakes", len(meta["faces"])),
            placed_mistakes=_mistakes(arrays, "placed_mistakes", len(meta["faces"])),
        )


def _mistakes(arrays: dict, key: str, n_faces: int) -> np.ndarray | None:
    """A profile's mistakes rows `key` (absent in profiles saved before they were measured:
    None)."""
    rows = arrays.get(key)
    if rows is None:
        return None
    rows = rows.astype(np.float32)
    if rows.ndim != 2 or rows.shape[1] != 3 or ((rows[:, 0] < 0) | (rows[:, 0] >= n_faces)).any():
        raise BadProfile(f"{key} of shape {rows.shape} does not fit {n_faces} faces")
    return rows


def _worst_within(table: tuple[np.ndarray, np.ndarray], dist: float) -> float:
    """The largest margin of a (distances ascending, running largest margins) table reached
    at `dist` or nearer (0 if none)."""
    dists, margins = table
    k = int(np.searchsorted(dists, dist, side="right"))
    return float(margins[k - 1]) if k else 0.0


def _worst_by_distance(dist: np.ndarray, margin: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Mistakes (distance, margin) as a table: distances ascending, each with the largest
    margin reached at that distance or nearer."""
    at = np.argsort(dist)
    return (
        np.asarray(dist[at], np.float32),
        np.maximum.accumulate(np.asarray(margin[at], np.float32)),
    )


def _least_print(meta: dict, n_faces: int) -> tuple[float, ...] | None:
    """The per-face print floor of a profile's meta record (absent in profiles saved before it
    was measured: None, the check off)."""
    if "least_print" not in meta:
        return None
    least = tuple(float(v) for v in meta["least_print"])
    if len(least) != n_faces:
        raise BadProfile(f"least_print holds {len(least)} values for {n_faces} faces")
    return least


def squared_distances(q: np.ndarray, t: np.ndarray, tsq: np.ndarray) -> np.ndarray:
    """Squared distances of projected descriptors `q` (rows) to templates `t` (columns) whose
    squared norms are `tsq`. einsum, not `@`: a multi-threaded BLAS spins on a busy Pi-sized
    machine and a product this small is faster on one core (0.2 ms against 16 ms measured
    under load here)."""
    return (
        (q**2).sum(1)[:, None] + tsq[None, :] - 2.0 * np.einsum("ik,jk->ij", q, t, optimize=False)
    )


def _left_out_confusions(profile: DiceProfile) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
    n_faces = len(profile.faces)
    empty = (np.zeros(0, np.float32), np.zeros(0, np.float32))
    n = len(profile.templates)
    if n == 0 or n_faces < 2:
        return (empty,) * n_faces
    t, lab, ids, tsq = profile.rotated
    q = profile.project(profile.templates)
    # The distance a read uses (vision.faces.distances), each taught die's templates left out.
    d2 = squared_distances(q, t, tsq)
    d = np.sqrt(np.maximum(d2, 0.0))
    d[profile.die_ids[:, None] == ids[None, :]] = np.inf
    per_face = np.stack([d[:, lab == f].min(1) for f in range(n_faces)], axis=1)
    order = np.argsort(per_face, axis=1)
    rows = np.arange(n)
    best, second = per_face[rows, order[:, 0]], per_face[rows, order[:, 1]]
    # (A die whose face no other taught die shows is read as another face with it left out:
    # that is what a read of such a die would do too, so it counts.)
    wrong = (order[:, 0] != profile.labels) & (second > 0)
    out = []
    for f in range(n_faces):
        sel = wrong & (order[:, 0] == f)
        if not sel.any():
            out.append(empty)
            continue
        out.append(_worst_by_distance(best[sel], 1.0 - best[sel] / second[sel]))
    return tuple(out)


DEFAULT_PROFILE = Path(__file__).parent / "data" / "default_dice_profile.npz"


def default_profile() -> DiceProfile:
    """The profile made from the project's own synthetic POW dice (vision/default_profile.py)."""
    return DiceProfile.load(DEFAULT_PROFILE)
