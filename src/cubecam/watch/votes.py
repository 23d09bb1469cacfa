"""Readings combined over frames: a vote per cube, keyed by its square on the lattice.

Each frame's reading numbers its squares from its own top-left cube, so a
frame that misses an edge cube numbers the rest differently; every reading
is first shifted onto the squares of the running consensus.

>>> votes = LayoutVotes(window=3)
>>> for cells in ({(0, 0): "O", (0, 1): "F"}, {(0, 0): "O", (0, 1): "E"}, {(0, 0): "O", (0, 1): "F"}):
...     votes.add(FrameReading({sq: (s, 0.9) for sq, s in cells.items()}))
>>> [face.symbol for face in votes.consensus().cells.values()]
['O', 'F']
"""

from __future__ import annotations

from collections import Counter, defaultdict, deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import product

from cubecam.layout import Face, Layout, LayoutKind, Square

Vote = tuple[str, float]
SHIFTS = sorted(product(range(-2, 3), repeat=2), key=lambda s: abs(s[0]) + abs(s[1]))


@dataclass(frozen=True)
class FrameReading:
    """What one frame showed: each grid square's symbol and confidence, and the cubes left over."""

    cells: Mapping[Square, Vote]
    unused: tuple[str, ...] = ()
    kind: LayoutKind = LayoutKind.CROSSWORD

    @classmethod
    def of(cls, reading) -> FrameReading:
        """From a vision ``Reading`` (cubes with ``row``/``col``; the rest are left over)."""
        cells = {}
        for cube in reading.cubes:
            if cube.row is not None and cube.col is not None:
                cells[(cube.row, cube.col)] = (cube.symbol, float(cube.confidence))
        unused = tuple(face.symbol for face in reading.layout.unused)
        return cls(cells, unused, reading.layout.kind)


@dataclass
class LayoutVotes:
    """The last ``window`` frame readings, aligned, and the layout most of them agree on."""

    window: int = 7
    frames: deque[FrameReading] = field(default_factory=deque)

    def add(self, frame: FrameReading) -> None:
        """Vote with one more frame, shifted onto the consensus's squares."""
        if self.frames:
            frame = self._aligned(frame, self.consensus())
        self.frames.append(frame)
        while len(self.frames) > self.window:
            self.frames.popleft()

    def consensus(self) -> Layout:
        """Each square that most frames saw a cube on, with the symbol they voted for most.

        A vote weighs the reader's confidence, so a blurred frame's unsure guess
        counts for less than a sharp frame's sure one.
        """
        if not self.frames:
            return Layout()
        ballots: dict[Square, Counter[str]] = defaultdict(Counter)
        for frame in self.frames:
            for square, (symbol, confidence) in frame.cells.items():
                ballots[square][symbol] += max(confidence, 1e-3)
        quorum = len(self.frames) / 2
        cells = {}
        for square, ballot in ballots.items():
            seen = sum(square in frame.cells for frame in self.frames)
            if seen > quorum:
                cells[square] = Face(ballot.most_common(1)[0][0])
        unused = []
        for symbol in sorted({s for frame in self.frames for s in frame.unused}):
            counts = sorted((frame.unused.count(symbol) for frame in self.frames), reverse=True)
            unused += [symbol] * counts[len(counts) // 2]  # as many as most frames saw
        top = min((r for r, _ in cells), default=0)
        left = min((c for _, c in cells), default=0)
        cells = {(r - top, c - left): face for (r, c), face in cells.items()}
        return Layout(cells, tuple(Face(s) for s in unused), self.frames[-1].kind)

    def _aligned(self, frame: FrameReading, consensus: Layout) -> FrameReading:
        """``frame`` moved by the shift that lays most of its cubes on matching squares."""
        anchor = self._origin()

        def agreement(shift: Square) -> tuple[int, int]:
            dr, dc = shift
            same = sum(
                1
                for (r, c), (symbol, _) in frame.cells.items()
                if (face := consensus.cells.get((r + dr - anchor[0], c + dc - anchor[1])))
                and face.symbol == symbol
            )
            present = sum(
                (r + dr - anchor[0], c + dc - anchor[1]) in consensus.cells for r, c in frame.cells
            )
            return same, present

        dr, dc = max(SHIFTS, key=agreement)
        return FrameReading(
            {(r + dr, c + dc): vote for (r, c), vote in frame.cells.items()},
            frame.unused,
            frame.kind,
        )

    def _origin(self) -> Square:
        """The top-left square of the frames' own numbering that the consensus calls (0, 0)."""
        squares = [sq for frame in self.frames for sq in frame.cells]
        quorum = len(self.frames) / 2
        counted = Counter(squares)
        kept = [sq for sq, n in counted.items() if n > quorum] or squares or [(0, 0)]
        return (min(r for r, _ in kept), min(c for _, c in kept))
