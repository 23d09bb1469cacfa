"""Frames from a camera or a video file, and whether a window can be shown at all."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np

from cubecam.errors import InputError


def frames(source: int | Path) -> Iterator[np.ndarray]:
    """Every frame of a video file, or of camera ``source`` until it stops, as BGR arrays.

    The source is opened and its first frame read at once, so a missing or
    unreadable one is an error before anything else happens.
    """
    if isinstance(source, Path) and not source.is_file():
        raise InputError(f"video not found: {source}")
    capture = cv2.VideoCapture(str(source) if isinstance(source, Path) else source)
    if not capture.isOpened():
        what = f"video {source}" if isinstance(source, Path) else f"camera {source}"
        raise InputError(f"cannot open {what}")
    ok, first = capture.read()
    if not ok:
        capture.release()
        what = f"video {source} has" if isinstance(source, Path) else f"camera {source} gives"
        raise InputError(f"{what} no frames cubecam can read")
    return _read_all(capture, first)


def _read_all(capture: cv2.VideoCapture, first: np.ndarray) -> Iterator[np.ndarray]:
    try:
        yield first
        while True:
            ok, frame = capture.read()
            if not ok:
                return
            yield frame
    finally:
        capture.release()


def display_available() -> bool:
    """Whether a window can be opened (an X or Wayland display on Linux; always elsewhere)."""
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True
