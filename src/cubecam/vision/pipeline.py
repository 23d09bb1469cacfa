"""Read a photo of cubes: load, find the top faces, rebuild the layout, read each glyph,
use what is known about the set, and build the :class:`~cubecam.layout.Layout`.

>>> import numpy as np
>>> read_photo(np.full((200, 200, 3), 128, np.uint8))
Traceback (most recent call last):
...
cubecam.errors.InputError: no cubes found in the photo (is it sharp, and are the cubes' tops in view?)
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from cubecam.cubesets import CubeSet
from cubecam.errors import InputError
from cubecam.layout import Face, Layout, LayoutKind
from cubecam.vision.crop import cut_faces, cut_views
from cubecam.vision.detect import find_faces
from cubecam.vision.glyphs.classes import CLASSES, DEFAULT_ALPHABET
from cubecam.vision.glyphs.read import GlyphScores, read_glyphs, read_views
from cubecam.vision.knowledge import Guess, alphabet, apply_cubeset
from cubecam.vision.lattice import Grid, build_grid, common_angle, tray_grid
from cubecam.vision.load import LoadedImage, load_scaled
from cubecam.vision.looks import adjust_for_look, stale_look
from cubecam.vision.quad import Quad
from cubecam.vision.reading import CubeReading, Reading
from cubecam.vision.tesseract import tesseract_probabilities

WORKING_SIDE = 1000
"""Photos are read at this size (longer side, pixels); coordinates are reported full size."""
LAYOUTS = ("auto", "crossword", "tray", "loose")
OCR_ENGINES = ("glyphs", "tesseract")
TRAY_SIZES = (4, 5, 6)
VERIFY_ABOVE = 0.5


def _loaded(source: str | Path | bytes | np.ndarray) -> tuple[LoadedImage, str]:
    if isinstance(source, np.ndarray):
        if source.ndim != 3 or source.shape[2] != 3 or source.dtype != np.uint8:
            raise InputError("an image array must be BGR uint8 (height × width × 3)")
        height, width = source.shape[:2]
        factor = min(1.0, WORKING_SIDE / max(height, width))
        if factor < 1.0:
            source = cv2.resize(source, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
        return LoadedImage(source, (width, height), factor), "the photo"
    name = "the photo" if isinstance(source, bytes | bytearray) else str(source)
    return load_scaled(source, WORKING_SIDE), name


def _choose_layout(
    layout: str, grid: Grid, count: int, cubeset: CubeSet | None, agreement: float
) -> LayoutKind:
    """The layout asked for, or the one the cubes make: ``agreement`` is the share of the
    cubes on the lattice that are turned the same way (a crossword's letters are)."""
    if layout != "auto":
        return LayoutKind(layout)
    n = round(count**0.5)
    square = n * n == count and n in TRAY_SIZES and grid.on_grid >= 0.6 * count
    full = grid.is_full_square() is not None
    tray_like = full or square or (cubeset is not None and cubeset.kind == "tray")
    if tray_like and (agreement < 0.9 or count > 16 or full):
        return LayoutKind.TRAY
    if grid.on_grid >= max(2, 0.4 * count) and agreement >= 0.6:
        return LayoutKind.CROSSWORD
    if grid.on_grid >= 0.6 * count:
        return LayoutKind.TRAY
    return LayoutKind.LOOSE


def _orientation(scores: GlyphScores, on_grid: np.ndarray) -> tuple[int, float]:
    """The common quarter turn of the cubes on the lattice, and the share turned that way
    among those whose turn is clear."""
    if not on_grid.any():
        return 0, 0.0
    grid_scores = GlyphScores(scores.probabilities[on_grid], scores.features[on_grid])
    turn = grid_scores.common_turn()
    per_turn = grid_scores.probabilities.sum(axis=1)
    clear = per_turn.max(axis=1) > 0.8
    if not clear.any():
        return turn, 1.0
    return turn, float((per_turn[clear].argmax(axis=1) == turn).mean())


def _probabilities(
    scores: GlyphScores, allowed: frozenset[str], turn: int | None, on_grid: np.ndarray
) -> np.ndarray:
    """Per-cube symbol probabilities within ``allowed``: cubes on a crossword's lattice
    turned ``turn``, the others (and every cube when ``turn`` is None) any way."""
    mask = np.array([symbol in allowed for symbol in CLASSES], float)
    masked = GlyphScores(scores.probabilities * mask[None, :, None], scores.features)
    p = masked.any_turn()
    if turn is not None:
        p[on_grid] = masked.probabilities[on_grid, :, turn]
    return p / np.maximum(p.sum(axis=1, keepdims=True), 1e-12)


def _guesses(probabilities: np.ndarray) -> list[Guess]:
    guesses = []
    for row in probabilities:
        top = np.argsort(row)[::-1][:6]
        guesses.append(Guess({CLASSES[i]: float(row[i]) for i in top}))
    return guesses


def _shows_glyph(image: np.ndarray, quads: list[Quad]) -> list[bool]:
    """Whether the glyph reader is sure each outline shows a printed face."""
    scores = read_glyphs(cut_faces(image, quads)).any_turn()
    blank = CLASSES.index("BLANK")
    return [bool(row.max() > VERIFY_ABOVE and row.argmax() != blank) for row in scores]


def read_faces(
    source: str | Path | bytes | np.ndarray,
) -> tuple[LoadedImage, list[Quad], np.ndarray]:
    """The photo at working size, its faces' outlines and their grey patches in each of the
    crop's views (the first as cut)."""
    loaded, name = _loaded(source)
    quads = find_faces(loaded.image, verify=_shows_glyph)
    if not quads:
        raise InputError(
            f"no cubes found in {name} (is it sharp, and are the cubes' tops in view?)"
        )
    return loaded, quads, cut_views(loaded.image, quads)


def read_photo(
    source: str | Path | bytes | np.ndarray,
    *,
    layout: str = "auto",
    cubeset: CubeSet | None = None,
    ocr: str = "glyphs",
) -> Reading:
    """Read every cube in a photo and the layout they make.

    ``layout`` is ``auto``, ``crossword``, ``tray`` or ``loose``; ``cubeset`` the set in the
    photo, if known (its faces rank the readings; its calibration, if any, is used);
    ``ocr`` is ``glyphs`` (the built-in reader) or ``tesseract``.
    """
    if layout not in LAYOUTS:
        raise InputError(f"unknown layout {layout!r} (known: {', '.join(LAYOUTS)})")
    if ocr not in OCR_ENGINES:
        raise InputError(f"unknown reader {ocr!r} (known: {', '.join(OCR_ENGINES)})")
    loaded, quads, views = read_faces(source)
    squared = [q.squeezed() for q in quads]
    centres = np.array([q.center for q in squared])
    angle = common_angle([q.angle for q in squared])
    side = float(np.median([q.side for q in squared]))
    grid = build_grid(centres, angle, side)
    notes: list[str] = []
    allowed = DEFAULT_ALPHABET | (alphabet(cubeset) if cubeset is not None else frozenset())
    on_grid = np.array([square is not None for square in grid.squares])
    if ocr == "tesseract":
        kind = _choose_layout(layout, grid, len(quads), cubeset, 1.0)
        probabilities, turn = tesseract_probabilities(views[:, 0], allowed, kind), 0
    else:
        scores = read_views(views)
        if cubeset is not None:
            scores = adjust_for_look(scores, cubeset.name)
            if stale_look(cubeset.name, scores.features.shape[1]):
                notes.append(
                    f"the look stored for {cubeset.name} was learnt by an older glyph model"
                    f" and is not used: run cubecam calibrate --set {cubeset.name} again"
                )
        turn, agreement = _orientation(scores, on_grid)
        kind = _choose_layout(layout, grid, len(quads), cubeset, agreement)
        if kind is not LayoutKind.CROSSWORD:
            turn = 0
        probabilities = _probabilities(
            scores, allowed, turn if kind is LayoutKind.CROSSWORD else None, on_grid
        )
    guesses = _guesses(probabilities)
    if cubeset is not None:
        guesses = apply_cubeset(guesses, cubeset)

    if kind is LayoutKind.TRAY:
        n = round(len(quads) ** 0.5)
        if n * n == len(quads):
            grid = tray_grid(centres, angle, n)
        else:
            notes.append(f"{len(quads)} cubes found: not a full square tray")
    elif kind is LayoutKind.CROSSWORD and turn:
        grid = grid.turned(turn)
        notes.append(f"the letters read upright after turning the photo {90 * turn}° clockwise")
    squares = grid.squares if kind is not LayoutKind.LOOSE else [None] * len(quads)
    return _reading(loaded, quads, guesses, squares, kind, notes)


def _reading(
    loaded: LoadedImage,
    quads: list[Quad],
    guesses: list[Guess],
    squares: list[tuple[int, int] | None],
    kind: LayoutKind,
    notes: list[str],
) -> Reading:
    cubes, cells, unused = [], {}, []
    for quad, guess, square in zip(quads, guesses, squares, strict=True):
        full = quad.scaled(1.0 / loaded.scale)
        if square is not None and square in cells:
            row, col = square
            notes.append(f"two cubes read on row {row + 1}, column {col + 1}: one is left over")
            square = None
        face = Face(guess.symbol)
        if square is None:
            unused.append(face)
        else:
            cells[square] = face
        cubes.append(
            CubeReading(
                symbol=face.symbol,
                confidence=guess.confidence,
                alternatives=guess.alternatives(),
                center=full.center,
                corners=[(float(x), float(y)) for x, y in full.corners],
                row=None if square is None else square[0],
                col=None if square is None else square[1],
                corrected_from=guess.corrected_from,
            )
        )
    for cube in cubes:
        if cube.corrected_from:
            where = (
                "a cube left over"
                if cube.row is None
                else f"the cube at row {cube.row + 1}, column {cube.col + 1}"
            )
            notes.append(
                f"{where} read as {cube.corrected_from}, changed to {cube.symbol}"
                " to fit the cube set"
            )
    return Reading(Layout(cells, tuple(unused), kind), cubes, loaded.size, notes)
