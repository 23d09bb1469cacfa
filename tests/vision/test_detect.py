import cv2
import numpy as np
import pytest

from cubecam.vision.detect import _grow, _refine, _top_faces_only, find_faces
from cubecam.vision.pipeline import _shows_glyph
from cubecam.vision.quad import Quad, order_corners
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


def test_top_face_is_cut_from_a_cube_showing_its_side():
    table = np.full((400, 600, 3), (40, 50, 170), np.uint8)
    for x in (40, 160, 280, 400):
        cv2.rectangle(table, (x, 60), (x + 80, 140), (200, 120, 40), -1)
        cv2.putText(table, "E", (x + 22, 125), cv2.FONT_HERSHEY_SIMPLEX, 2.2, (255, 255, 255), 5)
    cv2.rectangle(table, (200, 230), (280, 310), (200, 120, 40), -1)
    shade = np.linspace(0.95, 0.85, 45)[:, None, None] * np.array([200, 120, 40])
    table[311:356, 200:281] = shade.astype(np.uint8)
    table = cv2.GaussianBlur(table, (5, 5), 0)
    cv2.putText(table, "K", (222, 295), cv2.FONT_HERSHEY_SIMPLEX, 2.2, (255, 255, 255), 5)
    centres = [q.center for q in find_faces(table)]
    assert len(centres) == 5
    assert any(abs(x - 240) < 6 and abs(y - 270) < 6 for x, y in centres)


def test_top_face_is_cut_out_of_an_outline_taking_in_the_side_face():
    table = np.full((300, 520, 3), (40, 50, 170), np.uint8)
    faces = []
    for x in (40, 160, 280):
        cv2.rectangle(table, (x, 40), (x + 80, 120), (200, 120, 40), -1)
        cv2.putText(table, "E", (x + 22, 105), cv2.FONT_HERSHEY_SIMPLEX, 2.2, (255, 255, 255), 5)
        faces.append(Quad(np.float64([[x, 40], [x + 80, 40], [x + 80, 120], [x, 120]])))
    cv2.rectangle(table, (400, 160), (480, 240), (200, 120, 40), -1)
    cv2.rectangle(table, (400, 241), (480, 275), (185, 110, 36), -1)
    cv2.putText(table, "K", (422, 225), cv2.FONT_HERSHEY_SIMPLEX, 2.2, (255, 255, 255), 5)
    whole = Quad(np.float64([[400, 160], [480, 160], [480, 275], [400, 275]]))
    (top,) = _refine(table, [whole], faces, verify=None)
    assert abs(top.center[0] - 440) < 4 and abs(top.center[1] - 200) < 4


def test_faces_are_looked_for_inside_a_tray_holding_found_ones():
    table = np.full((300, 400, 3), (200, 200, 205), np.uint8)
    cv2.rectangle(table, (30, 30), (370, 270), (30, 30, 120), -1)
    squares = [(x, y) for y in (50, 160) for x in (50, 160, 270)]
    for x, y in squares:
        cv2.rectangle(table, (x, y), (x + 80, y + 80), (225, 235, 240), -1)
        cv2.putText(table, "R", (x + 20, y + 65), cv2.FONT_HERSHEY_SIMPLEX, 2.2, (20, 20, 20), 5)
    found = [
        Quad(np.float64([[x, y], [x + 80, y], [x + 80, y + 80], [x, y + 80]]))
        for x, y in squares[:4]
    ]
    tray = Quad(np.float64([[30, 30], [370, 30], [370, 270], [30, 270]]))
    centres = [q.center for q in _refine(table, [tray], found, verify=_shows_glyph)]
    for x, y in squares[4:]:
        assert any(abs(cx - x - 40) < 4 and abs(cy - y - 40) < 4 for cx, cy in centres)


@pytest.mark.parametrize(("kind", "fx", "fy"), [("tray", 1.4, 1.0), ("crossword", 1.0, 1.4)])
def test_faces_of_a_stretched_photo_are_found_squeezed_back(kind, fx, fy):
    image, label = scene(kind)
    stretched = cv2.resize(image, None, fx=fx, fy=fy, interpolation=cv2.INTER_LINEAR)
    quads = find_faces(stretched, verify=_shows_glyph)
    found = matches(np.array([q.center for q in quads]).reshape(-1, 2) / (fx, fy), label)
    assert all(f is not None for f in found)
    assert len(quads) == len(found)
    assert {q.squeeze for q in quads} == {(0.75, 1.0) if fx > 1 else (1.0, 0.75)}


def test_side_faces_and_overlapping_outlines_are_not_top_faces():
    image = np.full((300, 500, 3), (60, 120, 150), np.uint8)
    tops, sides = [], []
    for x in (100, 180, 260):
        cv2.rectangle(image, (x, 80), (x + 79, 159), (200, 200, 200), -1)
        cv2.rectangle(image, (x, 160), (x + 79, 219), (90, 90, 90), -1)
        tops.append(Quad(np.float64([[x, 80], [x + 79, 80], [x + 79, 159], [x, 159]])))
        sides.append(Quad(np.float64([[x, 150], [x + 79, 150], [x + 79, 229], [x, 229]]), 0.9))
    overlapping = Quad(np.add(tops[0].corners, (30, 10)), 0.5)
    lone = Quad(np.float64([[400, 200], [460, 200], [460, 260], [400, 260]]))
    kept = _top_faces_only(image, tops + sides + [overlapping, lone])
    assert {q.center for q in kept} == {q.center for q in [*tops, lone]}


def _die(image: np.ndarray, centre: tuple[int, int], angle: float, letter: str, colour) -> None:
    corners = cv2.boxPoints((centre, (80, 80), angle)).astype(np.int32)
    cv2.fillConvexPoly(image, corners, colour)
    glyph = np.zeros((80, 80), np.uint8)
    cv2.putText(glyph, letter, (18, 62), cv2.FONT_HERSHEY_DUPLEX, 1.9, 255, 4)
    glyph = cv2.warpAffine(glyph, cv2.getRotationMatrix2D((40, 40), -angle, 1.0), (80, 80))
    x, y = centre[0] - 40, centre[1] - 40
    image[y : y + 80, x : x + 80][glyph > 128] = (235, 235, 235)


def test_dice_touching_in_a_clump_are_found_by_their_glyphs():
    image = np.full((600, 800, 3), (215, 205, 210), np.uint8)
    blue = (140, 70, 30)
    apart = [
        ((150, 150), 10, "A"),
        ((350, 140), -20, "E"),
        ((600, 200), 30, "K"),
        ((200, 420), 5, "R"),
        ((650, 450), -5, "M"),
    ]
    for centre, angle, letter in apart:
        _die(image, centre, angle, letter, blue)
    _die(image, (400, 400), 25, "S", blue)
    _die(image, (470, 460), -10, "T", (120, 58, 24))  # touching S, a little less lit
    image = cv2.GaussianBlur(image, (3, 3), 0)
    centres = [q.center for q in find_faces(image, verify=_shows_glyph)]
    wanted = [c for c, _, _ in apart] + [(400, 400), (470, 460)]
    assert len(centres) == len(wanted)
    assert all(min(np.hypot(x - cx, y - cy) for cx, cy in centres) < 12 for x, y in wanted)


def test_no_face_is_grown_where_more_ink_than_a_face_has_lies():
    image = np.full((320, 420, 3), (60, 90, 140), np.uint8)
    row = []
    for x in (40, 124, 208, 292):
        cv2.rectangle(image, (x, 60), (x + 79, 139), (215, 220, 225), -1)
        cv2.putText(image, "E", (x + 24, 122), cv2.FONT_HERSHEY_SIMPLEX, 1.8, (120,) * 3, 4)
        row.append(Quad(np.float64([[x, 60], [x + 79, 60], [x + 79, 139], [x, 139]])))
    cv2.rectangle(image, (124, 144), (203, 223), (215, 220, 225), -1)  # a rim and a gap
    cv2.rectangle(image, (124, 150), (203, 175), (10, 10, 10), -1)
    cv2.putText(image, "E", (148, 215), cv2.FONT_HERSHEY_SIMPLEX, 1.2, (120,) * 3, 3)
    every_outline_shows_a_glyph = lambda _, quads: [True] * len(quads)  # noqa: E731
    assert _grow(image, row, every_outline_shows_a_glyph) == row
