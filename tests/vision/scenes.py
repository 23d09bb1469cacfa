"""Rendered photos with known answers, shared by the vision tests (rendered once a session)."""

from __future__ import annotations

from functools import cache

import numpy as np

from cubecam.layout import canonical_symbol
from cubecam.synth.dataset import make_scene

SIZE = (1000, 750)
SEEDS = {"crossword": 1, "tray": 3, "loose": 2}


@cache
def scene(kind: str) -> tuple[np.ndarray, dict]:
    image, label = make_scene(kind, SEEDS[kind], size=SIZE)
    image.flags.writeable = False
    return image, label


def symbols(label: dict) -> list[str]:
    return [canonical_symbol(cube["symbol"]) for cube in label["cubes"]]


def rows(label: dict) -> list[list[str | None]]:
    return [[None if s is None else canonical_symbol(s) for s in row] for row in label["rows"]]
