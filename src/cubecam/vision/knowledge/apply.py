"""Use what is known about the cube set to rank each cube's readings.

A set limits the symbols a photo can show (its faces, or its values and wildcard); where
the set lists each cube's six faces, each cube in the photo is given a different physical
cube, the assignment that is likeliest over all of them together (the least total −log
probability of the face each shows), and reads as the face of its cube it most looks like.
(:meth:`cubecam.reading.CubeReading.from_probabilities` keeps the glyph reader's choice of
any cube read otherwise in ``corrected_from``.) A set that lists no cube's faces shows no
more wildcards than it has. Where more faces were found than the set has cubes,
:func:`surplus` tells which of them are likeliest none.

>>> from cubecam.cubesets import load_cubeset
>>> apply_cubeset([{"Qu": 0.6, "O": 0.4}, {"Qu": 0.9, "A": 0.1}], load_cubeset("classic-4x4"))
['O', 'Qu']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import numpy as np
from numpy.typing import ArrayLike
from scipy.optimize import linear_sum_assignment

from cubecam.cubesets import CubeSet
from cubecam.layout import Face, canonical_symbol
from cubecam.reading import Probabilities, likeliest
from cubecam.vision.glyphs.classes import DEFAULT_ALPHABET

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


def readable(cubeset: CubeSet | None) -> frozenset[str]:
    """The symbols a face in a photo of ``cubeset`` may read as: the reader's usual ones and
    the set's own (a set's faces beyond the usual, such as Ü)."""
    return DEFAULT_ALPHABET | (alphabet(cubeset) if cubeset is not None else frozenset())


def apply_cubeset(cubes: Sequence[Probabilities], cubeset: CubeSet) -> list[str]:
    """The symbol each cube reads as: within the set's symbols, close calls weighed by how
    many of its cubes' faces show each symbol (a set with five N faces and one Z reads a
    turned N/Z as N), then each cube given its own physical cube (see the module); a set
    whose cubes' faces are not listed shows no more wildcards than it has."""
    allowed = alphabet(cubeset)
    symbols = [likeliest(probabilities) for probabilities in cubes]
    if allowed:
        for i, probabilities in enumerate(cubes):
            if symbols[i] not in allowed:
                inside = {s: p for s, p in probabilities.items() if s in allowed}
                if inside:
                    symbols[i] = likeliest(inside)
    if not cubeset.faces:
        _within_wildcards(symbols, cubes, cubeset, allowed)
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
    _assign_cubes(symbols, weighted, cubeset.faces)
    return symbols


def _assign_cubes(
    symbols: list[str], weighted: list[dict[str, float]], set_faces: tuple[tuple[str, ...], ...]
) -> None:
    """Each cube the face of its own physical cube (the set's cubes' ``set_faces``), by the
    likeliest joint assignment; a cube left without one (more in the photo than in the set)
    keeps its reading."""
    if not symbols:
        return
    faces = [sorted({canonical_symbol(s) for s in cube}) for cube in set_faces]
    best_face = [
        [max(cube, key=lambda s: weights.get(s, 0.0)) for cube in faces] for weights in weighted
    ]
    cost = np.array(
        [
            [-np.log(max(weights.get(symbol, 0.0), FLOOR)) for symbol in row]
            for weights, row in zip(weighted, best_face, strict=True)
        ]
    )
    for i, c in zip(*linear_sum_assignment(cost), strict=True):
        symbols[i] = best_face[i][c]


def _within_wildcards(
    symbols: list[str], cubes: Sequence[Probabilities], cubeset: CubeSet, allowed: frozenset[str]
) -> None:
    """No more cubes read as the set's wildcard than it has: those likeliest the wildcard
    against their likeliest letter keep it, the others read as that letter (a third blank
    read on a set of two is a letter misread, or a square taken for a cube)."""
    wild = canonical_symbol(cubeset.wildcard) if cubeset.wildcard else None
    reading = [i for i, symbol in enumerate(symbols) if symbol == wild]
    if wild is None or len(reading) <= cubeset.wildcards:
        return
    letters = {
        i: {s: p for s, p in cubes[i].items() if s != wild and (s in allowed or not allowed)}
        for i in reading
    }
    changeable = [i for i in reading if letters[i]]
    margin = {
        i: np.log(max(cubes[i][wild], FLOOR)) - np.log(max(letters[i].values())) for i in changeable
    }
    for i in sorted(changeable, key=margin.__getitem__)[: len(reading) - cubeset.wildcards]:
        symbols[i] = likeliest(letters[i])


def surplus(cubes: Sequence[Probabilities], presence: ArrayLike, cubeset: CubeSet) -> list[int]:
    """Which of the faces found are none, where there are more than the set has cubes: each
    of its cubes goes to one face by the likeliest joint assignment (a face is a cube as
    likely as its ``presence`` says, and shows one of that cube's faces as likely as the
    reader says), and those left over are none (a board's square, a shadow, a cube's side)
    where that is likelier than their being a cube of the set. None where the set has as many
    cubes as faces were found, or more; a face surely a cube of the set is never none (the
    photo shows another set's cubes, or more cubes than the set has).

    >>> from cubecam.cubesets import CubeSet
    >>> pair = CubeSet("pair", "a pair", count=2, values={"A": 1, "B": 1})
    >>> surplus([{"A": 1.0}, {"B": 1.0}, {"A": 0.9, "Å": 0.1}], [0.99, 0.4, 0.9], pair)
    [1]
    >>> surplus([{"A": 1.0}, {"B": 1.0}, {"Å": 1.0}], [0.99, 0.4, 0.9], pair)
    [2]
    >>> surplus([{"A": 1.0}, {"B": 1.0}, {"A": 1.0}], [0.99, 0.98, 0.97], pair)
    []
    """
    extra = len(cubes) - cubeset.count
    if extra <= 0:
        return []
    if cubeset.faces:
        columns = [{canonical_symbol(s) for s in cube} for cube in cubeset.faces]
        shown = np.array(
            [[sum(p for s, p in cube.items() if s in faces) for faces in columns] for cube in cubes]
        )
    else:
        shows = [sum(p for s, p in cube.items() if cubeset.shows(Face(s))) for cube in cubes]
        shown = np.repeat(np.array(shows)[:, None], cubeset.count, axis=1)
    there = np.asarray(presence, float)
    cost = np.hstack(
        [
            -np.log(np.maximum(there, FLOOR))[:, None] - np.log(np.maximum(shown, FLOOR)),
            np.repeat(-np.log(np.maximum(1.0 - there, FLOOR))[:, None], extra, axis=1),
        ]
    )
    rows, columns_taken = linear_sum_assignment(cost)
    likely_cube = there * shown.max(axis=1)
    return sorted(
        int(r)
        for r, c in zip(rows, columns_taken, strict=True)
        if c >= cubeset.count and likely_cube[r] < 0.5
    )
