"""Table tops drawn procedurally: wood, felt, paper, a plain table.

>>> rng = np.random.default_rng(0)
>>> table_texture(rng, "wood", 64, 48).shape
(48, 64, 3)
"""

from __future__ import annotations

import cv2
import numpy as np

SURFACES = ("wood", "felt", "paper", "plain")


def table_texture(rng: np.random.Generator, surface: str, width: int, height: int) -> np.ndarray:
    """A ``width`` × ``height`` BGR texture of a table top, seen straight from above."""
    if surface == "wood":
        image = _wood(rng, width, height)
    elif surface == "felt":
        colour = np.array(
            _pick(rng, [(40, 90, 30), (90, 50, 30), (40, 40, 120), (60, 60, 60)]), np.float32
        )
        image = colour * (0.9 + 0.2 * _smooth_noise(rng, width, height, 40))[..., None]
        image += rng.normal(0, 7, (height, width, 1)).astype(np.float32)
    elif surface == "paper":
        colour = np.array(
            _pick(rng, [(235, 240, 242), (215, 225, 232), (240, 240, 240)]), np.float32
        )
        image = colour * (0.96 + 0.05 * _smooth_noise(rng, width, height, 8))[..., None]
        image += rng.normal(0, 2.5, (height, width, 1)).astype(np.float32)
    elif surface == "plain":
        colour = rng.uniform(40, 220, 3).astype(np.float32)
        image = colour * (0.92 + 0.1 * _smooth_noise(rng, width, height, 200))[..., None]
    else:
        raise ValueError(f"unknown surface {surface!r}")
    return np.clip(image, 0, 255).astype(np.uint8)


def _wood(rng: np.random.Generator, width: int, height: int) -> np.ndarray:
    base = np.array(
        _pick(rng, [(60, 110, 160), (40, 75, 120), (110, 160, 200), (30, 50, 80)]), np.float32
    )
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    angle = rng.uniform(0, np.pi)
    along = xx * np.cos(angle) + yy * np.sin(angle)
    across = -xx * np.sin(angle) + yy * np.cos(angle)
    warp = _smooth_noise(rng, width, height, 90) * rng.uniform(3, 12)
    period = rng.uniform(3, 9)
    grain = 0.5 + 0.5 * np.sin((across + warp + 0.01 * along) / period * 2 * np.pi)
    grain *= 0.6 + 0.4 * _smooth_noise(rng, width, height, 25)
    streaks = _smooth_noise(rng, width, height, 3)
    shade = 0.78 + 0.16 * grain**3 + 0.08 * streaks
    plank = rng.uniform(80, 300)
    seams = (np.abs(((across / plank) % 1.0) - 0.5) > 0.495).astype(np.float32)
    return base * (shade - 0.35 * seams)[..., None]


def _smooth_noise(rng: np.random.Generator, width: int, height: int, scale: float) -> np.ndarray:
    """Noise in [-1, 1] with features about ``scale`` pixels across."""
    small = rng.normal(0, 1, (max(2, int(height / scale) + 2), max(2, int(width / scale) + 2)))
    noise = cv2.resize(small.astype(np.float32), (width, height), interpolation=cv2.INTER_CUBIC)
    return np.clip(noise / 2.0, -1, 1)


def _pick(rng: np.random.Generator, options: list) -> tuple:
    return options[int(rng.integers(len(options)))]
