"""A pinhole camera above the table: from straight down to a steep tilt.

Table units: a cube's side is 1, ``x`` to the right, ``y`` away from the viewer, ``z`` up.

>>> camera = Camera.looking_at((0.0, 0.0), distance=10.0, tilt=0.0, yaw=0.0, focal=100.0,
...                            centre=(50.0, 50.0))
>>> camera.project(np.array([[1.0, 1.0, 0.0]])).round(1).tolist()
[[60.0, 40.0]]
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Camera:
    """Where the camera is, how it is turned, and its focal length and centre in pixels."""

    eye: np.ndarray
    rotation: np.ndarray
    """Rows: the image's right, down and viewing directions in table units."""
    focal: float
    centre: tuple[float, float]

    @classmethod
    def looking_at(
        cls,
        target: tuple[float, float],
        *,
        distance: float,
        tilt: float,
        yaw: float,
        roll: float = 0.0,
        focal: float = 1.0,
        centre: tuple[float, float] = (0.0, 0.0),
    ) -> Camera:
        """A camera ``distance`` from ``target`` on the table, ``tilt`` degrees off vertical
        towards the viewer, turned ``yaw`` degrees counter-clockwise about the vertical and
        ``roll`` degrees about its viewing direction (the photo turns the other way)."""
        phi, theta = math.radians(yaw), math.radians(tilt)
        right = np.array([math.cos(phi), math.sin(phi), 0.0])
        toward_viewer = np.array([math.sin(phi), -math.cos(phi), 0.0])
        up = np.array([0.0, 0.0, 1.0])
        eye = np.array([target[0], target[1], 0.0]) + distance * (
            math.sin(theta) * toward_viewer + math.cos(theta) * up
        )
        forward = -(math.sin(theta) * toward_viewer + math.cos(theta) * up)
        down = np.cross(forward, right)
        if roll:
            r = math.radians(roll)
            right, down = (
                math.cos(r) * right + math.sin(r) * down,
                math.cos(r) * down - math.sin(r) * right,
            )
        return cls(eye, np.stack([right, down, forward]), focal, centre)

    def with_intrinsics(self, focal: float, centre: tuple[float, float]) -> Camera:
        return Camera(self.eye, self.rotation, focal, centre)

    def turned_through(self, pixel: tuple[float, float]) -> Camera:
        """This camera turned about its eye until it looks along its ray through ``pixel``,
        which becomes its centre: a photo framed by turning the phone, not by cropping.

        >>> camera = Camera.looking_at((0.0, 0.0), distance=10.0, tilt=0.0, yaw=0.0,
        ...                            focal=100.0, centre=(30.0, 50.0))
        >>> turned = camera.turned_through((50.0, 50.0))
        >>> turned.project(np.array([[2.0, 0.0, 0.0]])).round(1).tolist()
        [[50.0, 50.0]]
        >>> turned.centre
        (50.0, 50.0)
        """
        offset = (np.asarray(pixel, float) - self.centre) / self.focal
        ray = self.rotation.T @ np.array([offset[0], offset[1], 1.0])
        ray /= np.linalg.norm(ray)
        forward = self.rotation[2]
        axis = np.cross(forward, ray)
        sine, cosine = float(np.linalg.norm(axis)), float(forward @ ray)
        if sine < 1e-12:
            return self
        turn = cv2.Rodrigues(axis / sine * math.atan2(sine, cosine))[0]
        rotation = self.rotation @ turn.T
        return Camera(self.eye, rotation, self.focal, (float(pixel[0]), float(pixel[1])))

    def project(self, points: np.ndarray) -> np.ndarray:
        """Pixel coordinates (N, 2) of table points (N, 3)."""
        cam = (np.asarray(points, float) - self.eye) @ self.rotation.T
        return np.stack(
            [
                self.focal * cam[:, 0] / cam[:, 2] + self.centre[0],
                self.focal * cam[:, 1] / cam[:, 2] + self.centre[1],
            ],
            axis=1,
        )

    def distance(self, points: np.ndarray) -> np.ndarray:
        """How far each table point (N, 3) is from the camera."""
        return np.linalg.norm(np.asarray(points, float) - self.eye, axis=1)

    def table_homography(self) -> np.ndarray:
        """The 3×3 map from table points (x, y, 1) on z = 0 to pixels."""
        k = np.array([[self.focal, 0, self.centre[0]], [0, self.focal, self.centre[1]], [0, 0, 1]])
        t = -self.rotation @ self.eye
        return k @ np.column_stack([self.rotation[:, 0], self.rotation[:, 1], t])
