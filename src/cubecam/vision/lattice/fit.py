"""Fit the table's plane to the faces: each face's square on one integer lattice.

A homography (the table seen in perspective) maps the photo onto a lattice whose square
(row r, column c) is the unit square [c, c + 1] × [r, r + 1]; a face fills the middle
``side`` of its square (a tray holds its dice a little apart, a crossword's cubes touch).
The fit starts from one face, takes the faces lying where the homography puts a
neighbouring square, refits with RANSAC over every face taken, and repeats, as chesscog
fits a chessboard. Faces the plane cannot explain (a die turned its own way, a face of
another size, a false find) stay off the lattice.

>>> import numpy as np
>>> from cubecam.vision.quad import Quad
>>> def face(x, y):
...     return Quad(np.array([[x, y], [x + 40, y], [x + 40, y + 40], [x, y + 40]], float))
>>> lattice = fit_lattice([face(100, 100), face(142, 100), face(184, 100), face(142, 142),
...                        face(410, 300)])
>>> lattice.cells
[(0, 0), (0, 1), (0, 2), (1, 1), None]
>>> lattice.touching()
[(0, 0), (0, 1), (0, 2), (1, 1), None]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np

from cubecam.layout import Square
from cubecam.vision.lattice.camera import camera_position, side_centres
from cubecam.vision.quad import Quad
from cubecam.vision.stage_settings import StageSettings

GROW_TOLERANCE = 0.45
"""A face joins a square next to the lattice when its centre lies this close to the
square's centre (lattice units, along each axis): cubes pushed together by hand stand a
little off their squares, and an outline cut from a blob of touching cubes more so."""
FAR_TOLERANCE = 0.25
"""The same, for a face anywhere on the plane once no neighbour is left to take."""
TURN_TOLERANCE = 20.0
"""Degrees a face's edges may turn from the lattice's axes, on average: a die turned its
own way turns all four edges alike and is not on the lattice, while an outline the detector
sheared at a slant turns two of them only."""
SIZE_TOLERANCE = 1.45
"""How many times larger or smaller than the others a face on the lattice may look."""
RANSAC_UNITS = 0.12
"""RANSAC's inlier distance, in lattice units."""
SEEDS = 6
"""Faces tried as the seed of the fit (most confident first); the lattice that sets the
most faces nearest their squares' centres wins."""
MAX_ROUNDS = 40
"""Rounds of taking faces and refitting at most (a fit takes a ring of squares a round)."""
UNIT = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], float) / 2
"""A square's corners about its centre, clockwise from the top-left, for a side of 1."""
SETTINGS_PATH = Path(__file__).with_name("lattice.toml")


@dataclass(frozen=True)
class LatticeSettings(StageSettings):
    """What the fitted plane decides about the faces (chosen by
    ``python -m cubecam_lab.lattice.evaluate --choose``, see its docstring):
    ``side_off``, how many times further off its square than the faces' median a face
    must stand to be taken for the side of a cube beside it; ``confirm_above``, the
    detector's heat a peak too faint to keep on its own needs for the lattice to confirm
    it in a gap of a line of faces; ``extend_above``, the heat it needs to be taken on a
    free square beside a taken one (the blank cube that ends a word; above 1, never);
    ``square_beyond``, how far (lattice units, at any corner) a face's outline may
    stray from a square of the lattice before the face is cut through that square instead
    (see :meth:`Lattice.squared`); ``beside_verify``, the verifier's probability that a peak
    fainter still (down to the faintest it learnt from) needs to be taken on a free square
    beside a taken one (1, never)."""

    side_off: float
    confirm_above: float
    square_beyond: float
    extend_above: float
    beside_verify: float = 1.0
    PATH = SETTINGS_PATH

    @property
    def faint_floor(self) -> float:
        """The least heat a faint peak needs for the lattice to take it anywhere."""
        return min(self.confirm_above, self.extend_above)


@dataclass(frozen=True)
class Placement:
    """The faces the lattice stage settled: ``faces``, the top faces (the detector's finds
    kept, then the faint peaks confirmed), each on its square of ``lattice`` (or off it);
    ``rejected``, the finds taken for the side face of a cube whose top lies beside (the
    tops of loose dice pushed together, where the dice lie loose: see
    :mod:`~cubecam.vision.pipeline`)."""

    faces: list[Quad]
    lattice: Lattice
    rejected: list[Quad]


@dataclass(frozen=True)
class Lattice:
    """The fitted plane: ``to_image`` maps lattice units to working-image pixels (None
    when no face was fitted); ``cells`` gives each face's square, None off the lattice;
    ``side`` is the faces' side in lattice units; ``guessed``, the indices of the faces
    kept on less than the detector's own heat (faint peaks the lattice confirmed where it
    expects a face, finds the verifier vouched for)."""

    to_image: np.ndarray | None
    cells: list[Square | None]
    side: float = 1.0
    guessed: frozenset[int] = frozenset()

    @property
    def on_lattice(self) -> int:
        return sum(cell is not None for cell in self.cells)

    def touching(self) -> list[Square | None]:
        """A crossword's squares: every face touching another along the lattice (a second
        group keeps its place, for the rules to judge); a face touching none is left over."""
        taken = {cell for cell in self.cells if cell is not None}
        kept = [
            cell
            if cell is not None and any((cell[0] + dr, cell[1] + dc) in taken for dr, dc in _STEPS)
            else None
            for cell in self.cells
        ]
        return from_origin(kept)

    def without(self, faces: np.ndarray) -> Lattice:
        """This lattice with the ``faces`` (a mask) taken off it."""
        return replace(
            self, cells=[None if off else c for c, off in zip(self.cells, faces, strict=True)]
        )

    def keeping(self, faces: np.ndarray) -> Lattice:
        """This lattice of the ``faces`` (a mask) alone, the others dropped (numbered anew)."""
        index = np.cumsum(faces) - 1
        return replace(
            self,
            cells=[c for c, keep in zip(self.cells, faces, strict=True) if keep],
            guessed=frozenset(int(index[i]) for i in self.guessed if faces[i]),
        )

    def at_sides(self, quads: list[Quad], photo_size: tuple[int, int]) -> np.ndarray:
        """Which of ``quads`` (this lattice's faces) lie, as the camera saw them, within half
        a face of the middle of a side of another face's cube standing further from the
        camera: where at a slant that cube's side face shows (see :mod:`.camera`).

        >>> def face(x, y):
        ...     return Quad(np.array([[x, y], [x + 40, y], [x + 40, y + 40], [x, y + 40]], float))
        >>> faces = [face(100, 100 + 42 * i) for i in range(3)]
        >>> lattice = fit_lattice(faces)
        >>> lattice.at_sides(faces, (240, 100)).tolist()  # the camera above the photo's top
        [True, True, False]
        >>> lattice.at_sides(faces, (240, 360)).tolist()  # straight above the middle face
        [False, False, False]
        """
        if self.to_image is None or not quads:
            return np.zeros(len(quads), bool)
        centres = np.array([q.center for q in quads], np.float64)
        positions = _transform(np.linalg.inv(self.to_image), centres)
        camera = camera_position(self.to_image, photo_size)
        sides = side_centres(positions, self.side, camera)
        points = np.column_stack([positions, np.zeros(len(positions))])
        distance = np.linalg.norm(points - camera, axis=1)
        reach = np.linalg.norm(sides[None] - positions[:, None, None], axis=3) < self.side / 2
        further = distance[None, :] > distance[:, None]
        return (reach.any(axis=2) & further).any(axis=1)

    def window(self, n: int) -> Square | None:
        """The top-left square of the N × N window of the lattice holding the most faces
        (None when no face is on the lattice)."""
        taken = [cell for cell in self.cells if cell is not None]
        return _window(taken, n)[0] if taken else None

    def tray(self, n: int) -> list[Square | None]:
        """The squares of an N × N tray: those of its :meth:`window`; faces outside it (the
        rim, an empty slot) are None."""
        corner = self.window(n)
        if corner is None:
            return list(self.cells)
        top, left = corner
        return [
            (cell[0] - top, cell[1] - left)
            if cell is not None and _inside(cell, corner, n)
            else None
            for cell in self.cells
        ]

    def filled(self, quads: list[Quad], n: int) -> tuple[list[Quad], Lattice]:
        """A tray holds a die on every square: where the faces in its N × N :meth:`window`
        reach all its rows and columns (so the window is where the tray is), ``quads``
        followed by each empty square of the window as the photo sees it (heat 0), and
        the lattice with their squares; else ``quads`` and this lattice as they are.

        >>> import numpy as np
        >>> def face(x, y):
        ...     return Quad(np.array([[x, y], [x + 40, y], [x + 40, y + 40], [x, y + 40]], float))
        >>> faces = [face(100, 100), face(150, 100), face(100, 150)]
        >>> quads, lattice = fit_lattice(faces).filled(faces, 2)
        >>> lattice.cells[3], quads[3].corners.round().tolist()
        ((1, 1), [[150.0, 150.0], [190.0, 150.0], [190.0, 190.0], [150.0, 190.0]])
        """
        corner = self.window(n)
        if corner is None or self.to_image is None:
            return list(quads), self
        top, left = corner
        inside = {cell for cell in self.cells if cell is not None and _inside(cell, corner, n)}
        reached = ({r for r, _ in inside}, {c for _, c in inside})
        if any(len(lines) < n for lines in reached):
            return list(quads), self
        empty = [
            (r, c)
            for r in range(top, top + n)
            for c in range(left, left + n)
            if (r, c) not in inside
        ]
        made = [
            Quad(_transform(self.to_image, np.array([c + 0.5, r + 0.5]) + UNIT * self.side), 0.0)
            for r, c in empty
        ]
        return [*quads, *made], replace(self, cells=[*self.cells, *empty])

    def best_tray(self, sizes: tuple[int, ...]) -> tuple[int, list[Square | None]]:
        """The smallest tray size among ``sizes`` that holds every face the detector found
        on the lattice (it misses a die far more often than it finds one that is not there;
        a faint peak the lattice guessed beside a die, on a board or a rim, widens no tray),
        else the largest; widened, a size at a time, where the faces of every heat fill
        more than half of the squares a wider window adds (in a dim photo most dice are
        found faintly, and a row of them is the tray's, not a square of the board or two);
        and its squares.

        >>> def face(x, y):
        ...     return Quad(np.array([[x, y], [x + 40, y], [x + 40, y + 40], [x, y + 40]], float))
        >>> squares = [(r, c) for r in range(5) for c in range(5)][:-1]  # a die missed
        >>> lattice = fit_lattice([face(100 + 50 * c, 100 + 50 * r) for r, c in squares])
        >>> faint = frozenset(i for i, (r, c) in enumerate(squares) if 4 in (r, c))
        >>> replace(lattice, guessed=faint).best_tray((4, 5, 6))[0]  # a row and a column
        5
        >>> one = [cell if i not in faint or cell == (4, 0) else None
        ...        for i, cell in enumerate(lattice.cells)]
        >>> replace(lattice, cells=one, guessed=faint).best_tray((4, 5, 6))[0]  # one faint
        4
        """
        taken = [cell for cell in self.cells if cell is not None]
        found = [c for i, c in enumerate(self.cells) if c is not None and i not in self.guessed]
        found = found or taken
        extent = max((max(p) - min(p) + 1 for p in zip(*found, strict=True)), default=0)
        n = min((n for n in sizes if n >= extent), default=max(sizes))
        held = _window(taken, n)[1] if taken else 0
        for wider in sorted(size for size in sizes if size > n):
            more = _window(taken, wider)[1] if taken else 0
            if 2 * (more - held) <= wider * wider - n * n:
                break
            n, held = wider, more
        return n, self.tray(n)

    def lines(self, squares: list[Square | None]) -> list[tuple[np.ndarray, np.ndarray]]:
        """The lattice's lines around ``squares`` (of this lattice's cells, as
        :meth:`touching` or :meth:`tray` gave them), as segments in working-image pixels."""
        pairs = [
            (cell, square)
            for cell, square in zip(self.cells, squares, strict=True)
            if cell is not None and square is not None
        ]
        if self.to_image is None or not pairs:
            return []
        shift = np.subtract(pairs[0][0], pairs[0][1])
        placed = np.array([square for _, square in pairs]) + shift
        (top, left), (bottom, right) = placed.min(axis=0), placed.max(axis=0) + 1
        ends = [((left, r), (right, r)) for r in range(top, bottom + 1)]
        ends += [((c, top), (c, bottom)) for c in range(left, right + 1)]
        points = _transform(self.to_image, np.array(ends, float).reshape(-1, 2))
        return [(points[i], points[i + 1]) for i in range(0, len(points), 2)]

    def aligned(self, quads: list[Quad]) -> list[Quad]:
        """The faces with their corners renumbered to start where their square's top-left
        corner lies, so every face on the lattice is cut turned the lattice's way."""
        if self.to_image is None:
            return list(quads)
        placed = [i for i, cell in enumerate(self.cells) if cell is not None]
        if not placed:
            return list(quads)
        corners = np.array([quads[i].corners for i in placed], float)
        on_lattice = _transform(np.linalg.inv(self.to_image), corners)
        cells = np.array([self.cells[i] for i in placed])
        shifted = _rolled(corners, _first_corners(on_lattice, cells, self.side))
        out = list(quads)
        for i, face in zip(placed, shifted, strict=True):
            out[i] = replace(quads[i], corners=face)
        return out

    def strays(self, quads: list[Quad]) -> np.ndarray:
        """How far each face's outline (numbered as :meth:`aligned` gives them) strays from
        the lattice's square about its own centre: lattice units, at its worst corner (0
        for a face off the lattice)."""
        out = np.zeros(len(quads))
        if self.to_image is None:
            return out
        to_lattice = np.linalg.inv(self.to_image)
        for i, cell in enumerate(self.cells):
            if cell is not None:
                corners = _transform(to_lattice, quads[i].corners)
                out[i] = np.abs(corners - (_centre(corners) + UNIT * self.side)).max()
        return out

    def squared(self, quads: list[Quad], beyond: float) -> list[Quad]:
        """The faces (numbered as :meth:`aligned` gives them), each outline that
        :meth:`strays` further than ``beyond`` replaced by the lattice's square about its
        centre, seen in the photo: a detector's outline sheared across a face would cut
        its glyph askew."""
        out = list(quads)
        if self.to_image is None:
            return out
        to_lattice = np.linalg.inv(self.to_image)
        for i in np.flatnonzero(self.strays(quads) > beyond):
            centre = _centre(_transform(to_lattice, quads[i].corners))
            square = _transform(self.to_image, centre + UNIT * self.side)
            out[i] = replace(quads[i], corners=square)
        return out


_STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))
_AROUND = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)


def fit_lattice(quads: list[Quad]) -> Lattice:
    """The lattice of the largest set of faces one plane explains (see the module)."""
    if not quads:
        return Lattice(None, [])
    order = sorted(range(len(quads)), key=lambda i: -quads[i].score)
    best: Lattice | None = None
    best_support = -1.0
    for seed in order[:SEEDS]:
        lattice = _grow(quads, seed)
        support = _support(lattice, quads)
        # seeds that take the same faces fit the same plane: the likelier seed's is kept
        if support > best_support and (best is None or _taken(lattice) != _taken(best)):
            best, best_support = lattice, support
        if best is not None and best.on_lattice == len(quads):  # no other seed can explain more
            break
    assert best is not None
    return best


def _taken(lattice: Lattice) -> frozenset[int]:
    """The faces (by index) ``lattice`` sets on a square."""
    return frozenset(i for i, cell in enumerate(lattice.cells) if cell is not None)


def _support(lattice: Lattice, quads: list[Quad]) -> float:
    """How well ``lattice`` explains ``quads``: each face on it counts 1 less the square of
    its centre's distance from its square's centre (along the farther axis) as a share of
    :data:`GROW_TOLERANCE`, as MSAC scores a fit rather than counting its inliers: a plane
    that takes a loose die more only by setting the crossword's faces off their squares loses
    to one that sets them square.

    >>> def face(x, y):
    ...     return Quad(np.array([[x, y], [x + 40, y], [x + 40, y + 40], [x, y + 40]], float))
    >>> faces = [face(100, 100), face(142, 100)]
    >>> square = Lattice(np.array([[42, 0, 99], [0, 42, 99], [0, 0, 1]], float), [(0, 0), (0, 1)])
    >>> askew = replace(square, to_image=square.to_image + [[0, 0, 10], [0, 0, 0], [0, 0, 0]])
    >>> round(_support(square, faces), 3), round(_support(askew, faces), 3)
    (2.0, 1.44)
    """
    if lattice.to_image is None:
        return 0.0
    taken = sorted(_taken(lattice))
    if not taken:
        return 0.0
    centres = np.array([_centre(quads[i].corners) for i in taken])
    positions = _transform(np.linalg.inv(lattice.to_image), centres)
    squares = np.array([lattice.cells[i] for i in taken], float)[:, ::-1] + 0.5
    off = np.abs(positions - squares).max(axis=1) / GROW_TOLERANCE
    return float(np.clip(1.0 - off**2, 0.0, 1.0).sum())


def place_faces(
    quads: list[Quad],
    candidates: Sequence[Quad] = (),
    settings: LatticeSettings | None = None,
    photo_size: tuple[int, int] | None = None,
    weak_below: float = 0.0,
    believed: Sequence[Quad] = (),
) -> Placement:
    """Fit the lattice to ``quads`` (see the module), then settle what the plane says of
    each face: a face lying nearer where the camera (see :mod:`.camera`; ``photo_size``,
    width and height, places its centre) sees a side of a cube on the lattice than its own
    square's centre is that side, no cube's top (at a slant the sides facing the camera
    show just in front of the tops); a faint ``candidate`` is taken where it fills a gap in
    a line of faces (a free square between two taken ones, across or down), and, fainter
    still as the settings allow, on a free square beside a taken one, as is a peak fainter
    still that the verifier ``believed`` (above ``settings.beside_verify``, the caller asks).
    The faint peaks taken, and the faces whose heat is below ``weak_below`` (the detector's
    threshold: kept on its verifier's word), are the lattice's :attr:`~Lattice.guessed`.

    >>> import numpy as np
    >>> def face(x, y, score=1.0):
    ...     corners = [[x, y], [x + 40, y], [x + 40, y + 40], [x, y + 40]]
    ...     return Quad(np.array(corners, float), score)
    >>> faces = [face(100, 100), face(142, 100), face(226, 100), face(142, 142)]
    >>> faint = [face(184, 100, 0.4), face(100, 142, 0.25)]
    >>> placed = place_faces(faces, faint, LatticeSettings(2.0, 0.3, 0.2, 2.0), (400, 300))
    >>> placed.lattice.cells, placed.rejected
    ([(0, 0), (0, 1), (0, 3), (1, 1), (0, 2)], [])
    >>> place_faces(faces, faint, LatticeSettings(2.0, 0.3, 0.2, 0.2), (400, 300)).lattice.cells[-1]
    (1, 0)
    >>> believed = [face(100, 142, 0.12), face(100, 226, 0.12)]  # beside a face, and apart
    >>> placed = place_faces(faces, (), LatticeSettings(2.0, 1.0, 0.2, 2.0), (400, 300), 0.5, believed)
    >>> placed.lattice.cells, sorted(placed.lattice.guessed)
    ([(0, 0), (0, 1), (0, 3), (1, 1), (1, 0)], [4])
    """
    settings = settings or LatticeSettings.load()
    candidates = [q for q in candidates if q.score > settings.faint_floor]
    lattice = fit_lattice(quads)
    if lattice.to_image is None:
        return Placement(list(quads), lattice, [])
    faces = list(quads) + candidates + list(believed)
    corners = np.array([q.corners for q in faces], np.float64)
    fit = _Fit(
        corners,
        np.array([_centre(c) for c in corners]),
        np.linalg.inv(lattice.to_image),
        lattice.side,
    )
    size = photo_size or _extent(corners)
    camera = camera_position(lattice.to_image, size)
    top = _tops(fit, camera, settings)
    finds = [i for i in sorted(top) if i < len(quads)]
    cells = [lattice.cells[i] for i in finds]
    taken = {cell for cell in cells if cell is not None}
    filled = set(taken)
    squares = fit.squares(GROW_TOLERANCE)
    confirmed = []
    for i in sorted(set(top) - set(finds)):
        square = squares[i]
        if square is None or square in filled:
            continue
        in_gap = faces[i].score > settings.confirm_above and _in_gap(square, taken)
        extend = faces[i].score > settings.extend_above or i >= len(quads) + len(candidates)
        if in_gap or (extend and _beside(square, taken)):
            confirmed.append(i)
            cells.append(square)
            filled.add(square)
    weak = [n for n, i in enumerate(finds) if faces[i].score < weak_below]
    guessed = weak + list(range(len(finds), len(cells)))
    return Placement(
        [faces[i] for i in finds + confirmed],
        Lattice(lattice.to_image, cells, lattice.side, frozenset(guessed)),
        [quads[i] for i in range(len(quads)) if i not in set(finds)],
    )


def _extent(corners: np.ndarray) -> tuple[int, int]:
    """A photo just holding every corner (its centre theirs), where none is given."""
    low, high = corners.reshape(-1, 2).min(axis=0), corners.reshape(-1, 2).max(axis=0)
    return int(high[0] + low[0]), int(high[1] + low[1])


def _tops(fit: _Fit, camera: np.ndarray, settings: LatticeSettings) -> list[int]:
    """The faces (by index) that are no side of another's cube: taken from the farthest from
    the camera, a face is dropped where it lies nearer a side of a cube taken (as the camera
    sees it) than its own square's centre and within half a face of that side's middle (a
    loose die lies anywhere off the squares, but no side shows further from where it is
    seen), and further off its square's centre than ``settings.side_off`` times the faces'
    median."""
    positions = fit.positions() + 0.5
    off = np.linalg.norm(positions - (np.round(positions - 0.5) + 0.5), axis=1)
    astray = off > settings.side_off * np.median(off)
    sides = side_centres(positions, fit.side, camera)
    points = np.column_stack([positions, np.zeros(len(positions))])
    distance = np.linalg.norm(points - camera, axis=1)
    kept: list[int] = []
    for i in np.argsort(-distance, kind="stable").tolist():
        reach = min(off[i], fit.side / 2)
        beside = np.linalg.norm(sides[kept] - positions[i], axis=2) < reach
        if not (astray[i] and beside.any()):
            kept.append(i)
    return kept


def _in_gap(square: Square, taken: set[Square]) -> bool:
    """Whether ``square`` lies between two taken squares, across or down."""
    across, down = _lines_through(square)
    return across <= taken or down <= taken


def _beside(square: Square, taken: set[Square]) -> bool:
    """Whether ``square`` shares a side with a taken square."""
    across, down = _lines_through(square)
    return bool((across | down) & taken)


def _lines_through(square: Square) -> tuple[set[Square], set[Square]]:
    """The squares either side of ``square`` across, and above and below it."""
    r, c = square
    return {(r, c - 1), (r, c + 1)}, {(r - 1, c), (r + 1, c)}


def from_origin(squares: list[Square | None]) -> list[Square | None]:
    """The squares shifted so that the top row and the left column are 0."""
    placed = [s for s in squares if s is not None]
    if not placed:
        return list(squares)
    top = min(r for r, _ in placed)
    left = min(c for _, c in placed)
    return [None if s is None else (s[0] - top, s[1] - left) for s in squares]


def turned(squares: list[Square | None], quarter_turns: int) -> list[Square | None]:
    """The squares as seen after turning the photo ``quarter_turns`` times clockwise.

    >>> turned([(0, 0), (0, 1), None], 1)
    [(0, 0), (1, 0), None]
    """
    for _ in range(quarter_turns % 4):
        squares = [None if s is None else (s[1], -s[0]) for s in squares]
    return from_origin(squares)


def _window(taken: list[Square], n: int) -> tuple[Square, int]:
    """The top-left square of the N × N window holding the most of the ``taken`` squares
    (at least one), and how many it holds."""
    rows = range(min(r for r, _ in taken) - n + 1, max(r for r, _ in taken) + 1)
    cols = range(min(c for _, c in taken) - n + 1, max(c for _, c in taken) + 1)
    held = {(r, c): sum(_inside(cell, (r, c), n) for cell in taken) for r in rows for c in cols}
    corner = max(held, key=held.__getitem__)
    return corner, held[corner]


def _inside(cell: Square, corner: Square, n: int) -> bool:
    return corner[0] <= cell[0] < corner[0] + n and corner[1] <= cell[1] < corner[1] + n


def _transform(homography: np.ndarray, points: np.ndarray) -> np.ndarray:
    """``points`` (… × 2) through ``homography``, in the same shape."""
    points = np.asarray(points, np.float64)
    return cv2.perspectiveTransform(points.reshape(-1, 1, 2), homography).reshape(points.shape)


def _centre(corners: np.ndarray) -> np.ndarray:
    """Where the diagonals cross: the image of the face's centre, whatever the perspective."""
    p0, p1, p2, p3 = corners
    a, b = p2 - p0, p3 - p1
    det = a[0] * -b[1] + b[0] * a[1]
    if abs(det) < 1e-9:
        return corners.mean(axis=0)
    d = p1 - p0
    t = (d[0] * -b[1] + b[0] * d[1]) / det
    return p0 + t * a


_ORDERS = (np.arange(4)[None, :] + np.arange(4)[:, None]) % 4
"""Row k: a face's corners renumbered to start at its corner k."""


def _rolled(corners: np.ndarray, shifts: np.ndarray) -> np.ndarray:
    """Each face's corners (M × 4 × 2) renumbered to start at its corner ``shifts[m]``."""
    return corners[np.arange(len(corners))[:, None], _ORDERS[shifts]]


def _first_corners(lattice_corners: np.ndarray, cells: np.ndarray, side: float) -> np.ndarray:
    """Which of each face's corners (M × 4 × 2, in lattice units) is the top-left of its
    cell's face (``cells``: M × (row, column)): the renumbering that puts every corner
    nearest its place."""
    ideal = np.stack([cells[:, 1] + 0.5, cells[:, 0] + 0.5], axis=1)[:, None] + UNIT * side
    every_order = lattice_corners[:, _ORDERS]  # M × 4 orders × 4 corners × 2
    return np.abs(every_order - ideal[:, None]).max(axis=(2, 3)).argmin(axis=1)


def _seed_homography(quad: Quad, quads: list[Quad]) -> np.ndarray:
    """Image to lattice: ``quad`` on square (0, 0), the pitch taken from its nearest
    neighbour along an axis (a tray's dice stand apart, a crossword's touch)."""
    unit = (UNIT + 0.5).astype(np.float32)
    to_lattice = cv2.getPerspectiveTransform(quad.corners.astype(np.float32), unit)
    offsets = _transform(to_lattice, np.array([q.center for q in quads])) - 0.5
    along, across = np.abs(offsets).max(axis=1), np.abs(offsets).min(axis=1)
    near = (along > 0.9) & (along < 1.8) & (across < 0.3 * along)
    pitch = float(along[near].min()) if near.any() else 1.0
    scale = np.array(
        [[1 / pitch, 0, 0.5 - 0.5 / pitch], [0, 1 / pitch, 0.5 - 0.5 / pitch], [0, 0, 1]]
    )
    return scale @ to_lattice


def _grow(quads: list[Quad], seed: int) -> Lattice:
    """The lattice grown from ``seed`` (see the module)."""
    corners = np.array([q.corners for q in quads], np.float64)
    to_lattice = _seed_homography(quads[seed], quads)
    centres = np.array([_centre(c) for c in corners])
    fit = _Fit(corners, centres, to_lattice, float(_sides(to_lattice, corners[[seed]])[0]))
    cells: dict[int, Square] = {seed: (0, 0)}
    far = False
    for _ in range(MAX_ROUNDS):
        taken = _take(fit, cells, far)
        if not taken and far:
            break
        far = not taken
        cells.update(taken)
        refit = _refit(fit, cells)
        if refit is None:
            break
        side = float(np.median(_sides(refit, corners[list(cells)])))
        fit = replace(fit, to_lattice=refit, side=side)
        squares = fit.squares(GROW_TOLERANCE)
        cells = {i: s for i, s in cells.items() if squares[i] == s}
        if not cells:
            break
    return Lattice(
        np.linalg.inv(fit.to_lattice), [cells.get(i) for i in range(len(quads))], fit.side
    )


def _sides(to_lattice: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """Each face's mean side (faces M × 4 × 2 in the photo) in lattice units."""
    points = _transform(to_lattice, corners)
    return np.linalg.norm(points - np.roll(points, 1, axis=1), axis=2).mean(axis=1)


@dataclass(frozen=True)
class _Fit:
    """The faces' corners (N × 4 × 2) and centres (N × 2) in the photo, and the plane
    fitted so far."""

    corners: np.ndarray
    centres: np.ndarray
    to_lattice: np.ndarray
    side: float

    def positions(self) -> np.ndarray:
        """Each face's centre on the lattice, (column, row), 0 at a square's centre."""
        return _transform(self.to_lattice, self.centres) - 0.5

    def squares(self, tolerance: float) -> list[Square | None]:
        """The square each face lies on, or None when it is off the lattice."""
        positions = self.positions()
        cells = np.round(positions)
        points = _transform(self.to_lattice, self.corners)
        edges = np.roll(points, -1, axis=1) - points
        turns = np.degrees(np.arctan2(edges[..., 1], edges[..., 0])) % 90
        turn = np.minimum(turns, 90 - turns).mean(axis=1)
        ratio = np.linalg.norm(edges, axis=2).mean(axis=1) / self.side
        on = (
            (np.abs(positions - cells).max(axis=1) <= tolerance)
            & (turn <= TURN_TOLERANCE)
            & (ratio > 1 / SIZE_TOLERANCE)
            & (ratio < SIZE_TOLERANCE)
        )
        return [
            (int(cell[1]), int(cell[0])) if ok else None for cell, ok in zip(cells, on, strict=True)
        ]


def _take(fit: _Fit, cells: dict[int, Square], far: bool) -> dict[int, Square]:
    """Faces not yet taken that lie on a free square next to a taken one (anywhere on
    the plane when ``far``), one face a square (the nearest to its centre)."""
    occupied = set(cells.values())
    beside = {(r + dr, c + dc) for r, c in occupied for dr, dc in _AROUND} - occupied
    positions = fit.positions()

    def offset(i: int, square: Square) -> float:
        return float(np.abs(positions[i] - (square[1], square[0])).max())

    taken: dict[int, Square] = {}
    for i, square in enumerate(fit.squares(FAR_TOLERANCE if far else GROW_TOLERANCE)):
        if i in cells or square is None or square in occupied or not (far or square in beside):
            continue
        rival = next((j for j, s in taken.items() if s == square), None)
        if rival is not None:
            if offset(i, square) >= offset(rival, square):
                continue
            del taken[rival]
        taken[i] = square
    return taken


def _refit(fit: _Fit, cells: dict[int, Square]) -> np.ndarray | None:
    """Image to lattice through every taken face's corners, each matched to its square's
    corners by the fit before (RANSAC once there are three faces)."""
    faces = list(cells)
    squares = np.array([cells[i] for i in faces])
    corners = fit.corners[faces]
    shifts = _first_corners(_transform(fit.to_lattice, corners), squares, fit.side)
    source = _rolled(corners, shifts)
    target = np.stack([squares[:, 1] + 0.5, squares[:, 0] + 0.5], axis=1)[:, None] + UNIT * fit.side
    method = cv2.RANSAC if len(cells) >= 3 else 0
    homography, _ = cv2.findHomography(
        source.reshape(-1, 2).astype(np.float32),
        target.reshape(-1, 2).astype(np.float32),
        method,
        RANSAC_UNITS,
    )
    return homography
