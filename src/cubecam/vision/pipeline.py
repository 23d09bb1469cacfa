"""Read a photo of cubes, stage by stage: load → detect the top faces → fit their lattice
→ cut each face → read its glyph → apply the cube set → the :class:`~cubecam.layout.Layout`.

>>> import numpy as np
>>> read_photo(np.full((200, 200, 3), 128, np.uint8))
Traceback (most recent call last):
...
cubecam.errors.InputError: no cubes found in the photo (is it sharp, and are the cubes' tops in view?)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from pathlib import Path

import cv2
import numpy as np

from cubecam.cubesets import CubeSet
from cubecam.errors import InputError
from cubecam.layout import LayoutKind, Square
from cubecam.reading import CubeReading, Probabilities, Reading, likeliest
from cubecam.vision.crop.cut import cut_views
from cubecam.vision.detector.find import Settings as DetectorSettings
from cubecam.vision.detector.find import find_candidates
from cubecam.vision.detector.verify import top_odds
from cubecam.vision.glyphs.calibration import Calibration, calibrated
from cubecam.vision.glyphs.classes import CLASSES, DEFAULT_ALPHABET
from cubecam.vision.glyphs.read import GlyphScores, read_views
from cubecam.vision.kind import Settings as KindSettings
from cubecam.vision.kind import choose_kind, crossword_lattice, one_way, tray_size
from cubecam.vision.knowledge.apply import alphabet, apply_cubeset, surplus
from cubecam.vision.lattice import Lattice, Settings, place_faces, turned
from cubecam.vision.load.decode import LoadedImage, load_scaled
from cubecam.vision.looks import adjust_for_look, stale_look
from cubecam.vision.quad import Quad
from cubecam.vision.tesseract import tesseract_probabilities

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


def _kind(
    layout: str,
    lattice: Lattice,
    cubeset: CubeSet | None,
    agreement: float,
    evidence: float,
    settings: KindSettings | None = None,
) -> LayoutKind:
    """The layout asked for, or (``auto``) the one the cubes make (see
    :mod:`~cubecam.vision.kind.choose`)."""
    if layout != "auto":
        return LayoutKind(layout)
    return choose_kind(lattice, agreement, settings, cubeset, evidence)


def orientation(scores: GlyphScores, on_grid: np.ndarray) -> tuple[int, float, float]:
    """The common quarter turn of the cubes on the lattice, how well they agree with it
    (each cube's likelihood of that turn against its likeliest turn, averaged over the
    cubes, each weighed by how much its glyph tells its turn: a blank face nothing; an H
    read upright or upside down agrees with either, not with a quarter turn), and how much
    likelier they make one common turn than turns at random (:func:`~.kind.choose.one_way`).

    >>> upright, sideways = [[0.5, 0, 0.5, 0]], [[0, 1.0, 0, 0]]  # an H, a T
    >>> scores = GlyphScores(np.array([upright, upright, sideways]), np.zeros((3, 1)))
    >>> turn, agreement, evidence = orientation(scores, np.ones(3, bool))
    >>> turn, round(agreement, 2), round(evidence, 2)
    (0, 0.67, -3.23)
    """
    if not on_grid.any():
        return 0, 0.0, 0.0
    grid_scores = scores[on_grid]
    turn = grid_scores.common_turn()
    evidence = one_way(grid_scores.per_turn())
    shares = np.array([grid_scores.turn_share(k) for k in range(4)])
    weight = 1.0 - shares.min(axis=0)
    if weight.sum() < 1e-6:
        return turn, 1.0, evidence
    return turn, float((weight * shares[turn]).sum() / weight.sum()), evidence


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


@dataclass(frozen=True)
class CutFaces:
    """A photo through the first stages: at working size, its faces' outlines (corners
    numbered the lattice's way), the lattice they lie on, each face's grey patches in
    each of the crop's views (the first as cut), the finds the verifier or the lattice
    rejected, those of them the lattice took for a side of the cube beside (see
    :class:`~cubecam.vision.lattice.fit.Placement`), and the direction of the camera's foot
    in the photo the verifier was told (see :class:`~cubecam.vision.detector.find.Finds`)."""

    loaded: LoadedImage
    quads: list[Quad]
    lattice: Lattice
    views: np.ndarray
    rejected: list[Quad] = field(default_factory=list)
    sides: list[Quad] = field(default_factory=list)
    toward: np.ndarray | None = None

    def keeping(self, keep: np.ndarray) -> CutFaces:
        """These faces where ``keep`` is true, the others rejected."""
        return replace(
            self,
            quads=[q for q, k in zip(self.quads, keep, strict=True) if k],
            lattice=self.lattice.keeping(keep),
            views=self.views[keep],
            rejected=[*self.rejected, *(q for q, k in zip(self.quads, keep, strict=True) if not k)],
        )


def read_faces(source: str | Path | bytes | np.ndarray) -> CutFaces:
    """Load the photo, find its faces (and the fainter peaks the lattice may confirm),
    settle them on their lattice and cut every face out."""
    loaded, name = _loaded(source)
    settings = Settings.load()
    detector = DetectorSettings.load()
    found = find_candidates(
        loaded.image, settings.faint_floor, detector, believe_above=settings.beside_verify
    )
    size = loaded.image.shape[1::-1]
    placed = place_faces(
        found.faces, found.faint, settings, size, detector.threshold, [q for q, _ in found.believed]
    )
    if not placed.faces:
        raise InputError(
            f"no cubes found in {name} (is it sharp, and are the cubes' tops in view?)"
        )
    lattice = placed.lattice
    quads = lattice.aligned(placed.faces)
    rejected = found.doubted + placed.rejected
    views = cut_views(loaded.image, quads)
    return CutFaces(loaded, quads, lattice, views, rejected, placed.rejected, found.toward)


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
    return read_cut(read_faces(source), layout=layout, cubeset=cubeset, ocr=ocr)


def read_cut(
    faces: CutFaces, *, layout: str = "auto", cubeset: CubeSet | None = None, ocr: str = "glyphs"
) -> Reading:
    """The last stages of :func:`read_photo`: read the cut faces, apply the cube set and
    build the layout (a tray's squares where no face was found cut and read too)."""
    notes: list[str] = []
    allowed = DEFAULT_ALPHABET | (alphabet(cubeset) if cubeset is not None else frozenset())
    if ocr == "tesseract":
        kind = _kind(layout, faces.lattice, cubeset, 1.0, math.inf)  # read upright only
        faces = _squared(faces, kind)[0]
        faces, found = _settled(faces, kind, cubeset, notes)
        probabilities, turn = tesseract_probabilities(faces.views[:, 0], allowed, kind), 0
    else:
        scores = _glyph_scores(faces.views, cubeset)
        if cubeset is not None and stale_look(cubeset.name, scores.features.shape[1]):
            notes.append(
                f"the look stored for {cubeset.name} was learnt by an older glyph model"
                f" and is not used: run cubecam calibrate --set {cubeset.name} again"
            )
        kind_settings = KindSettings.load()
        faces, scores = without_sides(faces, scores, layout, cubeset, kind_settings)
        on_grid = _on_grid(faces.lattice)
        turn, agreement, evidence = orientation(scores, on_grid)
        kind = _kind(layout, faces.lattice, cubeset, agreement, evidence, kind_settings)
        if kind is LayoutKind.CROSSWORD:
            lattice = crossword_lattice(faces.lattice, scores.turn_share(turn), kind_settings)
            apart = faces.lattice.on_lattice - lattice.on_lattice
            if apart:
                notes.append(
                    f"{apart} cube{'s' if apart > 1 else ''} on the crossword's lattice read"
                    " turned another way than its words: left over"
                )
            faces = replace(faces, lattice=lattice)
            on_grid = _on_grid(lattice)
        else:
            turn = 0
        faces, recut = _squared(faces, kind)
        if recut.any():
            scores = scores.replaced(recut, _glyph_scores(faces.views[recut], cubeset))
        faces, found = _settled(faces, kind, cubeset, notes)
        read = len(scores.probabilities)
        if len(faces.quads) > read:
            scores = scores + _glyph_scores(faces.views[read:], cubeset)
        probabilities = _probabilities(
            scores, allowed, turn if kind is LayoutKind.CROSSWORD else None, on_grid
        )
    likely = _likeliest(probabilities)
    presence = top_odds(faces.loaded.image, faces.quads[:found], toward=faces.toward)
    if cubeset is not None and kind is not LayoutKind.TRAY:
        faces, likely, presence = _without_surplus(faces, likely, presence, cubeset, notes)
    symbols = (
        apply_cubeset(likely, cubeset) if cubeset is not None else [likeliest(p) for p in likely]
    )
    squares = _squares(faces, kind, cubeset, notes)
    if turn:
        notes.append(f"the letters read upright after turning the photo {90 * turn}° clockwise")
    temperature = Calibration.load().temperature if ocr == "glyphs" else 1.0
    reported = [calibrated(p, temperature) for p in likely]
    reading = _reading(faces, reported, symbols, squares, kind, turn, notes, presence)
    return _noting_cubes_not_shown(reading, cubeset)


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


def _on_grid(lattice: Lattice) -> np.ndarray:
    """Which faces touch another on the lattice (a crossword's cubes)."""
    return np.array([square is not None for square in lattice.touching()], bool)


def without_sides(
    faces: CutFaces,
    scores: GlyphScores,
    layout: str,
    cubeset: CubeSet | None,
    settings: KindSettings,
) -> tuple[CutFaces, GlyphScores]:
    """The faces (and their scores) less those a player sees as the sides of a crossword's
    cubes: on the lattice where, at a slant, the side of a cube further off shows, their
    letters turned away from the crossword's (``settings.turned_away``, as for a cube left
    over: a cube's sides bear letters turned any way). Only where a crossword was asked
    for, or (``auto``) where the faces make one with them and without them: loose dice
    pushed together stand where each other's sides show, their letters every way. With the
    sides in, only the share of the letters turned one way is asked (a side's letter turns any
    way); without them, how surely they turn it too."""
    if layout not in ("auto", LayoutKind.CROSSWORD.value):
        return faces, scores
    auto = layout == "auto"
    sides_in = replace(settings, evidence=-math.inf)  # their letters may turn any way
    turn, crossword = _read_as_crossword(faces.lattice, scores, cubeset, sides_in)
    if auto and not crossword:
        return faces, scores
    size = faces.loaded.image.shape[1::-1]
    aside = (
        _on_grid(faces.lattice)
        & faces.lattice.at_sides(faces.quads, size)
        & (scores.turn_share(turn) < settings.turned_away)
    )
    if not aside.any():
        return faces, scores
    keep = ~aside
    fewer = faces.keeping(keep)
    kept = scores[keep]
    if auto and not _read_as_crossword(fewer.lattice, kept, cubeset, settings)[1]:
        return faces, scores
    return fewer, kept


def _read_as_crossword(
    lattice: Lattice, scores: GlyphScores, cubeset: CubeSet | None, settings: KindSettings
) -> tuple[int, bool]:
    """The common turn of the faces touching on ``lattice`` (read as ``scores`` say), and
    whether, left to tell the kind, they make a crossword."""
    turn, agreement, evidence = orientation(scores, _on_grid(lattice))
    kind = _kind("auto", lattice, cubeset, agreement, evidence, settings)
    return turn, kind is LayoutKind.CROSSWORD


def _glyph_scores(views: np.ndarray, cubeset: CubeSet | None) -> GlyphScores:
    """The glyph reader's scores for the faces' views, weighed by the set's stored look."""
    scores = read_views(views)
    return adjust_for_look(scores, cubeset.name) if cubeset is not None else scores


def _squared(faces: CutFaces, kind: LayoutKind) -> tuple[CutFaces, np.ndarray]:
    """A crossword's or a tray's faces with each outline that strays from its lattice
    square cut through that square instead (see
    :meth:`~cubecam.vision.lattice.fit.Lattice.squared`), and which faces were cut again.
    Loose dice keep their own outlines: they stand on no lattice, and a few lying turned
    alike may make one that fits none of them."""
    again = np.zeros(len(faces.quads), bool)
    if kind is LayoutKind.LOOSE:
        return faces, again
    quads = faces.lattice.squared(faces.quads, Settings.load().square_beyond)
    again = np.array([q is not own for q, own in zip(quads, faces.quads, strict=True)], bool)
    if not again.any():
        return faces, again
    views = faces.views.copy()
    views[again] = cut_views(
        faces.loaded.image, [q for q, a in zip(quads, again, strict=True) if a]
    )
    return replace(faces, quads=quads, views=views), again


def _settled(
    faces: CutFaces, kind: LayoutKind, cubeset: CubeSet | None, notes: list[str]
) -> tuple[CutFaces, int]:
    """The faces once the kind is known (loose dice's tops taken back, a tray's empty
    squares cut), and how many of them were seen (the rest cut where no face was found)."""
    faces = _loose_tops(faces, kind)
    return _filled(faces, kind, cubeset, notes), len(faces.quads)


def _loose_tops(faces: CutFaces, kind: LayoutKind) -> CutFaces:
    """Loose dice with the finds the lattice took for a side of the die beside them taken
    back: loose dice stand on no lattice, and a die pushed against another shows its top
    where, seen at a slant, that die's side would show."""
    back = faces.sides
    if kind is not LayoutKind.LOOSE or not back:
        return faces
    return replace(
        faces,
        quads=[*faces.quads, *back],
        lattice=replace(faces.lattice, cells=[*faces.lattice.cells, *([None] * len(back))]),
        views=np.concatenate([faces.views, cut_views(faces.loaded.image, back)]),
        rejected=[q for q in faces.rejected if not any(q is b for b in back)],
        sides=[],
    )


def _filled(
    faces: CutFaces, kind: LayoutKind, cubeset: CubeSet | None, notes: list[str]
) -> CutFaces:
    """A tray's faces with every square of its N × N window that no face holds cut from
    the lattice (see :meth:`~cubecam.vision.lattice.fit.Lattice.filled`), noted."""
    if kind is not LayoutKind.TRAY:
        return faces
    n = tray_size(faces.lattice, cubeset)
    quads, lattice = faces.lattice.filled(faces.quads, n)
    made = quads[len(faces.quads) :]
    if not made:
        return faces
    where = "; ".join(
        f"row {r + 1}, column {c + 1}" for r, c in lattice.tray(n)[len(faces.quads) :]
    )
    were = "was" if len(made) == 1 else "were"
    notes.append(
        f"{len(made)} of the {n}×{n} tray's cubes {were} not found (hidden, or not seen"
        f" clearly) and read where the tray holds them: {where}"
    )
    views = np.concatenate([faces.views, cut_views(faces.loaded.image, made)])
    return replace(faces, quads=quads, lattice=lattice, views=views)


def _without_surplus(
    faces: CutFaces,
    likely: list[Probabilities],
    presence: np.ndarray,
    cubeset: CubeSet,
    notes: list[str],
) -> tuple[CutFaces, list[Probabilities], np.ndarray]:
    """A crossword's or loose dice's faces (all of them found) less those taken for none
    where more were found than the set has cubes (see
    :func:`~cubecam.vision.knowledge.apply.surplus`), rejected and noted."""
    none = surplus(likely, presence, cubeset)
    if not none:
        return faces, likely, presence
    keep = np.ones(len(faces.quads), bool)
    keep[none] = False
    left = (
        "the one least likely to be a cube was left out (--annotate draws it rejected)"
        if len(none) == 1
        else f"the {len(none)} least likely to be cubes were left out (--annotate draws them"
        " rejected)"
    )
    notes.append(
        f"{len(faces.quads)} cubes found, but the {cubeset.title} set has {cubeset.count}: {left}"
    )
    kept = [p for p, k in zip(likely, keep, strict=True) if k]
    return faces.keeping(keep), kept, presence[keep]


def _squares(
    faces: CutFaces, kind: LayoutKind, cubeset: CubeSet | None, notes: list[str]
) -> list[Square | None]:
    """Each face's square on the lattice: a crossword's touching cubes, a tray's N × N
    window, none for loose dice."""
    lattice = faces.lattice
    if kind is LayoutKind.LOOSE:
        return [None] * len(faces.quads)
    if kind is LayoutKind.TRAY:
        n = tray_size(lattice, cubeset)
        squares = lattice.tray(n)
        inside = sum(square is not None for square in squares)
        if inside < n * n:
            notes.append(f"{inside} cubes found on a {n}×{n} tray: not a full tray")
        return squares
    return lattice.touching()


def _reading(
    faces: CutFaces,
    likely: list[Probabilities],
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
    found = len(presence)
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
                if cube.row is None
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
