"""Tesseract as the reader (``--ocr tesseract``) on the faces the pipeline cuts."""

from collections import Counter

import numpy as np

from cubecam.grid_format import parse_grid
from cubecam.vision import read_photo
from cubecam.vision.tesseract import glyph_only
from tests.conftest import SAMPLES


def test_the_rulebook_crossword_is_read_by_tesseract():
    reading = read_photo(SAMPLES / "game-one-crossword.jpg", ocr="tesseract", layout="crossword")
    truth = Counter(
        face.symbol for face in parse_grid((SAMPLES / "game-one.grid").read_text()).faces()
    )
    read = Counter(cube.symbol for cube in reading.cubes)
    assert sum((truth & read).values()) >= 12, read


def test_the_glyph_is_kept_and_the_printed_value_dropped():
    face = np.full((96, 96), 225, np.uint8)
    face[20:76, 40:52] = 30  # the letter I
    face[78:88, 80:86] = 30  # its value, in the corner
    glyph = glyph_only(face)
    ink_rows = np.nonzero((glyph < 128).any(axis=1))[0]
    assert ink_rows.max() - ink_rows.min() + 1 <= 58  # the value's rows are gone
