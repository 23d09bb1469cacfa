"""The glyph readers, one interface: each face's probability of every (symbol, quarter turn).

- :class:`NetworkReader` (``glyphs``): the built-in network (:mod:`.read`), weighed by the
  cube set's stored look, its probabilities reported calibrated (:mod:`.calibration`).
- :class:`TesseractReader` (``tesseract``): Tesseract reading each face in its four quarter
  turns (:mod:`cubecam.vision.tesseract`), the baseline a user would otherwise pick. It does
  not tell a letter's turn well enough to tell a crossword's, so a photo it reads is taken
  upright.

One registry, :data:`GLYPH_READERS`, by name (``cubecam read --ocr NAME``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar

import numpy as np

from cubecam.cubesets import CubeSet
from cubecam.errors import InputError
from cubecam.vision.glyphs.calibration import Calibration
from cubecam.vision.glyphs.classes import CLASSES, TURNS
from cubecam.vision.glyphs.read import GlyphScores, read_views
from cubecam.vision.knowledge.apply import readable
from cubecam.vision.looks import adjust_for_look, stale_look
from cubecam.vision.tesseract import tesseract_symbol


class GlyphReader(ABC):
    """Reads the glyph on each face from its views (faces × views × H × W grey patches)."""

    name: ClassVar[str]
    tells_turns: ClassVar[bool]
    """Whether its scores tell each face's turn, so that the kind and a crossword's turn are
    read from them (else the photo is taken upright)."""
    temperature: float = 1.0
    """What its probabilities are tempered by when reported (see :mod:`.calibration`)."""

    @abstractmethod
    def scores(self, views: np.ndarray, cubeset: CubeSet | None) -> GlyphScores:
        """Each face's probability of every (symbol, quarter turn), for a photo of ``cubeset``."""

    def notes(self, scores: GlyphScores, cubeset: CubeSet | None) -> list[str]:
        """What it has to say of the faces it read (nothing, by default)."""
        return []


class NetworkReader(GlyphReader):
    """The built-in glyph network, each face's views averaged, weighed by the set's look."""

    name = "glyphs"
    tells_turns = True

    def __init__(self) -> None:
        self.temperature = Calibration.load().temperature

    def scores(self, views: np.ndarray, cubeset: CubeSet | None) -> GlyphScores:
        scores = read_views(views)
        return adjust_for_look(scores, cubeset.name) if cubeset is not None else scores

    def notes(self, scores: GlyphScores, cubeset: CubeSet | None) -> list[str]:
        """A note where the look stored for ``cubeset`` was learnt by another glyph model."""
        if cubeset is None or not stale_look(cubeset.name, scores.features.shape[1]):
            return []
        return [
            f"the look stored for {cubeset.name} was learnt by an older glyph model"
            f" and is not used: run cubecam calibrate --set {cubeset.name} again"
        ]


class TesseractReader(GlyphReader):
    """Tesseract on each face's first view, in each quarter turn: its answer there, as
    likely as it is confident, and every other symbol barely."""

    name = "tesseract"
    tells_turns = False

    def scores(self, views: np.ndarray, cubeset: CubeSet | None) -> GlyphScores:
        allowed = readable(cubeset) & frozenset(CLASSES)
        probabilities = np.full((len(views), len(CLASSES), TURNS), 1e-3)
        for i, patch in enumerate(views[:, 0]):
            for turn in range(TURNS):
                symbol, confidence = tesseract_symbol(patch, (turn,), allowed)
                probabilities[i, CLASSES.index(symbol), turn] = max(confidence, 0.01)
        probabilities /= probabilities.sum(axis=(1, 2), keepdims=True)
        return GlyphScores(probabilities, np.zeros((len(views), 0)))


GLYPH_READERS: dict[str, type[GlyphReader]] = {
    reader.name: reader for reader in (NetworkReader, TesseractReader)
}


def glyph_reader(name: str) -> GlyphReader:
    """The glyph reader called ``name``.

    >>> glyph_reader("tesseract").tells_turns
    False
    >>> glyph_reader("abc")
    Traceback (most recent call last):
    ...
    cubecam.errors.InputError: unknown reader 'abc' (known: glyphs, tesseract)
    """
    if name not in GLYPH_READERS:
        raise InputError(f"unknown reader {name!r} (known: {', '.join(GLYPH_READERS)})")
    return GLYPH_READERS[name]()
