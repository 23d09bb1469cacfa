"""cubecam: read letter cubes from a photo and settle the score."""

from cubecam.errors import CubecamError, InputError
from cubecam.layout import BLANK, JOKER, WILD, Face, Layout, LayoutKind

__all__ = ["BLANK", "JOKER", "WILD", "CubecamError", "Face", "InputError", "Layout", "LayoutKind"]
__version__ = "0.1.0"
