"""Use what is known about the cube set to rank each cube's readings.

A set limits the symbols a photo can show (its faces, or its values and wildcard); where
the set lists each cube's six faces, each cube in the photo is given a different physical
cube, the assignment that is likeliest over all of them together (the least total −log
probability of the face each shows), and reads as the face of its cube it most looks like.
(:meth:`cubecam.reading.CubeReading.from_probabilities` keeps the glyph reader's choice of
any cube read otherwise in ``corrected_from``.)

>>> from cubecam.cubesets import load_cubeset
>>> apply_cubeset([{"Qu": 0.6, "O": 0.4}, {"Qu": 0.9, "A": 0.1}], load_cubeset("classic-4x4"))
['O', 'Qu']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import numpy as np
from scipy.optimize import linear_sum_assignment

from cubecam.cubesets import CubeSet
from cubecam.layout import canonical_symbol
from cubecam.reading import Probabilities, likeliest

FLOOR = 1e-9
"""The probability of a face the reader gave none (so that every assignment has a cost)."""


def alphabet(cubeset: CubeSet) -> frozenset[str]:
    """Every symbol the set's cubes can show (empty when the set does not say)."""
    if cubeset.faces:
        return frozenset(canonical_symbol(s) for cube in cubeset.faces for s in cube)
    symbols = set(cubeset.values) | cubeset.symbols
    if cubeset.wildcard and cubeset.wildcards:
        symbols.add(canonical_symbol(cubeset.wildcard))
    return frozenset(symbols)


def apply_cubeset(cubes: Sequence[Probabilities], cubeset: CubeSet) -> list[str]:
    """The symbol each cube reads as: within the set's symbols, close calls weighed by how
    many of its cubes' faces show each symbol (a set with five N faces and one Z reads a
    turned N/Z as N), then each cube given its own physical cube (see the module)."""
    allowed = alphabet(cubeset)
    symbols = [likeliest(probabilities) for probabilities in cubes]
    if allowed:
        for i, probabilities in enumerate(cubes):
            if symbols[i] not in allowed:
                inside = {s: p for s, p in probabilities.items() if s in allowed}
                if inside:
                    symbols[i] = likeliest(inside)
    if not cubeset.faces:
        return symbols
    counts = Counter(canonical_symbol(s) for cube in cubeset.faces for s in cube)
    weighted = [
        {s: p * (counts.get(s, 0) + 0.5) ** 0.5 for s, p in probabilities.items()}
        for probabilities in cubes
    ]
    for i, weights in enumerate(weighted):
        best = likeliest(weights)
        if best in allowed:
            symbols[i] = best
    _assign_cubes(symbols, weighted, cubeset)
    return symbols


def _assign_cubes(symbols: list[str], weighted: list[dict[str, float]], cubeset: CubeSet) -> None:
    """Each cube the face of its own physical cube, by the likeliest joint assignment; a
    cube left without one (more in the photo than in the set) keeps its reading."""
    if not symbols:
        return
    faces = [sorted({canonical_symbol(s) for s in cube}) for cube in cubeset.faces]
    best_face = [
        [max(cube, key=lambda s, w=weights: w.get(s, 0.0)) for cube in faces]
        for weights in weighted
    ]
    cost = np.array(
        [
            [-np.log(max(weights.get(symbol, 0.0), FLOOR)) for symbol in row]
            for weights, row in zip(weighted, best_face, strict=True)
        ]
    )
    for i, c in zip(*linear_sum_assignment(cost), strict=True):
        symbols[i] = best_face[i][c]
