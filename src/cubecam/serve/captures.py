"""Captures: one photo (or typed grid) being scored, with the corrections made to it.

The server keeps the most recently used in memory, up to a number of bytes, each with its
photo at working size only (the full photo is on disk, see :mod:`cubecam.serve.photo_files`).
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, computed_field
from pydantic.json_schema import SkipJsonSchema

from cubecam.cubesets import CubeSet
from cubecam.errors import InputError, UnknownSymbol
from cubecam.grid_format import parse_face
from cubecam.layout import Face, Layout, LayoutKind
from cubecam.reading import CubeReading, Reading
from cubecam.rules.hunt import tray_in_photo
from cubecam.serve.messages import FIELDS

MEMORY_BYTES = 128 * 1024**2
"""The most the captures kept in memory may take together (about 50 photos' worth)."""
OVERHEAD_BYTES = 64 * 1024
"""About what a capture takes besides its pictures (its layout, reading and cubes)."""


class CaptureCube(BaseModel):
    """One cube of a capture as the page shows it: what the camera read (nothing for a typed
    or added cube) and what a person made of it. ``index`` names it in corrections; rows and
    columns count from 0, as the capture's ``origin`` does."""

    model_config = ConfigDict(json_schema_serialization_defaults_required=True)

    index: int
    symbol: str
    row: int | None = Field(
        default=None, description="the cube's row on the grid; null for a cube left over"
    )
    col: int | None = None
    read_as: str | None = Field(
        default=None, description="what was read, where a person corrected the cube"
    )
    added: bool = Field(default=False, description="a cube the camera missed, added by a person")
    read: SkipJsonSchema[CubeReading | None] = Field(default=None, exclude=True)
    removed: SkipJsonSchema[bool] = Field(default=False, exclude=True)

    @computed_field
    @property
    def confidence(self) -> float:
        return 1.0 if self.read is None else self.read.confidence

    @computed_field(description="how likely a cube's top is there at all (1 for one typed)")
    @property
    def presence(self) -> float:
        return 1.0 if self.read is None else self.read.presence

    @computed_field(
        description="read with low confidence, where no face was seen, or where there may be"
        " no cube: check this cube"
    )
    @property
    def unsure(self) -> bool:
        return self.read is not None and self.read.is_unsure()

    @computed_field(description="runner-up readings, best first")
    @property
    def alternatives(self) -> list[str]:
        return [] if self.read is None else [symbol for symbol, _ in self.read.alternatives]

    @computed_field(description="(x, y) in the photo's pixels")
    @property
    def center(self) -> tuple[float, float] | None:
        return None if self.read is None else self.read.center

    @computed_field
    @property
    def corners(self) -> list[tuple[float, float]] | None:
        return None if self.read is None else self.read.corners

    @computed_field(
        description="what the camera saw, where the cube set's faces made the reader change it"
    )
    @property
    def corrected_from(self) -> str | None:
        return None if self.read is None else self.read.corrected_from


@dataclass(frozen=True)
class Recording:
    """Where a capture was recorded: the logged game, what it was, and the log's entry that
    recorded it (``Turn.entry``)."""

    game: int
    what: str
    entry: str | None


@dataclass
class Capture:
    """A layout being scored: from a photo (``reading`` and ``photo`` set) or a typed grid."""

    id: str
    game: str
    lang: str
    layout: Layout
    cubes: list[CaptureCube]
    reading: Reading | None = None
    photo: Path | None = None
    image: np.ndarray | None = field(default=None, repr=False)
    annotated: bytes | None = field(default=None, repr=False)
    recorded: Recording | None = None
    cubeset: CubeSet | None = None
    wordlist: str | None = None
    """The word list that replaces the dictionary: a logged game's own, where it has one."""
    other_game: tuple[str, str] | None = None
    """A game the photo fits better than its own, and why (see :func:`better_game`)."""
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def nbytes(self) -> int:
        """About what the capture takes in memory."""
        image = self.image.nbytes if self.image is not None else 0
        return OVERHEAD_BYTES + image + len(self.annotated or b"")

    def tray(self) -> tuple[Layout, str | None]:
        """The board a word-hunt capture is scored on, and a note on the cubes its photo shows
        off the tray (no part of the board); a typed grid as typed."""
        if self.reading is None:
            return self.layout, None
        return tray_in_photo(self.layout)

    def check_unrecorded(self) -> None:
        """Refuse to record or change a capture that is already a turn in the score log."""
        if self.recorded is not None:
            raise InputError(
                f"this capture is already recorded as {self.recorded.what} of game"
                f" {self.recorded.game}: take a new photo, or undo that turn first"
            )

    def correct(self, index: int, symbol: str) -> None:
        """Set cube ``index`` to ``symbol``, as a person at the table says it is."""
        cube = self._cube(index)
        face = _face(symbol)
        square = None if cube.row is None or cube.col is None else (cube.row, cube.col)
        if square is None:
            unused = list(self.layout.unused)
            unused[self._spare().index(index)] = face
            self._check_set(replace(self.layout, unused=tuple(unused)), face)
        else:
            self._check_set(self.layout.replace(square, face), face)
        if cube.read_as is None:
            cube.read_as = cube.symbol
        self._take(index)
        self._put(index, face, square)
        cube.symbol = face.symbol
        if cube.symbol == cube.read_as:
            cube.read_as = None

    def add(self, square: tuple[int, int] | None, symbol: str) -> None:
        """Put a cube the camera missed on the empty ``square``, or among the cubes left over
        (None)."""
        self.check_unrecorded()
        if square is not None:
            self._check_empty(square)
        face = _face(symbol)
        self._check_set(
            replace(self.layout, unused=(*self.layout.unused, face))
            if square is None
            else self.layout.replace(square, face),
            face,
        )
        self.cubes.append(
            CaptureCube(index=len(self.cubes), symbol=face.symbol, added=True, removed=True)
        )
        self._put(len(self.cubes) - 1, face, square)

    def remove(self, index: int) -> None:
        """Take cube ``index`` off the table: a false cube, or one added by mistake (a die on a
        tray's square is changed, not removed: every square of a tray holds one)."""
        cube = self._cube(index)
        if self.layout.kind is LayoutKind.TRAY and cube.row is not None:
            raise InputError(
                "a die on the tray is changed, not removed: every square of a tray holds one"
                " (choose the letter it shows)"
            )
        self._take(index)
        self.cubes[index].removed = True

    def move(self, index: int, square: tuple[int, int] | None) -> None:
        """Move cube ``index`` to the empty ``square``, or among the cubes left over (None)."""
        self._cube(index)
        if square is None and self.layout.kind is LayoutKind.TRAY:
            raise InputError("a word-hunt tray has no dice left over: every die is on a square")
        if square is not None:
            self._check_empty(square)
        self._put(index, self._take(index), square)

    def _cube(self, index: int) -> CaptureCube:
        self.check_unrecorded()
        live = [i for i, c in enumerate(self.cubes) if not c.removed]
        if index not in live:
            raise InputError(f"no cube {index}: this layout has {len(live)} cubes")
        return self.cubes[index]

    def _check_set(self, after: Layout, face: Face) -> None:
        """Refuse a change to ``face`` that makes a layout the cube set cannot: a face none of
        its cubes shows, more cubes or more wildcards than it has. A layout read wrong may be
        one already: a change that leaves it no worse is taken, so that it can be mended."""
        cubes = self.cubeset
        if cubes is None:
            return
        if not cubes.shows(face):
            raise UnknownSymbol(f"{cubes.lacks([face.symbol])}: the layout is not changed")
        before = cubes.check(self.layout)
        # faces the set lacks: the same as before, or fewer where one of them was corrected
        fewer = cubes.lacks(sorted({f.symbol for f in after.faces() if not cubes.shows(f)}))
        new = [p for p in cubes.check(after) if p not in before and p != fewer]
        if new:
            raise InputError(f"{'; '.join(new)}: the layout is not changed")

    def _check_empty(self, square: tuple[int, int]) -> None:
        if square in self.layout.cells:
            row, col = square
            raise InputError(
                f"row {row + 1}, column {col + 1} already has a cube: tap that cube to change it"
            )

    def _spare(self) -> list[int]:
        """The cubes left over, in the order of the layout's ``unused``."""
        return [i for i, c in enumerate(self.cubes) if c.row is None and not c.removed]

    def _take(self, index: int) -> Face:
        """Lift cube ``index`` off its square (or out of the cubes left over); its face."""
        cube = self.cubes[index]
        if cube.row is not None and cube.col is not None:
            face = self.layout.cells[(cube.row, cube.col)]
            self.layout = self.layout.replace((cube.row, cube.col), None)
        else:
            unused = list(self.layout.unused)
            face = unused.pop(self._spare().index(index))
            self._set_unused(unused)
        cube.row = cube.col = None
        cube.removed = True
        return face

    def _put(self, index: int, face: Face, square: tuple[int, int] | None) -> None:
        """Set a lifted cube down on ``square``, or among the cubes left over (None)."""
        cube = self.cubes[index]
        cube.removed = False
        if square is not None:
            cube.row, cube.col = square
            self.layout = self.layout.replace(square, face)
            return
        unused = list(self.layout.unused)
        unused.insert(self._spare().index(index), face)
        self._set_unused(unused)

    def _set_unused(self, unused: list[Face]) -> None:
        self.layout = Layout(
            self.layout.cells, tuple(unused), self.layout.kind, self.layout.headers
        )

    def corrected_reading(self) -> Reading | None:
        """The photo's reading with a person's corrections applied (for the annotated picture)."""
        if self.reading is None:
            return None
        cubes = [
            cube.read.model_copy(update={"symbol": cube.symbol, "row": cube.row, "col": cube.col})
            for cube in self.cubes
            if cube.read is not None and not cube.removed
        ]
        return self.reading.model_copy(update={"cubes": cubes})


def _face(symbol: str) -> Face:
    """The face a person typed for a cube (a lower-case letter is that letter), or a sentence
    saying what to type.

    >>> _face(" qu "), _face("e").symbol
    (Face(symbol='Qu', declared=None), 'E')
    >>> _face("ß")
    Traceback (most recent call last):
    cubecam.errors.UnknownSymbol: 'ß' is not a cube face: type a letter, Qu, BLANK or JOKER
    """
    try:
        return parse_face(symbol.strip(), lowercase_is_wildcard=False)
    except InputError:
        raise UnknownSymbol(FIELDS["symbol"].format(input=symbol.strip())) from None


def cubes_of_reading(reading: Reading) -> list[CaptureCube]:
    """The page's view of each cube the vision read."""
    return [
        CaptureCube(index=i, symbol=cube.symbol, row=cube.row, col=cube.col, read=cube)
        for i, cube in enumerate(reading.cubes)
    ]


def cubes_of_layout(layout: Layout) -> list[CaptureCube]:
    """One sure cube per face of a typed grid: its squares, then the cubes left over."""
    placed: list[tuple[Face, int | None, int | None]] = [
        (face, row, col) for (row, col), face in layout.cells.items()
    ]
    placed += [(face, None, None) for face in layout.unused]
    return [
        CaptureCube(index=i, symbol=face.symbol, row=row, col=col)
        for i, (face, row, col) in enumerate(placed)
    ]


class CaptureStore:
    """The captures in memory, the least recently used forgotten beyond ``max_bytes``."""

    def __init__(self, max_bytes: int = MEMORY_BYTES) -> None:
        self.max_bytes = max_bytes
        self._captures: OrderedDict[str, Capture] = OrderedDict()
        self._lock = threading.Lock()

    def new_id(self) -> str:
        """A capture id no client can guess or choose."""
        return secrets.token_hex(8)

    def add(self, capture: Capture) -> Capture:
        with self._lock:
            self._captures[capture.id] = capture
            self._forget()
        return capture

    def _forget(self) -> None:
        """Forget the least recently used captures until the rest fit (the newest always stays)."""
        total = sum(capture.nbytes for capture in self._captures.values())
        while total > self.max_bytes and len(self._captures) > 1:
            _, forgotten = self._captures.popitem(last=False)
            total -= forgotten.nbytes

    def get(self, capture_id: str) -> Capture:
        with self._lock:
            capture = self._captures.get(capture_id)
            if capture is None:
                raise LookupError(f"no capture {capture_id!r}: take the photo again")
            self._captures.move_to_end(capture_id)
            return capture

    def release(self, entry: str | None) -> None:
        """The capture recorded by the log's ``entry`` may be recorded again (it was undone).

        Matched by the entry, not the turn's number, which the next turn takes again; each
        capture is checked under the lock that recording it holds.
        """
        with self._lock:
            captures = list(self._captures.values())
        for capture in captures:
            with capture.lock:
                done = capture.recorded
                if entry is not None and done is not None and done.entry == entry:
                    capture.recorded = None
