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
from cubecam.vision.crop import cut_faces
from cubecam.vision.detect import Quad, find_faces
from cubecam.vision.glyphs.classes import CLASSES, DEFAULT_ALPHABET
from cubecam.vision.glyphs.read import GlyphScores, read_glyphs
from cubecam.vision.knowledge import Guess, alphabet, apply_cubeset
from cubecam.vision.lattice import Grid, build_grid, common_angle, tray_grid
from cubecam.vision.load import LoadedImage, load_scaled
from cubecam.vision.looks import adjust_for_look
from cubecam.vision.reading import CubeReading, Reading

WORKING_SIDE = 1000
"""Photos are read at this size (longer side, pixels); coordinates are reported full size."""
LAYOUTS = ("auto", "crossword", "tray", "loose")
OCR_ENGINES = ("glyphs", "tesseract")


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


def _choose_layout(layout: str, grid: Grid, count: int, cubeset: CubeSet | None) -> LayoutKind:
    if layout != "auto":
        return LayoutKind(layout)
    if grid.is_full_square() or (cubeset is not None and cubeset.kind == "tray"):
        return LayoutKind.TRAY
    if grid.on_grid >= max(2, 0.4 * count):
        return LayoutKind.CROSSWORD
    return LayoutKind.LOOSE


def _probabilities(
    scores: GlyphScores, kind: LayoutKind, allowed: frozenset[str]
) -> tuple[np.ndarray, int]:
    """Per-cube symbol probabilities within ``allowed``, and the crossword's common turn."""
    mask = np.array([symbol in allowed for symbol in CLASSES], float)
    masked = GlyphScores(scores.probabilities * mask[None, :, None], scores.features)
    if kind is LayoutKind.CROSSWORD:
        turn = masked.common_turn()
        return masked.upright_as(turn), turn
    p = masked.any_turn()
    return p / np.maximum(p.sum(axis=1, keepdims=True), 1e-12), 0


def _guesses(probabilities: np.ndarray) -> list[Guess]:
    guesses = []
    for row in probabilities:
        top = np.argsort(row)[::-1][:6]
        guesses.append(Guess({CLASSES[i]: float(row[i]) for i in top}))
    return guesses


def read_faces(
    source: str | Path | bytes | np.ndarray,
) -> tuple[LoadedImage, list[Quad], np.ndarray]:
    """The photo at working size, its faces' outlines and their grey patches."""
    loaded, name = _loaded(source)
    quads = find_faces(loaded.image)
    if not quads:
        raise InputError(
            f"no cubes found in {name} (is it sharp, and are the cubes' tops in view?)"
        )
    return loaded, quads, cut_faces(loaded.image, quads)


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
    loaded, quads, patches = read_faces(source)
    centres = np.array([q.center for q in quads])
    angle = common_angle([q.angle for q in quads])
    side = float(np.median([q.side for q in quads]))
    grid = build_grid(centres, angle, side)
    kind = _choose_layout(layout, grid, len(quads), cubeset)
    notes: list[str] = []

    allowed = (alphabet(cubeset) if cubeset is not None else frozenset()) or DEFAULT_ALPHABET
    if ocr == "tesseract":
        from cubecam.vision.tesseract import tesseract_probabilities

        probabilities, turn = tesseract_probabilities(patches, allowed, kind), 0
    else:
        scores = read_glyphs(patches)
        if cubeset is not None:
            scores = adjust_for_look(scores, cubeset.name)
        probabilities, turn = _probabilities(scores, kind, allowed)
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
            notes.append(f"two cubes read on square {square}: one is left over")
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
            notes.append(
                f"cube at {cube.center[0]:.0f},{cube.center[1]:.0f} read as "
                f"{cube.corrected_from}, changed to {cube.symbol} to fit the cube set"
            )
    return Reading(Layout(cells, tuple(unused), kind), cubes, loaded.size, notes)
