"""Find the top faces in a photo with the shipped detector (``model.onnx``).

The photo is scaled to :data:`Settings.input_side` on its long side; the network's centre
heat is taken at its local peaks above the threshold, and each peak's corner offsets give
that face's outline. Where the faces found are small there (dice far off in a wide frame),
the photo is looked at again at twice the size, where the network sees them as it learnt.

>>> find_faces(np.full((240, 320, 3), 128, np.uint8))
[]
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np

from cubecam.vision.detector.dataset import OFFSET_SCALE, STRIDE, turned
from cubecam.vision.onnx_model import OnnxModel
from cubecam.vision.quad import Quad

MODEL_PATH = Path(__file__).with_name("model.onnx")
SETTINGS_PATH = Path(__file__).with_name("detector.toml")
MULTIPLE = 32
"""The network halves the photo five times: its sides must divide by this."""


@dataclass(frozen=True)
class Settings:
    """How the detector is run: the photo's long side, the heat a face needs, and below
    what median face side (network pixels) the photo is looked at again twice as large."""

    input_side: int
    threshold: float
    zoom_below: float = 0.0

    @classmethod
    def load(cls, path: Path = SETTINGS_PATH) -> Settings:
        with path.open("rb") as file:
            data = tomllib.load(file)
        return cls(
            int(data["input_side"]), float(data["threshold"]), float(data.get("zoom_below", 0))
        )


@cache
def _model(path: Path) -> OnnxModel:
    return OnnxModel(path)


def network_input(image: np.ndarray, side: int) -> tuple[np.ndarray, float]:
    """``image`` (BGR) scaled to ``side`` on its long side and padded to the network's
    multiple, as a 1 × 3 × H × W float batch; and the scale applied."""
    height, width = image.shape[:2]
    scale = side / max(height, width)
    small = cv2.resize(
        image,
        (max(1, round(width * scale)), max(1, round(height * scale))),
        interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR,
    )
    h, w = small.shape[:2]
    padded = np.zeros((-(-h // MULTIPLE) * MULTIPLE, -(-w // MULTIPLE) * MULTIPLE, 3), np.uint8)
    padded[:h, :w] = small
    batch = padded[..., ::-1].transpose(2, 0, 1)[None].astype(np.float32) / 255.0
    return batch, scale


def decode(heat: np.ndarray, shape: np.ndarray, threshold: float) -> list[Quad]:
    """Faces from one photo's network output (heat logits 1 × H × W, shapes 10 × H × W),
    in network-input pixels, likeliest first; a weaker peak inside a face kept is dropped."""
    probability = 1.0 / (1.0 + np.exp(-heat[0].astype(np.float32)))
    peaks = (probability >= cv2.dilate(probability, np.ones((3, 3), np.uint8))) & (
        probability > threshold
    )
    ys, xs = np.nonzero(peaks)
    order = np.argsort(-probability[ys, xs])
    kept: list[Quad] = []
    for y, x in zip(ys[order], xs[order], strict=True):
        centre = np.array([(x + 0.5) * STRIDE, (y + 0.5) * STRIDE])
        turn = np.arctan2(shape[1, y, x], shape[0, y, x]) / 4
        points = centre + turned(shape[2:, y, x].reshape(4, 2) * OFFSET_SCALE, turn)
        quad = Quad(points, float(probability[y, x]))  # clockwise, the face's top-left first
        if quad.side < 2 or any(k.contains(quad.center) for k in kept):
            continue
        kept.append(quad)
    return kept


def find_faces(
    image: np.ndarray, settings: Settings | None = None, model: Path = MODEL_PATH
) -> list[Quad]:
    """The top faces in ``image`` (BGR), in its pixels, likeliest first (found by the
    shipped model, or another one's file)."""
    return find_candidates(image, 1.0, settings, model)[0]


def find_candidates(
    image: np.ndarray, floor: float, settings: Settings | None = None, model: Path = MODEL_PATH
) -> tuple[list[Quad], list[Quad]]:
    """The top faces in ``image`` (as :func:`find_faces`), and the weaker peaks whose heat
    lies between ``floor`` and the threshold: faces too faint to keep on their own, for the
    lattice to confirm where the plane expects a face."""
    settings = settings or Settings.load()
    side = settings.input_side
    low = min(floor, settings.threshold)
    faces, scale = _find_at(image, side, low, model)
    sure = [q for q in faces if q.score > settings.threshold]
    small = sure and np.median([q.side for q in sure]) < settings.zoom_below
    if small and max(image.shape[:2]) > side:
        faces, scale = _find_at(image, 2 * side, low, model)
    faces = [quad.scaled(1.0 / scale) for quad in faces]
    return (
        [q for q in faces if q.score > settings.threshold],
        [q for q in faces if q.score <= settings.threshold],
    )


def _find_at(
    image: np.ndarray, side: int, threshold: float, model: Path
) -> tuple[list[Quad], float]:
    batch, scale = network_input(image, side)
    outputs = _model(model).run(batch)
    return decode(outputs["heat"][0], outputs["shape"][0], threshold), scale
