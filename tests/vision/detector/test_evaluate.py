"""Matching found faces to labelled ones."""

import numpy as np

from cubecam.vision.detector.evaluate import corner_error, match
from cubecam.vision.quad import Quad

SQUARE = np.array([[0, 0], [10, 0], [10, 10], [0, 10]], float)
RIGHT = np.array([1.0, 0.0])


def test_each_label_is_matched_once_and_far_faces_are_false():
    truth = np.stack([SQUARE, SQUARE + 20 * RIGHT])
    found = [Quad(SQUARE + 0.5), Quad(SQUARE + 1.0), Quad(SQUARE + 60)]
    tally = match(found, truth)
    assert (tally.found, tally.missed, tally.false) == (1, 1, 2)
    assert tally.recall == 0.5 and abs(tally.precision - 1 / 3) < 1e-9


def test_corner_error_ignores_which_corner_comes_first():
    assert corner_error(np.roll(SQUARE, 1, axis=0), SQUARE) == 0.0
    assert abs(corner_error(SQUARE + RIGHT, SQUARE) - 0.1) < 1e-9


def test_matches_name_the_found_faces_by_their_place_in_the_list():
    truth = np.stack([SQUARE + 20 * RIGHT])
    found = [Quad(SQUARE), Quad(SQUARE + 20 * RIGHT + 0.5)]  # the first on a hidden face
    tally = match(found, truth, hidden=np.stack([SQUARE]))
    assert tally.matched == {1: 0} and tally.false == 0
