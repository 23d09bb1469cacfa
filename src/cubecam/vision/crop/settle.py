"""Cut again once the kind is known: a crossword's or a tray's faces through their lattice
squares, loose dice's tops the lattice took for sides taken back, a tray's empty squares cut.

Each step returns the faces and what it has to say (notes), and which faces it cut anew, so
that the glyph reader reads those alone.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from cubecam.cubesets import CubeSet
from cubecam.layout import LayoutKind
from cubecam.vision.crop.cut import cut_views
from cubecam.vision.crop.faces import CutFaces
from cubecam.vision.kind import tray_size


def squared(faces: CutFaces, kind: LayoutKind, beyond: float) -> tuple[CutFaces, np.ndarray]:
    """A crossword's or a tray's faces with each outline that strays from its lattice
    square (by more than ``beyond``, see :meth:`~cubecam.vision.lattice.fit.Lattice.squared`)
    cut through that square instead, and which faces were cut again. Loose dice keep their
    own outlines: they stand on no lattice, and a few lying turned alike may make one that
    fits none of them."""
    again = np.zeros(len(faces.quads), bool)
    if kind is LayoutKind.LOOSE:
        return faces, again
    quads = faces.lattice.squared(faces.quads, beyond)
    again = np.array([q is not own for q, own in zip(quads, faces.quads, strict=True)], bool)
    if not again.any():
        return faces, again
    views = faces.views.copy()
    views[again] = cut_views(
        faces.loaded.image, [q for q, a in zip(quads, again, strict=True) if a]
    )
    return replace(faces, quads=quads, views=views), again


def settled(
    faces: CutFaces, kind: LayoutKind, cubeset: CubeSet | None
) -> tuple[CutFaces, int, list[str]]:
    """The faces once the kind is known (loose dice's tops taken back, a tray's empty
    squares cut), how many of them were seen (the rest cut where no face was found), and
    the notes on it."""
    faces = loose_tops(faces, kind)
    found = len(faces.quads)
    faces, notes = filled(faces, kind, cubeset)
    return faces, found, notes


def loose_tops(faces: CutFaces, kind: LayoutKind) -> CutFaces:
    """Loose dice with the finds the lattice took for a side of the die beside them taken
    back: loose dice stand on no lattice, and a die pushed against another shows its top
    where, seen at a slant, that die's side would show."""
    back = faces.sides
    if kind is not LayoutKind.LOOSE or not back:
        return faces
    return replace(
        faces,
        quads=[*faces.quads, *back],
        lattice=replace(faces.lattice, cells=[*faces.lattice.cells, *([None] * len(back))]),
        views=np.concatenate([faces.views, cut_views(faces.loaded.image, back)]),
        rejected=[q for q in faces.rejected if not any(q is b for b in back)],
        sides=[],
    )


def filled(
    faces: CutFaces, kind: LayoutKind, cubeset: CubeSet | None
) -> tuple[CutFaces, list[str]]:
    """A tray's faces with every square of its N × N window that no face holds cut from
    the lattice (see :meth:`~cubecam.vision.lattice.fit.Lattice.filled`), and the note
    saying so."""
    if kind is not LayoutKind.TRAY:
        return faces, []
    n = tray_size(faces.lattice, cubeset)
    quads, lattice = faces.lattice.filled(faces.quads, n)
    made = quads[len(faces.quads) :]
    if not made:
        return faces, []
    squares = [square for square in lattice.tray(n)[len(faces.quads) :] if square is not None]
    where = "; ".join(f"row {r + 1}, column {c + 1}" for r, c in squares)
    were = "was" if len(made) == 1 else "were"
    note = (
        f"{len(made)} of the {n}×{n} tray's cubes {were} not found (hidden, or not seen"
        f" clearly) and read where the tray holds them: {where}"
    )
    views = np.concatenate([faces.views, cut_views(faces.loaded.image, made)])
    return replace(faces, quads=quads, lattice=lattice, views=views), [note]
