"""Cut each found face out of the photo, square-on, as a grey patch.

>>> import numpy as np
>>> from cubecam.vision.detect import Quad
>>> image = np.zeros((100, 100, 3), np.uint8)
>>> quad = Quad(np.array([[10, 10], [50, 10], [50, 50], [10, 50]], float))
>>> cut_faces(image, [quad]).shape
(1, 64, 64)
"""

from __future__ import annotations

import cv2
import numpy as np

from cubecam.vision.detect import Quad

PATCH = 64


def cut_faces(image: np.ndarray, quads: list[Quad], size: int = PATCH) -> np.ndarray:
    """One ``size`` × ``size`` grey patch per quad, its first corner at the top left."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    target = np.float32([[0, 0], [size, 0], [size, size], [0, size]])
    patches = np.zeros((len(quads), size, size), np.uint8)
    for i, quad in enumerate(quads):
        matrix = cv2.getPerspectiveTransform(quad.corners.astype(np.float32), target)
        patches[i] = cv2.warpPerspective(
            gray, matrix, (size, size), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE
        )
    return patches
