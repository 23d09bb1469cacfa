"""The seam to the camera side: a photo's bytes in, a reading out; the annotated picture."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import cv2
import numpy as np

from cubecam.cubesets import CubeSet
from cubecam.errors import InputError
from cubecam.layout import Layout, Square

if TYPE_CHECKING:
    from cubecam.reading import Reading

ANNOTATED_SIDE = 1600


def read(data: bytes, layout: str, cubeset: CubeSet | None) -> tuple[np.ndarray, Reading, Layout]:
    """The photo at working size (a large JPEG decoded at a fraction of its size), all the
    page needs of it; what the vision reads in it as ``layout`` with ``cubeset``; and the
    layout its cubes make read with no game in mind (InputError for a bad picture)."""
    from cubecam.vision.pipeline import read_cut, read_faces

    faces = read_faces(data)
    shown = read_cut(faces).layout
    return faces.loaded.image, read_cut(faces, layout=layout, cubeset=cubeset), shown


def frame_reader(layout: str, cubeset: CubeSet | None) -> Callable[[np.ndarray], Reading]:
    """What reads each frame of a live view."""
    from cubecam.vision import read_photo

    return partial(read_photo, layout=layout, cubeset=cubeset)


def annotated_jpeg(
    image: np.ndarray, reading: Reading, validity: dict[Square, bool] | None
) -> bytes:
    """The photo with each cube outlined and its letter, as :func:`jpeg`."""
    from cubecam.vision import annotate

    return jpeg(annotate(image, reading, validity))


def jpeg(picture: np.ndarray) -> bytes:
    """A picture at most ANNOTATED_SIDE pixels on its longer side, as JPEG."""
    scale = ANNOTATED_SIDE / max(picture.shape[:2])
    if scale < 1:
        picture = cv2.resize(picture, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    ok, encoded = cv2.imencode(
        ".jpg", np.ascontiguousarray(picture), [cv2.IMWRITE_JPEG_QUALITY, 85]
    )
    if not ok:
        raise InputError("could not encode the photo")
    return encoded.tobytes()
