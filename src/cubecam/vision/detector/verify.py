"""Whether each find is a cube's top face, asked of the shipped verifier (``verifier.onnx``).

The detector's heat sees a face-sized square with a letter or none; the verifier sees the
find with what lies round it (:mod:`.patches`) and learnt, from the detector's own finds on
labelled renders and real tiles (:mod:`.verifier_dataset`), which of them are tops: not a
side face below a top at a slant, an empty square of a board or a number on a score sheet.

>>> import numpy as np
>>> top_odds(np.zeros((100, 100, 3), np.uint8), []).shape
(0,)
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from cubecam.vision.detector.patches import cut_patches, network_patches
from cubecam.vision.onnx_model import OnnxModel, cached_model
from cubecam.vision.quad import Quad

VERIFIER_PATH = Path(__file__).with_name("verifier.onnx")


def top_odds(
    image: np.ndarray,
    quads: list[Quad],
    model: Path = VERIFIER_PATH,
    toward: np.ndarray | None = None,
) -> np.ndarray:
    """The verifier's probability that each of ``quads`` (in ``image``'s pixels) is a top,
    ``toward`` the direction of the camera's foot in the photo where it is known."""
    if not quads:
        return np.zeros(0, np.float32)
    verifier: OnnxModel = cached_model(model)
    return verifier.run(network_patches(cut_patches(image, quads, toward)))["top"]
