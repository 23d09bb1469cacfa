"""Load a photo: JPEG, PNG (HEIC where ``pillow-heif`` is installed), EXIF orientation applied.

Files are checked before they are decoded: an empty file, something that is not an image,
a damaged image, or one whose header claims more than :data:`MAX_PIXELS` pixels (a
decompression bomb) is refused with an :class:`~cubecam.errors.InputError`.

>>> import cv2, numpy as np
>>> png = cv2.imencode(".png", np.zeros((30, 40, 3), np.uint8))[1].tobytes()
>>> load_image(png).shape
(30, 40, 3)
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageOps, UnidentifiedImageError

from cubecam.errors import InputError

MAX_PIXELS = 50_000_000
"""The most pixels a photo may have (a 12 MP phone photo has 12 million)."""

try:  # HEIC photos from phones, where the optional plugin is installed
    from pillow_heif import register_heif_opener

    register_heif_opener()
except ImportError:
    pass

Source = str | Path | bytes


@dataclass(frozen=True)
class LoadedImage:
    """A photo scaled for processing: ``image`` is ``scale`` times the original ``size``."""

    image: np.ndarray
    size: tuple[int, int]
    scale: float


def _read_bytes(source: Source) -> tuple[bytes, str]:
    if isinstance(source, bytes | bytearray):
        return bytes(source), "the image"
    path = Path(source)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"no such file: {path}") from None
    except IsADirectoryError:
        raise InputError(f"{path} is a folder, not a photo") from None
    except OSError as error:
        raise InputError(f"cannot read {path}: {error.strerror or error}") from None
    return data, str(path)


def load_scaled(source: Source, max_side: int | None = None) -> LoadedImage:
    """The photo as BGR ``uint8``, shrunk so its longer side is at most ``max_side``."""
    data, name = _read_bytes(source)
    if not data:
        raise InputError(f"{name} is empty")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            picture = Image.open(io.BytesIO(data))
            width, height = picture.size
            if width * height > MAX_PIXELS:
                raise InputError(
                    f"{name} is {width}×{height} pixels: more than {MAX_PIXELS // 1_000_000} MP "
                    "is refused (take a smaller photo)"
                )
            if width < 8 or height < 8:
                raise InputError(f"{name} is only {width}×{height} pixels")
            orientation = picture.getexif().get(0x0112, 1)
            if max_side and picture.format == "JPEG" and max(width, height) > max_side:
                factor = max_side / max(width, height)
                picture.draft("RGB", (round(width * factor), round(height * factor)))
            picture = ImageOps.exif_transpose(picture)
            picture = picture.convert("RGB")
    except InputError:
        raise
    except (UnidentifiedImageError, Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise InputError(f"{name} is not a photo cubecam can read (JPEG, PNG)") from None
    except (OSError, SyntaxError, ValueError) as error:
        raise InputError(f"{name} is damaged: {error}") from None
    size = (height, width) if orientation in (5, 6, 7, 8) else (width, height)
    rgb = np.asarray(picture)
    scale = rgb.shape[1] / size[0]
    if max_side and max(rgb.shape[:2]) > max_side:
        factor = max_side / max(rgb.shape[:2])
        rgb = cv2.resize(rgb, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
        scale = rgb.shape[1] / size[0]
    return LoadedImage(np.ascontiguousarray(rgb[..., ::-1]), size, scale)


def load_image(source: Source, *, max_side: int | None = None) -> np.ndarray:
    """A photo as a BGR ``uint8`` array, upright as its EXIF orientation says.

    ``max_side`` shrinks a large photo (cheaply, while decoding a JPEG) for processing.
    """
    return load_scaled(source, max_side).image
