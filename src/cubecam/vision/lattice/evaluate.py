"""Evaluate the lattice stage on labelled photos (``cubecam synth`` sets: each cube's
top-face corners, its row and column).

    python -m cubecam.vision.lattice.evaluate renders/tray renders/crossword [--limit 20]
        [--detector learned]

Each photo's lattice is fitted twice: on the labelled outlines (the stage alone, as if the
detector were perfect) and on the faces the detector finds (the stages so far together). A
photo is right when every cube's square (a tray's N × N window, a crossword's touching
cubes) is the label's, up to a quarter turn and a shift of the whole grid, and, on found
faces, every labelled cube was found and no false find took a square. Photos whose labels
give no outlines or no grid (loose dice, real photos) are skipped.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from cubecam.errors import InputError
from cubecam.layout import Square
from cubecam.vision.lattice.fit import Lattice, fit_lattice, from_origin, turned
from cubecam.vision.quad import Quad, order_corners

MATCH_WITHIN = 0.45
"""A found face is a labelled cube's when their centres are this many sides apart at most."""


@dataclass
class Tally:
    """Photos right out of those checked, on labelled outlines and on found faces."""

    photos: int = 0
    from_labels: int = 0
    from_found: int = 0

    def line(self, name: str) -> str:
        return (
            f"{name}: {self.photos} photos; squares right from the labelled outlines "
            f"{self.from_labels}, from the faces found {self.from_found}"
        )


def same_squares(got: list[Square | None], want: list[Square | None]) -> bool:
    """Whether ``got`` is ``want`` up to a quarter turn and a shift of the whole grid.

    >>> same_squares([(5, 5), (5, 6), None], [(0, 1), (1, 1), None])
    True
    """
    return any(from_origin(got) == turned(want, k) for k in range(4))


def layout_squares(lattice: Lattice, label: dict) -> list[Square | None]:
    """The squares the lattice gives the label's kind of layout."""
    if label["scene"] == "tray":
        return lattice.tray(len(label["rows"]))
    return lattice.touching()


def labelled_squares(label: dict) -> list[Square | None]:
    return [None if c["row"] is None else (c["row"], c["col"]) for c in label["cubes"]]


def right_from_labels(label: dict) -> bool:
    """The lattice fitted on the labelled outlines puts every cube on its square."""
    quads = [Quad(order_corners(np.array(c["corners"], float))) for c in label["cubes"]]
    return same_squares(layout_squares(fit_lattice(quads), label), labelled_squares(label))


def right_from_found(photo: Path, label: dict, detector: str = "threshold") -> bool:
    """The lattice fitted on the faces ``detector`` finds puts every cube on its square."""
    from cubecam.vision.pipeline import read_faces

    try:
        faces = read_faces(photo, detector)
    except InputError:
        return False
    squares = layout_squares(faces.lattice, label)
    centres = np.array([q.center for q in faces.quads])
    matched: list[int] = []
    for cube in label["cubes"]:
        corners = np.array(cube["corners"], float) * faces.loaded.scale
        side = float(np.linalg.norm(corners[1] - corners[0]))
        distance = np.linalg.norm(centres - corners.mean(axis=0), axis=1)
        nearest = int(distance.argmin())
        if distance[nearest] > MATCH_WITHIN * side or nearest in matched:
            return False
        matched.append(nearest)
    false_finds = set(range(len(squares))) - set(matched)
    if any(squares[i] is not None for i in false_finds):
        return False
    return same_squares([squares[i] for i in matched], labelled_squares(label))


def evaluate_folder(folder: Path, limit: int | None = None, detector: str = "threshold") -> Tally:
    """The lattice on every labelled photo of ``folder`` that gives outlines and a grid."""
    tally = Tally()
    for label_path in sorted(folder.glob("*.json"))[:limit]:
        label = json.loads(label_path.read_text("utf-8"))
        photo = folder / str(label.get("image"))
        cubes = label.get("cubes") or []
        if not photo.is_file() or not label.get("rows") or not all("corners" in c for c in cubes):
            continue
        tally.photos += 1
        tally.from_labels += right_from_labels(label)
        tally.from_found += right_from_found(photo, label, detector)
    return tally


def main(argv: list[str] | None = None) -> dict[str, Tally]:
    from cubecam.vision.pipeline import DETECTORS

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", type=Path, help="labelled folders")
    parser.add_argument("--limit", type=int, help="photos per folder at most")
    parser.add_argument("--detector", choices=DETECTORS, default="threshold", help="face finder")
    args = parser.parse_args(argv)
    tallies = {}
    for folder in args.folders:
        tallies[folder.name] = evaluate_folder(folder, args.limit, args.detector)
        print(tallies[folder.name].line(folder.name))
    return tallies


if __name__ == "__main__":
    main()
