"""A found face with what lies round it, cut out for the verifier (:mod:`.verify`).

The patch is the face's outline grown :data:`CONTEXT` times about its centre and warped to
:data:`PATCH` pixels square, turned so that the side of the photo the camera stood on (see
:func:`~cubecam.vision.lattice.camera.toward_camera`) lies below, or upright as the photo
shows it where that cannot be told: a cube's top then shows its own side below it and the
table beyond, where a side face shows the top it hangs from above it, and an empty square
of a board or a number on a score sheet shows no cube at all. What lies outside the photo
is grey.

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


def cut_patches(
    image: np.ndarray, quads: list[Quad], toward: np.ndarray | None = None
) -> np.ndarray:
    """Each face of ``quads`` (in ``image``'s pixels, BGR) with its surroundings, as
    N × :data:`PATCH` × :data:`PATCH` × 3 uint8, the face's edge nearest ``toward`` (the
    direction of the camera's foot, if known) at the bottom."""
    patches = np.empty((len(quads), PATCH, PATCH, 3), np.uint8)
    for k, quad in enumerate(quads):
        centre = quad.corners.mean(axis=0)
        corners = quad.corners if toward is None else _camera_below(quad.corners, toward)
        grown = (centre + CONTEXT * (corners - centre)).astype(np.float32)
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


def _camera_below(corners: np.ndarray, toward: np.ndarray) -> np.ndarray:
    """``corners`` rolled so that the edge from the third to the fourth (the patch's bottom)
    is the one lying furthest ``toward`` the camera."""
    middles = (corners + np.roll(corners, -1, axis=0)) / 2 @ toward
    return np.roll(corners, 2 - int(np.argmax(middles)), axis=0)


def network_patches(patches: np.ndarray) -> np.ndarray:
    """Patches (N × P × P × 3 uint8, BGR) as the verifier's input: N × 3 × P × P float,
    RGB, each patch scaled to zero mean and unit spread (light and contrast vary)."""
    batch = patches[..., ::-1].transpose(0, 3, 1, 2).astype(np.float32)
    mean = batch.mean(axis=(1, 2, 3), keepdims=True)
    spread = batch.std(axis=(1, 2, 3), keepdims=True)
    return (batch - mean) / np.maximum(spread, 4.0)
