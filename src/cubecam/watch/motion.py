"""Cheap looks at every frame: a small grey thumbnail, how it moved, whether it changed, sharpness."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

THUMB_WIDTH = 160
MARGIN = 4


@dataclass(frozen=True)
class Glance:
    """A frame seen small and soft: enough to follow the camera's shake and notice a changed
    table (a hand, a moved cube), at a few milliseconds a frame."""

    thumb: np.ndarray
    scale: float
    sharpness: float

    @classmethod
    def of(cls, frame: np.ndarray) -> Glance:
        scale = THUMB_WIDTH / frame.shape[1]
        small = cv2.resize(frame, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY) if small.ndim == 3 else small
        grey = grey.astype(np.float32)
        sharpness = float(cv2.Laplacian(grey, cv2.CV_32F).var())
        return cls(cv2.GaussianBlur(grey, (0, 0), 1.0), scale, sharpness)

    def shift_from(self, reference: Glance) -> tuple[float, float]:
        """How far this frame moved from ``reference``, in full-frame pixels (dx, dy)."""
        (dx, dy), _ = cv2.phaseCorrelate(reference.thumb, self.thumb, _hanning(self.thumb.shape))
        return dx / self.scale, dy / self.scale

    def change_from(self, reference: Glance, shift: tuple[float, float]) -> float:
        """The largest local grey-level difference (0-255) left once this frame is moved back
        by ``shift``: small for shake, large where something new came into view."""
        back = np.float32([[1, 0, -shift[0] * self.scale], [0, 1, -shift[1] * self.scale]])
        h, w = self.thumb.shape
        moved = cv2.warpAffine(self.thumb, back, (w, h), borderMode=cv2.BORDER_REPLICATE)
        difference = cv2.GaussianBlur(np.abs(moved - reference.thumb), (0, 0), 1.0)
        return float(difference[MARGIN : h - MARGIN, MARGIN : w - MARGIN].max())


_windows: dict[tuple[int, int], np.ndarray] = {}


def _hanning(shape: tuple[int, int]) -> np.ndarray:
    if shape not in _windows:
        _windows[shape] = cv2.createHanningWindow((shape[1], shape[0]), cv2.CV_32F)
    return _windows[shape]
