"""The word-hunt tray: which dice touch, and where a word lies on them.

Dice are numbered row by row from the top left; two dice touch when they are
side by side or corner to corner. A solid face (``BLOCK``, on 6×6 dice) is a
square no word passes through, as the official rules have it; where the players
agree it is a wildcard (``block_wild``), it stands for any one letter.

>>> board = Board.from_text("R A K\\nE M T\\nO Å Qu")
>>> board.path("rakt"), board.path("mat")
((0, 1, 2, 5), (4, 1, 5))
>>> board.path("mor") is None, board.trace("mor").explain()
(True, 'MO can be formed, but no R touches the O at row 3, column 1')
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from cubecam.errors import InputError
from cubecam.grid_format import face_token, parse_grid
from cubecam.layout import Face, Layout, LayoutKind

MIN_SIZE, MAX_SIZE = 3, 6
# The most chains of dice a trace follows before it gives up (a fraction of a second).
MAX_CHAINS = 50_000


def tray_in_photo(layout: Layout) -> tuple[Layout, str | None]:
    """The tray a photo's layout shows, and a note on the cubes the photo shows off the tray,
    if any: they lie on the table, no part of the board (a typed grid's ``unused:`` line is
    refused instead, by :meth:`Board.from_layout`).

    >>> tray, note = tray_in_photo(parse_grid("kind: tray\\nAB\\nCD\\nunused: U [BLANK]"))
    >>> tray.unused, note
    ((), '2 cubes lie off the tray (U [BLANK]): left out of the board')
    """
    if not layout.unused:
        return layout, None
    count = len(layout.unused)
    some = "1 cube lies" if count == 1 else f"{count} cubes lie"
    shown = " ".join(face_token(face, LayoutKind.TRAY) for face in layout.unused)
    return replace(layout, unused=()), f"{some} off the tray ({shown}): left out of the board"


class Board:
    """An N×N tray of letter dice (3×3 to 6×6).

    >>> grid = "R A K\\nE [BLOCK] T\\nO Å N"
    >>> Board.from_text(grid).path("ramt"), Board.from_text(grid, block_wild=True).path("ramt")
    (None, (0, 1, 4, 5))
    """

    def __init__(self, faces: Sequence[Face], *, block_wild: bool = False) -> None:
        size = math.isqrt(len(faces))
        if size * size != len(faces) or not MIN_SIZE <= size <= MAX_SIZE:
            raise InputError(
                f"a word-hunt board is a full square of {MIN_SIZE}×{MIN_SIZE} to "
                f"{MAX_SIZE}×{MAX_SIZE} dice, not {len(faces)} dice"
            )
        self.size = size
        self.faces = tuple(faces)
        self.letters = tuple(face.letters.lower() for face in self.faces)
        self.wild = frozenset(
            i for i, face in enumerate(self.faces) if face.is_block and block_wild
        )
        """The dice that stand for any one letter (BLOCK faces, where the players agree)."""
        self.neighbours = tuple(self._touching(i) for i in range(len(faces)))

    @classmethod
    def from_layout(cls, layout: Layout, *, block_wild: bool = False) -> Board:
        """The board a tray layout shows; a clear error when it is not a full square of letters."""
        if layout.unused:
            raise InputError("a word-hunt tray has no dice left over: remove the 'unused:' line")
        rows = layout.rows()
        height, width = len(rows), max((len(row) for row in rows), default=0)
        if height != width or not MIN_SIZE <= height <= MAX_SIZE:
            raise InputError(
                f"a word-hunt board is a full square of {MIN_SIZE}×{MIN_SIZE} to "
                f"{MAX_SIZE}×{MAX_SIZE} dice; this one is {height} rows by {width} columns"
            )
        top, left, _, _ = layout.bounds()
        for r, row in enumerate(rows):
            for c, face in enumerate(row):
                where = f"row {top + r + 1}, column {left + c + 1}"
                if face is None:
                    raise InputError(f"the board has no die at {where}: every square holds one")
                if face.is_wildcard:
                    raise InputError(f"the die at {where} shows {face.symbol}: dice show letters")
        return cls(
            [face for row in rows for face in row if face is not None], block_wild=block_wild
        )

    @classmethod
    def from_text(cls, text: str, *, block_wild: bool = False) -> Board:
        """The board of a text grid; lower-case letters are plain letters, as in any tray.

        >>> Board.from_text("kind: tray\\nabc\\ndef\\nghi").letters[4]
        'e'
        """
        return cls.from_layout(parse_grid(text, lowercase_is_wildcard=False), block_wild=block_wild)

    def square(self, die: int) -> tuple[int, int]:
        """The (row, column) of a die, counted from 0."""
        return divmod(die, self.size)

    def where(self, die: int) -> str:
        """A die's place as a player says it: ``row 2, column 3``."""
        row, col = self.square(die)
        return f"row {row + 1}, column {col + 1}"

    def _touching(self, die: int) -> tuple[int, ...]:
        row, col = self.square(die)
        return tuple(
            r * self.size + c
            for r in range(row - 1, row + 2)
            for c in range(col - 1, col + 2)
            if (r, c) != (row, col) and 0 <= r < self.size and 0 <= c < self.size
        )

    def path(self, word: str) -> tuple[int, ...] | None:
        """The dice that spell ``word`` one after another, or None when it is not on the board."""
        return self.trace(word).path

    def trace(self, word: str) -> Trace:
        """Where ``word`` lies on the board, or how far along it a chain of dice gets."""
        word = word.lower()
        best = Trace(self, word, None, 0, (), False, ())
        # No chain spells more of the word than the board has letters for: reaching
        # that far settles the answer without trying every other chain.
        limit = self._letters_suffice(word)
        seen: set[tuple[int, int, int]] = set()
        settled = False

        def extend(path: list[int], used: int, at: int) -> tuple[int, ...] | None:
            nonlocal best, settled
            if at == len(word):
                return tuple(path)
            candidates = self.neighbours[path[-1]] if path else range(len(self.faces))
            blocked = False
            for die in candidates:
                letters = word[at] if die in self.wild else self.letters[die]
                if settled or not letters or not word.startswith(letters, at):
                    continue
                if used >> die & 1:
                    blocked = True
                    continue
                state = (used | 1 << die, die, at + len(letters))
                if state in seen:
                    continue
                seen.add(state)
                if len(seen) > MAX_CHAINS:
                    settled = True
                    best = Trace(
                        self,
                        word,
                        None,
                        best.reached,
                        best.stops,
                        best.reused,
                        best.partial,
                        gave_up=True,
                    )
                    return None
                path.append(die)
                found = extend(path, state[0], state[2])
                path.pop()
                if found:
                    return found
            if settled:
                return None
            if at > best.reached:
                best = Trace(self, word, None, at, (path[-1],), blocked, tuple(path))
                settled = at >= limit
            elif at == best.reached and path and path[-1] not in best.stops:
                stops, reused = (*best.stops, path[-1]), best.reused or blocked
                best = Trace(self, word, None, at, stops, reused, best.partial)
            return None

        found = extend([], 0, 0)
        return Trace(self, word, found, len(word), (), False, found) if found else best

    def _letters_suffice(self, word: str) -> int:
        """How much of ``word`` the board's letters could spell, ignoring where they lie."""
        left, wild = Counter("".join(self.letters)), len(self.wild)
        for at, letter in enumerate(word):
            if left[letter]:
                left[letter] -= 1
            elif wild:
                wild -= 1
            else:
                return at
        return len(word)

    def draw(self, path: Sequence[int] = ()) -> str:
        """The board, and beside it the order in which ``path`` uses the dice.

        >>> print(Board.from_text("RAK\\nEMT\\nOÅN").draw((0, 1, 2, 5)))
        R A K   1 2 3
        E M T   . . 4
        O Å N   . . .
        """
        order = {die: str(step) for step, die in enumerate(path, start=1)}
        symbols = ["■" if face.is_block else face.symbol for face in self.faces]
        cell = max(len(symbol) for symbol in symbols)
        step = max((len(number) for number in order.values()), default=1)
        lines = []
        for row in range(self.size):
            dice = range(row * self.size, (row + 1) * self.size)
            board = " ".join(symbols[die].ljust(cell) for die in dice)
            steps = " ".join(order.get(die, ".").rjust(step) for die in dice)
            lines.append(f"{board}   {steps}" if path else board)
        return "\n".join(line.rstrip() for line in lines)


@dataclass(frozen=True)
class Trace:
    """How much of a word a chain of touching dice spells.

    ``path`` is the whole word's chain when it is on the board; otherwise
    ``reached`` letters can be formed (one such chain is ``partial``), ending on
    the dice ``stops``, and ``reused`` says a die that would continue it is
    already in the chain. ``gave_up``: the board has too many chains of
    repeated letters to follow them all (a word no player writes).
    """

    board: Board
    word: str
    path: tuple[int, ...] | None
    reached: int
    stops: tuple[int, ...]
    reused: bool
    partial: tuple[int, ...]
    gave_up: bool = False

    def explain(self) -> str:
        """Why the word is not on the board, in a player's words ('' when it is)."""
        if self.path is not None:
            return ""
        if self.gave_up:
            return f"too many chains of dice to follow ({MAX_CHAINS:,})"
        board, word = self.board, self.word
        wanted = "Qu" if word.startswith("qu", self.reached) else word[self.reached].upper()
        if self.reached == 0:
            return f"no die shows {wanted}"
        formed = word[: self.reached].upper()
        shown = any(letters and word.startswith(letters, self.reached) for letters in board.letters)
        if not shown and not board.wild:
            return f"{formed} can be formed, but no die shows {wanted}"
        last = board.faces[self.stops[0]].symbol
        places = " or ".join(board.where(die) for die in self.stops)
        if self.reused:
            return (
                f"{formed} can be formed, but the only {wanted} next to the {last} at {places} "
                "is already used in the word (no die twice)"
            )
        return f"{formed} can be formed, but no {wanted} touches the {last} at {places}"
