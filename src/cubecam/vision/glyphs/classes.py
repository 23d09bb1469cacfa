"""The faces the glyph classifier knows, and how a crop is turned into its input.

The network answers one score per (symbol, quarter turn): class ``i * 4 + k`` is
``CLASSES[i]`` turned ``k`` quarter turns counter-clockwise, as ``np.rot90(upright, k)``.

>>> CLASSES.index("Qu") == CLASSES.index("Z") + 5
True
>>> normalise(np.zeros((50, 40), np.uint8)).shape
(32, 32)
"""

from __future__ import annotations

import cv2
import numpy as np

LETTERS = (*"ABCDEFGHIJKLMNOPQRSTUVWXYZ", "Å", "Ä", "Ö", "Ü")
MULTI = ("Qu", "An", "Er", "He", "In", "Th")
CLASSES: tuple[str, ...] = (*LETTERS, *MULTI, "BLANK", "JOKER")
DEFAULT_ALPHABET = frozenset((*LETTERS, "Qu", "BLANK", "JOKER"))
"""What a photo may show when no cube set says otherwise (rare two-letter faces need a set)."""
TURNS = 4
SIZE = 32


def normalise(gray: np.ndarray) -> np.ndarray:
    """A grey crop of one face as the network's input: SIZE × SIZE, float32, ink bright on dark."""
    small = cv2.resize(gray, (SIZE, SIZE), interpolation=cv2.INTER_AREA).astype(np.float32)
    lo, hi = np.percentile(small, (2, 98))
    small = np.clip((small - lo) / max(hi - lo, 24.0), 0.0, 1.0)
    centre = small[SIZE // 4 : -SIZE // 4, SIZE // 4 : -SIZE // 4]
    if np.median(centre) > 0.5:
        small = 1.0 - small
    return small
