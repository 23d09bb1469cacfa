"""A face's outline in a photo: four corners, and what the detector knew of it.

>>> import numpy as np
>>> quad = Quad(np.array([[10, 10], [50, 10], [50, 50], [10, 50]], float))
>>> quad.center, quad.side
((30.0, 30.0), 40.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import cv2
import numpy as np


@dataclass(frozen=True)
class Quad:
    """One face outline: corners clockwise from the top-left as seen, in image pixels."""

    corners: np.ndarray
    score: float = 1.0
    """The detector's heat at the face's centre."""

    @cached_property
    def center(self) -> tuple[float, float]:
        x, y = self.corners.mean(axis=0)
        return (float(x), float(y))

    @cached_property
    def side(self) -> float:
        """The mean length of the four edges."""
        return float(np.linalg.norm(self.corners - np.roll(self.corners, 1, axis=0), axis=1).mean())

    @property
    def angle(self) -> float:
        """Degrees of the top edge from the horizontal, in (-45, 45]."""
        dx, dy = self.corners[1] - self.corners[0]
        return float(np.degrees(np.arctan2(dy, dx)))

    def scaled(self, factor: float) -> Quad:
        return Quad(self.corners * factor, self.score)

    def contains(self, point: tuple[float, float]) -> bool:
        return cv2.pointPolygonTest(self.corners.astype(np.float32), point, False) > 0


def order_corners(points: np.ndarray) -> np.ndarray:
    """Four points clockwise (as displayed), starting at the corner whose edge runs rightwards."""
    points = np.asarray(points, np.float64).reshape(4, 2)
    centre = points.mean(axis=0)
    angles = np.arctan2(points[:, 1] - centre[1], points[:, 0] - centre[0])
    points = points[np.argsort(angles)]
    edges = np.roll(points, -1, axis=0) - points
    start = int(np.argmax(edges[:, 0] / (np.linalg.norm(edges, axis=1) + 1e-9)))
    return np.roll(points, -start, axis=0)
