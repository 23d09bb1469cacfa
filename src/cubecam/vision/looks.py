"""The look of a user's own cube set, learnt by ``cubecam calibrate`` and used by later reads.

A look is the glyph network's features of every calibrated face (in all four quarter turns)
with the symbol the owner typed. Reading a face of that set then weighs the network's
answer by how close the face comes to the owner's faces of each symbol (nearest neighbours).
Looks live in the user data folder (``$CUBECAM_DATA`` overrides it), one file per set.

A look file is read only once its zip directory and its arrays' headers show what calibrate
writes, of a bounded size: a damaged file, or one that would unpack to more, is refused in
one line before anything is unpacked.
"""

from __future__ import annotations

import io
import math
import zipfile
import zlib
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
MAX_LOOK_ROWS = 50_000
"""The most faces' turns a look keeps (12,500 calibrated faces): calibrating beyond it drops
the oldest."""
MAX_LOOK_BYTES = 64 * 1024**2
"""The most a look's arrays may take unpacked (50,000 rows of 256 features take 51 MB)."""
MEMBERS = ("features.npy", "labels.npy", "model.npy")
ARRAY_HEADERS = {
    (1, 0): np.lib.format.read_array_header_1_0,
    (2, 0): np.lib.format.read_array_header_2_0,
}


class DamagedLook(InputError):
    """A look file that is not what calibrate writes: damaged, cut short, or too large."""

    def __init__(self, name: str, path: Path, why: str) -> None:
        super().__init__(
            f"the look {path} cannot be used ({why}): run 'cubecam calibrate --set {name}'"
            " again, which replaces it, or delete it"
        )


def look_path(name: str) -> Path:
    return paths.looks_dir() / f"{check_set_name(name)}.npz"


def save_look(name: str, features: np.ndarray, labels: list[str]) -> Path:
    """Store (adding to any stored before by the same glyph model) the features of faces
    showing ``labels``, learnt by the shipped glyph model."""
    try:
        old_features, old_labels, old_model = _read_look(name)
    except DamagedLook:
        old_features, old_labels, old_model = features[:0], [], None
    if _stale(old_features, old_model, features.shape[1]):
        old_features, old_labels = features[:0], []
    features = np.concatenate([old_features, features]) if len(old_features) else features
    packed = io.BytesIO()
    np.savez_compressed(
        packed,
        features=features[-MAX_LOOK_ROWS:].astype(np.float32),
        labels=np.array([*old_labels, *labels][-MAX_LOOK_ROWS:]),
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
    """The features, labels and glyph model of the look stored for ``name`` (none: empty);
    a DamagedLook where the file is not what calibrate writes."""
    path = look_path(name)
    if not path.is_file():
        return np.zeros((0, 0), np.float32), [], None
    try:
        _check_arrays(name, path)
        with np.load(path, allow_pickle=False) as data:
            model = str(data["model"]) if "model" in data.files else None
            features, labels = data["features"], [str(s) for s in data["labels"]]
    except (
        OSError,
        EOFError,
        KeyError,
        ValueError,
        RuntimeError,
        zipfile.BadZipFile,
        zlib.error,
    ) as error:
        raise DamagedLook(name, path, f"damaged: {error}") from None
    if not np.isfinite(features).all():
        raise DamagedLook(name, path, "its features are not finite numbers")
    return features, labels, model


def _check_arrays(name: str, path: Path) -> None:
    """Refuse a look whose zip members, arrays' shapes or sizes are not what calibrate writes,
    from the zip's directory and the arrays' headers alone (nothing is unpacked)."""
    with zipfile.ZipFile(path) as archive:
        members = {info.filename: info for info in archive.infolist()}
        if not set(MEMBERS[:2]) <= members.keys() <= set(MEMBERS):
            raise DamagedLook(
                name, path, f"it holds {', '.join(sorted(members)) or 'nothing'}, not a look"
            )
        unpacked = sum(info.file_size for info in members.values())
        if unpacked > MAX_LOOK_BYTES:
            raise DamagedLook(
                name, path, f"it unpacks to {unpacked:,} bytes, more than {MAX_LOOK_BYTES:,}"
            )
        headers = {}
        for member, info in members.items():
            with archive.open(info) as file:
                read_header = ARRAY_HEADERS.get(np.lib.format.read_magic(file))
                if read_header is None:
                    raise DamagedLook(name, path, f"{member} is of a kind calibrate does not write")
                shape, _, dtype = headers[member] = read_header(file)
            if math.prod(shape) * dtype.itemsize > info.file_size:
                raise DamagedLook(name, path, f"{member} claims more than it holds")
    features, labels = headers["features.npy"], headers["labels.npy"]
    if len(features[0]) != 2 or features[2].kind != "f":
        raise DamagedLook(
            name, path, f"its features are not a table of numbers but {features[2]} {features[0]}"
        )
    if len(labels[0]) != 1 or labels[2].kind != "U" or labels[0][0] != features[0][0]:
        raise DamagedLook(
            name,
            path,
            f"it has {labels[0][0] if labels[0] else 0} labels for {features[0][0]} faces",
        )
    model = headers.get("model.npy")
    if model is not None and (model[0] != () or model[2].kind != "U"):
        raise DamagedLook(name, path, "its glyph model is not named")


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
