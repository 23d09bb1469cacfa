"""What reading cubes gives: each cube's reading and the photo's, one record each.

The camera side (:mod:`cubecam.vision`) makes them; the CLI's ``--json``, the page
(:mod:`cubecam.serve`) and ``watch``'s votes read them. Their JSON is their pydantic schema:
rows and columns count from 0 in Python and from 1 in JSON, as ``--fix`` and every message
count them.

>>> cube = CubeReading.from_probabilities({"A": 0.98, "R": 0.015}, center=(10.0, 12.0), row=0, col=0)
>>> cube.symbol, cube.alternatives
('A', [('R', 0.015)])
>>> reading = Reading(kind=LayoutKind.CROSSWORD, cubes=[cube], image_size=(640, 480))
>>> reading.layout.at(0, 0)
Face(symbol='A', declared=None)
>>> reading.model_dump_json()
'{"layout":"crossword","rows":[["A"]],"unused":[],"cubes":[{"symbol":"A","confidence":0.98,"presence":1.0,"alternatives":[["R",0.015]],"center":[10.0,12.0],"row":1,"col":1}]}'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict, Unpack

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializationInfo,
    SerializerFunctionWrapHandler,
    ValidationInfo,
    field_serializer,
    field_validator,
    model_serializer,
)

from cubecam.layout import Face, Layout, LayoutKind

Point = tuple[float, float]
UNSURE_BELOW = 0.8
"""Cubes read with less confidence than this are reported as unsure."""
ALTERNATIVES = 3
"""The runner-up readings kept for a cube, each at least :data:`ALTERNATIVE_FLOOR` likely."""
ALTERNATIVE_FLOOR = 0.005
Probabilities = Mapping[str, float]
"""One cube's symbol probabilities, as the glyph reader gives them (its likeliest few)."""


class Where(TypedDict, total=False):
    """Where a cube was read, and how surely a cube is there (:class:`CubeReading`'s fields)."""

    center: Point | None
    corners: list[Point]
    row: int | None
    col: int | None
    presence: float
    unseen: bool


def likeliest(probabilities: Probabilities) -> str:
    """The symbol the reader found likeliest.

    >>> likeliest({"E": 0.3, "F": 0.7})
    'F'
    """
    return max(probabilities, key=probabilities.__getitem__)


class CubeReading(BaseModel):
    """One cube's top face as read from the photo.

    ``center`` and ``corners`` are in pixels of the original photo; ``row``/``col`` its
    square on the grid (``None`` for a cube off the grid); ``corrected_from`` the symbol
    the glyph reader preferred when knowledge of the cube set changed it; ``presence`` how
    sure the detector is that a cube's top is there at all (a bare square of table between
    cubes can look like a blank face).

    >>> CubeReading(symbol="BLANK", confidence=0.99, presence=0.6).is_unsure()
    True
    """

    model_config = ConfigDict(frozen=True)

    symbol: str
    confidence: float = 1.0
    presence: float = Field(
        default=1.0, description="how likely a cube's top is there at all (its symbol aside)"
    )
    alternatives: list[tuple[str, float]] = Field(
        default_factory=list, description="runner-up readings and their probabilities, best first"
    )
    center: Point | None = Field(default=None, description="(x, y) in the photo's pixels")
    corners: list[Point] = Field(default_factory=list, exclude=True)
    row: int | None = Field(default=None, description="counted from 1; null for a cube left over")
    col: int | None = Field(default=None, description="counted from 1; null for a cube left over")
    corrected_from: str | None = Field(
        default=None,
        exclude_if=lambda symbol: symbol is None,
        description="what the glyph reader saw, where the cube set's faces changed it",
    )
    unseen: bool = Field(
        default=False,
        exclude_if=lambda unseen: not unseen,
        description="no face was found on its square: read where the layout holds a cube"
        " (hidden under a hand, or not seen clearly)",
    )

    @classmethod
    def from_probabilities(
        cls, probabilities: Probabilities, symbol: str | None = None, **where: Unpack[Where]
    ) -> CubeReading:
        """The reading of a cube whose symbols the reader found this likely, read as
        ``symbol`` (the likeliest by default; any other keeps the likeliest in
        ``corrected_from``); ``where`` gives ``center``, ``corners``, ``row``, ``col``,
        ``presence`` and ``unseen``."""
        first = likeliest(probabilities)
        symbol = symbol or first
        ranked = sorted(probabilities.items(), key=lambda item: -item[1])
        others = [(s, p) for s, p in ranked if s != symbol and p >= ALTERNATIVE_FLOOR]
        return cls(
            symbol=symbol,
            confidence=probabilities.get(symbol, 0.0),
            alternatives=others[:ALTERNATIVES],
            corrected_from=None if symbol == first else first,
            **where,
        )

    @property
    def sureness(self) -> float:
        """How likely it is that a cube is there and reads :attr:`symbol`."""
        return self.confidence * self.presence

    def is_doubted_there(self, threshold: float = UNSURE_BELOW) -> bool:
        """Unsure whether a cube is there at all: its presence alone is below
        ``threshold``, or it makes a symbol read surely enough unsure.

        >>> CubeReading(symbol="E", confidence=0.5, presence=0.97).is_doubted_there()
        False
        """
        return self.presence < threshold or self.confidence >= threshold > self.sureness

    def is_unsure(self, threshold: float = UNSURE_BELOW) -> bool:
        """Read (a cube there, with that symbol) with less sureness than ``threshold``,
        corrected by set knowledge, or read where no face was found."""
        return self.sureness < threshold or self.corrected_from is not None or self.unseen

    @field_validator("row", "col")
    @classmethod
    def _from_one(cls, value: int | None, info: ValidationInfo) -> int | None:
        return value - 1 if value is not None and info.mode == "json" else value

    @field_serializer("row", "col", when_used="json")
    def _to_one(self, value: int | None) -> int | None:
        return None if value is None else value + 1

    @field_serializer("confidence", "presence", when_used="json")
    def _confidence(self, value: float) -> float:
        return round(value, 4)

    @field_serializer("alternatives", when_used="json")
    def _alternatives(self, value: list[tuple[str, float]]) -> list[tuple[str, float]]:
        return [(s, round(p, 4)) for s, p in value]

    @field_serializer("center", when_used="json")
    def _center(self, value: Point | None) -> Point | None:
        return None if value is None else (round(value[0], 1), round(value[1], 1))


class Reading(BaseModel):
    """A photo read: how the cubes lie, every cube, the photo's (width, height) and notes;
    for drawing what the stages decided, the fitted lattice's lines around the layout and
    the outlines of faces found but rejected (doubted by the verifier, a tray's rim, a
    cube's side face), in photo pixels.

    Its :attr:`layout` is the cubes': those with a square on the grid, the rest left over.
    In JSON: ``layout`` (its kind), ``rows`` (not for loose dice), ``unused``, ``cubes``,
    ``notes`` (where there are any).
    """

    model_config = ConfigDict(
        frozen=True, validate_by_name=True, validate_by_alias=True, serialize_by_alias=True
    )

    kind: LayoutKind = Field(alias="layout")
    cubes: list[CubeReading]
    image_size: tuple[int, int] | None = Field(
        default=None, exclude=True, description="None for a reading read back from its JSON"
    )
    notes: list[str] = Field(default_factory=list, exclude_if=lambda notes: not notes)
    lattice: list[tuple[Point, Point]] = Field(default_factory=list, exclude=True)
    rejected: list[list[Point]] = Field(default_factory=list, exclude=True)

    @property
    def layout(self) -> Layout:
        """The :class:`Layout` the cubes make, its cubes left over in the order of their symbols."""
        cells = {
            (c.row, c.col): Face(c.symbol)
            for c in self.cubes
            if c.row is not None and c.col is not None
        }
        unused = tuple(Face(s) for s in sorted(c.symbol for c in self.cubes if c.row is None))
        return Layout(cells, unused, self.kind)

    def unsure(self, threshold: float = UNSURE_BELOW) -> list[CubeReading]:
        """The cubes read with sureness below ``threshold`` (see
        :meth:`CubeReading.is_unsure`), corrected by set knowledge, or read where no face
        was found."""
        return [cube for cube in self.cubes if cube.is_unsure(threshold)]

    @model_serializer(mode="wrap")
    def _with_rows(
        self, handler: SerializerFunctionWrapHandler, info: SerializationInfo
    ) -> dict[str, Any]:
        """The fields, with the layout's ``rows`` (not for loose dice) and ``unused`` after its
        kind, as a person reads them."""
        data = handler(self)
        kind = data.pop("layout")
        layout: dict[str, Any] = {"layout": kind}
        if self.kind is not LayoutKind.LOOSE:
            layout["rows"] = [
                [None if face is None else face.symbol for face in row]
                for row in self.layout.rows()
            ]
        layout["unused"] = [face.symbol for face in self.layout.unused]
        return {**layout, **data}
