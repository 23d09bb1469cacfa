"""Set each found face's corners on the face's own edges, asked of the shipped refiner
(``refiner.onnx``).

The detector gives a face's four corners from one cell of a small copy of the photo, and
on a die seen at a slant its outline often leans off the face. The refiner sees the face
as found, warped square with a margin round it (:func:`cut_rectified`: the outline found is
the middle square of the patch), and gives where the face's true corners lie in that patch;
mapped back through the same warp, they are the face's refined corners. It learnt from the
detector's own finds and from jittered outlines on labelled renders and real tiles
(:mod:`.refiner_dataset`).

>>> import numpy as np
>>> refine_corners(np.zeros((100, 100, 3), np.uint8), [])
[]
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from cubecam.vision.detector.patches import network_patches
from cubecam.vision.onnx_model import OnnxModel, cached_model
from cubecam.vision.quad import Quad

REFINER_PATH = Path(__file__).with_name("refiner.onnx")
PATCH = 64
"""The patch's side in pixels."""
CONTEXT = 1.75
"""How many times the found face's size the patch spans."""
INNER = PATCH / CONTEXT
"""The found face's side in the patch."""
MARGIN = (PATCH - 1 - INNER) / 2
"""Where the found face's top-left lies in the patch: the face is centred on the patch's
middle (pixel centres lie at whole coordinates), so that the patch mirrored or turned is
the same face cut the same way."""
UNIT = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float64)
"""The found face's corners in the patch, in face sides from the inner square's top-left."""
_INNER_SQUARE = (MARGIN + INNER * UNIT).astype(np.float32)


def to_patch(quad: Quad) -> np.ndarray:
    """The homography from the photo to ``quad``'s patch (the quad on its middle square)."""
    return cv2.getPerspectiveTransform(quad.corners.astype(np.float32), _INNER_SQUARE)


def cut_rectified(image: np.ndarray, quads: list[Quad]) -> np.ndarray:
    """Each of ``quads`` (in ``image``'s pixels, BGR) warped onto the middle of a
    :data:`PATCH`-pixel square with its surroundings, as N × P × P × 3 uint8.

    >>> photo = np.zeros((100, 100, 3), np.uint8)
    >>> photo[40:60, 40:60] = 255
    >>> face = Quad(np.array([[40, 40], [60, 40], [60, 60], [40, 60]], float))
    >>> patch = cut_rectified(photo, [face])[0]
    >>> int(patch[PATCH // 2, PATCH // 2, 0]), int(patch[3, 3, 0])
    (255, 0)
    """
    patches = np.empty((len(quads), PATCH, PATCH, 3), np.uint8)
    for k, quad in enumerate(quads):
        patches[k] = cv2.warpPerspective(
            image,
            to_patch(quad),
            (PATCH, PATCH),
            flags=cv2.INTER_AREA,
            borderMode=cv2.BORDER_REPLICATE,
        )
    return patches


def from_patch(quad: Quad, offsets: np.ndarray) -> np.ndarray:
    """The corners (4 × 2, photo pixels) that lie ``offsets`` (4 × 2, face sides in the
    patch) from the found ``quad``'s own, corner by corner.

    >>> quad = Quad(np.array([[10, 10], [30, 10], [30, 30], [10, 30]], float))
    >>> from_patch(quad, np.array([[0.1, 0], [0, 0], [0, 0], [0, 0]])).round(1).tolist()[0]
    [12.0, 10.0]
    """
    in_patch = (MARGIN + INNER * (UNIT + offsets)).astype(np.float32)
    back = np.linalg.inv(to_patch(quad))
    return cv2.perspectiveTransform(in_patch[None], back)[0].astype(np.float64)


def refine_corners(
    image: np.ndarray, quads: list[Quad], passes: int = 1, model: Path = REFINER_PATH
) -> list[Quad]:
    """``quads`` (in ``image``'s pixels) with their corners refined ``passes`` times, in
    the same order, each corner where it was numbered; scores kept."""
    if not quads or passes <= 0:
        return list(quads)
    refiner: OnnxModel = cached_model(model)
    for _ in range(passes):
        offsets = refiner.run(network_patches(cut_rectified(image, quads)))["offsets"]
        quads = [
            _kept(quad, Quad(from_patch(quad, shift.reshape(4, 2)), quad.score))
            for quad, shift in zip(quads, offsets, strict=True)
        ]
    return quads


def _kept(found: Quad, refined: Quad) -> Quad:
    """``refined``, unless it is no longer a convex outline of about the same size (the
    patch showed no face the refiner knew): then ``found`` as it was."""
    corners = refined.corners.astype(np.float32)
    area = abs(cv2.contourArea(corners))
    before = abs(cv2.contourArea(found.corners.astype(np.float32)))
    plausible = cv2.isContourConvex(corners) and 0.5 * before < area < 2 * before
    return refined if plausible else found
