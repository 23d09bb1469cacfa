"""The one value the camera side produces and the rules side consumes.

A :class:`Layout` is the cubes on the table: the cells of a crossword or a
word-hunt tray (row, column, face) and the cubes left over.

>>> layout = Layout.from_rows(["TIGER", "OF..."], unused=[Face("T")])
>>> layout.at(1, 1)
Face(symbol='F', declared=None)
>>> len(layout.faces())
8
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from cubecam.errors import InputError, UnknownSymbol
from cubecam.user_files import nfc

BLANK = "BLANK"
JOKER = "JOKER"
BLOCK = "BLOCK"
"""The solid face of 6×6 word-hunt dice: a square no word passes through (unless the players
agree it is a wildcard)."""
WILD = "?"
WILDCARD_SYMBOLS = frozenset({BLANK, JOKER, WILD})
MAX_FACE_LETTERS = 2  # multi-letter faces on real cubes and dice: Qu, Er, Th, In, An, He

Square = tuple[int, int]


class LayoutKind(StrEnum):
    """How the cubes lie: a crossword, a word-hunt tray or loose dice."""

    CROSSWORD = "crossword"
    TRAY = "tray"
    LOOSE = "loose"


def canonical_symbol(text: str) -> str:
    """The canonical spelling of a face symbol.

    >>> canonical_symbol("qu"), canonical_symbol("ä"), canonical_symbol("joker"), canonical_symbol("block")
    ('Qu', 'Ä', 'JOKER', 'BLOCK')
    """
    word = nfc(text.strip())
    if not word:
        raise InputError("empty face symbol")
    if word.upper() in (BLANK, JOKER, BLOCK):
        return word.upper()
    if word == WILD:
        return WILD
    if len(word) > MAX_FACE_LETTERS or not all(map(is_face_letter, word)):
        raise UnknownSymbol(
            f"unknown face symbol {text!r}: faces are Latin letters (two at most, as in Qu), "
            "'?', BLANK, JOKER or BLOCK"
        )
    return word[0].upper() + word[1:].lower()


def is_face_letter(char: str) -> bool:
    """Whether a cube can show ``char``: a Latin letter that is its own capital or small letter.

    >>> [is_face_letter(c) for c in "AåÖ"], [is_face_letter(c) for c in "ßﬁı中1"]
    ([True, True, True], [False, False, False, False, False])
    """
    if len(char) != 1 or not char.isalpha():
        return False
    upper = char.upper()
    return (
        len(upper) == 1
        and char in (upper, upper.lower())
        and unicodedata.name(char, "").startswith("LATIN ")
    )


@dataclass(frozen=True)
class Face:
    """The top face of one cube.

    ``symbol`` is a letter (``"A"``, ``"Å"``), a multi-letter face (``"Qu"``),
    a wildcard: ``"BLANK"`` (Scrabble cubes), ``"JOKER"`` (Ad-Lib) or ``"?"``
    (a wildcard of whatever kind the set has), or ``"BLOCK"``, the solid face of
    6×6 dice. ``declared`` is the letter a player says a wildcard stands for, if any.

    >>> Face("Qu").letters
    'QU'
    >>> Face(BLANK, declared="E").letters, Face(BLOCK).letters
    ('E', '')
    """

    symbol: str
    declared: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "symbol", canonical_symbol(self.symbol))
        if self.declared is not None:
            if not self.is_wildcard:
                raise InputError(f"only a wildcard can stand for a letter, not {self.symbol}")
            if not is_face_letter(self.declared):
                raise InputError(f"a wildcard stands for one letter, not {self.declared!r}")
            object.__setattr__(self, "declared", self.declared.upper())

    @property
    def is_wildcard(self) -> bool:
        return self.symbol in WILDCARD_SYMBOLS

    @property
    def is_block(self) -> bool:
        return self.symbol == BLOCK

    @property
    def letters(self) -> str:
        """The upper-case letters this face puts into a word ('' for an undeclared wildcard or
        a BLOCK)."""
        if self.is_wildcard:
            return self.declared or ""
        return "" if self.is_block else self.symbol.upper()


@dataclass(frozen=True)
class Layout:
    """Cubes on the table: grid cells keyed by (row, column), and the cubes left over."""

    cells: Mapping[Square, Face] = field(default_factory=dict)
    unused: tuple[Face, ...] = ()
    kind: LayoutKind = LayoutKind.CROSSWORD
    headers: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", dict(sorted(self.cells.items())))
        object.__setattr__(self, "unused", tuple(self.unused))
        object.__setattr__(self, "headers", dict(self.headers))

    @classmethod
    def from_rows(
        cls,
        rows: Iterable[Iterable[str | None]],
        unused: Iterable[Face] = (),
        kind: LayoutKind = LayoutKind.CROSSWORD,
    ) -> Layout:
        """A layout from rows of symbols, with ``.``, ``None`` or ``""`` for an empty square."""
        cells: dict[Square, Face] = {}
        for r, row in enumerate(rows):
            for c, symbol in enumerate(row):
                if symbol not in (None, "", "."):
                    cells[(r, c)] = Face(symbol)
        return cls(cells, tuple(unused), kind)

    def at(self, row: int, col: int) -> Face | None:
        return self.cells.get((row, col))

    def faces(self) -> list[Face]:
        """Every cube's face: the grid's, then the ones left over."""
        return [*self.cells.values(), *self.unused]

    def symbols(self) -> Counter[str]:
        """How many cubes show each symbol (the Ad-Lib score sheet's check marks)."""
        return Counter(face.symbol if not face.is_wildcard else WILD for face in self.faces())

    def bounds(self) -> tuple[int, int, int, int]:
        """(top, left, bottom, right) of the occupied squares, inclusive."""
        if not self.cells:
            return (0, 0, -1, -1)
        rows = [r for r, _ in self.cells]
        cols = [c for _, c in self.cells]
        return (min(rows), min(cols), max(rows), max(cols))

    def at_origin(self) -> Layout:
        """A copy moved so that its top-left occupied square is (0, 0), where the printed grid starts.

        Rows and columns then count as a player counts them on the printed grid (from 1: square
        (r, c) is row r + 1, column c + 1).

        >>> Layout({(1, 2): Face("A")}).at_origin().cells
        {(0, 0): Face(symbol='A', declared=None)}
        """
        top, left, _, _ = self.bounds()
        if (top, left) == (0, 0):
            return self
        cells = {(r - top, c - left): face for (r, c), face in self.cells.items()}
        return Layout(cells, self.unused, self.kind, self.headers)

    def rows(self) -> list[list[Face | None]]:
        """The grid as rows from its top-left occupied corner, ``None`` for empty squares."""
        top, left, bottom, right = self.bounds()
        return [
            [self.cells.get((r, c)) for c in range(left, right + 1)] for r in range(top, bottom + 1)
        ]

    def neighbours(self, square: Square) -> Iterator[Square]:
        """Occupied squares sharing a side with ``square``."""
        r, c = square
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if (r + dr, c + dc) in self.cells:
                yield (r + dr, c + dc)

    def groups(self) -> list[list[Square]]:
        """Groups of touching cubes, largest first (ties: the one nearest the top-left).

        >>> Layout.from_rows(["AB..", "...C"]).groups()
        [[(0, 0), (0, 1)], [(1, 3)]]
        """
        seen: set[Square] = set()
        groups: list[list[Square]] = []
        for start in self.cells:
            if start in seen:
                continue
            stack, group = [start], []
            seen.add(start)
            while stack:
                square = stack.pop()
                group.append(square)
                for nxt in self.neighbours(square):
                    if nxt not in seen:
                        seen.add(nxt)
                        stack.append(nxt)
            groups.append(sorted(group))
        return sorted(groups, key=lambda g: (-len(g), g[0]))

    def replace(self, square: Square, face: Face | None) -> Layout:
        """A copy with one square changed (``None`` empties it)."""
        cells = dict(self.cells)
        if face is None:
            cells.pop(square, None)
        else:
            cells[square] = face
        return Layout(cells, self.unused, self.kind, self.headers)
