"""Evaluate the load stage on labelled folders: every photo loads, at what size and how fast,
and its label's geometry still fits the image loaded.

    python -m cubecam_lab.load.evaluate renders/tray ../shared/realdata/trays [--limit 20]

Each photo a label names is loaded as :func:`~cubecam.vision.pipeline.read_photo` loads it
(at :data:`~cubecam.vision.pipeline.WORKING_SIDE`); one refused is listed with its one-line
error. A label's geometry (rendered cubes' corners, real tiles' polygons) is in the pixels
of the photo as displayed: it fits when every point, scaled to the working size, lies in the
loaded image (a photo stored turned, with an EXIF orientation, fits only once turned upright).
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from cubecam.errors import InputError
from cubecam.vision.load.decode import LoadedImage, load_scaled
from cubecam.vision.pipeline import WORKING_SIDE
from cubecam_lab.evaluation import evaluate_each, evaluation_parser
from cubecam_lab.labels import labelled_photos

MARGIN = 1.0
"""How far (working pixels) a labelled point may lie outside the image and still fit."""


@dataclass
class Tally:
    """Photos loaded and refused, the long sides worked at, the largest photo, the seconds
    each took, and the photos whose label geometry fits the image."""

    loaded: int = 0
    refused: list[str] = field(default_factory=list)
    long_sides: Counter[int] = field(default_factory=Counter)
    largest: tuple[int, int] = (0, 0)
    seconds: list[float] = field(default_factory=list)
    with_geometry: int = 0
    misfits: list[str] = field(default_factory=list)

    def line(self, name: str) -> str:
        sides = ", ".join(f"{side} px long ({n})" for side, n in self.long_sides.most_common())
        times = (
            f"{np.median(self.seconds) * 1000:.0f} ms a photo (median), worst "
            f"{max(self.seconds) * 1000:.0f} ms"
            if self.seconds
            else "no time"
        )
        fits = self.with_geometry - len(self.misfits)
        geometry = (
            f"label geometry inside the loaded image: {fits} of {self.with_geometry}"
            if self.with_geometry
            else "no label geometry"
        )
        return "\n".join(
            [
                f"{name}: {self.loaded + len(self.refused)} photos, {self.loaded} loaded, "
                f"{len(self.refused)} refused; worked at {sides or '-'}, "
                f"the largest photo {self.largest[0]}×{self.largest[1]}; {times}; {geometry}",
                *(f"  refused: {error}" for error in self.refused),
                *(f"  label outside the image: {photo}" for photo in self.misfits),
            ]
        )


def label_points(label: dict) -> np.ndarray:
    """Every point the label places in the photo (n × 2): cubes' corners, tiles' polygons.

    >>> label_points({"tiles": [{"polygon": [[1, 2], [3, 4], [5, 6]]}]}).shape
    (3, 2)
    """
    points = [p for cube in label.get("cubes") or [] for p in cube.get("corners", [])]
    points += [p for tile in label.get("tiles") or [] for p in tile["polygon"]]
    return np.array(points, float).reshape(-1, 2)


def fits(loaded: LoadedImage, points: np.ndarray) -> bool:
    """Whether every labelled point (photo pixels) lies in the loaded image."""
    height, width = loaded.image.shape[:2]
    scaled = points * loaded.scale
    return bool((scaled >= -MARGIN).all() and (scaled <= np.array([width, height]) + MARGIN).all())


def evaluate_folder(folder: Path, limit: int | None = None) -> Tally:
    """The load stage on every labelled photo of ``folder``."""
    tally = Tally()
    for photo, label in labelled_photos(folder, limit):
        start = time.perf_counter()
        try:
            loaded = load_scaled(photo, WORKING_SIDE)
        except InputError as error:
            tally.refused.append(str(error))
            continue
        tally.seconds.append(time.perf_counter() - start)
        tally.loaded += 1
        tally.long_sides[max(loaded.image.shape[:2])] += 1
        tally.largest = max(tally.largest, loaded.size, key=lambda size: size[0] * size[1])
        points = label_points(label)
        if len(points):
            tally.with_geometry += 1
            if not fits(loaded, points):
                tally.misfits.append(photo.name)
    return tally


def main(argv: list[str] | None = None) -> dict[str, Tally]:
    args = evaluation_parser(__doc__).parse_args(argv)
    return evaluate_each(args.folders, args.limit, evaluate_folder)


if __name__ == "__main__":
    main()
