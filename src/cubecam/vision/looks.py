"""The look of a user's own cube set, learnt by ``cubecam calibrate`` and used by later reads.

A look is the glyph network's features of every calibrated face (in all four quarter turns)
with the symbol the owner typed. Reading a face of that set then weighs the network's
answer by how close the face comes to the owner's faces of each symbol (nearest neighbours).
Looks live in the user data folder (``$CUBECAM_DATA`` overrides it), one file per set.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from cubecam import paths
from cubecam.cubesets import check_set_name
from cubecam.errors import InputError
from cubecam.vision.glyphs.classes import CLASSES
from cubecam.vision.glyphs.read import GlyphScores

NEIGHBOURS = 5
WEIGHT = 0.7
"""How much a complete match with the owner's faces counts beside the network's own answer."""


def look_path(name: str) -> Path:
    return paths.looks_dir() / f"{check_set_name(name)}.npz"


def save_look(name: str, features: np.ndarray, labels: list[str]) -> Path:
    """Store (adding to any stored before) the features of faces showing ``labels``."""
    path = look_path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    old_features, old_labels = load_look(name)
    if len(old_features) and old_features.shape[1] != features.shape[1]:
        old_features, old_labels = features[:0], []  # learnt by an older glyph model
    features = np.concatenate([old_features, features]) if len(old_features) else features
    np.savez_compressed(
        path, features=features.astype(np.float32), labels=np.array([*old_labels, *labels])
    )
    return path


def load_look(name: str) -> tuple[np.ndarray, list[str]]:
    path = look_path(name)
    if not path.is_file():
        return np.zeros((0, 0), np.float32), []
    try:
        with np.load(path) as data:
            return data["features"], [str(s) for s in data["labels"]]
    except (OSError, KeyError, ValueError) as error:
        raise InputError(f"the calibration {path} is damaged ({error}): calibrate again") from None


def stale_look(name: str, width: int) -> bool:
    """Whether a look is stored for ``name`` but was learnt by another glyph model (whose
    features are not ``width`` wide), so that reads cannot use it."""
    features, _ = load_look(name)
    return bool(len(features)) and features.shape[1] != width


def adjust_for_look(scores: GlyphScores, name: str) -> GlyphScores:
    """The scores reweighed by the set's stored look (unchanged where there is none)."""
    features, labels = load_look(name)
    if not len(features) or features.shape[1] != scores.features.shape[1]:
        return scores
    known = normalised(features)
    faces = normalised(scores.features)
    similarity = faces @ known.T
    nearest = np.argsort(-similarity, axis=1)[:, :NEIGHBOURS]
    votes = np.zeros((len(faces), len(CLASSES)))
    for i, row in enumerate(nearest):
        for j in row:
            if labels[j] in CLASSES:
                votes[i, CLASSES.index(labels[j])] += max(similarity[i, j], 0.0)
    votes /= np.maximum(votes.sum(axis=1, keepdims=True), 1e-9)
    factor = (1.0 - WEIGHT) + WEIGHT * votes
    probabilities = scores.probabilities * factor[:, :, None]
    probabilities /= probabilities.sum(axis=(1, 2), keepdims=True)
    return GlyphScores(probabilities, scores.features)


def normalised(features: np.ndarray) -> np.ndarray:
    return features / np.maximum(np.linalg.norm(features, axis=1, keepdims=True), 1e-9)
