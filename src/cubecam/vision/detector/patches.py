"""A found face with what lies round it, cut out for the verifier (:mod:`.verify`).

The patch is the face's outline grown :data:`CONTEXT` times about its centre and warped to
:data:`PATCH` pixels square, upright as the photo shows it (the first corner the top-left
as seen): a cube's top shows its own sides beside it and the table beyond, where a side
face shows the top it hangs from, and an empty square of a board or a number on a score
sheet shows no cube at all. What lies outside the photo is grey.

>>> import numpy as np
>>> from cubecam.vision.quad import Quad
>>> photo = np.zeros((100, 100, 3), np.uint8)
>>> photo[40:60, 40:60] = 255
>>> face = Quad(np.array([[40, 40], [60, 40], [60, 60], [40, 60]], float))
>>> patch = cut_patches(photo, [face])[0]
>>> patch.shape, int(patch[PATCH // 2, PATCH // 2, 0]), int(patch[2, 2, 0])
((48, 48, 3), 255, 0)
"""

from __future__ import annotations

import cv2
import numpy as np

from cubecam.vision.quad import Quad

PATCH = 48
"""The patch's side in pixels."""
CONTEXT = 2.5
"""How many times the face's size the patch spans (the face fills the middle 1/CONTEXT)."""
GREY = 128
_SQUARE = np.array([[0, 0], [PATCH, 0], [PATCH, PATCH], [0, PATCH]], np.float32)


def cut_patches(image: np.ndarray, quads: list[Quad]) -> np.ndarray:
    """Each face of ``quads`` (in ``image``'s pixels, BGR) with its surroundings, as
    N × :data:`PATCH` × :data:`PATCH` × 3 uint8."""
    patches = np.empty((len(quads), PATCH, PATCH, 3), np.uint8)
    for k, quad in enumerate(quads):
        centre = quad.corners.mean(axis=0)
        grown = (centre + CONTEXT * (quad.corners - centre)).astype(np.float32)
        warp = cv2.getPerspectiveTransform(grown, _SQUARE)
        patches[k] = cv2.warpPerspective(
            image,
            warp,
            (PATCH, PATCH),
            flags=cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_CONSTANT,
            borderValue=(GREY, GREY, GREY),
        )
    return patches


def network_patches(patches: np.ndarray) -> np.ndarray:
    """Patches (N × P × P × 3 uint8, BGR) as the verifier's input: N × 3 × P × P float,
    RGB, each patch scaled to zero mean and unit spread (light and contrast vary)."""
    batch = patches[..., ::-1].transpose(0, 3, 1, 2).astype(np.float32)
    mean = batch.mean(axis=(1, 2, 3), keepdims=True)
    spread = batch.std(axis=(1, 2, 3), keepdims=True)
    return (batch - mean) / np.maximum(spread, 4.0)
