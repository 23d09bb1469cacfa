"""What a phone camera does to a scene: uneven light, highlights, blur, noise, JPEG.

>>> rng = np.random.default_rng(0)
>>> degrade(np.full((40, 60, 3), 128, np.uint8), rng).shape
(40, 60, 3)
"""

from __future__ import annotations

import cv2
import numpy as np


def uneven_light(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """``image`` (float BGR) under a light that is brighter on one side, with a highlight
    and a slight colour cast."""
    height, width = image.shape[:2]
    small = (max(2, width // 8), max(2, height // 8))
    yy, xx = np.mgrid[0 : small[1], 0 : small[0]].astype(np.float32)
    xx, yy = xx / small[0] - 0.5, yy / small[1] - 0.5
    angle = rng.uniform(0, 2 * np.pi)
    gradient = 1.0 + rng.uniform(0.05, 0.35) * (xx * np.cos(angle) + yy * np.sin(angle))
    vignette = 1.0 - rng.uniform(0.0, 0.35) * (xx**2 + yy**2)
    light = (gradient * vignette * rng.uniform(0.8, 1.15)).astype(np.float32)
    glow = None
    if rng.random() < 0.5:
        hx, hy = rng.uniform(-0.4, 0.4, 2)
        spread = rng.uniform(0.05, 0.2)
        glow = rng.uniform(20, 70) * np.exp(-((xx - hx) ** 2 + (yy - hy) ** 2) / (2 * spread**2))
    cast = rng.uniform(0.9, 1.1, 3).astype(np.float32)
    out = image * cv2.resize(light, (width, height), interpolation=cv2.INTER_LINEAR)[..., None]
    out *= cast
    if glow is not None:
        small_glow = glow.astype(np.float32)
        out += cv2.resize(small_glow, (width, height), interpolation=cv2.INTER_LINEAR)[..., None]
    return out


def degrade(
    image: np.ndarray, rng: np.random.Generator, pixels_per_cube: float = 60.0
) -> np.ndarray:
    """``image`` (BGR ``uint8``) a little blurred (defocus or motion), noisy, JPEG-compressed."""
    blur = rng.uniform(0, 0.03) * pixels_per_cube
    if rng.random() < 0.2:
        length = max(3, int(rng.uniform(0.02, 0.08) * pixels_per_cube) | 1)
        kernel = np.zeros((length, length), np.float32)
        kernel[length // 2, :] = 1.0 / length
        rotation = cv2.getRotationMatrix2D(
            (length / 2 - 0.5, length / 2 - 0.5), rng.uniform(0, 180), 1.0
        )
        kernel = cv2.warpAffine(kernel, rotation, (length, length))
        image = cv2.filter2D(image, -1, kernel / max(kernel.sum(), 1e-6))
    elif blur > 0.3:
        image = cv2.GaussianBlur(image, (0, 0), blur)
    sigma = rng.uniform(1.5, 6)
    noisy = rng.standard_normal(image.shape, dtype=np.float32)
    noisy *= sigma
    noisy += image
    image = np.clip(noisy, 0, 255, out=noisy).astype(np.uint8)
    quality = int(rng.integers(55, 96))
    _, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return cv2.imdecode(data, cv2.IMREAD_COLOR)
