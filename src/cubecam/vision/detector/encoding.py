"""How the detector network's output encodes faces, shared by the runtime's decoding
(:mod:`cubecam.vision.detector.find`) and the lab's training targets.

The network sees the photo at stride :data:`STRIDE`: for each cell, a heat that peaks at a
face's centre, the face's turn (modulo a quarter turn, as cos 4θ and sin 4θ) and the offsets
from the cell's centre to the face's four corners in the face's own, unturned frame, in units
of :data:`OFFSET_SCALE` pixels.
"""

from __future__ import annotations

import numpy as np

STRIDE = 4
OFFSET_SCALE = 8.0
"""Corner offsets are learnt in units of this many input pixels."""
SHAPE = 10
"""Shape channels: cos 4θ and sin 4θ of the face's turn θ, and four corners in its frame."""


def unturned(offsets: np.ndarray, turn: float) -> np.ndarray:
    """Corner offsets (4 × 2, or many cells' ... × 4 × 2 to one face's corners) seen in the
    face's own frame (turned back by ``turn``), the corner up and left there first.

    >>> unturned(np.array([[5, -5], [5, 5], [-5, 5], [-5, -5]], float), 0.0).tolist()
    [[-5.0, -5.0], [5.0, -5.0], [5.0, 5.0], [-5.0, 5.0]]
    """
    c, s = np.cos(turn), np.sin(turn)
    local = offsets @ np.array([[c, -s], [s, c]])
    # the cells see one face: its corners' order in its frame is the same from each
    first = local.reshape(-1, 4, 2)[0]
    start = int(np.argmin(first[:, 0] + first[:, 1]))
    return np.roll(local, -start, axis=-2)


def turned(local: np.ndarray, turn: np.ndarray) -> np.ndarray:
    """The inverse of :func:`unturned` for many cells: offsets (..., 4, 2) in the face's
    frame turned by ``turn`` (...) into the photo's."""
    c, s = np.cos(turn)[..., None], np.sin(turn)[..., None]
    x, y = local[..., 0], local[..., 1]
    return np.stack([c * x - s * y, s * x + c * y], axis=-1)
