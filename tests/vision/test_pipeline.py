import json

import numpy as np
import pytest

from cubecam.cubesets import load_cubeset
from cubecam.errors import InputError
from cubecam.layout import LayoutKind
from cubecam.vision import annotate, read_photo
from tests.vision.scenes import rows, scene, symbols


@pytest.fixture(scope="module")
def crossword():
    image, label = scene("crossword")
    return read_photo(np.ascontiguousarray(image)), label


def test_crossword_is_read_exactly(crossword):
    reading, label = crossword
    data = reading.to_json()
    assert data["layout"] == "crossword"
    assert data["rows"] == rows(label)
    assert sorted(data["unused"]) == sorted(
        symbols({"cubes": [{"symbol": s} for s in label["unused"]]})
    )
    assert len(data["cubes"]) == len(label["cubes"])
    json.dumps(data)  # one plain JSON object


def test_cube_centres_are_in_photo_pixels(crossword):
    reading, label = crossword
    assert reading.image_size == tuple(label.get("size", (1000, 750)))
    found = np.array([cube.center for cube in reading.cubes])
    for cube in label["cubes"]:
        assert np.linalg.norm(found - np.array(cube["center"]), axis=1).min() < 15


def test_tray_is_read_up_to_a_turn():
    image, label = scene("tray")
    reading = read_photo(np.ascontiguousarray(image))
    assert reading.layout.kind is LayoutKind.TRAY
    want = np.array(rows(label), dtype=object)
    got = reading.to_json()["rows"]
    assert any(np.rot90(want, k).tolist() == got for k in range(4))


def test_loose_dice_multiset():
    image, label = scene("loose")
    reading = read_photo(np.ascontiguousarray(image), layout="loose")
    data = reading.to_json()
    assert "rows" not in data
    assert sorted(data["unused"]) == sorted(symbols(label))
    assert all(cube.row is None for cube in reading.cubes)


def test_cubeset_corrections_are_shown(crossword):
    image, _ = scene("crossword")
    reading = read_photo(np.ascontiguousarray(image), cubeset=load_cubeset("classic-4x4"))
    allowed = {s for cube in load_cubeset("classic-4x4").faces for s in cube}
    for cube in reading.cubes:
        assert cube.symbol in allowed
    plain = {tuple(c.center): c.symbol for c in crossword[0].cubes}
    for cube in reading.cubes:
        if cube.symbol != plain[tuple(cube.center)]:
            assert cube.corrected_from == plain[tuple(cube.center)]
            assert cube in reading.unsure()


def test_photo_without_cubes_says_so():
    table = np.full((300, 400, 3), 120, np.uint8)
    with pytest.raises(InputError, match="no cubes found"):
        read_photo(table)


def test_unknown_options_are_refused():
    with pytest.raises(InputError, match="layout"):
        read_photo(np.zeros((50, 50, 3), np.uint8), layout="spiral")


def test_annotation_draws_every_cube(crossword):
    reading, _ = crossword
    image, _ = scene("crossword")
    drawn = annotate(np.ascontiguousarray(image), reading)
    assert drawn.shape == image.shape
    changed = np.abs(drawn.astype(int) - image.astype(int)).sum(axis=2) > 60
    for cube in reading.cubes:
        x, y = (int(v) for v in cube.corners[0])
        window = changed[max(0, y - 6) : y + 6, max(0, x - 6) : x + 6]
        assert window.any()
    square = (reading.cubes[0].row, reading.cubes[0].col)
    coloured = annotate(np.ascontiguousarray(image), reading, {square: False})
    assert not np.array_equal(coloured, drawn)
