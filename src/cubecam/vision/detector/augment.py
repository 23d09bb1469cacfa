"""Training views of a labelled photo: turned, scaled, cropped and re-lit at random, the
faces' corners moved with the pixels.

>>> rng = np.random.default_rng(0)
>>> image = np.full((300, 400, 3), 90, np.uint8)
>>> quads = np.array([[[100, 100], [140, 100], [140, 140], [100, 140]]], float)
>>> view, moved, hidden = training_view(image, quads, rng, size=128)
>>> view.shape, moved.shape[1:], len(hidden)
((128, 128, 3), (4, 2), 0)
"""

from __future__ import annotations

import cv2
import numpy as np

from cubecam.vision.quad import order_corners


def training_view(
    image: np.ndarray,
    quads: np.ndarray,
    rng: np.random.Generator,
    *,
    size: int = 384,
    hidden: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
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
    matrix = cv2.getRotationMatrix2D((float(centre[0]), float(centre[1])), angle, scale)
    matrix[:, 2] += size / 2 - centre
    if rng.random() < 0.3:  # a photo stretched on export, or a lens's squeeze
        stretch = float(np.exp(rng.uniform(np.log(0.7), np.log(1.4))))
        squeeze = np.array([[stretch, 0, (1 - stretch) * size / 2], [0, 1, 0]], float)
        matrix = squeeze @ np.vstack([matrix, [0, 0, 1]])
    if rng.random() < 0.5:  # a mirror: letters read backwards are still top faces
        matrix = np.array([[-1, 0, size], [0, 1, 0]], float) @ np.vstack([matrix, [0, 0, 1]])
    fill = tuple(int(v) for v in rng.integers(0, 256, 3))
    view = cv2.warpAffine(image, matrix, (size, size), flags=cv2.INTER_LINEAR, borderValue=fill)
    hidden = np.zeros((0, 4, 2)) if hidden is None else hidden
    return relight(view, rng), _moved(quads, matrix, size), _moved(hidden, matrix, size)


def _moved(quads: np.ndarray, matrix: np.ndarray, size: int) -> np.ndarray:
    """The faces whose centre ``matrix`` moves into the view, moved."""
    moved = []
    for quad in quads:
        corners = quad @ matrix[:, :2].T + matrix[:, 2]
        centre = corners.mean(axis=0)
        if (centre >= 0).all() and (centre < size).all():
            moved.append(order_corners(corners))
    return np.array(moved, float).reshape(-1, 4, 2)


def relight(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Colour cast, contrast, grey, blur, noise and JPEG at random."""
    out = image.astype(np.float32)
    out = out * rng.uniform(0.6, 1.4, 3)[None, None, :] + rng.uniform(-40, 40)
    if rng.random() < 0.3:
        out = out[..., rng.permutation(3)]
    if rng.random() < 0.2:
        out[...] = out.mean(axis=2, keepdims=True)
    mean = out.mean()
    out = (out - mean) * rng.uniform(0.6, 1.3) + mean
    if rng.random() < 0.3:
        out = cv2.GaussianBlur(out, (0, 0), rng.uniform(0.5, 1.8))
    if rng.random() < 0.4:
        out = out + rng.normal(0, rng.uniform(2, 12), out.shape)
    view = np.clip(out, 0, 255).astype(np.uint8)
    if rng.random() < 0.3:
        quality = int(rng.integers(30, 90))
        ok, data = cv2.imencode(".jpg", view, [cv2.IMWRITE_JPEG_QUALITY, quality])
        if ok:
            view = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return view
