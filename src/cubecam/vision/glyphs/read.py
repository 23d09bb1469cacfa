"""Read the glyph on each face patch: a probability for every (symbol, quarter turn).

>>> import numpy as np
>>> scores = read_glyphs(np.full((2, 64, 64), 200, np.uint8))
>>> scores.probabilities.shape[1:], round(float(scores.probabilities[0].sum()), 3)
((39, 4), 1.0)
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from cubecam.vision.glyphs.classes import CLASSES, DEFAULT_ALPHABET, TURNS, normalise
from cubecam.vision.glyphs.network import GlyphNetwork, shipped_network


@dataclass(frozen=True)
class GlyphScores:
    """``probabilities[i, c, k]``: face ``i`` shows ``CLASSES[c]`` turned ``k`` quarter turns."""

    probabilities: np.ndarray
    features: np.ndarray

    def any_turn(self) -> np.ndarray:
        """Per-face symbol probabilities, whichever way each face is turned."""
        return self.probabilities.sum(axis=2)

    def __getitem__(self, faces: np.ndarray) -> GlyphScores:
        """These scores of the ``faces`` (a mask or indices) alone."""
        return GlyphScores(self.probabilities[faces], self.features[faces])

    def replaced(self, faces: np.ndarray, other: GlyphScores) -> GlyphScores:
        """These scores with those of ``faces`` (a mask) replaced by ``other``'s, in order."""
        probabilities, features = self.probabilities.copy(), self.features.copy()
        probabilities[faces], features[faces] = other.probabilities, other.features
        return GlyphScores(probabilities, features)

    def __add__(self, other: GlyphScores) -> GlyphScores:
        """These faces' scores followed by ``other``'s."""
        return GlyphScores(
            np.concatenate([self.probabilities, other.probabilities]),
            np.concatenate([self.features, other.features]),
        )

    def per_turn(self) -> np.ndarray:
        """Each face's probability of each quarter turn, whatever its symbol (faces × 4)."""
        return self.probabilities.sum(axis=1)

    def turn_share(self, turn: int) -> np.ndarray:
        """Each face's probability of being turned ``turn`` quarter turns, as a share of
        its likeliest turn's (1 where ``turn`` is its likeliest)."""
        per_turn = self.per_turn()
        return per_turn[:, turn] / np.maximum(per_turn.max(axis=1), 1e-12)

    def common_turn(self) -> int:
        """The quarter turn that best explains all faces at once (a crossword's orientation)."""
        return int(np.argmax(np.log(np.maximum(self.per_turn(), 1e-9)).sum(axis=0)))


def read_face(crop: np.ndarray, alphabet: frozenset[str] = DEFAULT_ALPHABET) -> tuple[str, float]:
    """The symbol on one face crop (BGR or grey, any quarter turn) and its probability."""
    gray = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY) if crop.ndim == 3 else crop
    p = read_glyphs(gray[None]).any_turn()[0]
    p = p * np.array([symbol in alphabet for symbol in CLASSES])
    best = int(np.argmax(p))
    return CLASSES[best], float(p[best] / max(p.sum(), 1e-12))


def read_glyphs(patches: np.ndarray, network: GlyphNetwork | None = None) -> GlyphScores:
    """Scores for a batch of grey face patches (N × H × W, first corner top left)."""
    network = network or shipped_network()
    if not len(patches):
        return GlyphScores(np.zeros((0, len(CLASSES), TURNS)), np.zeros((0, 0)))
    inputs = normalise(patches)
    probabilities, features = network.scores(inputs)
    return GlyphScores(probabilities.reshape(len(inputs), len(network.classes), TURNS), features)


def read_views(views: np.ndarray, network: GlyphNetwork | None = None) -> GlyphScores:
    """Scores for faces seen in several views each (N × V × H × W), averaged over the views."""
    n, v = views.shape[:2]
    scores = read_glyphs(views.reshape(n * v, *views.shape[2:]), network)
    probabilities = scores.probabilities.reshape(n, v, *scores.probabilities.shape[1:])
    features = scores.features.reshape(n, v, -1)
    return GlyphScores(probabilities.mean(axis=1), features.mean(axis=1))
