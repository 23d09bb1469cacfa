"""Tesseract as a glyph reader (``--ocr tesseract``): the baseline a user would otherwise pick.

Each face is tried in its four quarter turns in single-character mode, and where that reads
nothing, as a single word, then without the list of allowed letters, then as a block of text
(Tesseract 5 leaves some clean capitals, R, I and O among them, unread one way or another); the
most confident answer wins.
"""

from __future__ import annotations

import cv2
import numpy as np

from cubecam.errors import CubecamError
from cubecam.vision.glyphs.classes import CLASSES

SIDE = 96
"""A face is read at this size (pixels): Tesseract wants letters some 40 pixels tall."""
MODES = ((10, True), (8, True), (10, False), (6, False))
"""How Tesseract is asked, in turn till it reads an allowed symbol: its page segmentation mode
(10: one character, 8: one word, 6: a block of text) and whether it is held to the allowed
letters (held, it leaves some clean capitals unread; as one character or word it reads some
clean Os as @ or 0, as a block as O)."""


def glyph_only(patch: np.ndarray) -> np.ndarray | None:
    """The face's glyph as dark ink on white with a margin, without the face's edges, its
    shadow or its printed value; None where the face shows no ink (a blank face).

    >>> face = np.full((64, 64), 230, np.uint8)
    >>> glyph_only(face) is None
    True
    >>> face[16:48, 28:36] = 20  # an I
    >>> glyph_only(face).shape[0] > 32
    True
    """
    gray = cv2.resize(patch, (SIDE, SIDE), interpolation=cv2.INTER_CUBIC)
    if int(gray.max()) - int(gray.min()) < 40:
        return None
    _, binary = cv2.threshold(gray, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    ring = np.zeros_like(binary, bool)
    outer, inner = SIDE // 12, SIDE // 5
    ring[outer:-outer, outer:-outer] = True
    ring[inner:-inner, inner:-inner] = False
    face = 255 if (binary[ring] == 255).mean() >= 0.5 else 0  # the face's own tone, round the glyph
    ink = (binary != face).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink)
    margin = SIDE // 32
    inside = [
        i
        for i in range(1, count)
        if stats[i, 0] > margin
        and stats[i, 1] > margin
        and stats[i, 0] + stats[i, 2] < SIDE - margin
        and stats[i, 1] + stats[i, 3] < SIDE - margin
        and stats[i, 4] >= SIDE * SIDE // 400
    ]
    if not inside:
        return None
    largest = max(inside, key=lambda i: stats[i, 4])
    left, width = stats[largest, 0], stats[largest, 2]
    keep = [
        i
        for i in inside
        if stats[i, 4] >= 0.3 * stats[largest, 4]
        or (stats[i, 0] < left + width and stats[i, 0] + stats[i, 2] > left)  # Å's ring, Ä's dots
    ]
    glyph = np.isin(labels, keep)
    ys, xs = np.nonzero(glyph)
    cut = glyph[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
    out = np.where(cut, 0, 255).astype(np.uint8)
    return cv2.copyMakeBorder(out, 20, 20, 20, 20, cv2.BORDER_CONSTANT, value=255)


def tesseract_symbol(
    patch: np.ndarray,
    turns: tuple[int, ...] = (0, 1, 2, 3),
    allowed: frozenset[str] = frozenset(CLASSES),
) -> tuple[str, float]:
    """The symbol Tesseract reads on a grey face patch and its confidence (0–1), among the
    ``allowed`` symbols; a face with no ink is ``BLANK``."""
    glyph = glyph_only(patch)
    if glyph is None:
        return "BLANK", 0.9
    letters = sorted({c for symbol in allowed if len(symbol) <= 2 for c in symbol})
    whitelist = f"-c tessedit_char_whitelist={''.join(letters)}"
    best = ("BLANK", 0.0)
    for turn in turns:
        image = np.rot90(glyph, -turn)
        for mode, held in MODES:
            read = _read_symbol(image, f"--psm {mode} {whitelist if held else ''}", allowed)
            if read is not None:
                best = max(best, read, key=lambda answer: answer[1])
                break
    return best


def _read_symbol(
    image: np.ndarray, config: str, allowed: frozenset[str]
) -> tuple[str, float] | None:
    """Tesseract's most confident ``allowed`` symbol on a glyph image, None if it reads none."""
    try:
        import pytesseract
    except ImportError as error:
        raise CubecamError("--ocr tesseract needs pytesseract: pip install pytesseract") from error
    try:
        data = pytesseract.image_to_data(image, config=config, output_type=pytesseract.Output.DICT)
    except pytesseract.TesseractNotFoundError as error:
        raise CubecamError(
            "--ocr tesseract needs tesseract: apt-get install tesseract-ocr"
        ) from error
    best = None
    for text, conf in zip(data["text"], data["conf"], strict=True):
        text = text.strip()
        symbol = text[:2].capitalize() if text[:2].capitalize() in allowed else text[:1].upper()
        confidence = float(conf) / 100.0
        if symbol in allowed and confidence > (best[1] if best else 0.0):
            best = (symbol, confidence)
    return best
