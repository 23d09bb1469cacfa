"""Evaluate applying the cube set, on labelled renders whose label names their set
(``cubecam-lab synth`` labels carry ``cubeset``): the cubes read right before and after.

    python -m cubecam_lab.knowledge.evaluate renders/tray renders/crossword [--limit 20]

Each photo is read with its set as :func:`~cubecam.vision.pipeline.read_photo` reads it; a cube
whose reading the set changed keeps the glyph reader's in ``corrected_from``, so one read
gives each cube before the set is applied and after. Cubes read are matched to labelled ones
(mostly in view) as :func:`~cubecam_lab.detector.evaluate.match` matches them; a labelled
cube not found is wrong before and after. A set is not applied to a photo whose label names
a set cubecam does not know or where no cube is found, and cannot be to one where more cubes
are read than its cubes can show (:meth:`~cubecam.cubesets.CubeSet.unexplained`); of a set
that lists no cube's faces only its letters are applied. The faces found in crosswords and
loose dice are read once more without the set, to count the faces it left out beyond its cubes
(:func:`~cubecam.vision.knowledge.apply.surplus`) and those of them that were a labelled cube.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from cubecam.cubesets import load_cubeset
from cubecam.errors import InputError
from cubecam.layout import LayoutKind, canonical_symbol
from cubecam.vision.pipeline import read_cut, read_faces
from cubecam.vision.quad import Quad
from cubecam_lab.detector.evaluate import match
from cubecam_lab.evaluation import evaluate_each, evaluation_parser
from cubecam_lab.labels import (
    has_outlines,
    in_view,
    labelled_corners,
    labelled_photos,
)
from cubecam_lab.tally import Summed


@dataclass
class Tally(Summed):
    """Photos and cubes counted, cubes right before and after applying the set, the
    corrections that fixed and broke a reading, and why a set was not applied."""

    photos: int = 0
    cubes: int = 0
    before: int = 0
    after: int = 0
    found: int = 0
    corrections: int = 0
    fixed: int = 0
    broke: int = 0
    letters_only: int = 0
    """Photos whose set lists no cube's faces: only its letters are applied."""
    left_out: int = 0
    """Faces read without the set that the set left out, more than it has cubes."""
    left_out_cubes: int = 0
    """Of those, the faces of labelled cubes in view (left out wrongly)."""
    not_applied: list[str] = field(default_factory=list)

    def line(self, name: str) -> str:
        def share(n: int) -> str:
            return f"{n / self.cubes:.1%}" if self.cubes else "-"

        return "\n".join(
            [
                f"{name}: {self.photos} photos with a set ({self.letters_only} listing no cube's"
                f" faces), {self.cubes} cubes, {self.found} found; read right before the set "
                f"{share(self.before)}, after {share(self.after)}; {self.corrections} corrections,"
                f" {self.fixed} fixed a misread, {self.broke} broke a right read;"
                f" {self.left_out} faces left out beyond the set's cubes, {self.left_out_cubes}"
                f" of them a cube; the set not applied to {len(self.not_applied)} photos",
                *(f"  not applied: {why}" for why in self.not_applied),
            ]
        )


def evaluate_photo(photo: Path, label: dict) -> Tally:
    """The cube set applied to one labelled photo whose label names it."""
    seen = in_view(label)
    want = [canonical_symbol(c["symbol"]) for c, s in zip(label["cubes"], seen, strict=True) if s]
    tally = Tally(1, len(want))
    try:
        cubeset = load_cubeset(label["cubeset"])
        faces = read_faces(photo)
        reading = read_cut(faces, cubeset=cubeset)
    except InputError as error:  # an unknown set, no cube found
        tally.not_applied.append(f"{photo.name}: {error}")
        return tally
    tally.letters_only = int(not cubeset.faces)
    if unexplained := cubeset.unexplained(cube.symbol for cube in reading.cubes):
        tally.not_applied.append(
            f"{photo.name}: {len(reading.cubes)} cubes read, which the set's cubes cannot"
            f" all show (left over: {' '.join(sorted(set(unexplained)))})"
        )
    corners = labelled_corners(label)
    found = [Quad(np.array(cube.corners, float)) for cube in reading.cubes]
    matched = match(found, corners[seen], corners[~seen]).matched
    tally.found = len(matched)
    if reading.layout.kind is not LayoutKind.TRAY:  # a tray keeps its window: none left out
        kept = {tuple(cube.center) for cube in reading.cubes}
        plain = read_cut(faces).cubes
        left = [Quad(np.array(c.corners, float)) for c in plain if tuple(c.center) not in kept]
        tally.left_out = len(left)
        tally.left_out_cubes = len(match(left, corners[seen], corners[~seen]).matched)
    for i, j in matched.items():
        cube = reading.cubes[i]
        before = cube.corrected_from or cube.symbol
        tally.before += before == want[j]
        tally.after += cube.symbol == want[j]
        tally.corrections += cube.corrected_from is not None
        tally.fixed += before != want[j] == cube.symbol
        tally.broke += before == want[j] != cube.symbol
    return tally


def evaluate_folder(folder: Path, limit: int | None = None) -> Tally:
    """The cube set applied to every labelled photo of ``folder`` whose label names one."""
    tally = Tally()
    for photo, label in labelled_photos(folder, limit):
        if label.get("cubeset") and has_outlines(label):
            tally += evaluate_photo(photo, label)
    return tally


def main(argv: list[str] | None = None) -> dict[str, Tally]:
    args = evaluation_parser(__doc__).parse_args(argv)
    return evaluate_each(args.folders, args.limit, evaluate_folder)


if __name__ == "__main__":
    main()
