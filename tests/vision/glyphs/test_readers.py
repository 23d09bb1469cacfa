"""The glyph readers behind one interface: the network and Tesseract."""

import numpy as np

from cubecam.vision.glyphs.classes import CLASSES, TURNS
from cubecam.vision.glyphs.readers import GLYPH_READERS, glyph_reader
from cubecam.vision.pipeline import read_faces
from tests.conftest import SAMPLES


def test_each_reader_scores_every_symbol_and_turn_of_the_same_faces():
    faces = read_faces(SAMPLES / "game-one-crossword.jpg")
    views = faces.views[:3]
    read = {}
    for name in GLYPH_READERS:
        scores = glyph_reader(name).scores(views, None)
        assert scores.probabilities.shape == (3, len(CLASSES), TURNS)
        assert np.allclose(scores.probabilities.sum(axis=(1, 2)), 1.0)
        read[name] = [CLASSES[i] for i in scores.any_turn().argmax(axis=1)]
    assert read["tesseract"] == read["glyphs"]


def test_tesseract_reads_a_face_in_the_turn_it_lies():
    faces = read_faces(SAMPLES / "game-one-crossword.jpg")
    upright = faces.views[:1]
    turned = np.rot90(upright, 1, axes=(2, 3)).copy()
    reader = glyph_reader("tesseract")
    assert not reader.tells_turns and glyph_reader("glyphs").tells_turns
    first = reader.scores(upright, None).per_turn()[0].argmax()
    again = reader.scores(turned, None).per_turn()[0].argmax()
    assert (first - again) % 2 == 1  # a quarter turn of the face moves its likeliest turn
