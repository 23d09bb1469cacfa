"""Load a photo: JPEG, PNG, WebP, TIFF, BMP, GIF (HEIC and AVIF where installed), EXIF
orientation applied.

Files are checked before they are decoded: an empty file, something that is not an image of
those formats (never handed to Pillow's other plugins: an EPS file would run Ghostscript), a
damaged image (a JPEG whose picture data ends early, too), or one whose header claims more
than :data:`MAX_PIXELS` pixels (a decompression bomb) is refused with an
:class:`~cubecam.errors.BadImage`. A photo with damaged EXIF reads upright as stored.

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

from cubecam.errors import BadImage, InputError
from cubecam.user_files import read_user_bytes

MAX_PIXELS = 50_000_000
"""The most pixels a photo may have (a 12 MP phone photo has 12 million)."""
MAX_FILE_BYTES = 256 * 1024 * 1024
"""The largest photo file read (an uncompressed 50 MP PNG fits)."""
MIN_SIDE = 8
MAX_ASPECT = 20
"""The most a photo's longer side may be times its shorter one (a panorama is about 4)."""
FORMATS = ("JPEG", "PNG", "WEBP", "TIFF", "BMP", "GIF", "HEIF", "AVIF")
"""The formats a photo is opened as, those of them whose plugin is installed."""
_FILLER = bytes(range(1, 255))
"""Bytes put before a JPEG's end marker to tell whether its decoder ran out of picture data."""

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
    return read_user_bytes(Path(source), "photo", MAX_FILE_BYTES), str(source)


def load_scaled(source: Source, max_side: int | None = None) -> LoadedImage:
    """The photo as BGR ``uint8``, shrunk so its longer side is at most ``max_side``."""
    data, name = _read_bytes(source)
    if not data:
        raise BadImage(f"{name} is empty")
    try:
        with warnings.catch_warnings(record=True) as heard:
            warnings.simplefilter("always", UserWarning)
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            picture, (width, height) = _decoded(data, name, max_side)
            # Pillow warns of damaged EXIF (its orientation not to be trusted) as it opens it
            damaged_exif = any(issubclass(warning.category, UserWarning) for warning in heard)
            orientation = 1 if damaged_exif else picture.getexif().get(0x0112, 1)
            if _ends_early(data, picture, max_side):
                raise BadImage(
                    f"{name} is damaged: its picture data ends before the picture does "
                    "(a cut or altered file): take the photo again"
                )
            if orientation != 1:
                picture = ImageOps.exif_transpose(picture)
            picture = _eight_bits(picture).convert("RGB")
    except InputError:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise BadImage(
            f"{name} has more than {MAX_PIXELS // 1_000_000} MP: it is refused (take a smaller photo)"
        ) from None
    except UnidentifiedImageError:
        raise BadImage(
            f"{name} is not a photo cubecam can read (JPEG, PNG, WebP, HEIC, TIFF, BMP, GIF)"
        ) from None
    except (OSError, SyntaxError, ValueError) as error:
        raise BadImage(f"{name} is damaged: {error}") from None
    width, height = (height, width) if orientation in (5, 6, 7, 8) else (width, height)
    rgb = np.asarray(picture)
    scale = rgb.shape[1] / width
    if max_side and max(rgb.shape[:2]) > max_side:
        factor = max_side / max(rgb.shape[:2])
        shrunk = (max(1, round(rgb.shape[1] * factor)), max(1, round(rgb.shape[0] * factor)))
        rgb = cv2.resize(rgb, shrunk, interpolation=cv2.INTER_AREA)
        scale = rgb.shape[1] / width
    return LoadedImage(np.ascontiguousarray(rgb[..., ::-1]), (width, height), scale)


def _decoded(data: bytes, name: str, max_side: int | None) -> tuple[Image.Image, tuple[int, int]]:
    """The picture in ``data``, checked from its header and then decoded (a large JPEG at
    the fraction of its size that still has ``max_side`` pixels), and its size as stored."""
    Image.init()
    picture = Image.open(io.BytesIO(data), formats=[f for f in FORMATS if f in Image.OPEN])
    width, height = picture.size
    if width * height > MAX_PIXELS:
        raise BadImage(
            f"{name} is {width}×{height} pixels: more than {MAX_PIXELS // 1_000_000} MP "
            "is refused (take a smaller photo)"
        )
    if min(width, height) < MIN_SIDE or max(width, height) > MAX_ASPECT * min(width, height):
        raise BadImage(
            f"{name} is {width}×{height} pixels: not a photo of cubes (a photo's sides "
            f"are at least {MIN_SIDE} pixels and at most {MAX_ASPECT} to 1)"
        )
    if max_side and picture.format == "JPEG" and max(width, height) > max_side:
        factor = max_side / max(width, height)
        picture.draft("RGB", (round(width * factor), round(height * factor)))
    picture.load()
    return picture, (width, height)


def _ends_early(data: bytes, picture: Image.Image, max_side: int | None) -> bool:
    """Whether a JPEG's picture data runs out before its last line (a header that claims
    more pixels than the file holds). The decoder then paints the rest one flat grey,
    which bytes put before the end marker would change."""
    bottom = np.asarray(picture)[-1]
    end = data.rfind(b"\xff\xd9")
    if picture.format != "JPEG" or end < 0 or (bottom != bottom[0]).any():
        return False
    padded = _decoded(data[:end] + _FILLER + data[end:], "", max_side)[0]
    return not np.array_equal(np.asarray(padded), np.asarray(picture))


def _eight_bits(picture: Image.Image) -> Image.Image:
    """A 16-bit grey picture scaled to 8 bits (Pillow's own conversion clips it to white)."""
    if picture.mode != "I" and not picture.mode.startswith("I;16"):
        return picture
    grey = np.clip(np.asarray(picture, np.int64), 0, 65535) >> 8
    return Image.fromarray(grey.astype(np.uint8), "L")


def load_image(source: Source, *, max_side: int | None = None) -> np.ndarray:
    """A photo as a BGR ``uint8`` array, upright as its EXIF orientation says.

    ``max_side`` shrinks a large photo (cheaply, while decoding a JPEG) for processing.
    """
    return load_scaled(source, max_side).image
