"""The look of a user's own cube set, learnt by ``cubecam calibrate`` and used by later reads.

A look is the glyph network's features of every calibrated face (in all four quarter turns)
with the symbol the owner typed. Reading a face of that set then weighs the network's
answer by how close the face comes to the owner's faces of each symbol (nearest neighbours).
Looks live in the user data folder (``$CUBECAM_DATA`` overrides it), one file per set.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np

from cubecam import paths
from cubecam.cubesets import check_set_name
from cubecam.errors import InputError
from cubecam.user_files import write_user_file
from cubecam.vision.glyphs.classes import CLASSES
from cubecam.vision.glyphs.network import shipped_network
from cubecam.vision.glyphs.read import GlyphScores

NEIGHBOURS = 5
WEIGHT = 0.7
"""How much a complete match with the owner's faces counts beside the network's own answer."""


def look_path(name: str) -> Path:
    return paths.looks_dir() / f"{check_set_name(name)}.npz"


def save_look(name: str, features: np.ndarray, labels: list[str]) -> Path:
    """Store (adding to any stored before by the same glyph model) the features of faces
    showing ``labels``, learnt by the shipped glyph model."""
    old_features, old_labels, old_model = _read_look(name)
    if _stale(old_features, old_model, features.shape[1]):
        old_features, old_labels = features[:0], []
    features = np.concatenate([old_features, features]) if len(old_features) else features
    packed = io.BytesIO()
    np.savez_compressed(
        packed,
        features=features.astype(np.float32),
        labels=np.array([*old_labels, *labels]),
        model=np.array(shipped_network().fingerprint),
    )
    return write_user_file(look_path(name), packed.getvalue(), "look")


def load_look(name: str) -> tuple[np.ndarray, list[str]]:
    """The stored look of set ``name``: its faces' features and their symbols (none stored:
    empty)."""
    features, labels, _ = _read_look(name)
    return features, labels


def stale_look(name: str, width: int) -> bool:
    """Whether a look is stored for ``name`` but was learnt by another glyph model than the
    shipped one (its features not ``width`` wide, or another model named in the file), so
    that reads cannot use it. A look stored before files named their model is judged by its
    width alone."""
    features, _, model = _read_look(name)
    return _stale(features, model, width)


def _stale(features: np.ndarray, model: str | None, width: int) -> bool:
    if not len(features):
        return False
    return features.shape[1] != width or model not in (None, shipped_network().fingerprint)


def _read_look(name: str) -> tuple[np.ndarray, list[str], str | None]:
    path = look_path(name)
    if not path.is_file():
        return np.zeros((0, 0), np.float32), [], None
    try:
        with np.load(path) as data:
            model = str(data["model"]) if "model" in data.files else None
            return data["features"], [str(s) for s in data["labels"]], model
    except (OSError, KeyError, ValueError) as error:
        raise InputError(f"the calibration {path} is damaged ({error}): calibrate again") from None


def adjust_for_look(scores: GlyphScores, name: str) -> GlyphScores:
    """The scores reweighed by the set's stored look (unchanged where there is none)."""
    features, labels, model = _read_look(name)
    if not len(features) or _stale(features, model, scores.features.shape[1]):
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
