"""The captures kept in memory: bounded by bytes, the least recently used forgotten first."""

from __future__ import annotations

import numpy as np
import pytest

from cubecam.grid_format import parse_grid
from cubecam.layout import LayoutKind
from cubecam.reading import CubeReading, Reading
from cubecam.serve.captures import (
    OVERHEAD_BYTES,
    Capture,
    CaptureStore,
    cubes_of_layout,
    cubes_of_reading,
)

MB = 1024**2


def capture(store: CaptureStore, image_mb: int) -> Capture:
    layout = parse_grid("CAT")
    image = np.zeros((image_mb * MB // 3, 1, 3), np.uint8)
    return Capture(
        store.new_id(), "scrabble-cubes", "en", layout, cubes_of_layout(layout), image=image
    )


def test_the_store_keeps_what_fits_in_its_bytes_least_recently_used_out_first() -> None:
    store = CaptureStore(max_bytes=3 * MB + 3 * OVERHEAD_BYTES + 100)
    first, second, third = (store.add(capture(store, 1)) for _ in range(3))
    assert store.get(first.id) is first  # used again: now the most recent
    store.add(capture(store, 1))
    assert store.get(first.id) is first and store.get(third.id) is third
    with pytest.raises(LookupError, match="take the photo again"):
        store.get(second.id)


def test_a_capture_larger_than_the_store_is_still_kept_alone() -> None:
    store = CaptureStore(max_bytes=MB)
    small = store.add(capture(store, 0))
    big = store.add(capture(store, 2))
    assert store.get(big.id) is big
    with pytest.raises(LookupError):
        store.get(small.id)


PAGE_CUBE_KEYS = {
    "index",
    "symbol",
    "confidence",
    "presence",
    "unsure",
    "alternatives",
    "row",
    "col",
    "center",
    "corners",
    "corrected_from",
    "read_as",
    "added",
}
"""What the page reads of each cube (static/board.js)."""


def test_a_read_cube_shows_its_reading_and_a_persons_correction() -> None:
    read = CubeReading.from_probabilities(
        {"P": 0.6, "R": 0.3, "B": 0.1}, center=(40.0, 50.0), corners=[(1.0, 2.0)] * 4, row=0, col=1
    )
    reading = Reading(kind=LayoutKind.CROSSWORD, cubes=[read], image_size=(100, 100))
    cubes = cubes_of_reading(reading)
    capture = Capture("0" * 16, "scrabble-cubes", "en", reading.layout, cubes, reading)
    (cube,) = capture.cubes
    data = cube.model_dump(mode="json")
    assert set(data) == PAGE_CUBE_KEYS
    assert data["alternatives"] == ["R", "B"]  # symbols only, best first
    assert (data["row"], data["col"], data["unsure"], data["read_as"]) == (0, 1, True, None)
    assert data["center"] == [40.0, 50.0] and data["corners"] == [[1.0, 2.0]] * 4
    assert data["presence"] == 1.0
    capture.correct(0, "R")
    data = cube.model_dump(mode="json")
    assert (data["symbol"], data["read_as"], data["confidence"]) == ("R", "P", 0.6)
    assert capture.corrected_reading().cubes[0].symbol == "R"


def test_a_cube_found_where_there_may_be_no_cube_is_unsure() -> None:
    read = CubeReading(symbol="BLANK", confidence=0.99, center=(5.0, 5.0), presence=0.6)
    reading = Reading(kind=LayoutKind.LOOSE, cubes=[read], image_size=(10, 10))
    (cube,) = Capture(
        "0" * 16, "adlib", "en", reading.layout, cubes_of_reading(reading), reading
    ).cubes
    data = cube.model_dump(mode="json")
    assert (data["confidence"], data["presence"], data["unsure"]) == (0.99, 0.6, True)


def test_a_typed_cube_is_sure_and_has_no_place_in_a_photo() -> None:
    layout = parse_grid("CAT\nunused: E")
    cubes = [cube.model_dump(mode="json") for cube in cubes_of_layout(layout)]
    assert [(c["index"], c["symbol"], c["row"], c["col"]) for c in cubes] == [
        (0, "C", 0, 0),
        (1, "A", 0, 1),
        (2, "T", 0, 2),
        (3, "E", None, None),
    ]
    assert all(set(c) == PAGE_CUBE_KEYS for c in cubes)
    assert {
        (c["confidence"], c["presence"], c["unsure"], c["center"], c["corners"]) for c in cubes
    } == {(1.0, 1.0, False, None, None)}
