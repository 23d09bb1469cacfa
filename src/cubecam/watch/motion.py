"""Cheap looks at every frame: a small grey thumbnail, how it moved, whether it changed, sharpness."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

THUMB_WIDTH = 160


@dataclass(frozen=True)
class Glance:
    """A frame seen small: enough to track the camera's shake and notice a changed table."""

    thumb: np.ndarray
    scale: float
    sharpness: float

    @classmethod
    def of(cls, frame: np.ndarray) -> Glance:
        scale = THUMB_WIDTH / frame.shape[1]
        small = cv2.resize(frame, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY) if small.ndim == 3 else small
        thumb = grey.astype(np.float32)
        sharpness = float(cv2.Laplacian(thumb, cv2.CV_32F).var())
        return cls(thumb, scale, sharpness)

    def shift_from(self, reference: Glance) -> tuple[float, float]:
        """How far this frame moved from ``reference``, in full-frame pixels (dx, dy)."""
        window = _hanning(self.thumb.shape)
        (dx, dy), _ = cv2.phaseCorrelate(reference.thumb, self.thumb, window)
        return dx / self.scale, dy / self.scale

    def change_from(self, reference: Glance, shift: tuple[float, float]) -> float:
        """Mean grey-level difference (0-255) left once this frame is moved back by ``shift``."""
        dx, dy = shift[0] * self.scale, shift[1] * self.scale
        back = np.float32([[1, 0, -dx], [0, 1, -dy]])
        h, w = self.thumb.shape
        moved = cv2.warpAffine(self.thumb, back, (w, h), borderMode=cv2.BORDER_REPLICATE)
        margin = max(2, int(abs(dx)) + 1), max(2, int(abs(dy)) + 1)
        inner = (slice(margin[1], h - margin[1]), slice(margin[0], w - margin[0]))
        return float(np.abs(moved[inner] - reference.thumb[inner]).mean())


_windows: dict[tuple[int, int], np.ndarray] = {}


def _hanning(shape: tuple[int, int]) -> np.ndarray:
    if shape not in _windows:
        _windows[shape] = cv2.createHanningWindow((shape[1], shape[0]), cv2.CV_32F)
    return _windows[shape]
