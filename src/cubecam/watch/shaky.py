"""A hand-held camera's clip made from one photo: small shake, now and then a blurred frame.

What ``cubecam watch`` is tested and benchmarked on.

>>> photo = np.zeros((72, 128, 3), np.uint8)
>>> clip = shaky_clip(photo, 5, seed=1, blurred=(2,))
>>> len(clip), clip[0].shape
(5, (72, 128, 3))
"""

from __future__ import annotations

from collections.abc import Iterable

import cv2
import numpy as np


def shaky_clip(
    photo: np.ndarray,
    frames: int,
    *,
    seed: int = 0,
    shake: float = 0.012,
    blurred: Iterable[int] = (),
) -> list[np.ndarray]:
    """``frames`` copies of ``photo``, each moved by a small random affine (shift up to
    ``shake`` of the width, a degree of turn, 1% of zoom); frames in ``blurred`` badly blurred."""
    rng = np.random.default_rng(seed)
    h, w = photo.shape[:2]
    blurred = set(blurred)
    clip = []
    for i in range(frames):
        angle = rng.uniform(-1, 1)
        zoom = 1 + rng.uniform(-0.01, 0.01)
        matrix = cv2.getRotationMatrix2D((w / 2, h / 2), angle, zoom)
        matrix[:, 2] += rng.uniform(-shake, shake, 2) * w
        frame = cv2.warpAffine(photo, matrix, (w, h), borderMode=cv2.BORDER_REPLICATE)
        if i in blurred:
            frame = cv2.GaussianBlur(frame, (0, 0), w / 160)
        clip.append(frame)
    return clip
