"""Following the camera's shake on a real textured picture, and noticing a changed one."""

from __future__ import annotations

import cv2
import numpy as np

from cubecam.watch import WatchSettings
from cubecam.watch.motion import Glance


def table(seed: int = 1) -> np.ndarray:
    rng = np.random.default_rng(seed)
    noise = rng.integers(0, 255, (90, 160), dtype=np.uint8)
    picture = cv2.resize(noise, (1280, 720), interpolation=cv2.INTER_CUBIC)
    return cv2.cvtColor(cv2.GaussianBlur(picture, (0, 0), 3), cv2.COLOR_GRAY2BGR)


def moved(image: np.ndarray, dx: float, dy: float) -> np.ndarray:
    h, w = image.shape[:2]
    matrix = np.float32([[1, 0, dx], [0, 1, dy]])
    return cv2.warpAffine(image, matrix, (w, h), borderMode=cv2.BORDER_REFLECT)


def test_shake_is_followed_and_not_taken_for_a_change() -> None:
    still = Glance.of(table())
    shaken = Glance.of(moved(table(), 24, -16))
    dx, dy = shaken.shift_from(still)
    assert abs(dx - 24) < 4 and abs(dy + 16) < 4
    hand = table()
    cv2.circle(hand, (900, 400), 120, (150, 170, 200), -1)
    changed = Glance.of(hand)
    threshold = WatchSettings().changed_above
    assert shaken.change_from(still, (dx, dy)) < threshold < changed.change_from(still, (0, 0))


def test_a_blurred_frame_is_less_sharp() -> None:
    sharp = table()
    blurred = cv2.GaussianBlur(sharp, (0, 0), 6)
    assert Glance.of(blurred).sharpness < 0.5 * Glance.of(sharp).sharpness
