"""Use what is known about the cube set to rank each cube's readings.

A set limits the symbols a photo can show (its faces, or its values and wildcard); where
the set lists each cube's six faces, the symbols read must also be explainable by giving
each cube in the photo a different physical cube (:meth:`CubeSet.unexplained`). Any
reading changed that way keeps the glyph reader's choice in ``corrected_from``.

>>> from cubecam.cubesets import load_cubeset
>>> guesses = [Guess({"Qu": 0.6, "O": 0.4}), Guess({"Qu": 0.9, "A": 0.1})]
>>> [(g.symbol, g.corrected_from) for g in apply_cubeset(guesses, load_cubeset("classic-4x4"))]
[('O', 'Qu'), ('Qu', None)]
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from cubecam.cubesets import CubeSet
from cubecam.layout import canonical_symbol

MAX_CORRECTIONS = 4


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
    then make the readings explainable by distinct cubes."""
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
    for guess in guesses:
        weighted = {s: p * (counts.get(s, 0) + 0.5) ** 0.5 for s, p in guess.probabilities.items()}
        best = max(weighted, key=weighted.__getitem__)
        if best != guess.symbol and (not allowed or best in allowed):
            guess.change_to(best)
    for _ in range(MAX_CORRECTIONS):
        missing = cubeset.unexplained(g.symbol for g in guesses)
        if not missing:
            break
        best: tuple[float, Guess, str] | None = None
        for guess in guesses:
            if guess.symbol not in missing:
                continue
            for symbol, p in guess.probabilities.items():
                if p < 1e-3 or symbol == guess.symbol or (allowed and symbol not in allowed):
                    continue
                trial = [symbol if g is guess else g.symbol for g in guesses]
                if len(cubeset.unexplained(trial)) < len(missing) and (best is None or p > best[0]):
                    best = (p, guess, symbol)
        if best is None:
            break
        best[1].change_to(best[2])
    return guesses
