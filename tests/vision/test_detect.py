import cv2
import numpy as np
import pytest

from cubecam.vision.detect import find_faces, order_corners
from cubecam.vision.pipeline import _shows_glyph
from tests.vision.scenes import matches, scene


@pytest.mark.parametrize("kind", ["crossword", "tray", "loose"])
def test_top_faces_are_found_and_nothing_else(kind):
    image, label = scene(kind)
    quads = find_faces(image, verify=_shows_glyph)
    found = matches(np.array([q.center for q in quads]).reshape(-1, 2), label)
    recall = sum(f is not None for f in found) / len(found)
    assert recall >= 0.85
    assert len(quads) <= len(label["cubes"]) + 1


def test_plain_table_gives_nothing():
    table = np.full((400, 500, 3), (40, 90, 140), np.uint8)
    table += np.random.default_rng(0).integers(0, 12, table.shape, dtype=np.uint8)
    assert find_faces(table) == []


def test_long_bar_is_not_a_face_but_squares_are():
    image = np.full((300, 400, 3), 50, np.uint8)
    cv2.rectangle(image, (20, 20), (380, 60), (230, 230, 230), -1)  # a ruler
    for x in (60, 200):
        cv2.rectangle(image, (x, 120), (x + 90, 210), (225, 235, 240), -1)
        cv2.putText(image, "A", (x + 25, 190), cv2.FONT_HERSHEY_SIMPLEX, 2, (20, 20, 20), 5)
    quads = find_faces(image)
    assert sorted(round(q.center[0] / 10) for q in quads) == [10, 24]


def test_corners_start_top_left_and_run_clockwise():
    points = np.array([[10, 10], [0, 0], [10, 0], [0, 10]], float)
    assert order_corners(points).tolist() == [[0, 0], [10, 0], [10, 10], [0, 10]]
