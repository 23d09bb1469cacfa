"""cubecam: read letter cubes from a photo and settle the score.

The layout's names load when first asked for, so that starting the ``cubecam`` command
imports nothing heavy before it can answer Ctrl-C in one line (see :mod:`cubecam.__main__`).

>>> from cubecam import Layout
>>> Layout.from_rows(["CAT"]).at(0, 1)
Face(symbol='A', declared=None)
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

from cubecam.errors import CubecamError, InputError

if TYPE_CHECKING:
    from cubecam.layout import BLANK, JOKER, WILD, Face, Layout, LayoutKind

__all__ = ["BLANK", "JOKER", "WILD", "CubecamError", "Face", "InputError", "Layout", "LayoutKind"]
__version__ = "0.1.0"
_FROM_LAYOUT = frozenset({"BLANK", "JOKER", "WILD", "Face", "Layout", "LayoutKind"})


def __getattr__(name: str) -> Any:
    if name in _FROM_LAYOUT:
        return getattr(import_module("cubecam.layout"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
