"""Read a photo of cubes, stage by stage: load → detect the top faces → fit their lattice
→ cut each face → read its glyph → tell the kind → cut again → apply the cube set → the
:class:`~cubecam.layout.Layout`. :class:`PhotoReader` is the pipeline itself; it loads its
stages' settings once.

>>> import numpy as np
>>> read_photo(np.full((200, 200, 3), 128, np.uint8))
Traceback (most recent call last):
...
cubecam.errors.NoCubesFound: no cubes found in the photo (is it sharp, and are the cubes' tops in view?)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path

import cv2
import numpy as np

from cubecam.cubesets import CubeSet
from cubecam.errors import InputError, NoCubesFound
from cubecam.layout import LayoutKind, Square
from cubecam.reading import CubeReading, Probabilities, Reading, likeliest
from cubecam.vision.crop.cut import cut_views
from cubecam.vision.crop.faces import CutFaces
from cubecam.vision.crop.settle import settled, squared
from cubecam.vision.detector.find import DetectorSettings, find_candidates
from cubecam.vision.detector.printed import without_printed
from cubecam.vision.detector.verify import top_odds
from cubecam.vision.glyphs.calibration import calibrated
from cubecam.vision.glyphs.classes import CLASSES
from cubecam.vision.glyphs.read import GlyphScores
from cubecam.vision.glyphs.readers import glyph_reader
from cubecam.vision.kind import KindSettings, tray_size
from cubecam.vision.kind.decide import decide
from cubecam.vision.knowledge.apply import apply_cubeset, readable, surplus
from cubecam.vision.lattice import LatticeSettings, place_faces, turned
from cubecam.vision.load.decode import LoadedImage, load_scaled

WORKING_SIDE = 1000
"""Photos are read at this size (longer side, pixels); coordinates are reported full size."""
LAYOUTS = ("auto", "crossword", "tray", "loose")


class PhotoReader:
    """Reads photos of cubes with its glyph reader (``ocr``, one of
    :data:`~cubecam.vision.glyphs.readers.GLYPH_READERS`) and the stages' settings, loaded
    once: the detector's, the lattice's and the kind's."""

    def __init__(self, ocr: str = "glyphs") -> None:
        self.glyphs = glyph_reader(ocr)
        self.detector = DetectorSettings.load()
        self.lattice = LatticeSettings.load()
        self.kind = KindSettings.load()

    def read(
        self,
        source: str | Path | bytes | np.ndarray,
        *,
        layout: str = "auto",
        cubeset: CubeSet | None = None,
    ) -> Reading:
        """Read every cube in a photo and the layout they make: ``layout`` is ``auto``,
        ``crossword``, ``tray`` or ``loose``; ``cubeset`` the set in the photo, if known
        (its faces rank the readings; its calibration, if any, is used)."""
        if layout not in LAYOUTS:
            raise InputError(f"unknown layout {layout!r} (known: {', '.join(LAYOUTS)})")
        return self.read_cut(self.cut(source), layout=layout, cubeset=cubeset)

    def cut(self, source: str | Path | bytes | np.ndarray) -> CutFaces:
        """Load the photo, find its faces (and the fainter peaks the lattice may confirm),
        settle them on their lattice and cut every face out."""
        loaded, name = _loaded(source)
        found = find_candidates(
            loaded.image,
            self.lattice.faint_floor,
            self.detector,
            believe_above=self.lattice.beside_verify,
        )
        found, printed = without_printed(found, loaded.image)
        believed = [q for q, _ in found.believed]
        size = loaded.image.shape[1::-1]
        placed = place_faces(
            found.faces, found.faint, self.lattice, size, self.detector.threshold, believed
        )
        if not placed.faces and printed:
            raise NoCubesFound(
                f"no cubes found in {name}: its letters are printed on a flat page (a screenshot"
                " or a scan), not on cubes; take a photo of the cubes themselves"
            )
        if not placed.faces:
            raise NoCubesFound(
                f"no cubes found in {name} (is it sharp, and are the cubes' tops in view?)"
            )
        quads = placed.lattice.aligned(placed.faces)
        views = cut_views(loaded.image, quads)
        rejected = found.doubted + placed.rejected
        return CutFaces(
            loaded, quads, placed.lattice, views, rejected, placed.rejected, found.toward
        )

    def read_cut(
        self, faces: CutFaces, *, layout: str = "auto", cubeset: CubeSet | None = None
    ) -> Reading:
        """The stages after the cut: read the glyphs, tell the kind, cut again where it
        asks, apply the cube set and build the layout, each stage's notes in turn."""
        scores = self.glyphs.scores(faces.views, cubeset)
        notes = self.glyphs.notes(scores, cubeset)
        decided = decide(faces, scores, layout, cubeset, self.kind, self.glyphs.tells_turns)
        faces, recut = squared(decided.faces, decided.kind, self.lattice.square_beyond)
        scores = decided.scores
        if recut.any():
            scores = scores.replaced(recut, self.glyphs.scores(faces.views[recut], cubeset))
        faces, found, cut_notes = settled(faces, decided.kind, cubeset)
        if len(faces.quads) > len(scores.probabilities):
            more = faces.views[len(scores.probabilities) :]
            scores = scores + self.glyphs.scores(more, cubeset)
        crossword = decided.kind is LayoutKind.CROSSWORD
        turn = decided.turn if crossword else None
        probabilities = _probabilities(scores, readable(cubeset), turn, decided.on_grid)
        return self._known(
            faces,
            probabilities,
            found,
            decided.kind,
            decided.turn,
            cubeset,
            [*notes, *decided.notes, *cut_notes],
        )

    def _known(
        self,
        faces: CutFaces,
        probabilities: np.ndarray,
        found: int,
        kind: LayoutKind,
        turn: int,
        cubeset: CubeSet | None,
        notes: list[str],
    ) -> Reading:
        """The cube set applied to faces read this likely (the first ``found`` of them
        found, each a top as likely as the verifier says), and the reading they make."""
        likely = _likeliest(probabilities)
        presence = top_odds(faces.loaded.image, faces.quads[:found], toward=faces.toward)
        if cubeset is not None and kind is not LayoutKind.TRAY:
            faces, likely, presence, left = _without_surplus(faces, likely, presence, cubeset)
            notes = [*notes, *left]
        symbols = (
            apply_cubeset(likely, cubeset)
            if cubeset is not None
            else [likeliest(p) for p in likely]
        )
        squares, placed = _squares(faces, kind, cubeset)
        if turn:
            placed.append(
                f"the letters read upright after turning the photo {90 * turn}° clockwise"
            )
        reported = [calibrated(p, self.glyphs.temperature) for p in likely]
        reading = _reading(
            faces, reported, symbols, squares, kind, turn, [*notes, *placed], presence
        )
        return _noting_cubes_not_shown(reading, cubeset)


@cache
def _reader(ocr: str) -> PhotoReader:
    """The reader for ``ocr``, made once (an unknown name is refused, and not kept)."""
    return PhotoReader(ocr)


def read_photo(
    source: str | Path | bytes | np.ndarray,
    *,
    layout: str = "auto",
    cubeset: CubeSet | None = None,
    ocr: str = "glyphs",
) -> Reading:
    """Read every cube in a photo and the layout they make (see :meth:`PhotoReader.read`),
    with the reader for ``ocr`` (``glyphs`` or ``tesseract``), made once."""
    return _reader(ocr).read(source, layout=layout, cubeset=cubeset)


def read_faces(source: str | Path | bytes | np.ndarray) -> CutFaces:
    """The first stages of :func:`read_photo` (see :meth:`PhotoReader.cut`)."""
    return _reader("glyphs").cut(source)


def read_cut(faces: CutFaces, *, layout: str = "auto", cubeset: CubeSet | None = None) -> Reading:
    """The last stages of :func:`read_photo` (see :meth:`PhotoReader.read_cut`)."""
    return _reader("glyphs").read_cut(faces, layout=layout, cubeset=cubeset)


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


def _likeliest(probabilities: np.ndarray) -> list[Probabilities]:
    """Each cube's six likeliest symbols and their probabilities."""
    return [{CLASSES[i]: float(row[i]) for i in np.argsort(row)[::-1][:6]} for row in probabilities]


def _noting_cubes_not_shown(reading: Reading, cubeset: CubeSet | None) -> Reading:
    """``reading``, with a note where it shows fewer cubes than a crossword set has: every
    cube of such a set is in play, so one not read is hidden, missed or out of the photo."""
    if cubeset is None or cubeset.kind != "crossword" or not cubeset.unseen(reading.layout):
        return reading
    note = (
        f"the photo shows {cubeset.shown(cubeset.unseen(reading.layout))}: a cube may be"
        " hidden, missed or out of the photo; take it again with every cube in view, or add"
        " the cubes it leaves out"
    )
    return reading.model_copy(update={"notes": [*reading.notes, note]})


def _without_surplus(
    faces: CutFaces,
    likely: list[Probabilities],
    presence: np.ndarray,
    cubeset: CubeSet,
) -> tuple[CutFaces, list[Probabilities], np.ndarray, list[str]]:
    """A crossword's or loose dice's faces (all of them found) less those taken for none
    where more were found than the set has cubes (see
    :func:`~cubecam.vision.knowledge.apply.surplus`), rejected, and the note saying so."""
    none = surplus(likely, presence, cubeset)
    if not none:
        return faces, likely, presence, []
    keep = np.ones(len(faces.quads), bool)
    keep[none] = False
    left = (
        "the one least likely to be a cube was left out (--annotate draws it rejected)"
        if len(none) == 1
        else f"the {len(none)} least likely to be cubes were left out (--annotate draws them"
        " rejected)"
    )
    note = (
        f"{len(faces.quads)} cubes found, but the {cubeset.title} set has {cubeset.count}: {left}"
    )
    kept = [p for p, k in zip(likely, keep, strict=True) if k]
    return faces.keeping(keep), kept, presence[keep], [note]


def _squares(
    faces: CutFaces, kind: LayoutKind, cubeset: CubeSet | None
) -> tuple[list[Square | None], list[str]]:
    """Each face's square on the lattice (a crossword's touching cubes, a tray's N × N
    window, none for loose dice), and a note where a tray is not full."""
    lattice = faces.lattice
    if kind is LayoutKind.LOOSE:
        return [None] * len(faces.quads), []
    if kind is LayoutKind.TRAY:
        n = tray_size(lattice, cubeset)
        squares = lattice.tray(n)
        inside = sum(square is not None for square in squares)
        short = (
            [f"{inside} cubes found on a {n}×{n} tray: not a full tray"] if inside < n * n else []
        )
        return squares, short
    return lattice.touching(), []


def _reading(
    faces: CutFaces,
    likely: Sequence[Probabilities],
    symbols: list[str],
    squares: list[Square | None],
    kind: LayoutKind,
    turn: int,
    notes: list[str],
    presence: np.ndarray,
) -> Reading:
    """The layout, each face's symbols as likely as ``likely`` (as reported: calibrated) says,
    its squares turned ``turn`` quarter turns upright; a tray's faces off
    its N × N window but on its lattice are rejected (the rim, an empty slot); faces off
    the lattice are left over, as loose dice beside a tray are. The first faces were found,
    each a top as likely as its ``presence`` says; the rest were cut where no face was
    found, and are read as unseen."""
    found, notes = len(presence), [*notes]
    scale = 1.0 / faces.loaded.scale
    lines = [
        ((float(a[0] * scale), float(a[1] * scale)), (float(b[0] * scale), float(b[1] * scale)))
        for a, b in faces.lattice.lines(squares)
    ]
    placed = turned(squares, turn)
    cubes, taken = [], set()
    rejected = [[(float(x), float(y)) for x, y in q.scaled(scale).corners] for q in faces.rejected]
    for index, (quad, probabilities, symbol, square, cell) in enumerate(
        zip(faces.quads, likely, symbols, placed, faces.lattice.cells, strict=True)
    ):
        full = quad.scaled(scale)
        if square is None and cell is not None and kind is LayoutKind.TRAY:
            rejected.append([(float(x), float(y)) for x, y in full.corners])
            continue
        if square is not None and square in taken:
            row, col = square
            notes.append(f"two cubes read on row {row + 1}, column {col + 1}: one is left over")
            square = None
        if square is not None:
            taken.add(square)
        cubes.append(
            CubeReading.from_probabilities(
                probabilities,
                symbol,
                center=full.center,
                corners=[(float(x), float(y)) for x, y in full.corners],
                row=None if square is None else square[0],
                col=None if square is None else square[1],
                presence=float(presence[index]) if index < found else 1.0,
                unseen=index >= found,
            )
        )
    for cube in cubes:
        if cube.corrected_from:
            where = (
                "a cube left over"
                if cube.row is None or cube.col is None
                else f"the cube at row {cube.row + 1}, column {cube.col + 1}"
            )
            notes.append(
                f"{where} read as {cube.corrected_from}, changed to {cube.symbol}"
                " to fit the cube set"
            )
    return Reading(
        kind=kind,
        cubes=cubes,
        image_size=faces.loaded.size,
        notes=notes,
        lattice=lines,
        rejected=rejected,
    )
