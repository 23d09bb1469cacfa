"""Use what is known about the cube set to rank each cube's readings.

A set limits the symbols a photo can show (its faces, or its values and wildcard); where
the set lists each cube's six faces, each cube in the photo is given a different physical
cube, the assignment that is likeliest over all of them together (the least total −log
probability of the face each shows), and reads as the face of its cube it most looks like.
Any reading changed that way keeps the glyph reader's choice in ``corrected_from``.

>>> from cubecam.cubesets import load_cubeset
>>> guesses = [Guess({"Qu": 0.6, "O": 0.4}), Guess({"Qu": 0.9, "A": 0.1})]
>>> [(g.symbol, g.corrected_from) for g in apply_cubeset(guesses, load_cubeset("classic-4x4"))]
[('O', 'Qu'), ('Qu', None)]
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import numpy as np
from scipy.optimize import linear_sum_assignment

from cubecam.cubesets import CubeSet
from cubecam.layout import canonical_symbol

FLOOR = 1e-9
"""The probability of a face the reader gave none (so that every assignment has a cost)."""


@dataclass
class Guess:
    """One cube's symbol probabilities; ``symbol`` is the chosen one."""

    probabilities: dict[str, float]
    corrected_from: str | None = None
    symbol: str = field(init=False)

    def __post_init__(self) -> None:
        self.symbol = max(self.probabilities, key=self.probabilities.__getitem__)

    @property
    def confidence(self) -> float:
        return self.probabilities.get(self.symbol, 0.0)

    def alternatives(self, count: int = 3, floor: float = 0.005) -> list[tuple[str, float]]:
        ranked = sorted(self.probabilities.items(), key=lambda item: -item[1])
        return [(s, p) for s, p in ranked if s != self.symbol and p >= floor][:count]

    def change_to(self, symbol: str) -> None:
        if self.corrected_from is None:
            self.corrected_from = self.symbol
        self.symbol = symbol
        if self.corrected_from == symbol:
            self.corrected_from = None


def alphabet(cubeset: CubeSet) -> frozenset[str]:
    """Every symbol the set's cubes can show (empty when the set does not say)."""
    if cubeset.faces:
        return frozenset(canonical_symbol(s) for cube in cubeset.faces for s in cube)
    symbols = set(cubeset.values) | cubeset.symbols
    if cubeset.wildcard and cubeset.wildcards:
        symbols.add(canonical_symbol(cubeset.wildcard))
    return frozenset(symbols)


def apply_cubeset(guesses: list[Guess], cubeset: CubeSet) -> list[Guess]:
    """Restrict readings to the set's symbols, weigh close calls by how many of its cubes'
    faces show each symbol (a set with five N faces and one Z reads a turned N/Z as N),
    then give each cube its own physical cube (see the module)."""
    allowed = alphabet(cubeset)
    if allowed:
        for guess in guesses:
            if guess.symbol not in allowed:
                inside = {s: p for s, p in guess.probabilities.items() if s in allowed}
                if inside:
                    guess.change_to(max(inside, key=inside.__getitem__))
    if not cubeset.faces:
        return guesses
    counts = Counter(canonical_symbol(s) for cube in cubeset.faces for s in cube)
    weighted = [
        {s: p * (counts.get(s, 0) + 0.5) ** 0.5 for s, p in guess.probabilities.items()}
        for guess in guesses
    ]
    for guess, weights in zip(guesses, weighted, strict=True):
        best = max(weights, key=weights.__getitem__)
        if best != guess.symbol and best in allowed:
            guess.change_to(best)
    _assign_cubes(guesses, weighted, cubeset)
    return guesses


def _assign_cubes(guesses: list[Guess], weighted: list[dict[str, float]], cubeset: CubeSet) -> None:
    """Each guess the face of its own physical cube, by the likeliest joint assignment; a
    guess left without a cube (more in the photo than in the set) keeps its reading."""
    if not guesses:
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
        if best_face[i][c] != guesses[i].symbol:
            guesses[i].change_to(best_face[i][c])
