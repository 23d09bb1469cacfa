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
CLASSES: tuple[str, ...] = (*LETTERS, *MULTI, "BLANK", "JOKER", "BLOCK")
DEFAULT_ALPHABET = frozenset((*LETTERS, "Qu", "BLANK", "JOKER"))
"""What a photo may show when no cube set says otherwise (rare two-letter faces need a set)."""
TURNS = 4
SIZE = 32
"""The side of the network's input, in pixels: a face's glyph, its bars, tails and dots."""


def normalise(gray: np.ndarray) -> np.ndarray:
    """A grey crop of one face (H × W), or a batch of them (N × H × W), as the network's
    input: SIZE × SIZE each, float32, ink bright on dark."""
    batch = gray if gray.ndim == 3 else gray[None]
    small = np.stack(
        [cv2.resize(g, (SIZE, SIZE), interpolation=cv2.INTER_AREA) for g in batch]
    ).astype(np.float32)
    lo, hi = np.percentile(small, (2, 98), axis=(1, 2))[:, :, None, None]
    small = np.clip((small - lo) / np.maximum(hi - lo, 24.0), 0.0, 1.0)
    q = SIZE // 4
    dark_ink = np.median(small[:, q:-q, q:-q], axis=(1, 2)) > 0.5
    small[dark_ink] = 1.0 - small[dark_ink]
    small = small.astype(np.float32)
    return small if gray.ndim == 3 else small[0]
