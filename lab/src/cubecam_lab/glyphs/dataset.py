"""Training and test crops for the glyph classifier: rendered faces and real crops.

Rendered crops imitate what :mod:`cubecam.vision.crop.cut` cuts from a photo: a face seen a
little off-square, the box a little too large or too small (so bits of the side faces
and the table show), any quarter turn, blur, noise, uneven light and JPEG.

Real crops come from ``realdata/crops/SET/SYMBOL/*.png``; a stable hash of each file
name puts a fifth of them aside for evaluation (``split="test"``).

>>> images, labels, turns = rendered_crops(8, seed=1)
>>> images.shape, labels.shape, int(turns.min()) >= 0
((8, 32, 32), (8,), True)
"""

from __future__ import annotations

import os
import zlib
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np

from cubecam.errors import InputError
from cubecam.layout import canonical_symbol
from cubecam.vision.crop.cut import PATCH
from cubecam.vision.glyphs.classes import CLASSES, LETTERS, MULTI, SIZE, normalise
from cubecam_lab.synth import available_fonts, render_face

UNKNOWN_TURN = -1
"""The turn of a real crop whose orientation nobody labelled."""
_UPRIGHT_SETS = ("scrabble-tiles-binarised",)
_DIACRITIC_FAMILIES = ("A", "Å", "Ä", "O", "Ö")
"""Letters told apart by a ring or dots that blur away: rendered twice as often."""


def realdata_root() -> Path | None:
    """``$CUBECAM_REALDATA`` if set, else ``shared/realdata`` beside the repository (or beside a
    folder above it), when present."""
    if os.environ.get("CUBECAM_REALDATA"):
        path = Path(os.environ["CUBECAM_REALDATA"])
        return path if path.is_dir() else None
    candidates = [parent / "shared" / "realdata" for parent in Path(__file__).resolve().parents]
    return next((path for path in candidates if path.is_dir()), None)


def _class_weights() -> np.ndarray:
    weights = np.array(
        [1.0 if s in LETTERS else 0.25 if s in MULTI else 0.8 for s in CLASSES], np.float64
    )
    weights[CLASSES.index("Qu")] = 0.8
    for symbol in _DIACRITIC_FAMILIES:
        weights[CLASSES.index(symbol)] *= 2
    return weights / weights.sum()


def _colours(rng: np.random.Generator) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A face colour and an ink colour (BGR): mostly light faces with dark ink."""
    if rng.random() < 0.7:
        face = rng.integers(150, 256, 3)
        face = np.minimum(255, face.min() + rng.integers(0, 60, 3)) if rng.random() < 0.7 else face
        ink = rng.integers(0, 110, 3)
    else:
        face = rng.integers(0, 200, 3)
        ink = rng.integers(200, 256, 3) if face.mean() < 130 else rng.integers(0, 60, 3)
    return tuple(int(v) for v in face), tuple(int(v) for v in ink)


def render_crop(
    symbol: str, turn: int, rng: np.random.Generator, fonts: list[Path], jitter: float = 7.0
) -> np.ndarray:
    """One rendered face as the classifier sees it after detection (SIZE × SIZE float32)."""
    face_colour, ink_colour = _colours(rng)
    size = int(rng.integers(40, 90))
    face = render_face(
        symbol,
        size,
        font=fonts[int(rng.integers(len(fonts)))],
        face_colour=face_colour,
        ink_colour=ink_colour,
        rotation=90.0 * turn + float(rng.uniform(-jitter, jitter)),
        value_digit=int(rng.integers(1, 11)) if rng.random() < 0.25 else None,
        underline=rng.random() < 0.5,
        rng=rng,
    )
    canvas_size = size * 2
    background = rng.integers(0, 256, 3).astype(np.uint8)
    canvas = np.empty((canvas_size, canvas_size, 3), np.uint8)
    canvas[:] = background
    o = size // 2
    side = (np.array(face_colour, np.float32) * rng.uniform(0.45, 0.85)).astype(np.uint8)
    for edge in rng.choice(4, size=int(rng.integers(0, 3)), replace=False):
        width = int(rng.integers(2, max(3, size // 3)))
        if edge == 0:
            canvas[o + size : o + size + width, o : o + size] = side
        elif edge == 1:
            canvas[o - width : o, o : o + size] = side
        elif edge == 2:
            canvas[o : o + size, o + size : o + size + width] = side
        else:
            canvas[o : o + size, o - width : o] = side
    canvas[o : o + size, o : o + size] = face
    gray = cv2.cvtColor(canvas, cv2.COLOR_BGR2GRAY).astype(np.float32)
    yy, xx = np.mgrid[0:canvas_size, 0:canvas_size].astype(np.float32) / canvas_size
    gray *= 1.0 + rng.uniform(-0.35, 0.35) * (xx - 0.5) + rng.uniform(-0.35, 0.35) * (yy - 0.5)
    sigma = rng.uniform(0.0, 1.6) * size / 64
    if sigma > 0.3:
        gray = cv2.GaussianBlur(gray, (0, 0), sigma)
    gray += rng.normal(0, rng.uniform(0, 8), gray.shape)
    gray = np.clip(gray, 0, 255).astype(np.uint8)
    if rng.random() < 0.5:
        quality = int(rng.integers(30, 90))
        gray = cv2.imdecode(cv2.imencode(".jpg", gray, [cv2.IMWRITE_JPEG_QUALITY, quality])[1], 0)
    corners = np.array([[o, o], [o + size, o], [o + size, o + size], [o, o + size]], np.float32)
    centre = corners.mean(axis=0)
    corners = centre + (corners - centre) * rng.uniform(0.92, 1.18)
    corners += rng.normal(0, 0.035 * size, corners.shape).astype(np.float32)
    target = np.array([[0, 0], [PATCH, 0], [PATCH, PATCH], [0, PATCH]], np.float32)
    matrix = cv2.getPerspectiveTransform(corners.astype(np.float32), target)
    warped = cv2.warpPerspective(
        gray, matrix, (PATCH, PATCH), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    return normalise(warped)


def rendered_crops(
    count: int, seed: int, fonts: list[Path] | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``count`` rendered crops: (images N×SIZE×SIZE, class indices, quarter turns)."""
    rng = np.random.default_rng(seed)
    fonts = fonts or available_fonts()
    labels = rng.choice(len(CLASSES), size=count, p=_class_weights())
    turns = rng.integers(0, 4, count)
    images = np.stack(
        [render_crop(CLASSES[c], int(t), rng, fonts) for c, t in zip(labels, turns, strict=True)]
    )
    return images, labels.astype(np.int64), turns.astype(np.int64)


def scene_crops(
    scenes: int, seed: int, per_cube: int = 2
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Crops cut from rendered photos (:func:`cubecam_lab.synth.dataset.make_scene`, every named
    configuration in turn, every installed font) exactly as the reader cuts them: each face
    the learned detector finds in the photo at working size, matched to its label, its outline
    a little jittered; the turn follows from the label's corners."""
    from cubecam.vision.pipeline import read_faces
    from cubecam_lab.synth.configs import CONFIGS
    from cubecam_lab.synth.dataset import KINDS, make_scene

    configs = list(CONFIGS.values())

    rng = np.random.default_rng(seed)
    images, labels, turns = [], [], []
    target = np.float32([[0, 0], [PATCH, 0], [PATCH, PATCH], [0, PATCH]])
    for index in range(scenes):
        kind = KINDS[index % len(KINDS)]
        size = (int(rng.integers(700, 1400)), int(rng.integers(520, 1000)))
        config = configs[(index // len(KINDS)) % len(configs)]
        photo, label = make_scene(
            kind, seed * 100_000 + index, size=size, config=config, all_fonts=True
        )
        try:
            faces = read_faces(photo)
        except InputError:
            continue
        loaded, quads = faces.loaded, faces.quads
        gray = cv2.cvtColor(loaded.image, cv2.COLOR_BGR2GRAY)
        centres = np.array([q.center for q in quads])
        for cube in label["cubes"]:
            if cube.get("visible", 1.0) < 0.9:  # a hand or a pencil lies over the glyph
                continue
            symbol = canonical_symbol(cube["symbol"])
            corners = np.array(cube["corners"], np.float32) * loaded.scale
            centre = np.array(cube["center"]) * loaded.scale
            side = float(np.linalg.norm(corners[1] - corners[0]))
            nearest = int(np.argmin(np.linalg.norm(centres - centre, axis=1)))
            quad = quads[nearest]
            if symbol not in CLASSES or np.linalg.norm(centres[nearest] - centre) > 0.4 * side:
                continue
            letter = np.degrees(np.arctan2(*(corners[1] - corners[0])[::-1]))
            turn = round((quad.angle - letter) / 90.0) % 4
            for _ in range(per_cube):
                jittered = quad.corners + rng.normal(0, 0.02 * side, (4, 2))
                matrix = cv2.getPerspectiveTransform(jittered.astype(np.float32), target)
                patch = cv2.warpPerspective(gray, matrix, (PATCH, PATCH), flags=cv2.INTER_AREA)
                images.append(normalise(patch))
                labels.append(CLASSES.index(symbol))
                turns.append(turn)
    if not images:
        return np.zeros((0, SIZE, SIZE), np.float32), np.zeros(0, np.int64), np.zeros(0, np.int64)
    return np.stack(images), np.array(labels, np.int64), np.array(turns, np.int64)


def _real_files(root: Path) -> Iterator[tuple[Path, str, bool]]:
    for set_dir in sorted((root / "crops").glob("*")):
        for symbol_dir in sorted(set_dir.glob("*")):
            try:
                symbol = canonical_symbol(symbol_dir.name)
            except InputError:
                continue
            if symbol not in CLASSES:
                continue
            for path in sorted(symbol_dir.iterdir()):
                yield path, symbol, set_dir.name in _UPRIGHT_SETS


def in_test_split(path: Path) -> bool:
    """Whether a real crop is kept aside for evaluation (a fifth, by a hash of its name)."""
    return split_of(path) != "train"


def split_of(path: Path) -> str:
    """The split a real crop is in, by a hash of its name: ``train`` (four fifths), or of the
    fifth never trained on, ``calibrate`` (half of it: the reader's probabilities are fitted
    on it) and ``check`` (the other half, never trained or tuned on)."""
    share = zlib.crc32(f"{path.parent.parent.name}/{path.parent.name}/{path.name}".encode()) % 10
    return "calibrate" if share == 0 else "check" if share == 5 else "train"


def real_crops(split: str, root: Path | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Real crops of one split (``"train"``, ``"test"``, or one of the test split's halves,
    ``"calibrate"`` and ``"check"``, see :func:`split_of`): images, class indices, turns.

    Crops of sets photographed upright get turn 0; others :data:`UNKNOWN_TURN`.
    """
    root = root or realdata_root()
    images, labels, turns = [], [], []
    if root is not None:
        for path, symbol, upright in _real_files(root):
            if split not in (split_of(path), "test" if in_test_split(path) else "train"):
                continue
            gray = cv2.imread(str(path), cv2.IMREAD_GRAYSCALE)
            if gray is None:
                continue
            images.append(normalise(gray))
            labels.append(CLASSES.index(symbol))
            turns.append(0 if upright else UNKNOWN_TURN)
    if not images:
        return np.zeros((0, SIZE, SIZE), np.float32), np.zeros(0, np.int64), np.zeros(0, np.int64)
    return np.stack(images), np.array(labels, np.int64), np.array(turns, np.int64)
