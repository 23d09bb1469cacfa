"""The glyph network at run time: the shipped ONNX model ``model.onnx``.

Its input ``images`` is a batch of normalised crops (N × 1 × SIZE × SIZE, see
:func:`~cubecam.vision.glyphs.classes.normalise`); it answers ``probabilities`` (N × classes·4,
every (symbol, quarter turn)) and ``features`` (what calibration compares). The file holds
several networks trained alike from different starts, read as one inside the graph: their
probabilities averaged, their penultimate layers side by side. Its metadata ``classes`` names
the symbols. :mod:`cubecam_lab.glyphs.train` writes it.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache, cached_property
from pathlib import Path

import numpy as np

from cubecam.errors import CubecamError
from cubecam.vision.glyphs.classes import SIZE
from cubecam.vision.onnx_model import OnnxModel

MODEL_PATH = Path(__file__).with_name("model.onnx")
BATCH = 128
OUTPUTS = ("probabilities", "features")


class GlyphNetwork:
    """Scores for every (symbol, quarter turn) of a batch of normalised crops."""

    def __init__(self, path: Path = MODEL_PATH) -> None:
        self.path = path
        self.model = OnnxModel(path)
        missing = [name for name in OUTPUTS if name not in self.model.output_names]
        try:
            self.classes: tuple[str, ...] = tuple(json.loads(self.model.metadata["classes"]))
        except (KeyError, ValueError):
            missing.append("classes")
        if missing:
            raise CubecamError(f"the glyph model {path} is damaged: no {', '.join(missing)}")
        if self.model.input_shape[-2:] != (SIZE, SIZE):
            side = "×".join(str(d) for d in self.model.input_shape[-2:])
            raise CubecamError(
                f"the glyph model {path} reads faces of {side} pixels, not cubecam's {SIZE}×{SIZE}:"
                " train it again"
            )

    @cached_property
    def fingerprint(self) -> str:
        """Names this model's weights (a look learnt by another model is stale)."""
        return hashlib.sha256(self.path.read_bytes()).hexdigest()[:16]

    def scores(self, images: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(probabilities, features) for a batch N × H × W, worked out :data:`BATCH` images at a
        time to bound the memory a board of many faces takes."""
        parts = [self.model.run(images[i : i + BATCH, None]) for i in range(0, len(images), BATCH)]
        probabilities, features = (
            np.concatenate([part[name] for part in parts]) for name in OUTPUTS
        )
        return probabilities, features


@cache
def shipped_network() -> GlyphNetwork:
    """The network shipped with cubecam (loaded once)."""
    return GlyphNetwork()
