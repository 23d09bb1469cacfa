"""What reading a photo gives: each cube's reading, and the layout they make.

>>> from cubecam.layout import Layout, LayoutKind
>>> cube = CubeReading("A", 0.98, [("R", 0.01)], (10.0, 12.0), [], 0, 0)
>>> reading = Reading(Layout.from_rows(["A"]), [cube], (640, 480), [])
>>> reading.to_json()["rows"]
[['A']]
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cubecam.layout import Layout, LayoutKind

Point = tuple[float, float]
UNSURE_BELOW = 0.8
"""Cubes read with less confidence than this are reported as unsure."""


@dataclass
class CubeReading:
    """One cube's top face as read from the photo.

    ``center`` and ``corners`` are in pixels of the original photo; ``row``/``col`` its
    square on the grid (``None`` for a cube off the grid; in JSON counted from 1, as
    ``--fix`` and every message count them); ``corrected_from`` the symbol
    the glyph reader preferred when knowledge of the cube set changed it.
    """

    symbol: str
    confidence: float
    alternatives: list[tuple[str, float]]
    center: tuple[float, float]
    corners: list[tuple[float, float]]
    row: int | None
    col: int | None
    corrected_from: str | None = None

    def to_json(self) -> dict:
        data = {
            "symbol": self.symbol,
            "confidence": round(self.confidence, 4),
            "alternatives": [[s, round(p, 4)] for s, p in self.alternatives],
            "center": [round(self.center[0], 1), round(self.center[1], 1)],
            "row": None if self.row is None else self.row + 1,
            "col": None if self.col is None else self.col + 1,
        }
        if self.corrected_from is not None:
            data["corrected_from"] = self.corrected_from
        return data


@dataclass
class Reading:
    """A photo read: the :class:`Layout`, every cube, the photo's (width, height), notes;
    for drawing what the stages decided, the fitted lattice's lines around the layout and
    the outlines of faces found but rejected (a tray's rim), in photo pixels."""

    layout: Layout
    cubes: list[CubeReading]
    image_size: tuple[int, int]
    notes: list[str] = field(default_factory=list)
    lattice: list[tuple[Point, Point]] = field(default_factory=list)
    rejected: list[list[Point]] = field(default_factory=list)

    def to_json(self) -> dict:
        """One JSON object: ``layout``, ``rows`` (not for loose dice), ``unused``, ``cubes``."""
        data: dict = {"layout": self.layout.kind.value}
        if self.layout.kind is not LayoutKind.LOOSE:
            data["rows"] = [
                [None if face is None else face.symbol for face in row]
                for row in self.layout.rows()
            ]
        data["unused"] = [face.symbol for face in self.layout.unused]
        data["cubes"] = [cube.to_json() for cube in self.cubes]
        if self.notes:
            data["notes"] = list(self.notes)
        return data

    def unsure(self, threshold: float = UNSURE_BELOW) -> list[CubeReading]:
        """The cubes read with confidence below ``threshold``, or corrected by set knowledge."""
        return [c for c in self.cubes if c.confidence < threshold or c.corrected_from]
