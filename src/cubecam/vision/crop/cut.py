"""Cut each found face out of the photo through its own four corners, rectified (the
perspective warp that makes it square), as a grey patch, and in a few views a little
shifted and scaled on the face itself (an outline a few pixels off, a side face taken in,
reads better averaged over views than from one cut).

>>> import numpy as np
>>> from cubecam.vision.quad import Quad
>>> image = np.zeros((100, 100, 3), np.uint8)
>>> quad = Quad(np.array([[10, 10], [50, 10], [50, 50], [10, 50]], float))
>>> cut_faces(image, [quad]).shape
(1, 64, 64)
"""

from __future__ import annotations

import cv2
import numpy as np

from cubecam.vision.quad import Quad

PATCH = 64
VIEWS: tuple[tuple[float, float, float], ...] = ((1.0, 0.0, 0.0), (0.9, 0.0, 0.0), (1.1, 0.0, 0.0))
VIEWS += tuple((1.0, dx, dy) for dx, dy in ((0.06, 0), (-0.06, 0), (0, 0.06), (0, -0.06)))
VIEWS += ((0.88, 0.0, -0.06),)  # a die seen at a slant: its near side face, below, cut off
"""Each view's (scale about the centre, shift right, shift down), in face sides, along the
face's own edges as cut (its first corner at the top left)."""


def cut_faces(image: np.ndarray, quads: list[Quad], size: int = PATCH) -> np.ndarray:
    """One ``size`` × ``size`` grey patch per quad, its first corner at the top left."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    target = np.array([[0, 0], [size, 0], [size, size], [0, size]], np.float32)
    patches = np.zeros((len(quads), size, size), np.uint8)
    for i, quad in enumerate(quads):
        matrix = cv2.getPerspectiveTransform(quad.corners.astype(np.float32), target)
        patches[i] = cv2.warpPerspective(
            gray, matrix, (size, size), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE
        )
    return patches


def cut_views(image: np.ndarray, quads: list[Quad], size: int = PATCH) -> np.ndarray:
    """Patches of every face in each of :data:`VIEWS`: faces × views × ``size`` × ``size``.

    >>> import numpy as np
    >>> from cubecam.vision.quad import Quad
    >>> quad = Quad(np.array([[10, 10], [50, 10], [50, 50], [10, 50]], float))
    >>> cut_views(np.zeros((100, 100, 3), np.uint8), [quad, quad]).shape
    (2, 8, 64, 64)
    """
    square = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
    views = []
    for quad in quads:
        to_photo = cv2.getPerspectiveTransform(square, quad.corners.astype(np.float32))
        for scale, dx, dy in VIEWS:
            on_face = 0.5 + (square - 0.5) * scale + np.array([dx, dy], np.float32)
            corners = cv2.perspectiveTransform(on_face[None], to_photo)[0]
            views.append(Quad(corners.astype(np.float64)))
    return cut_faces(image, views, size).reshape(len(quads), len(VIEWS), size, size)
