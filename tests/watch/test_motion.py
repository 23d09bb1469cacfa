"""Following the camera's shake on a real textured picture, and noticing a changed one."""

from __future__ import annotations

import cv2
import numpy as np

from cubecam.watch import WatchSettings
from cubecam.watch.motion import Glance, move_points


def table(seed: int = 1) -> np.ndarray:
    rng = np.random.default_rng(seed)
    noise = rng.integers(0, 255, (90, 160), dtype=np.uint8)
    picture = cv2.resize(noise, (1280, 720), interpolation=cv2.INTER_CUBIC)
    return cv2.cvtColor(cv2.GaussianBlur(picture, (0, 0), 3), cv2.COLOR_GRAY2BGR)


def shaken(image: np.ndarray, dx: float, dy: float, degrees: float = 0.0) -> np.ndarray:
    h, w = image.shape[:2]
    matrix = cv2.getRotationMatrix2D((w / 2, h / 2), degrees, 1.0)
    matrix[:, 2] += (dx, dy)
    return cv2.warpAffine(image, matrix, (w, h), borderMode=cv2.BORDER_REPLICATE), matrix


def test_shake_is_followed_and_not_taken_for_a_change() -> None:
    still = Glance.of(table())
    frame, truth = shaken(table(), 24, -16, degrees=0.8)
    moved = Glance.of(frame)
    motion = moved.motion_from(still)
    corners = np.float32([[200, 150], [1080, 150], [1080, 570], [200, 570]])
    assert np.abs(move_points(corners, motion) - move_points(corners, truth)).max() < 4
    threshold = WatchSettings().changed_above
    assert moved.change_from(still, motion) < threshold

    hand = table()
    cv2.circle(hand, (900, 400), 120, (150, 170, 200), -1)
    changed = Glance.of(hand)
    assert changed.change_from(still, changed.motion_from(still)) > threshold


def test_a_blurred_frame_is_less_sharp() -> None:
    sharp = table()
    blurred = cv2.GaussianBlur(sharp, (0, 0), 6)
    assert Glance.of(blurred).sharpness < 0.5 * Glance.of(sharp).sharpness
