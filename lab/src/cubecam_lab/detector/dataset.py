"""Labelled photos for the detector, and the targets the network learns.

A sample is a photo and the four corners of every top face in it (an array ``n × 4 × 2``,
clockwise as displayed). Rendered scenes give the corners exactly; the real tile photos
give polygons, fitted here with four corners. Real photos are split by name: a fixed fifth
is never trained on (:func:`in_test_split`).

The network sees the photo at stride :data:`STRIDE`: for each cell, a heat that peaks at a
face's centre, the face's turn (modulo a quarter turn, as cos 4θ and sin 4θ: a square has
no first corner, but its turn is well defined) and the offsets from the cell's centre to the
face's four corners in the face's own, unturned frame.

>>> quads = np.array([[[10, 10], [30, 10], [30, 30], [10, 30]]], float)
>>> heat, shape, weight = encode_targets(quads, (64, 64))
>>> heat.shape, shape.shape, float(heat.max())
((1, 16, 16), (10, 16, 16), 1.0)
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from cubecam.vision.detector.encoding import OFFSET_SCALE, SHAPE, STRIDE, unturned
from cubecam.vision.quad import Quad, order_corners
from cubecam_lab.labels import labelled_photos

SEEN = 0.5
"""A face counts when at least this share of it is in view; one more hidden (under a hand,
behind a rim) is neither to be found nor wrong to find."""


@dataclass(frozen=True)
class Sample:
    """One labelled photo: where it is, its top faces' corners in its pixels, those of
    faces mostly hidden, and which top faces are blank (none where not given)."""

    path: Path
    quads: np.ndarray
    hidden: np.ndarray = field(default_factory=lambda: np.zeros((0, 4, 2)))
    blank: np.ndarray = field(default_factory=lambda: np.zeros(0, bool))

    def is_blank(self) -> np.ndarray:
        """Whether each of ``quads`` is a blank face (none, where the labels do not say)."""
        return self.blank if len(self.blank) else np.zeros(len(self.quads), bool)

    def image(self) -> np.ndarray:
        image = cv2.imread(str(self.path), cv2.IMREAD_COLOR)
        if image is None:
            raise OSError(f"cannot read {self.path}")
        return image


def in_test_split(path: Path) -> bool:
    """Whether a real photo is kept aside from training (a fifth, by a hash of its name)."""
    return zlib.crc32(path.name.encode()) % 5 == 0


def polygon_corners(polygon: np.ndarray) -> np.ndarray:
    """Four corners fitted to an outline: the polygon simplified to four points where it
    can be, else its smallest turned rectangle.

    >>> polygon_corners(np.array([[0, 0], [5, 0], [10, 0], [10, 10], [0, 10]], float)).tolist()
    [[0.0, 0.0], [10.0, 0.0], [10.0, 10.0], [0.0, 10.0]]
    """
    hull = cv2.convexHull(polygon.astype(np.float32))
    perimeter = cv2.arcLength(hull, True)
    for fraction in (0.02, 0.04, 0.06, 0.08):
        approx = cv2.approxPolyDP(hull, fraction * perimeter, True)
        if len(approx) == 4:
            return order_corners(approx.reshape(4, 2))
    return order_corners(cv2.boxPoints(cv2.minAreaRect(hull)))


def read_folder(folder: Path, *, split: str | None = None) -> Iterator[Sample]:
    """The labelled photos of a folder: rendered scenes (``cubes`` with ``corners``; none
    in a photo of no cube) and real tile photos (``tiles`` with ``polygon``); ``split``
    ``"train"`` or ``"test"`` keeps one part of a real folder, ``None`` all of it."""
    for image, label in labelled_photos(folder):
        hidden: list[np.ndarray] = []
        blank: list[bool] = []
        if "cubes" in label and all("corners" in cube for cube in label["cubes"]):
            quads = []
            for cube in label["cubes"]:
                corners = order_corners(np.array(cube["corners"], float))
                if cube.get("visible", 1.0) >= SEEN:
                    quads.append(corners)
                    blank.append(cube.get("symbol") == "BLANK")
                else:
                    hidden.append(corners)
        elif "tiles" in label:
            if split is not None and in_test_split(image) != (split == "test"):
                continue
            quads = [polygon_corners(np.array(t["polygon"], float)) for t in label["tiles"]]
        else:
            continue
        yield Sample(
            image,
            np.array(quads, float).reshape(-1, 4, 2),
            np.array(hidden, float).reshape(-1, 4, 2),
            np.array(blank, bool),
        )


def emphasis_map(quads: np.ndarray, weights: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """How much each cell's heat counts where it is a face's centre (1 × H × W at the
    network's stride): ``weights`` at the centres of ``quads``, 1 elsewhere.

    >>> quads = np.array([[[8, 8], [24, 8], [24, 24], [8, 24]]], float)
    >>> emphasis_map(quads, np.array([3.0]), (32, 32))[0, 4, 4]
    np.float32(3.0)
    """
    height, width = size[0] // STRIDE, size[1] // STRIDE
    emphasis = np.ones((1, height, width), np.float32)
    for quad, weight in zip(quads, weights, strict=True):
        y, x = _centre_cell(quad, height, width)
        emphasis[0, y, x] = max(emphasis[0, y, x], weight)
    return emphasis


def _centre_cell(quad: np.ndarray, height: int, width: int) -> tuple[int, int]:
    """The cell (row, column) at the network's stride that holds ``quad``'s centre."""
    cx, cy = quad.mean(axis=0)
    return int(np.clip(cy // STRIDE, 0, height - 1)), int(np.clip(cx // STRIDE, 0, width - 1))


def samples_under(folders: list[Path], real: Path | None = None) -> list[Sample]:
    """The labelled photos in every labelled folder under ``folders``, and the training
    part of the realdata folder ``real``'s tiles (if given and there)."""
    samples = []
    for folder in folders:
        for sub in sorted({p.parent for p in folder.rglob("*.json")}):
            samples += list(read_folder(sub))
    if real is not None and (real / "tiles").is_dir():
        samples += list(read_folder(real / "tiles", split="train"))
    return samples


def face_turn(quad: np.ndarray) -> float:
    """The face's turn in radians, in [-π/4, π/4): its edges' mean direction, modulo a
    quarter turn.

    >>> round(float(np.degrees(face_turn(np.array([[0, 0], [10, 1], [9, 11], [-1, 10]])))), 1)
    5.7
    """
    edges = np.roll(quad, -1, axis=0) - quad
    directions = np.exp(4j * np.arctan2(edges[:, 1], edges[:, 0]))
    return float(np.angle(directions.sum()) / 4)


def encode_targets(
    quads: np.ndarray, size: tuple[int, int], hidden: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The network's targets for faces ``quads`` in an input of ``size`` (height, width):
    the centre heat (1 channel; -1 near a ``hidden`` face, where nothing is learnt); the
    shape (10): the face's turn as cos 4θ, sin 4θ, then the offsets to its four corners in
    its own frame; and where the shape counts (1). Each face is worked out over the cells
    near it only: its heat is below 1e-7 beyond :data:`REACH` spreads of its centre."""
    height, width = size[0] // STRIDE, size[1] // STRIDE
    heat = np.zeros((1, height, width), np.float32)
    shape = np.zeros((SHAPE, height, width), np.float32)
    weight = np.zeros((1, height, width), np.float32)
    for quad in quads:
        cx, cy = quad.mean(axis=0)
        side = Quad(quad).side
        sigma = max(0.6, side / STRIDE / 6.0)
        centre = _centre_cell(quad, height, width)
        rows, cols, cell_x, cell_y = _cells_near(centre, REACH * sigma, height, width)
        near = np.exp(-((cell_x - cx) ** 2 + (cell_y - cy) ** 2) / (2 * (sigma * STRIDE) ** 2))
        near[centre[0] - rows.start, centre[1] - cols.start] = 1.0
        heat[0, rows, cols] = np.maximum(heat[0, rows, cols], near)
        claim = near > 0.5
        turn = face_turn(quad)
        shape[0, rows, cols][claim] = np.cos(4 * turn)
        shape[1, rows, cols][claim] = np.sin(4 * turn)
        cells = np.stack([cell_x[claim], cell_y[claim]], axis=-1)
        local = unturned(quad[None] - cells[:, None], turn) / OFFSET_SCALE
        shape[2:, rows, cols][:, claim] = local.reshape(len(cells), 8).T
        weight[0, rows, cols][claim] = 1.0 / max(side, 4.0) * OFFSET_SCALE
    for quad in hidden if hidden is not None else ():
        cx, cy = quad.mean(axis=0)
        side = Quad(quad).side
        centre = _centre_cell(quad, height, width)
        rows, cols, cell_x, cell_y = _cells_near(centre, side / 2 / STRIDE + 1, height, width)
        near = (cell_x - cx) ** 2 + (cell_y - cy) ** 2 < (side / 2) ** 2
        window = heat[0, rows, cols]
        window[near & (window < 0.3)] = -1.0
    return heat, shape, weight


REACH = 6.0
"""How many spreads of its heat about a face's centre its targets are worked out over."""


def _cells_near(
    centre: tuple[int, int], reach: float, height: int, width: int
) -> tuple[slice, slice, np.ndarray, np.ndarray]:
    """The rows and columns of the cells within ``reach`` cells of ``centre`` (row, column),
    and the middles of those cells in input pixels (x, then y)."""
    span = int(np.ceil(reach)) + 1
    rows = slice(max(0, centre[0] - span), min(height, centre[0] + span + 1))
    cols = slice(max(0, centre[1] - span), min(width, centre[1] + span + 1))
    ys, xs = np.mgrid[rows, cols]
    return rows, cols, (xs + 0.5) * STRIDE, (ys + 0.5) * STRIDE
