"""Tesseract as a glyph reader (``--ocr tesseract``): the baseline a user would otherwise pick.

Each face is tried in its four quarter turns in single-character mode; the most confident
answer wins.
"""

from __future__ import annotations

import cv2
import numpy as np

from cubecam.errors import CubecamError
from cubecam.layout import LayoutKind
from cubecam.vision.glyphs.classes import CLASSES


def tesseract_symbol(patch: np.ndarray, turns: tuple[int, ...] = (0, 1, 2, 3)) -> tuple[str, float]:
    """The symbol Tesseract reads on a grey face patch and its confidence (0–1)."""
    try:
        import pytesseract
    except ImportError as error:
        raise CubecamError("--ocr tesseract needs pytesseract: pip install pytesseract") from error
    inner = patch[
        patch.shape[0] // 8 : -patch.shape[0] // 8, patch.shape[1] // 8 : -patch.shape[1] // 8
    ]
    _, binary = cv2.threshold(inner, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    if np.median(binary) < 128:
        binary = 255 - binary
    binary = cv2.copyMakeBorder(binary, 16, 16, 16, 16, cv2.BORDER_CONSTANT, value=255)
    best = ("BLANK", 0.0)
    for turn in turns:
        image = np.rot90(binary, -turn)
        try:
            data = pytesseract.image_to_data(
                image, config="--psm 10", output_type=pytesseract.Output.DICT
            )
        except pytesseract.TesseractNotFoundError as error:
            raise CubecamError(
                "--ocr tesseract needs tesseract: apt-get install tesseract-ocr"
            ) from error
        for text, conf in zip(data["text"], data["conf"], strict=True):
            text = text.strip()
            confidence = float(conf) / 100.0
            if text.isalpha() and confidence > best[1]:
                best = (text[0].upper() + text[1:].lower(), confidence)
    return best


def tesseract_probabilities(
    patches: np.ndarray, allowed: frozenset[str], kind: LayoutKind
) -> np.ndarray:
    """Per-face probabilities (one-hot on Tesseract's answer, its confidence as the weight)."""
    turns = (0,) if kind is LayoutKind.CROSSWORD else (0, 1, 2, 3)
    probabilities = np.full((len(patches), len(CLASSES)), 1e-3)
    for i, patch in enumerate(patches):
        symbol, confidence = tesseract_symbol(patch, turns)
        if symbol not in CLASSES or symbol not in allowed:
            symbol = "BLANK"
        probabilities[i, CLASSES.index(symbol)] = max(confidence, 0.01)
    return probabilities / probabilities.sum(axis=1, keepdims=True)
