"""Which layout the faces on the lattice make, when the user does not say.

A tray is an N × N window of the lattice (N of :data:`TRAY_SIZES`) its dice fill, turned
any way; a crossword is cubes touching on the lattice, their letters turned one way (most of
them, and more surely than chance would turn them: two dice whose letters each read two ways,
such as H and N, make no word); loose dice are the rest: scattered, or pushed together side by
side with their letters turned every way. Cubes stand a little apart in a tray (its slots)
and touch in a crossword, but loose dice lying roughly in rows stand further apart still: the
lattice then finds faces far smaller than its squares.

>>> import numpy as np
>>> from cubecam.vision.lattice import fit_lattice
>>> from cubecam.vision.quad import Quad
>>> def face(x, y):
...     return Quad(np.array([[x, y], [x + 40, y], [x + 40, y + 40], [x, y + 40]], float))
>>> word = fit_lattice([face(100 + 42 * i, 100) for i in range(4)])
>>> settings = KindSettings(
...     tray_fill=0.6, tray_agreement=0.9, least_side=0.7, agreement=0.6, turned_away=0.0
... )
>>> choose_kind(word, 1.0, settings), choose_kind(word, 0.5, settings)
(<LayoutKind.CROSSWORD: 'crossword'>, <LayoutKind.LOOSE: 'loose'>)
>>> apart = fit_lattice([face(100 + 80 * i, 100) for i in range(4)])
>>> choose_kind(apart, 1.0, settings)
<LayoutKind.LOOSE: 'loose'>
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from cubecam.cubesets import CubeSet
from cubecam.layout import LayoutKind
from cubecam.vision.lattice import Lattice
from cubecam.vision.stage_settings import StageSettings

TRAY_SIZES = (4, 5, 6)
"""The sides of the trays a word hunt is played in."""
SETTINGS_PATH = Path(__file__).with_name("kind.toml")
TURNED_ELSEWHERE = 0.01
"""The chance that a cube touching a crossword lies turned another way than its words (a cube
left over, pushed against it): one odd letter tells against a crossword, it does not forbid one."""


@dataclass(frozen=True)
class KindSettings(StageSettings):
    """How the kind is told (chosen by ``python -m cubecam_lab.kind.evaluate --choose``,
    see its docstring): ``tray_fill``, the share of the best N × N window the faces must
    fill for a tray (a full one always is); ``tray_agreement``, the share of the letters
    turned one way below which such a window is a tray, not a crossword that fills it;
    ``least_side``, the least a face's side may be of the lattice's pitch for its cubes to
    stand in a tray's slots or touch in a crossword; ``agreement``, the least share of a
    crossword's touching cubes turned one way; ``turned_away``, how much less likely than
    its likeliest turn a cube's letter may be turned the crossword's way before the cube is
    taken for one left over, pushed against the crossword (see :func:`crossword_lattice`);
    ``tray_holds``, the least share of the faces found that a window not full must hold to
    be a tray (dice are rolled into a tray, not beside it: loose dice pushed together fill a
    window's half, and lie beyond it too); ``evidence``, the least :func:`one_way` of a
    crossword's touching cubes."""

    tray_fill: float
    tray_agreement: float
    least_side: float
    agreement: float
    turned_away: float
    tray_holds: float = 0.0
    evidence: float = -math.inf
    PATH = SETTINGS_PATH


def one_way(per_turn: np.ndarray) -> float:
    """How much likelier the cubes' letters make one common turn than turns at random: the
    log-likelihood ratio, for ``per_turn`` (cubes × 4, each row a cube's probabilities of the
    four quarter turns), of the likeliest common turn (each cube turned it, but for
    :data:`TURNED_ELSEWHERE`) against each cube turned any way. A letter that reads either of
    two turns (H, N, S) tells half as much as one that reads one; a blank nothing.

    >>> round(one_way(np.array([[1.0, 0, 0, 0]] * 3)), 2)  # three letters upright
    4.14
    >>> round(one_way(np.array([[0.5, 0, 0.5, 0]] * 3)), 2)  # three Hs
    2.06
    >>> round(one_way(np.array([[1.0, 0, 0, 0]] * 3 + [[0, 1.0, 0, 0]])), 2)  # one turned
    -0.47
    """
    if not len(per_turn):
        return 0.0
    likelihood = 4 * (1 - TURNED_ELSEWHERE) * np.asarray(per_turn) + TURNED_ELSEWHERE
    return float(np.log(likelihood).sum(axis=0).max())


def choose_kind(
    lattice: Lattice,
    agreement: float,
    settings: KindSettings | None = None,
    cubeset: CubeSet | None = None,
    evidence: float = math.inf,
) -> LayoutKind:
    """The layout the faces make: ``agreement`` is the share of the cubes touching on the
    lattice that are turned the same way and ``evidence`` their :func:`one_way` (see the
    module; a reader that knows the turn, as Tesseract reads upright letters only, leaves it
    infinite); with a ``cubeset`` made for a tray, any grid of its dice whose letters turn
    every way is one, however little of the window it fills."""
    settings = settings or KindSettings.load()
    count = len(lattice.cells)
    touching = sum(square is not None for square in lattice.touching())
    n, window = lattice.best_tray(TRAY_SIZES)
    filled = sum(square is not None for square in window)
    full = filled == n * n
    close = lattice.side >= settings.least_side
    gridded = (
        close
        and filled >= settings.tray_holds * count
        and (
            filled >= settings.tray_fill * n * n or (cubeset is not None and cubeset.kind == "tray")
        )
    )
    if full or (gridded and agreement < settings.tray_agreement):
        return LayoutKind.TRAY
    one_way_enough = agreement >= settings.agreement and evidence >= settings.evidence
    if close and touching >= max(2, 0.4 * count) and one_way_enough:
        return LayoutKind.CROSSWORD
    return LayoutKind.LOOSE


def tray_size(lattice: Lattice, cubeset: CubeSet | None) -> int:
    """The set's tray size where it says, else the one the faces fill best."""
    if cubeset is not None and cubeset.size in TRAY_SIZES:
        return cubeset.size
    return lattice.best_tray(TRAY_SIZES)[0]


def crossword_lattice(
    lattice: Lattice, shares: np.ndarray, settings: KindSettings | None = None
) -> Lattice:
    """A crossword's lattice without the cubes whose letters turn away from its own: a
    player reads every word of it one way, so a cube lying against it turned another way
    is one left over. ``shares`` gives each face's probability of the crossword's turn as a
    share of its likeliest turn's (a blank face or an O agrees with any turn).

    >>> from cubecam.vision.lattice import fit_lattice
    >>> from cubecam.vision.quad import Quad
    >>> def face(x):
    ...     return Quad(np.array([[x, 100], [x + 40, 100], [x + 40, 140], [x, 140]], float))
    >>> word = fit_lattice([face(100 + 42 * i) for i in range(4)])
    >>> settings = KindSettings(0.5, 0.9, 0.75, 0.7, turned_away=0.05)
    >>> crossword_lattice(word, np.array([1.0, 0.6, 0.9, 0.01]), settings).cells
    [(0, 0), (0, 1), (0, 2), None]
    """
    settings = settings or KindSettings.load()
    return lattice.without(np.asarray(shares) < settings.turned_away)
