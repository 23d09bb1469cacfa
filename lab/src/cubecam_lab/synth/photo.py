"""What the light and the camera do to a scene: uneven light, colour casts, glare, blur,
noise, JPEG. A :class:`Sensor` holds the ranges a photo draws them from.

>>> rng = np.random.default_rng(0)
>>> degrade(np.full((40, 60, 3), 128, np.uint8), rng).shape
(40, 60, 3)
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Sensor:
    """A camera and its light: the ranges each photo's effects are drawn from."""

    name: str
    cast: float = 0.1
    """Each colour channel's gain lies within 1 ± ``cast``."""
    brightness: tuple[float, float] = (0.8, 1.15)
    """The light's overall level (low: dim, and the sensor noisier for it)."""
    noise: tuple[float, float] = (1.5, 6.0)
    """Sensor noise, standard deviation in grey levels at full light."""
    quality: tuple[int, int] = (55, 96)
    """JPEG quality, the upper end excluded."""
    motion: float = 0.2
    """The chance of motion blur (else defocus)."""
    motion_length: tuple[float, float] = (0.02, 0.08)
    """Motion blur's length in cube sides."""
    defocus: float = 0.03
    """The most defocus blur, in cube sides."""
    glare: float = 0.0
    """The chance of a strong glare that washes out part of the photo."""


CLASSIC_SENSOR = Sensor("classic")
SENSORS: dict[str, Sensor] = {
    sensor.name: sensor
    for sensor in (
        Sensor(
            "webcam",
            cast=0.25,
            brightness=(0.35, 1.2),
            noise=(3.0, 10.0),
            quality=(40, 86),
            motion=0.3,
            motion_length=(0.03, 0.2),
            defocus=0.06,
            glare=0.3,
        ),
        Sensor(
            "phone",
            cast=0.2,
            brightness=(0.45, 1.25),
            noise=(1.0, 6.0),
            quality=(60, 96),
            motion=0.2,
            motion_length=(0.03, 0.15),
            defocus=0.04,
            glare=0.3,
        ),
    )
}
"""The widened looks' cameras: a webcam (noisy, soft, low JPEG quality) and a phone."""


def uneven_light(
    image: np.ndarray,
    rng: np.random.Generator,
    *,
    cast: float = 0.1,
    brightness: tuple[float, float] = (0.8, 1.15),
) -> np.ndarray:
    """``image`` (float BGR) under a light that is brighter on one side, with a highlight
    and a colour cast (channel gains within 1 ± ``cast``) at a level drawn from ``brightness``."""
    height, width = image.shape[:2]
    small = (max(2, width // 8), max(2, height // 8))
    yy, xx = np.mgrid[0 : small[1], 0 : small[0]].astype(np.float32)
    xx, yy = xx / small[0] - 0.5, yy / small[1] - 0.5
    angle = rng.uniform(0, 2 * np.pi)
    gradient = 1.0 + rng.uniform(0.05, 0.35) * (xx * np.cos(angle) + yy * np.sin(angle))
    vignette = 1.0 - rng.uniform(0.0, 0.35) * (xx**2 + yy**2)
    light = (gradient * vignette * rng.uniform(*brightness)).astype(np.float32)
    glow = None
    if rng.random() < 0.5:
        hx, hy = rng.uniform(-0.4, 0.4, 2)
        spread = rng.uniform(0.05, 0.2)
        glow = rng.uniform(20, 70) * np.exp(-((xx - hx) ** 2 + (yy - hy) ** 2) / (2 * spread**2))
    gains = rng.uniform(1 - cast, 1 + cast, 3).astype(np.float32)
    out = image * cv2.resize(light, (width, height), interpolation=cv2.INTER_LINEAR)[..., None]
    out *= gains
    if glow is not None:
        small_glow = glow.astype(np.float32)
        out += cv2.resize(small_glow, (width, height), interpolation=cv2.INTER_LINEAR)[..., None]
    return out


def glare(image: np.ndarray, rng: np.random.Generator, pixels_per_cube: float) -> None:
    """Add to ``image`` (float BGR, in place) a lamp's glare: a bright patch a few cubes wide
    that can wash the letters out."""
    height, width = image.shape[:2]
    small = (max(2, width // 8), max(2, height // 8))
    yy, xx = np.mgrid[0 : small[1], 0 : small[0]].astype(np.float32)
    cx, cy = rng.uniform(0, small[0]), rng.uniform(0, small[1])
    radius = rng.uniform(0.7, 3.0) * pixels_per_cube / 8
    ratio = rng.uniform(0.4, 1.0)
    spot = np.exp(-(((xx - cx) * ratio) ** 2 + (yy - cy) ** 2) / (2 * radius**2))
    strength = rng.uniform(100, 260)
    image += (strength * cv2.resize(spot, (width, height), interpolation=cv2.INTER_LINEAR))[
        ..., None
    ]


def degrade(
    image: np.ndarray,
    rng: np.random.Generator,
    pixels_per_cube: float = 60.0,
    sensor: Sensor = CLASSIC_SENSOR,
) -> np.ndarray:
    """``image`` (BGR ``uint8``) a little blurred (defocus or motion), noisy, JPEG-compressed,
    as ``sensor`` does it."""
    blur = rng.uniform(0, sensor.defocus) * pixels_per_cube
    if rng.random() < sensor.motion:
        length = max(3, int(rng.uniform(*sensor.motion_length) * pixels_per_cube) | 1)
        kernel = np.zeros((length, length), np.float32)
        kernel[length // 2, :] = 1.0 / length
        rotation = cv2.getRotationMatrix2D(
            (length / 2 - 0.5, length / 2 - 0.5), rng.uniform(0, 180), 1.0
        )
        kernel = cv2.warpAffine(kernel, rotation, (length, length))
        image = cv2.filter2D(image, -1, kernel / max(kernel.sum(), 1e-6))
    elif blur > 0.3:
        image = cv2.GaussianBlur(image, (0, 0), blur)
    sigma = rng.uniform(*sensor.noise)
    if sensor is not CLASSIC_SENSOR:  # dim light: the sensor's gain amplifies its noise
        sigma *= max(1.0, 0.9 / max(float(image.mean()) / 128.0, 0.2))
    noisy = rng.standard_normal(image.shape, dtype=np.float32)
    noisy *= sigma
    noisy += image
    image = np.clip(noisy, 0, 255, out=noisy).astype(np.uint8)
    quality = int(rng.integers(*sensor.quality))
    _, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return cv2.imdecode(data, cv2.IMREAD_COLOR)
