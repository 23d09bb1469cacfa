"""What the faces make, once read: the sides of a crossword's cubes dropped, the letters'
common turn, the kind of layout, and a crossword's own lattice (its cubes turned its way).

:func:`decide` is the stage; it returns what it decided and its notes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from cubecam.cubesets import CubeSet
from cubecam.layout import LayoutKind
from cubecam.vision.crop.faces import CutFaces
from cubecam.vision.glyphs.read import GlyphScores
from cubecam.vision.kind.choose import KindSettings, choose_kind, crossword_lattice, one_way
from cubecam.vision.lattice import Lattice


@dataclass(frozen=True)
class Decision:
    """The faces (less a crossword's sides) and their scores, the layout's kind, the quarter
    turn its letters read upright after (a crossword's; 0 for the others), which faces touch
    another on the lattice, and the notes on it."""

    faces: CutFaces
    scores: GlyphScores
    kind: LayoutKind
    turn: int
    on_grid: np.ndarray
    notes: list[str]


def decide(
    faces: CutFaces,
    scores: GlyphScores,
    layout: str,
    cubeset: CubeSet | None,
    settings: KindSettings,
    turns_told: bool = True,
) -> Decision:
    """The kind stage: the faces less a crossword's sides (:func:`without_sides`), their
    common turn and the kind they make (``layout``, unless ``auto``), and a crossword's
    lattice less the cubes turned another way than its words (left over, noted). Where the
    glyph reader does not tell the letters' turns (``turns_told``), the photo is taken
    upright and the kind told by the lattice alone."""
    if not turns_told:
        kind = chosen_kind(layout, faces.lattice, cubeset, 1.0, math.inf, settings)
        return Decision(faces, scores, kind, 0, on_grid(faces.lattice), [])
    faces, scores = without_sides(faces, scores, layout, cubeset, settings)
    grid = on_grid(faces.lattice)
    turn, agreement, evidence = orientation(scores, grid)
    kind = chosen_kind(layout, faces.lattice, cubeset, agreement, evidence, settings)
    if kind is not LayoutKind.CROSSWORD:
        return Decision(faces, scores, kind, 0, grid, [])
    lattice = crossword_lattice(faces.lattice, scores.turn_share(turn), settings)
    apart = faces.lattice.on_lattice - lattice.on_lattice
    notes = (
        [
            f"{apart} cube{'s' if apart > 1 else ''} on the crossword's lattice read"
            " turned another way than its words: left over"
        ]
        if apart
        else []
    )
    faces = replace(faces, lattice=lattice)
    return Decision(faces, scores, kind, turn, on_grid(lattice), notes)


def chosen_kind(
    layout: str,
    lattice: Lattice,
    cubeset: CubeSet | None,
    agreement: float,
    evidence: float,
    settings: KindSettings,
) -> LayoutKind:
    """The layout asked for, or (``auto``) the one the cubes make (see
    :mod:`~cubecam.vision.kind.choose`)."""
    if layout != "auto":
        return LayoutKind(layout)
    return choose_kind(lattice, agreement, settings, cubeset, evidence)


def on_grid(lattice: Lattice) -> np.ndarray:
    """Which faces touch another on the lattice (a crossword's cubes)."""
    return np.array([square is not None for square in lattice.touching()], bool)


def orientation(scores: GlyphScores, on_grid: np.ndarray) -> tuple[int, float, float]:
    """The common quarter turn of the cubes on the lattice, how well they agree with it
    (each cube's likelihood of that turn against its likeliest turn, averaged over the
    cubes, each weighed by how much its glyph tells its turn: a blank face nothing; an H
    read upright or upside down agrees with either, not with a quarter turn), and how much
    likelier they make one common turn than turns at random (:func:`~.choose.one_way`).

    >>> upright, sideways = [[0.5, 0, 0.5, 0]], [[0, 1.0, 0, 0]]  # an H, a T
    >>> scores = GlyphScores(np.array([upright, upright, sideways]), np.zeros((3, 1)))
    >>> turn, agreement, evidence = orientation(scores, np.ones(3, bool))
    >>> turn, round(agreement, 2), round(evidence, 2)
    (0, 0.67, -3.23)
    """
    if not on_grid.any():
        return 0, 0.0, 0.0
    grid_scores = scores[on_grid]
    turn = grid_scores.common_turn()
    evidence = one_way(grid_scores.per_turn())
    shares = np.array([grid_scores.turn_share(k) for k in range(4)])
    weight = 1.0 - shares.min(axis=0)
    if weight.sum() < 1e-6:
        return turn, 1.0, evidence
    return turn, float((weight * shares[turn]).sum() / weight.sum()), evidence


def without_sides(
    faces: CutFaces,
    scores: GlyphScores,
    layout: str,
    cubeset: CubeSet | None,
    settings: KindSettings,
) -> tuple[CutFaces, GlyphScores]:
    """The faces (and their scores) less those a player sees as the sides of a crossword's
    cubes: on the lattice where, at a slant, the side of a cube further off shows, their
    letters turned away from the crossword's (``settings.turned_away``, as for a cube left
    over: a cube's sides bear letters turned any way). Only where a crossword was asked
    for, or (``auto``) where the faces make one with them and without them: loose dice
    pushed together stand where each other's sides show, their letters every way. With the
    sides in, only the share of the letters turned one way is asked (a side's letter turns any
    way); without them, how surely they turn it too."""
    if layout not in ("auto", LayoutKind.CROSSWORD.value):
        return faces, scores
    auto = layout == "auto"
    sides_in = replace(settings, evidence=-math.inf)  # their letters may turn any way
    turn, crossword = _read_as_crossword(faces.lattice, scores, cubeset, sides_in)
    if auto and not crossword:
        return faces, scores
    aside = (
        on_grid(faces.lattice)
        & faces.lattice.at_sides(faces.quads, faces.size)
        & (scores.turn_share(turn) < settings.turned_away)
    )
    if not aside.any():
        return faces, scores
    keep = ~aside
    fewer = faces.keeping(keep)
    kept = scores[keep]
    if auto and not _read_as_crossword(fewer.lattice, kept, cubeset, settings)[1]:
        return faces, scores
    return fewer, kept


def _read_as_crossword(
    lattice: Lattice, scores: GlyphScores, cubeset: CubeSet | None, settings: KindSettings
) -> tuple[int, bool]:
    """The common turn of the faces touching on ``lattice`` (read as ``scores`` say), and
    whether, left to tell the kind, they make a crossword."""
    turn, agreement, evidence = orientation(scores, on_grid(lattice))
    kind = chosen_kind("auto", lattice, cubeset, agreement, evidence, settings)
    return turn, kind is LayoutKind.CROSSWORD
