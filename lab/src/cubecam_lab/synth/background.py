"""Table tops drawn procedurally: wood, felt, paper, a plain table, and a game board (its
grid of squares about a cube wide, some coloured) that widened scenes may lie on.

>>> rng = np.random.default_rng(0)
>>> table_texture(rng, "wood", 64, 48).shape
(48, 64, 3)
>>> table_texture(rng, "board", 64, 48, texels_per_unit=10).shape
(48, 64, 3)
"""

from __future__ import annotations

import cv2
import numpy as np

SURFACES = ("wood", "felt", "paper", "plain")
WIDE_SURFACES = (*SURFACES, "board")
"""The surfaces of widened scenes: a game board's empty squares must not pass for faces."""


def table_texture(
    rng: np.random.Generator,
    surface: str,
    width: int,
    height: int,
    texels_per_unit: float = 16.0,
) -> np.ndarray:
    """A ``width`` × ``height`` BGR texture of a table top, seen straight from above
    (``texels_per_unit``: texels across one cube, the scale of a board's squares)."""
    if surface == "board":
        image = _board(rng, width, height, texels_per_unit)
    elif surface == "wood":
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


def _board(rng: np.random.Generator, width: int, height: int, texels_per_unit: float) -> np.ndarray:
    """A printed game board: squares 1.0–1.3 cubes wide, grid lines, some squares coloured."""
    base = np.array(
        _pick(rng, [(40, 110, 40), (150, 190, 215), (60, 60, 150), (200, 200, 200), (30, 30, 30)]),
        np.float32,
    )
    image = np.empty((height, width, 3), np.float32)
    image[:] = base
    # A table seen nearly edge-on spans so many cubes that a square would be under a texel.
    pitch = max(2.0, texels_per_unit * rng.uniform(1.0, 1.3))
    phase = rng.uniform(0, pitch, 2)
    columns = int(width / pitch) + 2
    rows = int(height / pitch) + 2
    palette = [(50, 50, 200), (200, 120, 60), (180, 150, 240), (230, 200, 140), (80, 200, 230)]
    coloured = rng.random((rows, columns)) < rng.uniform(0.05, 0.3)
    inset = int(pitch * rng.uniform(0.0, 0.12))
    for row, column in zip(*np.nonzero(coloured), strict=True):
        x0, y0 = (int(phase[0] + (column - 1) * pitch), int(phase[1] + (row - 1) * pitch))
        colour = palette[int(rng.integers(len(palette)))]
        end = (int(x0 + pitch) - inset, int(y0 + pitch) - inset)
        cv2.rectangle(image, (x0 + inset, y0 + inset), end, colour, -1)
    shade = base * rng.uniform(0.3, 0.7) if rng.random() < 0.7 else np.full(3, 235.0)
    line = tuple(float(v) for v in shade)
    thickness = max(1, int(pitch * rng.uniform(0.02, 0.07)))
    for k in range(columns):
        x = int(phase[0] + (k - 1) * pitch)
        cv2.line(image, (x, 0), (x, height), line, thickness)
    for k in range(rows):
        y = int(phase[1] + (k - 1) * pitch)
        cv2.line(image, (0, y), (width, y), line, thickness)
    image *= (0.94 + 0.06 * _smooth_noise(rng, width, height, 60))[..., None]
    return image + rng.normal(0, 3, (height, width, 1)).astype(np.float32)


def _smooth_noise(rng: np.random.Generator, width: int, height: int, scale: float) -> np.ndarray:
    """Noise in [-1, 1] with features about ``scale`` pixels across."""
    small = rng.normal(0, 1, (max(2, int(height / scale) + 2), max(2, int(width / scale) + 2)))
    noise = cv2.resize(small.astype(np.float32), (width, height), interpolation=cv2.INTER_CUBIC)
    return np.clip(noise / 2.0, -1, 1)


def _pick(rng: np.random.Generator, options: list) -> tuple:
    return options[int(rng.integers(len(options)))]
