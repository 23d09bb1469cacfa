"""Cheap looks at every frame: a small soft thumbnail, how the camera moved since the frame
that was read, whether anything on the table changed, and how sharp the frame is."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import ArrayLike

THUMB_WIDTH = 160
MARGIN = 4
_ECC_STOP = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 40, 1e-4)

IDENTITY = np.array([[1, 0, 0], [0, 1, 0]], np.float32)


@dataclass(frozen=True)
class Glance:
    """A frame seen small and soft: enough to follow the camera's shake (an affine motion)
    and notice a changed table, at about ten milliseconds a frame."""

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

    def motion_from(self, reference: Glance) -> np.ndarray:
        """The affine map (2×3, full-frame pixels) taking points of ``reference`` to this frame:
        phase correlation for the shift, refined by ECC for turn and zoom."""
        # Windowed copies: OpenCV 5's phaseCorrelate multiplies its inputs by the window in place.
        window = _hanning(self.thumb.shape)
        (dx, dy), _ = cv2.phaseCorrelate(reference.thumb * window, self.thumb * window)
        warp = np.array([[1, 0, dx], [0, 1, dy]], np.float32)
        with contextlib.suppress(cv2.error):  # ECC did not converge: keep the shift
            # OpenCV takes no mask (None) beside a filter size; its stubs want a mask there.
            _, warp = cv2.findTransformECC(  # type: ignore[call-overload]
                reference.thumb, self.thumb, warp, cv2.MOTION_AFFINE, _ECC_STOP, None, 1
            )
        full = warp.astype(np.float32).copy()
        full[:, 2] /= self.scale
        return full

    def change_from(self, reference: Glance, motion: np.ndarray) -> float:
        """The largest local grey-level difference (0-255) left once this frame is moved back
        onto ``reference``, where both frames see the table (edges that came into view are
        new, not changed): small for shake, large where something changed on the table."""
        warp = motion.copy()
        warp[:, 2] *= self.scale
        h, w = self.thumb.shape
        back = cv2.warpAffine(
            self.thumb,
            warp,
            (w, h),
            flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
            borderMode=cv2.BORDER_REPLICATE,
        )
        seen = cv2.warpAffine(
            np.ones((h, w), np.uint8), warp, (w, h), flags=cv2.INTER_NEAREST | cv2.WARP_INVERSE_MAP
        )
        kernel = np.ones((2 * MARGIN + 1, 2 * MARGIN + 1), np.uint8)
        inside = cv2.erode(seen, kernel, borderType=cv2.BORDER_CONSTANT, borderValue=0) > 0
        if not inside.any():
            return 255.0
        difference = cv2.GaussianBlur(np.abs(back - reference.thumb), (0, 0), 1.0)
        return float(difference[inside].max())


def move_points(points: ArrayLike, motion: np.ndarray) -> np.ndarray:
    """``points`` (N×2) carried by an affine ``motion``."""
    return np.asarray(points, np.float32) @ motion[:, :2].T + motion[:, 2]


_windows: dict[tuple[int, int], np.ndarray] = {}


def _hanning(shape: tuple[int, int]) -> np.ndarray:
    if shape not in _windows:
        _windows[shape] = cv2.createHanningWindow((shape[1], shape[0]), cv2.CV_32F)
    return _windows[shape]
