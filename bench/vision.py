"""Recognition benchmark: how well a pipeline finds and reads cubes in labelled photos.

    PYTHONPATH=src python bench/vision.py                    # rendered set + ../shared/realdata
    PYTHONPATH=src python bench/vision.py --synth 6 --seed 121212 --limit 18 --keep fresh/
    PYTHONPATH=src python bench/vision.py --synth 2 --configs tilt-20-55 dark-cubes --size webcam
    PYTHONPATH=src python bench/vision.py DIR ... --limit 5  # any labelled folders
    PYTHONPATH=src python bench/vision.py --json-out bench-vision.json

Every folder holds photos with a ``NAME.json`` label each (the format of
``../shared/realdata/`` and of ``cubecam-lab synth``), or is a crop folder ``SET/SYMBOL/*.png``.
Given no folder, it renders a seed (``--seed``, ``--synth`` photos of each scene kind) in each
named configuration (``--configs``: tilt 0–20° and 20–55°, one colour and mixed, dark cubes,
blank faces and the classic look), a folder each, and reads them with ``../shared/realdata/``;
``--keep DIR`` keeps the renders, to read them again as folders.

Two readers run on the same material:

- the baseline a user would otherwise pick, Tesseract (``pytesseract``, ``--psm 10`` single
  character, letters whitelisted, trying the four rotations and keeping the most confident).
  It has no detector, so it reads crops cut from the labels: each cube's top-face corners
  (rendered sets), each tile's polygon (tiles/), the grid cut evenly (trays, boards), or
  the crop files themselves (crops/). Its "board right" is with the cubes found for it.
- our pipeline, when ``cubecam.vision.read_photo`` exists: it gets the whole photo and is
  scored on detection (cubes found vs labelled: recall, precision), layout kind, reading
  (per cube, per symbol, confusion pairs) and the whole board (trays up to a rotation of
  the tray, crosswords up to a shift, loose dice as a multiset). Detection and reading
  count the labelled faces in view (a rendered face a hand or a tray's rim mostly hides is
  not asked for); boards are counted over every photo ("board") and over the photos with
  every cube in view ("in view"). When
  ``cubecam.vision.read_face`` exists it also reads the same crops as the baseline.
  ``--with-set`` gives it the cube set each label names, as ``cubecam score --game`` does.

Times are per photo (median, worst) or per crop; peak memory is Python's while reading
one photo (tracemalloc, numpy arrays included) and the whole process's (ru_maxrss).
A realdata folder that is absent is skipped with a note.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import resource
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png")
REALDATA_FOLDERS = ("trays", "loose", "tiles", "boards", "crops")
CROP_SIZE = 64
EXPECTED_KIND = {"crossword": "crossword", "tray": "tray", "loose": "loose", "board": "crossword"}
"""The layout kind a reader should report for each labelled scene (tiles/ mixes scenes)."""
WHY_WRONG = ("hidden", "kind", "missed", "made up", "misread", "placed")
"""What a layout read wrong went through (a photo may go through several): a labelled cube
out of view (under a hand), the wrong kind of layout, a face in view not found, a face
found where none is, a face found and read wrong; ``placed``: none of those, every face
found and read right, yet put on the wrong squares or left over wrongly."""

Crop = tuple[np.ndarray, str]
CropReader = Callable[[np.ndarray], tuple[str, float]]


# --- labels and crops -------------------------------------------------------------------


@dataclass
class Sample:
    """One labelled photo."""

    path: Path
    label: dict

    @property
    def scene(self) -> str:
        return self.label.get("scene", "?")


def symbol_key(symbol: str | None) -> str | None:
    """Symbols compared across label sets: upper case (``Qu`` and ``QU`` are one face)."""
    return None if symbol is None else symbol.upper()


def load_samples(folder: Path) -> list[Sample]:
    """The labelled photos in ``folder`` (one ``NAME.json`` naming its ``image`` each)."""
    samples = []
    for label_path in sorted(folder.glob("*.json")):
        label = json.loads(label_path.read_text("utf-8"))
        if isinstance(label, dict) and label.get("image"):
            image = folder / label["image"]
            if image.is_file():
                samples.append(Sample(image, label))
    return samples


def load_crop_folder(folder: Path) -> list[tuple[Path, str]]:
    """Crop files of ``folder/SET/SYMBOL/FILE`` (or ``folder/SYMBOL/FILE``) with their symbol."""
    files = []
    for path in sorted(folder.rglob("*")):
        if path.suffix.lower() in IMAGE_SUFFIXES:
            files.append((path, path.parent.name))
    return files


def order_corners(points: np.ndarray) -> np.ndarray:
    """Four corners clockwise (as displayed) from the one with the smallest x + y: what a
    detector that does not know the letter's orientation would give."""
    points = np.asarray(points, np.float32)
    centre = points.mean(axis=0)
    angles = np.arctan2(points[:, 1] - centre[1], points[:, 0] - centre[0])
    points = points[np.argsort(angles)]
    start = int(np.argmin(points.sum(axis=1)))
    return np.roll(points, -start, axis=0)


def warp_quad(image: np.ndarray, corners: np.ndarray, size: int = CROP_SIZE) -> np.ndarray:
    """The quadrilateral ``corners`` of ``image`` as a ``size`` × ``size`` square."""
    target = np.array([[0, 0], [size, 0], [size, size], [0, size]], np.float32)
    matrix = cv2.getPerspectiveTransform(order_corners(corners), target)
    return cv2.warpPerspective(image, matrix, (size, size), flags=cv2.INTER_AREA)


def tile_centres(image: np.ndarray) -> tuple[np.ndarray, float]:
    """Centres of bright, square, tile-sized blobs (Scrabble tiles on a dark board) and their
    median side."""
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
    value = hsv[..., 2].astype(np.float32)
    mask = ((value > np.percentile(value, 97) * 0.8) & (hsv[..., 1] < 110)).astype(np.uint8)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
    count, _, stats, centres = cv2.connectedComponentsWithStats(mask)
    side_lo, side_hi = image.shape[1] / 30, image.shape[1] / 12
    keep = [
        i
        for i in range(1, count)
        if side_lo < stats[i, 2] < side_hi
        and side_lo < stats[i, 3] < side_hi
        and 0.7 < stats[i, 2] / stats[i, 3] < 1.4
    ]
    if not keep:
        return np.zeros((0, 2)), 0.0
    return centres[keep], float(np.median(stats[keep, 2:4]))


def board_grid(
    image: np.ndarray, cells: list[tuple[int, int]], size: int
) -> tuple[float, float, float]:
    """(x0, y0, pitch) of a board's grid, fitted so that the labelled cells sit on tiles seen
    in the photo; the whole board when no tiles are found."""
    centres, side = tile_centres(image)
    if len(centres) == 0 or not cells:
        return 0.0, 0.0, image.shape[1] / size
    pitch = side / 0.93
    best: tuple[int, float, float] = (-1, 0.0, 0.0)
    for r, c in cells:
        for x, y in centres:
            x0, y0 = x - (c + 0.5) * pitch, y - (r + 0.5) * pitch
            votes = sum(
                np.min(
                    np.hypot(
                        centres[:, 0] - (x0 + (cc + 0.5) * pitch),
                        centres[:, 1] - (y0 + (rr + 0.5) * pitch),
                    )
                )
                < pitch / 3
                for rr, cc in cells
            )
            if votes > best[0]:
                best = (votes, x0, y0)
    _, x0, y0 = best
    rows, cols, xs, ys = [], [], [], []
    for r, c in cells:
        expected = np.array([x0 + (c + 0.5) * pitch, y0 + (r + 0.5) * pitch])
        distance = np.hypot(*(centres - expected).T)
        if distance.min() < pitch / 3:
            x, y = centres[int(distance.argmin())]
            rows.append(r), cols.append(c), xs.append(x), ys.append(y)
    if len(xs) >= 3:
        a = np.column_stack(
            [
                np.ones(len(xs) * 2),
                np.r_[np.array(cols) + 0.5, np.array(rows) + 0.5],
                np.r_[np.ones(len(xs)), np.zeros(len(xs))],
                np.r_[np.zeros(len(xs)), np.ones(len(xs))],
            ]
        )
        # x = x0 + (c + .5) p ; y = y0 + (r + .5) p  -> unknowns (p, x0, y0)
        a = np.column_stack([a[:, 1], a[:, 2], a[:, 3]])
        solution, *_ = np.linalg.lstsq(a, np.r_[xs, ys], rcond=None)
        pitch, x0, y0 = (float(v) for v in solution)
    return x0, y0, pitch


def grid_cells(
    box: tuple[float, float, float, float], rows: int, cols: int
) -> Iterator[tuple[int, int, np.ndarray]]:
    """(row, col, corners) of each cell of a grid filling ``box`` (x, y, width, height)."""
    x, y, w, h = box
    for r in range(rows):
        for c in range(cols):
            x0, y0 = x + c * w / cols, y + r * h / rows
            x1, y1 = x0 + w / cols, y0 + h / rows
            yield r, c, np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32)


def labelled_faces(sample: Sample, image: np.ndarray) -> list[tuple[str, np.ndarray]]:
    """Each labelled face's symbol and outline (4+ points) in pixels; empty for loose dice,
    whose labels give no positions."""
    label = sample.label
    if label.get("cubes"):
        return [(c["symbol"], np.array(c["corners"], np.float32)) for c in label["cubes"]]
    if label.get("tiles"):
        return [(t["symbol"], np.array(t["polygon"], np.float32)) for t in label["tiles"]]
    if sample.scene == "tray" and label.get("rows"):
        rows = label["rows"]
        box = (0.0, 0.0, float(image.shape[1]), float(image.shape[0]))
        return [
            (rows[r][c], corners)
            for r, c, corners in grid_cells(box, len(rows), len(rows[0]))
            if rows[r][c] is not None
        ]
    if sample.scene == "board" and label.get("cells"):
        n = int(label.get("board_size", 15))
        cells = {(cell["row"], cell["col"]): cell["symbol"] for cell in label["cells"]}
        x0, y0, pitch = board_grid(image, list(cells), n)
        return [
            (cells[(r, c)], corners)
            for r, c, corners in grid_cells((x0, y0, pitch * n, pitch * n), n, n)
            if (r, c) in cells
        ]
    return []


def face_crop(image: np.ndarray, outline: np.ndarray) -> np.ndarray:
    """The face inside ``outline`` (a quadrilateral, or any polygon via its tightest box)."""
    if len(outline) != 4:
        outline = cv2.boxPoints(cv2.minAreaRect(outline.astype(np.float32)))
    return warp_quad(image, outline)


# --- readers ----------------------------------------------------------------------------


@contextlib.contextmanager
def _one_omp_thread() -> Iterator[None]:
    """Tesseract run with one OpenMP thread (its threads only slow a single character down),
    this process's own environment left as it was."""
    before = os.environ.get("OMP_THREAD_LIMIT")
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("OMP_THREAD_LIMIT", None)


class TesseractReader:
    """Tesseract on one crop: ``--psm 10``, the four rotations, the most confident answer."""

    name = "tesseract"

    def __init__(self, alphabet: str = "ABCDEFGHIJKLMNOPQRSTUVWXYZÅÄÖÜ") -> None:
        import pytesseract

        self._tess = pytesseract
        self.config = f"--psm 10 -c tessedit_char_whitelist={alphabet}"
        self.version = str(pytesseract.get_tesseract_version())

    def __call__(self, crop: np.ndarray) -> tuple[str, float]:
        prepared = prepare_for_ocr(crop)
        best, confidence = "BLANK", -1.0
        with _one_omp_thread():
            turns = [
                self._tess.image_to_data(
                    np.rot90(prepared, turn), config=self.config, output_type=self._tess.Output.DICT
                )
                for turn in range(4)
            ]
        for data in turns:
            for text, conf in zip(data["text"], data["conf"], strict=True):
                conf = float(conf)
                if text.strip() and conf > confidence:
                    best, confidence = text.strip().upper(), conf
        return best, max(confidence, 0.0) / 100.0


class RapidOcrReader:
    """RapidOCR (PP-OCR recognition, its models inside the wheel) on one crop: the OCR a user
    would try next; the four rotations, the most confident single letter."""

    name = "rapidocr"

    def __init__(self) -> None:
        from rapidocr_onnxruntime import RapidOCR

        self._engine = RapidOCR()
        self.version = "rapidocr-onnxruntime"

    def __call__(self, crop: np.ndarray) -> tuple[str, float]:
        image = crop if crop.ndim == 3 else cv2.cvtColor(crop, cv2.COLOR_GRAY2BGR)
        image = cv2.resize(image, (96, 96), interpolation=cv2.INTER_CUBIC)
        best, confidence = "BLANK", -1.0
        for turn in range(4):
            found, _ = self._engine(
                np.ascontiguousarray(np.rot90(image, turn)), use_det=False, use_cls=False
            )
            for text, conf in found or []:
                text = "".join(c for c in str(text) if c.isalpha())
                if text and float(conf) > confidence:
                    best, confidence = text[:1].upper(), float(conf)
        return best, max(confidence, 0.0)


def prepare_for_ocr(crop: np.ndarray) -> np.ndarray:
    """Grey, dark ink on white (Otsu), with a white margin: Tesseract's preferred input."""
    gray = crop if crop.ndim == 2 else cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
    gray = cv2.resize(gray, (CROP_SIZE, CROP_SIZE), interpolation=cv2.INTER_AREA)
    _, binary = cv2.threshold(gray, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    inner = binary[CROP_SIZE // 4 : -CROP_SIZE // 4, CROP_SIZE // 4 : -CROP_SIZE // 4]
    border = np.concatenate(
        [binary[:4].ravel(), binary[-4:].ravel(), binary[:, :4].ravel(), binary[:, -4:].ravel()]
    )
    if border.mean() < 127 and inner.mean() < 200:
        binary = 255 - binary
    return cv2.copyMakeBorder(binary, 16, 16, 16, 16, cv2.BORDER_CONSTANT, value=255)


def pipeline() -> tuple[Callable | None, CropReader | None]:
    """``cubecam.vision.read_photo`` and ``cubecam.vision.read_face`` where they exist."""
    try:
        import cubecam.vision as vision
    except ImportError:
        return None, None
    return getattr(vision, "read_photo", None), getattr(vision, "read_face", None)


def _face_result(result: object) -> tuple[str, float]:
    if isinstance(result, tuple):
        return str(result[0]), float(result[1])
    return str(getattr(result, "symbol", result)), float(getattr(result, "confidence", 1.0))


# --- scoring ----------------------------------------------------------------------------


@dataclass
class ReadingScore:
    """Per-cube reading: how many right, per symbol, which confusions, how fast."""

    total: int = 0
    correct: int = 0
    per_symbol: dict[str, list[int]] = field(default_factory=dict)
    confusions: Counter = field(default_factory=Counter)
    seconds: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    flagged_right: int = 0
    """Cubes read right that the reader marked unsure (a player checks them for nothing)."""
    flagged_wrong: int = 0
    """Cubes misread that the reader marked unsure (a player is told to check them)."""
    marks_unsure: bool = False
    """Whether the reader says which cubes it is unsure of (ours does; the OCR baselines don't)."""

    def add(
        self,
        truth: str,
        read: str | None,
        seconds: float | None = None,
        unsure: bool | None = None,
    ) -> None:
        truth_key, read_key = symbol_key(truth), symbol_key(read)
        self.total += 1
        hit = truth_key == read_key
        self.correct += hit
        if unsure is not None:
            self.marks_unsure = True
            self.flagged_right += hit and unsure
            self.flagged_wrong += not hit and unsure
        counts = self.per_symbol.setdefault(truth_key or "", [0, 0])
        counts[0] += hit
        counts[1] += 1
        if not hit:
            self.confusions[(truth_key, read_key or "-")] += 1
        if seconds is not None:
            self.seconds.append(seconds)

    @property
    def accuracy(self) -> float | None:
        return self.correct / self.total if self.total else None

    def to_json(self) -> dict:
        return {
            "crops": self.total,
            "correct": self.correct,
            "accuracy": _round(self.accuracy),
            "per_symbol": {s: round(h / n, 3) for s, (h, n) in sorted(self.per_symbol.items())},
            "confusions": [[t, r, n] for (t, r), n in self.confusions.most_common(12)],
            **(
                {
                    "unsure": {
                        "misread": [self.flagged_wrong, self.total - self.correct],
                        "read_right": [self.flagged_right, self.correct],
                    }
                }
                if self.marks_unsure
                else {}
            ),
            "errors": len(self.errors),
            "first_errors": sorted(set(self.errors))[:3],
            **_times(self.seconds, "crop"),
        }


def match_detections(
    truth: list[tuple[str, np.ndarray]], centres: list[tuple[float, float]]
) -> list[tuple[int, int]]:
    """Pairs (labelled face, detection) matched one-to-one: a detection counts for a face
    when its centre lies within half a side of the face's centre (nearest first)."""
    pairs = []
    for i, (_, outline) in enumerate(truth):
        centre = outline.mean(axis=0)
        side = float(np.sqrt(max(cv2.contourArea(outline.astype(np.float32)), 1.0)))
        for j, (x, y) in enumerate(centres):
            distance = float(np.hypot(x - centre[0], y - centre[1]))
            if distance <= side / 2:
                pairs.append((distance, i, j))
    used_truth, used_found, matched = set(), set(), []
    for _, i, j in sorted(pairs):
        if i not in used_truth and j not in used_found:
            used_truth.add(i)
            used_found.add(j)
            matched.append((i, j))
    return matched


def tray_right(truth: list[list[str | None]], read: list[list[str | None]]) -> bool:
    """Whether a read tray equals the labelled one, up to a rotation of the whole tray."""
    target = np.array([[symbol_key(s) or "." for s in row] for row in truth], dtype=object)
    try:
        found = np.array([[symbol_key(s) or "." for s in row] for row in read], dtype=object)
    except ValueError:
        return False
    if found.ndim != 2:
        return False
    return any(
        np.rot90(found, k).shape == target.shape and (np.rot90(found, k) == target).all()
        for k in range(4)
    )


def crossword_right(
    truth_rows: list[list[str | None]],
    truth_unused: list[str],
    read_rows: list[list[str | None]],
    read_unused: list[str],
) -> bool:
    """Whether a read crossword equals the labelled one, up to a shift of the grid, with
    the same cubes left over."""
    return _trimmed(truth_rows) == _trimmed(read_rows) and _multiset(truth_unused) == _multiset(
        read_unused
    )


def board_rows(cells: list[dict]) -> list[list[str | None]]:
    """A board label's tiles (each with ``row``, ``col``, ``symbol``) as rows of symbols."""
    rows = [
        [None] * (max(c["col"] for c in cells) + 1) for _ in range(max(c["row"] for c in cells) + 1)
    ]
    for cell in cells:
        rows[cell["row"]][cell["col"]] = cell["symbol"]
    return rows


def multiset_right(truth: list[str] | None, read: list[str]) -> bool | None:
    """Whether the same faces were read, in any order (``None`` where unlabelled)."""
    return None if truth is None else _multiset(truth) == _multiset(read)


def _trimmed(rows: list[list[str | None]]) -> list[list[str]]:
    grid = [[symbol_key(s) or "." for s in row] for row in rows]
    grid = [row for row in grid if any(s != "." for s in row)]
    if not grid:
        return []
    width = max(len(row) for row in grid)
    grid = [row + ["."] * (width - len(row)) for row in grid]
    keep = [c for c in range(width) if any(row[c] != "." for row in grid)]
    return [row[keep[0] : keep[-1] + 1] for row in grid]


def _multiset(symbols: list[str]) -> Counter:
    return Counter(symbol_key(s) for s in symbols)


@dataclass
class PhotoScore:
    """Our pipeline on whole photos: detection, layout kind, reading, whole board, time."""

    photos: int = 0
    labelled: int = 0
    found: int = 0
    matched: int = 0
    kind_checked: int = 0
    kind_right: int = 0
    board_checked: int = 0
    board_right: int = 0
    whole_checked: int = 0
    whole_right: int = 0
    """Boards checked and right among the photos with every labelled cube in view."""
    unseeable: int = 0
    """Boards checked on photos that show none of some labelled cube's top (a hand or the
    photo's edge over all of it): no reader can get those right."""
    wrong: dict[str, list[str]] = field(default_factory=dict)
    """Each photo whose layout was read wrong, and what it went through (:data:`WHY_WRONG`)."""
    reading: ReadingScore = field(default_factory=ReadingScore)
    made_up: int = 0
    """Faces found where no labelled face is (counted where labels give positions)."""
    flagged_made_up: int = 0
    """Of those, the ones the reader marked unsure."""
    silent: list[str] = field(default_factory=list)
    """The photos whose layout was read wrong where neither an unsure cube nor a note points
    at every difference
    (a misread or made-up cube not marked unsure; a cube missed or hidden, the kind or a
    square wrong, with nothing said)."""
    hidden_flagged: int = 0
    """Boards read wrong on photos with some cube hidden (under half in view) whose reading
    flags it (a note, as a short count of the set's cubes): right as far as a reader can be."""
    seconds: list[float] = field(default_factory=list)
    peak_python_mb: float = 0.0
    errors: list[str] = field(default_factory=list)

    def wrong_because(self) -> dict[str, int]:
        """How many of the layouts read wrong went through each of :data:`WHY_WRONG`."""
        counts = Counter(why for causes in self.wrong.values() for why in causes)
        return {why: counts[why] for why in WHY_WRONG}

    def to_json(self) -> dict:
        return {
            "photos": self.photos,
            "recall": _round(self.matched / self.labelled if self.labelled else None),
            "precision": _round(self.matched / self.found if self.found else None),
            "kind_right": _round(
                self.kind_right / self.kind_checked if self.kind_checked else None
            ),
            "board_right": _round(
                self.board_right / self.board_checked if self.board_checked else None
            ),
            "boards_checked": self.board_checked,
            "board_right_in_view": _round(
                self.whole_right / self.whole_checked if self.whole_checked else None
            ),
            "boards_in_view": self.whole_checked,
            "boards_unseeable": self.unseeable,
            "silently_wrong": self.silent,
            "hidden_flagged": self.hidden_flagged,
            "wrong_because": self.wrong_because(),
            "wrong": self.wrong,
            "reading": self.reading.to_json(),
            **(
                {"made_up_unsure": [self.flagged_made_up, self.made_up]}
                if self.reading.marks_unsure
                else {}
            ),
            **_times(self.seconds, "photo"),
            "peak_python_mb": round(self.peak_python_mb, 1),
            "errors": self.errors[:5],
        }


def score_photo(score: PhotoScore, sample: Sample, image: np.ndarray, result: object) -> None:
    """Add one pipeline result (a ``Reading`` with ``layout`` and ``cubes``) to ``score``:
    found, precision and reading over the labelled faces in view (a face under a hand is
    neither missed nor made up), boards over every photo and over those with all in view."""
    from cubecam_lab.labels import in_view

    label = sample.label
    layout = getattr(result, "layout", result)
    cubes = list(getattr(result, "cubes", []) or [])
    score.photos += 1
    kind = getattr(getattr(layout, "kind", None), "value", None)
    expected = EXPECTED_KIND.get(sample.scene)
    if expected is not None:
        score.kind_checked += 1
        score.kind_right += kind == expected
    truth = labelled_faces(sample, image)
    seen = in_view(label) if label.get("cubes") else np.ones(len(truth), bool)
    centres = [tuple(getattr(c, "center", (np.nan, np.nan))) for c in cubes]
    labelled = found = matched = misread = 0
    unflagged = False  # a misread or made-up cube the reader did not mark unsure
    if truth:
        pairs = match_detections(truth, centres)
        on_hidden = sum(not seen[i] for i, _ in pairs)  # neither found nor made up
        labelled, found, matched = int(seen.sum()), len(cubes) - on_hidden, len(pairs) - on_hidden
        for i, j in pairs:
            if seen[i]:
                read = getattr(cubes[j], "symbol", None)
                marks = getattr(cubes[j], "is_unsure", None)
                score.reading.add(truth[i][0], read, unsure=marks() if marks else None)
                wrong = symbol_key(read) != symbol_key(truth[i][0])
                misread += wrong
                unflagged |= wrong and not _unsure(cubes[j])
        paired = {j for _, j in pairs}
        made_up = [cube for j, cube in enumerate(cubes) if j not in paired]
        score.made_up += len(made_up)
        score.flagged_made_up += sum(_unsure(cube) for cube in made_up)
        unflagged |= not all(_unsure(cube) for cube in made_up)
    elif label.get("count"):
        labelled, found = int(label["count"]), len(cubes)
        matched = min(labelled, found)
        # no positions: as many found as there are, yet not the labelled faces, is a misread
        faces_read = [getattr(c, "symbol", None) for c in cubes]
        misread = int(found == labelled and multiset_right(label.get("faces"), faces_read) is False)
        unflagged = bool(misread) and not any(_unsure(cube) for cube in cubes)
    score.labelled += labelled
    score.found += found
    score.matched += matched
    faces = getattr(layout, "faces", lambda: [])()
    read_rows = (
        [[None if f is None else f.symbol for f in row] for row in layout.rows()] if faces else []
    )
    read_unused = [f.symbol for f in getattr(layout, "unused", ())]
    right: bool | None = None
    if sample.scene == "tray" and label.get("rows"):
        right = tray_right(label["rows"], read_rows)
    elif sample.scene == "crossword" and label.get("rows") is not None:
        right = crossword_right(label["rows"], label.get("unused", []), read_rows, read_unused)
    elif sample.scene == "board" and label.get("cells"):
        right = crossword_right(board_rows(label["cells"]), [], read_rows, read_unused)
    elif sample.scene == "loose":
        right = multiset_right(label.get("faces"), [f.symbol for f in faces])
    if right is not None:
        # a note, or a cube read where no face was found (a tray's hidden die), points at a
        # cube missed or hidden
        noted = bool(getattr(result, "notes", None)) or any(
            getattr(cube, "unseen", False) for cube in cubes
        )
        score.board_checked += 1
        score.board_right += right
        score.unseeable += any(c.get("visible", 1.0) <= 0 for c in label.get("cubes", ()))
        score.hidden_flagged += not right and not seen.all() and noted
        if seen.all():
            score.whole_checked += 1
            score.whole_right += right
        if not right:
            causes = {
                "hidden": not seen.all(),
                "kind": expected is not None and kind != expected,
                "missed": matched < labelled,
                "made up": matched < found,
                "misread": misread > 0,
            }
            score.wrong[sample.path.name] = [why for why, met in causes.items() if met] or [
                "placed"
            ]
            if is_silent(causes, unflagged, noted, any(map(_unsure, cubes))):
                score.silent.append(sample.path.name)


def _unsure(cube: object) -> bool:
    """Whether a reader's cube is marked for a player to check."""
    return bool(getattr(cube, "is_unsure", lambda: False)())


def is_silent(causes: dict[str, bool], unflagged: bool, noted: bool, any_unsure: bool) -> bool:
    """Whether a layout read wrong for ``causes`` says nothing that points at every
    difference: a misread or made-up cube must be marked unsure itself (``unflagged``: one is
    not), a cube missed or hidden needs a note or a cube read where no face was found
    (``noted``: none is on the photo's cubes), and the wrong
    kind or squares a note or some cube marked unsure.

    >>> is_silent({"misread": True}, unflagged=False, noted=False, any_unsure=True)
    False
    >>> is_silent({"missed": True}, unflagged=False, noted=False, any_unsure=True)
    True
    >>> is_silent({}, unflagged=False, noted=False, any_unsure=True)  # placed wrong
    False
    """
    if unflagged:
        return True
    if (causes.get("missed") or causes.get("hidden")) and not noted:
        return True
    if causes.get("kind") or not any(causes.values()):
        return not (noted or any_unsure)
    return False


def _times(seconds: list[float], unit: str) -> dict:
    if not seconds:
        return {}
    return {
        f"median_ms_per_{unit}": round(1000 * statistics.median(seconds), 1),
        f"worst_ms_per_{unit}": round(1000 * max(seconds), 1),
    }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


# --- running ----------------------------------------------------------------------------


@dataclass
class FolderResult:
    name: str
    path: str
    photos: int = 0
    baseline: ReadingScore = field(default_factory=ReadingScore)
    baseline_boards: list[bool] = field(default_factory=list)
    rapidocr: ReadingScore | None = None
    ours_crops: ReadingScore | None = None
    ours: PhotoScore | None = None
    note: str | None = None

    def to_json(self) -> dict:
        data: dict = {"name": self.name, "path": self.path, "photos": self.photos}
        if self.note:
            data["note"] = self.note
        data["tesseract"] = self.baseline.to_json()
        if self.baseline_boards:
            data["tesseract"]["photos_all_right"] = round(
                sum(self.baseline_boards) / len(self.baseline_boards), 4
            )
        if self.rapidocr is not None:
            data["rapidocr"] = self.rapidocr.to_json()
        if self.ours_crops is not None:
            data["ours_crops"] = self.ours_crops.to_json()
        if self.ours is not None:
            data["ours"] = self.ours.to_json()
        return data


def run_folder(
    name: str,
    folder: Path,
    *,
    limit: int,
    max_crops: int,
    baseline: CropReader | None,
    read_photo: Callable | None,
    read_face: CropReader | None,
    rapidocr: CropReader | None = None,
) -> FolderResult:
    """Score the readers on one labelled folder (photos, or a crop folder): the label
    crops are the labelled faces in view."""
    from cubecam_lab.labels import in_view

    result = FolderResult(name, str(folder))
    crops: list[Crop] = []
    owners: list[int] = []
    samples = load_samples(folder)[:limit]
    if samples:
        result.photos = len(samples)
        result.ours = PhotoScore() if read_photo is not None else None
        tagged = []
        for index, sample in enumerate(samples):
            image = cv2.imread(str(sample.path), cv2.IMREAD_COLOR)
            if image is None:
                continue
            faces = labelled_faces(sample, image)
            label = sample.label
            seen = in_view(label) if label.get("cubes") else np.ones(len(faces), bool)
            for (symbol, outline), shown in zip(faces, seen, strict=True):
                if shown:  # a face a hand hides is no crop to read
                    tagged.append((index, face_crop(image, outline), symbol))
            if result.ours is not None:
                _run_pipeline(result.ours, sample, image, read_photo)
        tagged = _whole_photos(tagged, max_crops)
        owners = [index for index, _, _ in tagged]
        crops = [(crop, symbol) for _, crop, symbol in tagged]
        if not crops:
            result.note = "labels give no positions: crop reading not scored"
    else:
        files = _spread(load_crop_folder(folder), max_crops)
        crops = [(cv2.imread(str(path), cv2.IMREAD_COLOR), symbol) for path, symbol in files]
    if baseline is not None:
        wrong_crops = _read_crops(result.baseline, baseline, crops)
        wrong = {owners[i] for i in wrong_crops} if owners else set()
        result.baseline_boards = [i not in wrong for i in sorted(set(owners))]
    if rapidocr is not None:
        result.rapidocr = ReadingScore()
        _read_crops(result.rapidocr, rapidocr, crops)
    if read_face is not None:
        result.ours_crops = ReadingScore()
        _read_crops(result.ours_crops, lambda crop: _face_result(read_face(crop)), crops)
    return result


def _read_crops(score: ReadingScore, reader: CropReader, crops: list[Crop]) -> list[int]:
    """Read every crop into ``score``; the indices of the crops read wrong. A reader that
    fails on a crop has read it wrong (the error is kept), and the run goes on."""
    wrong = []
    for i, (crop, truth) in enumerate(crops):
        start = time.perf_counter()
        try:
            symbol: str | None = reader(crop)[0]
        except Exception as error:
            symbol = None
            score.errors.append(f"{type(error).__name__}: {error}")
        score.add(truth, symbol, time.perf_counter() - start)
        if symbol_key(symbol) != symbol_key(truth):
            wrong.append(i)
    return wrong


def with_sets(read_photo: Callable) -> Callable:
    """``read_photo`` given the cube set that each photo's label names, as ``cubecam score
    --game`` reads a photo with its set; none where the label names none, or where its cubes
    are not that set's (a ``blank-faces`` render gives any set blank faces)."""
    from cubecam.cubesets import load_cubeset
    from cubecam.layout import Face, Layout

    def read(path: Path) -> object:
        label = json.loads(path.with_suffix(".json").read_text("utf-8"))
        cubeset = load_cubeset(label["cubeset"]) if label.get("cubeset") else None
        faces = [Face(c["symbol"]) for c in label.get("cubes", [])]
        theirs = cubeset is not None and not cubeset.check(Layout.from_rows([], unused=faces))
        return read_photo(path, cubeset=cubeset if theirs else None)

    return read


def _run_pipeline(
    score: PhotoScore, sample: Sample, image: np.ndarray, read_photo: Callable
) -> None:
    """Time one photo, score it; the folder's first photo is read once more under
    tracemalloc for the peak memory (tracing slows Python down, so it is never timed)."""
    start = time.perf_counter()
    try:
        result = read_photo(sample.path)
    except Exception as error:  # a crash on one photo is a result, not the end of the run
        empty = not labelled_faces(sample, image) and not sample.label.get("count")
        if not (empty and "no cubes found" in str(error)):  # saying so of an empty photo is right
            score.errors.append(f"{sample.path.name}: {type(error).__name__}: {error}")
        score_photo(score, sample, image, None)  # nothing found, no layout
        return
    score.seconds.append(time.perf_counter() - start)
    if len(score.seconds) == 1:
        tracemalloc.start()
        read_photo(sample.path)
        score.peak_python_mb = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
    score_photo(score, sample, image, result)


def _whole_photos(tagged: list[tuple[int, np.ndarray, str]], limit: int) -> list:
    """Whole photos' crops, photos in a fixed shuffled order, about ``limit`` crops (one
    photo at least)."""
    chosen: list = []
    photos = sorted({t[0] for t in tagged})
    for index in np.random.default_rng(0).permutation(photos).tolist() if photos else []:
        photo = [t for t in tagged if t[0] == index]
        if chosen and len(chosen) + len(photo) > limit:
            break
        chosen += photo
    return chosen


def _spread(items: list, limit: int) -> list:
    """At most ``limit`` items, spread evenly over the list (every symbol gets a share)."""
    if len(items) <= limit:
        return items
    step = len(items) / limit
    return [items[int(i * step)] for i in range(limit)]


def render_sets(
    out: Path, per_kind: int, seed: int, size: tuple[int, int], configs: list[str]
) -> list[tuple[str, Path]]:
    """``per_kind`` rendered photos of every scene kind in each of ``configs``, into
    ``out/CONFIG``, on every core; the folders' names and paths."""
    from cubecam_lab.synth.dataset import KINDS, SetSpec, write_sets

    specs = [
        SetSpec(kind, per_kind, seed, out / config, size, config=config)
        for config in configs
        for kind in KINDS
    ]
    write_sets(specs, workers=os.cpu_count() or 1)
    return [(f"rendered/{config}", out / config) for config in configs]


def folders_to_run(args: argparse.Namespace, workdir: Path) -> list[tuple[str, Path | None]]:
    folders: list[tuple[str, Path | None]] = [
        ("/".join(Path(f).parts[-2:]), Path(f)) for f in args.folders
    ]
    if not args.folders:
        if args.synth > 0:
            out = args.keep or workdir / "rendered"
            folders += render_sets(out, args.synth, args.seed, args.size, args.configs)
        from cubecam_lab.glyphs.dataset import realdata_root

        root = realdata_root()
        for name in REALDATA_FOLDERS:
            path = None if root is None else root / name
            if name == "crops" and path is not None and path.is_dir():
                folders += [
                    (f"crops/{sub.name}", sub) for sub in sorted(path.iterdir()) if sub.is_dir()
                ]
            else:
                folders.append(
                    (f"realdata/{name}", path if path is not None and path.is_dir() else None)
                )
    return folders


PHONE_SIZE = (4032, 3024)
"""A 12 MP phone photo's pixels."""


def phone_speed(read_photo: Callable, runs: int, tesseract_runs: int = 2) -> dict:
    """The bundled crossword photo scaled to 12 MP, read and scored with the scoring core
    (the dictionary loaded once, as a server holds it): seconds per run, ours and with
    ``--ocr tesseract``, and whether each read the board right."""
    from cubecam.errors import CubecamError
    from cubecam.lexicon import load_lexicon
    from cubecam.rules.crossword import GameOne

    sample = ROOT / "sample_images" / "game-one-crossword.jpg"
    label = json.loads(sample.with_suffix(".json").read_text("utf-8"))
    want = [[symbol_key(s) for s in row] for row in label["rows"]]
    game, lexicon = GameOne(), load_lexicon("en")
    with tempfile.TemporaryDirectory() as folder:
        photo = Path(folder) / "phone.jpg"
        image = cv2.resize(cv2.imread(str(sample)), PHONE_SIZE, interpolation=cv2.INTER_CUBIC)
        cv2.imwrite(str(photo), image, [cv2.IMWRITE_JPEG_QUALITY, 92])
        figures = {}
        for reader, count in (("glyphs", runs), ("tesseract", tesseract_runs)):
            if not count:
                continue
            seconds, right = [], []
            for _ in range(count):
                start = time.perf_counter()
                reading = read_photo(photo, ocr=reader)
                with contextlib.suppress(CubecamError):  # a misread board may not score
                    game.score(reading.layout, lexicon)
                seconds.append(time.perf_counter() - start)
                rows = [[symbol_key(f and f.symbol) for f in row] for row in reading.layout.rows()]
                right.append(rows == want)
            figures[reader] = {
                "runs": count,
                "median_s": round(statistics.median(seconds), 3),
                "worst_s": round(max(seconds), 3),
                "board_right": all(right),
            }
    return figures


def print_phone(figures: dict) -> None:
    print(f"12 MP photo ({PHONE_SIZE[0]}x{PHONE_SIZE[1]}) read and scored:")
    for reader, f in figures.items():
        print(
            f"  {reader:<10} median {f['median_s']:.2f} s, worst {f['worst_s']:.2f} s"
            f" ({f['runs']} runs), board {'right' if f['board_right'] else 'WRONG'}"
        )


def print_table(results: list[FolderResult], skipped: list[str]) -> None:
    header = (
        f"{'folder':<28}{'photos':>7}{'crops':>7}{'tess acc':>10}{'ours acc':>10}{'ratio':>8}"
        f"{'recall':>8}{'prec':>7}{'board':>7}{'in view':>9}{'kind':>7}{'ms/photo':>10}{'ms/crop':>9}"
    )
    print(header)
    print("-" * len(header))
    for r in results:
        tess = r.baseline.accuracy
        ours_score = r.ours.reading if r.ours is not None and r.ours.reading.total else r.ours_crops
        ours = ours_score.accuracy if ours_score is not None else None
        photo = r.ours.to_json() if r.ours is not None else {}
        ratio = f"{ours / tess:.2f}" if ours is not None and tess else "-"
        crop_ms = _times(r.baseline.seconds, "crop").get("median_ms_per_crop")
        print(
            f"{r.name:<28}{r.photos:>7}{r.baseline.total:>7}{_pct(tess):>10}{_pct(ours):>10}{ratio:>8}"
            f"{_pct(photo.get('recall')):>8}{_pct(photo.get('precision')):>7}{_pct(photo.get('board_right')):>7}"
            f"{_pct(photo.get('board_right_in_view')):>9}"
            f"{_pct(photo.get('kind_right')):>7}"
            f"{photo.get('median_ms_per_photo', '-')!s:>10}{crop_ms or '-'!s:>9}"
        )
        if r.note:
            print(f"  note: {r.note}")
        if r.rapidocr is not None and r.rapidocr.total:
            print(f"  rapidocr on the same crops: {_pct(r.rapidocr.accuracy)}")
        if r.ours is not None and r.ours.wrong:
            print(f"  layouts wrong: {_because(r.ours.wrong_because())}")
        if r.ours is not None and r.ours.board_checked:
            print(f"  {trust_line(r.ours)}")
        failures = (r.ours.errors if r.ours else []) + (r.ours_crops.errors if r.ours_crops else [])
        if failures:
            print(f"  ours failed {len(failures)} times, e.g. {failures[0]}")
        if r.baseline.confusions:
            pairs = ", ".join(
                f"{t}->{s} x{n}" for (t, s), n in r.baseline.confusions.most_common(6)
            )
            print(f"  tesseract confusions: {pairs}")
    totals = layout_totals(results)
    print(
        f"layouts exactly right over these folders: {totals['right']} of {totals['checked']}"
        f" ({totals['right_in_view']} of {totals['in_view']} photos with every cube in view)"
    )
    if totals["unseeable"]:
        possible = totals["checked"] - totals["unseeable"]
        verb = "shows" if totals["unseeable"] == 1 else "show"
        print(
            f"  {totals['unseeable']} of them {verb} none of some cube's top: at most {possible}"
            f" of {totals['checked']} ({_pct(possible / totals['checked'])}) can be right"
        )
    scores = [r.ours for r in results if r.ours is not None and r.ours.board_checked]
    if scores:
        print(f"over these folders: {trust_line(sum_scores(scores))}")
    wrong = wrong_totals(results)
    if any(wrong.values()):
        print(f"the wrong ones (a photo may count under several): {_because(wrong)}")
    unsure = unsure_totals(results)
    if unsure["misread"][1] or unsure["read_right"][1]:
        print(
            "marked unsure: {} of the {} cubes misread, {} of the {} read right,"
            " {} of the {} faces made up".format(
                *unsure["misread"], *unsure["read_right"], *unsure["made_up"]
            )
        )
    for line in skipped:
        print(f"skipped: {line}")


def trust_line(score: PhotoScore) -> str:
    """How far a player can trust the readings: the layouts silently wrong, those right or
    flagged where wrong, those right or flagging a hidden cube, and the cubes read right yet
    marked unsure (the nuisance)."""
    checked, silent = score.board_checked, len(score.silent)
    flagged_or_right = checked - silent
    reading = score.reading
    nuisance = (
        f"{reading.flagged_right} of {reading.correct} ({_pct(reading.flagged_right / reading.correct)})"
        if reading.marks_unsure and reading.correct
        else "-"
    )
    return (
        f"silently wrong {silent} of {checked} ({_pct(silent / checked)});"
        f" right or flagged {flagged_or_right} ({_pct(flagged_or_right / checked)});"
        f" right or hidden flagged {score.board_right + score.hidden_flagged}"
        f" ({_pct((score.board_right + score.hidden_flagged) / checked)});"
        f" right cubes flagged {nuisance}"
    )


def sum_scores(scores: list[PhotoScore]) -> PhotoScore:
    """The figures :func:`trust_line` reads, summed over ``scores``."""
    total = PhotoScore()
    for s in scores:
        total.board_checked += s.board_checked
        total.board_right += s.board_right
        total.silent += s.silent
        total.hidden_flagged += s.hidden_flagged
        total.reading.flagged_right += s.reading.flagged_right
        total.reading.correct += s.reading.correct
        total.reading.marks_unsure |= s.reading.marks_unsure
    return total


def layout_totals(results: list[FolderResult]) -> dict[str, int]:
    """Layouts (boards, trays, crosswords, loose multisets) exactly right over every folder
    of ``results``, among the photos with every labelled cube in view, and how many show
    none of some cube's top."""
    scores = [r.ours for r in results if r.ours is not None]
    return {
        "right": sum(s.board_right for s in scores),
        "checked": sum(s.board_checked for s in scores),
        "right_in_view": sum(s.whole_right for s in scores),
        "in_view": sum(s.whole_checked for s in scores),
        "unseeable": sum(s.unseeable for s in scores),
        "silently_wrong": sum(len(s.silent) for s in scores),
        "hidden_flagged": sum(s.hidden_flagged for s in scores),
    }


def wrong_totals(results: list[FolderResult]) -> dict[str, int]:
    """How many of the layouts read wrong over every folder of ``results`` went through each
    of :data:`WHY_WRONG`."""
    totals: Counter = Counter()
    for r in results:
        if r.ours is not None:
            totals.update(r.ours.wrong_because())
    return {why: totals[why] for why in WHY_WRONG}


def unsure_totals(results: list[FolderResult]) -> dict[str, list[int]]:
    """Over every folder of ``results``: of the cubes misread, how many the reader marked
    unsure (so a player checks them), of those read right, how many it marked so too, and
    of the faces made up (where labels give positions), how many it marked."""
    scores = [r.ours for r in results if r.ours is not None and r.ours.reading.marks_unsure]
    readings = [s.reading for s in scores]
    return {
        "misread": [
            sum(s.flagged_wrong for s in readings),
            sum(s.total - s.correct for s in readings),
        ],
        "read_right": [sum(s.flagged_right for s in readings), sum(s.correct for s in readings)],
        "made_up": [
            sum(s.flagged_made_up for s in scores),
            sum(s.made_up for s in scores),
        ],
    }


def _because(counts: dict[str, int]) -> str:
    return ", ".join(f"{why} {counts[why]}" for why in WHY_WRONG if counts.get(why))


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def main(argv: list[str] | None = None) -> dict:
    from cubecam.errors import InputError
    from cubecam_lab.synth.configs import CONFIGS, WIDE
    from cubecam_lab.synth.dataset import photo_size

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "folders", nargs="*", help="labelled folders (default: a rendered set and realdata)"
    )
    parser.add_argument(
        "--synth",
        type=int,
        default=4,
        help="rendered photos of each scene kind in each configuration (0: none)",
    )
    parser.add_argument("--seed", type=int, default=2026, help="seed of the rendered set")
    parser.add_argument(
        "--configs",
        nargs="+",
        choices=list(CONFIGS),
        default=[name for name in CONFIGS if name != WIDE.name],
        help="the rendered set's configurations, a folder each (default: every one but wide,"
        " which mixes them: %(default)s)",
    )
    parser.add_argument(
        "--size", default="1024x768", help="the rendered photos' size: WxH, webcam or phone"
    )
    parser.add_argument(
        "--keep", type=Path, help="render into this folder and keep it (default: a temporary one)"
    )
    parser.add_argument("--limit", type=int, default=12, help="photos per folder at most")
    parser.add_argument("--max-crops", type=int, default=40, help="crops read per folder at most")
    parser.add_argument("--no-tesseract", action="store_true", help="skip the baseline")
    parser.add_argument("--rapidocr", action="store_true", help="also run RapidOCR on the crops")
    parser.add_argument("--no-pipeline", action="store_true", help="skip our pipeline")
    parser.add_argument("--json-out", type=Path, help="write the figures to this JSON file")
    parser.add_argument(
        "--with-set",
        action="store_true",
        help="read each photo with the cube set its label names, as cubecam score --game does",
    )
    parser.add_argument(
        "--phone-runs", type=int, default=9, help="timed reads of a 12 MP photo (0: none)"
    )
    args = parser.parse_args(argv)
    try:
        args.size = photo_size(args.size)
    except InputError as error:
        parser.error(str(error))

    baseline = None if args.no_tesseract else TesseractReader()
    rapidocr = RapidOcrReader() if args.rapidocr else None
    read_photo, read_face = (None, None) if args.no_pipeline else pipeline()
    about = f"tesseract {baseline.version} --psm 10, 4 rotations" if baseline else "off"
    print(
        f"baseline: {about};"
        f" pipeline: {'cubecam.vision.read_photo' if read_photo else 'not available'}"
        f"{' + read_face' if read_face else ''}"
    )

    results: list[FolderResult] = []
    with tempfile.TemporaryDirectory() as workdir:
        folders = folders_to_run(args, Path(workdir))
        skipped = [f"{name} (folder absent)" for name, folder in folders if folder is None]
        for name, folder in folders:
            if folder is None:
                continue
            start = time.perf_counter()
            results.append(
                run_folder(
                    name,
                    folder,
                    limit=args.limit,
                    max_crops=args.max_crops,
                    baseline=baseline,
                    read_photo=with_sets(read_photo)
                    if read_photo and args.with_set
                    else read_photo,
                    read_face=read_face,
                    rapidocr=rapidocr,
                )
            )
            print(f"  {name}: {time.perf_counter() - start:.1f} s", file=sys.stderr)
    print()
    print_table(results, skipped)
    phone = phone_speed(read_photo, args.phone_runs) if read_photo and args.phone_runs else None
    if phone:
        print_phone(phone)
    peak_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    report = {
        "baseline": {
            "name": "tesseract",
            "version": baseline.version if baseline else None,
            "config": baseline.config if baseline else None,
        },
        "pipeline": bool(read_photo),
        "folders": [r.to_json() for r in results],
        "layouts": layout_totals(results),
        "layouts_wrong_because": wrong_totals(results),
        "unsure": unsure_totals(results),
        "skipped": skipped,
        "phone_12mp": phone,
        "peak_rss_mb": round(peak_rss, 1),
    }
    print(f"peak memory (process): {peak_rss:.0f} MB")
    if args.json_out:
        args.json_out.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", "utf-8")
        print(f"wrote {args.json_out}")
    return report


if __name__ == "__main__":
    main()
