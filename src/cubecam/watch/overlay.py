"""The live view: each cube's outline and letter, following the camera's shake, and the score."""

from __future__ import annotations

import cv2
import numpy as np

from cubecam.watch.motion import move_points
from cubecam.watch.watcher import FrameState

GREEN, ORANGE, WHITE, BLACK = (60, 170, 60), (0, 140, 255), (255, 255, 255), (0, 0, 0)


def draw_overlay(frame: np.ndarray, state: FrameState, score: str) -> np.ndarray:
    """A copy of ``frame`` with the last reading drawn where the cubes are now."""
    out = frame.copy()
    for cube in getattr(state.reading, "cubes", ()):
        corners = move_points(cube.corners, state.motion)
        colour = GREEN if cube.confidence >= 0.5 else ORANGE
        cv2.polylines(out, [corners.astype(np.int32)], True, colour, 2, cv2.LINE_AA)
        x, y = move_points([cube.center], state.motion)[0]
        _text(out, cube.symbol, (int(x) - 8, int(y) + 8), 0.9)
    status = "steady" if state.steady else "reading…"
    _text(out, f"{score}  ({status})", (12, 32), 0.8)
    return out


def _text(image: np.ndarray, text: str, at: tuple[int, int], size: float) -> None:
    cv2.putText(image, text, at, cv2.FONT_HERSHEY_SIMPLEX, size, BLACK, 4, cv2.LINE_AA)
    cv2.putText(image, text, at, cv2.FONT_HERSHEY_SIMPLEX, size, WHITE, 2, cv2.LINE_AA)
