"""Readings combined over frames: a vote per cube, keyed by its square on the lattice.

Each frame's reading numbers its squares from its own top-left cube, so a
frame that misses an edge cube numbers the rest differently; every reading
is first shifted onto the squares of the running consensus.

>>> from cubecam.layout import LayoutKind
>>> from cubecam.reading import CubeReading
>>> votes = LayoutVotes(window=3)
>>> for second in "FEF":
...     cubes = [CubeReading(symbol=s, confidence=0.9, row=0, col=c) for c, s in enumerate("O" + second)]
...     votes.add(Reading(kind=LayoutKind.CROSSWORD, cubes=cubes))
>>> [face.symbol for face in votes.consensus().cells.values()]
['O', 'F']
"""

from __future__ import annotations

from collections import Counter, defaultdict, deque
from dataclasses import dataclass, field
from itertools import product

from cubecam.layout import Face, Layout, Square
from cubecam.reading import CubeReading, Reading, likeliest

SHIFTS: list[Square] = sorted(
    product(range(-2, 3), range(-2, 3)), key=lambda s: abs(s[0]) + abs(s[1])
)


@dataclass(frozen=True)
class Frame:
    """One frame's reading, shifted onto the squares of the consensus."""

    reading: Reading
    shift: Square = (0, 0)

    @property
    def cells(self) -> dict[Square, CubeReading]:
        """The cubes on the grid, by their square on the consensus's numbering."""
        dr, dc = self.shift
        return {
            (cube.row + dr, cube.col + dc): cube
            for cube in self.reading.cubes
            if cube.row is not None and cube.col is not None
        }

    @property
    def unused(self) -> list[str]:
        return [face.symbol for face in self.reading.layout.unused]


@dataclass
class LayoutVotes:
    """The last ``window`` frames' readings, aligned, and the layout most of them agree on."""

    window: int = 7
    frames: deque[Frame] = field(default_factory=deque)

    def add(self, reading: Reading) -> None:
        """Vote with one more frame's reading, shifted onto the consensus's squares."""
        frame = Frame(reading)
        if self.frames:
            frame = self._aligned(frame, self.consensus())
        self.frames.append(frame)
        while len(self.frames) > self.window:
            self.frames.popleft()

    def consensus(self) -> Layout:
        """Each square that most frames saw a cube on, with the symbol they voted for most.

        A vote weighs how sure the reader is of the cube (see
        :attr:`~cubecam.reading.CubeReading.sureness`), so a blurred frame's unsure guess
        counts for less than a sharp frame's sure one; a square holds a cube where the
        frames that found one there, each counted as sure as it is that a cube is there,
        are more than half the frames.
        """
        if not self.frames:
            return Layout()
        ballots: dict[Square, dict[str, float]] = defaultdict(lambda: defaultdict(float))
        frames = [(frame.cells, frame.unused) for frame in self.frames]
        for frame_cells, _ in frames:
            for square, cube in frame_cells.items():
                ballots[square][cube.symbol] += max(cube.sureness, 1e-3)
        quorum = len(self.frames) / 2
        cells = {}
        for square, ballot in ballots.items():
            seen = sum(
                frame_cells[square].presence for frame_cells, _ in frames if square in frame_cells
            )
            if seen > quorum:
                cells[square] = Face(likeliest(ballot))
        unused = []
        for symbol in sorted({s for _, frame_unused in frames for s in frame_unused}):
            counts = sorted(
                (frame_unused.count(symbol) for _, frame_unused in frames), reverse=True
            )
            unused += [symbol] * counts[len(counts) // 2]  # as many as most frames saw
        top = min((r for r, _ in cells), default=0)
        left = min((c for _, c in cells), default=0)
        cells = {(r - top, c - left): face for (r, c), face in cells.items()}
        return Layout(cells, tuple(Face(s) for s in unused), self.frames[-1].reading.kind)

    def _aligned(self, frame: Frame, consensus: Layout) -> Frame:
        """``frame`` moved by the shift that lays most of its cubes on matching squares."""
        anchor = self._origin()
        cells = frame.cells

        def agreement(shift: Square) -> tuple[int, int]:
            dr, dc = shift
            same = sum(
                1
                for (r, c), cube in cells.items()
                if (face := consensus.cells.get((r + dr - anchor[0], c + dc - anchor[1])))
                and face.symbol == cube.symbol
            )
            present = sum(
                (r + dr - anchor[0], c + dc - anchor[1]) in consensus.cells for r, c in cells
            )
            return same, present

        return Frame(frame.reading, max(SHIFTS, key=agreement))

    def _origin(self) -> Square:
        """The top-left square of the frames' own numbering that the consensus calls (0, 0)."""
        squares = [sq for frame in self.frames for sq in frame.cells]
        quorum = len(self.frames) / 2
        counted = Counter(squares)
        kept = [sq for sq, n in counted.items() if n > quorum] or squares or [(0, 0)]
        return (min(r for r, _ in kept), min(c for _, c in kept))
