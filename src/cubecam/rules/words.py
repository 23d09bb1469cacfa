"""Finding the words of a crossword: every maximal run of two or more cubes across and down."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from cubecam.layout import Face, Layout, Square

ACROSS = "Across"
DOWN = "Down"


@dataclass(frozen=True)
class Word:
    """A run of squares read left to right (Across) or top to bottom (Down)."""

    direction: str
    squares: tuple[Square, ...]

    def __len__(self) -> int:
        return len(self.squares)

    def spell(self, faces: Mapping[Square, Face], letters: Mapping[Square, str]) -> str:
        """The word's letters; ``letters`` gives the letters chosen for undeclared wildcards."""
        return "".join(letters.get(sq) or faces[sq].letters or "?" for sq in self.squares)


def find_words(layout: Layout, squares: Collection[Square] | None = None) -> list[Word]:
    """Every maximal run of two or more cubes: across words row by row, then down words column by column.

    >>> [w.spell(l.cells, {}) for l in [Layout.from_rows(["TIGER", "OF..."])] for w in find_words(l)]
    ['TIGER', 'OF', 'TO', 'IF']
    """
    occupied = set(layout.cells if squares is None else squares)
    words: list[Word] = []
    for direction, step in ((ACROSS, (0, 1)), (DOWN, (1, 0))):
        key = (lambda sq: sq) if direction == ACROSS else (lambda sq: (sq[1], sq[0]))
        for start in sorted(occupied, key=key):
            before = (start[0] - step[0], start[1] - step[1])
            if before in occupied:
                continue
            run = [start]
            while (nxt := (run[-1][0] + step[0], run[-1][1] + step[1])) in occupied:
                run.append(nxt)
            if len(run) >= 2:
                words.append(Word(direction, tuple(run)))
    return words
