"""Training views of a labelled photo: turned, scaled, cropped, seen from a camera turned
a little and re-lit at random, the faces' corners moved with the pixels.

>>> rng = np.random.default_rng(0)
>>> image = np.full((300, 400, 3), 90, np.uint8)
>>> quads = np.array([[[100, 100], [140, 100], [140, 140], [100, 140]]], float)
>>> view, moved, hidden, kept = training_view(image, quads, rng, size=128)
>>> view.shape, moved.shape[1:], len(hidden), kept.tolist()
((128, 128, 3), (4, 2), 0, [0])
"""

from __future__ import annotations

from typing import NamedTuple

import cv2
import numpy as np

from cubecam.vision.quad import order_corners


class TrainingView(NamedTuple):
    """A view, the faces in it (moved), the hidden faces in it, and which of the photo's
    faces (their indices) are the ones in it."""

    image: np.ndarray
    quads: np.ndarray
    hidden: np.ndarray
    kept: np.ndarray


def training_view(
    image: np.ndarray,
    quads: np.ndarray,
    rng: np.random.Generator,
    *,
    size: int = 384,
    hidden: np.ndarray | None = None,
) -> TrainingView:
    """A ``size`` × ``size`` view of ``image``, the faces ``quads`` that stay in it, and the
    ``hidden`` faces that do, moved into the view."""
    height, width = image.shape[:2]
    sides = np.linalg.norm(quads - np.roll(quads, 1, axis=1), axis=2).mean(axis=1)
    typical = float(np.median(sides)) if len(sides) else 40.0
    # faces from about 10 to 140 pixels across in the view, most near the working size's
    target = float(np.exp(rng.uniform(np.log(10), np.log(140))))
    scale = target / max(typical, 1.0)
    scale = float(np.clip(scale, 0.15, 4.0))
    angle = rng.uniform(-180, 180) if rng.random() < 0.5 else rng.normal(0, 8)
    if len(quads) and rng.random() < 0.8:
        centre = quads[int(rng.integers(len(quads)))].mean(axis=0)
        centre = centre + rng.normal(0, size / 4 / scale, 2)
    else:
        centre = np.array([rng.uniform(0, width), rng.uniform(0, height)])
    matrix = np.eye(3)
    matrix[:2] = cv2.getRotationMatrix2D((float(centre[0]), float(centre[1])), angle, scale)
    matrix[:2, 2] += size / 2 - centre
    if rng.random() < 0.3:  # a photo stretched on export, or a lens's squeeze
        stretch = float(np.exp(rng.uniform(np.log(0.7), np.log(1.4))))
        squeeze = np.array([[stretch, 0, (1 - stretch) * size / 2], [0, 1, 0], [0, 0, 1]], float)
        matrix = squeeze @ matrix
    if rng.random() < 0.5:  # a mirror: letters read backwards are still top faces
        matrix = np.array([[-1, 0, size], [0, 1, 0], [0, 0, 1]], float) @ matrix
    if rng.random() < TILTED:
        matrix = camera_turn(size, rng.uniform(0, np.pi), rng.uniform(0, MAX_TILT)) @ matrix
    fill = tuple(int(v) for v in rng.integers(0, 256, 3))
    view = cv2.warpPerspective(
        image, matrix, (size, size), flags=cv2.INTER_LINEAR, borderValue=fill
    )
    hidden = np.zeros((0, 4, 2)) if hidden is None else hidden
    moved, kept = _moved(quads, matrix, size)
    return TrainingView(relight(view, rng), moved, _moved(hidden, matrix, size)[0], kept)


TILTED = 0.4
"""The share of views seen from a camera turned a little (see :func:`camera_turn`)."""
MAX_TILT = np.radians(30)


def camera_turn(size: int, axis: float, angle: float) -> np.ndarray:
    """The homography that turns a ``size`` × ``size`` view's camera by ``angle`` (radians)
    about an axis lying at ``axis`` in the view's plane, its focal length the view's side,
    then shifts the view back onto what was at its centre: exact for everything in the photo,
    whatever its depth, since only the camera's direction changes, so a table is seen more or
    less slanted.

    >>> h = camera_turn(100, 0.0, np.radians(20))
    >>> x, y, w = h @ [50, 50, 1]
    >>> [round(float(v / w), 6) for v in (x, y)]  # the centre stays
    [50.0, 50.0]
    """
    u = np.array([np.cos(axis), np.sin(axis), 0.0])
    turn = cv2.Rodrigues(u * angle)[0]
    k = np.array([[size, 0, size / 2], [0, size, size / 2], [0, 0, 1]], float)
    h = k @ turn @ np.linalg.inv(k)
    centre = h @ [size / 2, size / 2, 1]
    shift = np.eye(3)
    shift[:2, 2] = size / 2 - centre[:2] / centre[2]
    h = shift @ h
    return h / h[2, 2]


def _moved(quads: np.ndarray, matrix: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray]:
    """The faces whose centre ``matrix`` (3 × 3) moves into the view, moved (a face that
    would pass behind the turned camera is left out), and their indices in ``quads``."""
    moved, kept = [], []
    for index, quad in enumerate(quads):
        points = np.c_[quad, np.ones(len(quad))] @ matrix.T
        if (points[:, 2] <= 1e-6).any():
            continue
        corners = points[:, :2] / points[:, 2:]
        centre = corners.mean(axis=0)
        if (centre >= 0).all() and (centre < size).all():
            moved.append(order_corners(corners))
            kept.append(index)
    return np.array(moved, float).reshape(-1, 4, 2), np.array(kept, int)


def relight(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Colour cast, contrast, grey, blur, noise and JPEG at random."""
    colour = np.diag(rng.uniform(0.6, 1.4, 3))  # the cast, a gain on each channel
    offset = np.full(3, rng.uniform(-40, 40))
    if rng.random() < 0.3:
        swap = np.eye(3)[rng.permutation(3)]
        colour, offset = swap @ colour, swap @ offset
    if rng.random() < 0.2:
        grey = np.full((3, 3), 1 / 3)
        colour, offset = grey @ colour, grey @ offset
    # contrast about the mean of what the light made: one linear map, applied in one pass
    mean = float((colour @ image.reshape(-1, 3).mean(axis=0) + offset).mean())
    contrast = rng.uniform(0.6, 1.3)
    matrix = np.hstack([contrast * colour, ((offset - mean) * contrast + mean)[:, None]])
    out = cv2.transform(image.astype(np.float32), matrix.astype(np.float32))
    if rng.random() < 0.3:
        out = cv2.GaussianBlur(out, (0, 0), rng.uniform(0.5, 1.8))
    if rng.random() < 0.4:
        out = cv2.scaleAdd(_grain(out.shape, rng), float(rng.uniform(2, 12)), out)
    view = np.clip(out, 0, 255).astype(np.uint8)
    if rng.random() < 0.3:
        quality = int(rng.integers(30, 90))
        ok, data = cv2.imencode(".jpg", view, [cv2.IMWRITE_JPEG_QUALITY, quality])
        if ok:
            view = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return view


def _grain(shape: tuple[int, ...], rng: np.random.Generator) -> np.ndarray:
    """Standard normal noise of ``shape`` (float32), drawn by OpenCV (three times faster than
    numpy) from a seed ``rng`` gives, so a view is still the same for the same seed."""
    cv2.setRNGSeed(int(rng.integers(2**31)))
    return cv2.randn(np.empty((shape[0], int(np.prod(shape[1:]))), np.float32), 0.0, 1.0).reshape(
        shape
    )
