"""The one record of a cube's reading and of a photo's: what they hold, and their JSON."""

from __future__ import annotations

import json

import pytest

from cubecam.layout import Face, LayoutKind
from cubecam.reading import CubeReading, Reading

CUBE_KEYS = ["symbol", "confidence", "presence", "alternatives", "center", "row", "col"]
"""The keys of each cube in ``cubecam read --json``, in docs/reading.md's order."""


def test_the_likeliest_symbol_is_read_with_its_runners_up() -> None:
    cube = CubeReading.from_probabilities(
        {"O": 0.05, "Q": 0.9, "D": 0.03, "C": 0.016, "G": 0.004}, row=1, col=2
    )
    assert (cube.symbol, cube.confidence, cube.corrected_from) == ("Q", 0.9, None)
    assert cube.alternatives == [("O", 0.05), ("D", 0.03), ("C", 0.016)]  # G is too unlikely
    assert (cube.row, cube.col) == (1, 2)


def test_a_symbol_other_than_the_likeliest_keeps_the_likeliest_as_corrected_from() -> None:
    cube = CubeReading.from_probabilities({"Qu": 0.6, "O": 0.4}, "O")
    assert (cube.symbol, cube.confidence, cube.corrected_from) == ("O", 0.4, "Qu")
    assert cube.alternatives == [("Qu", 0.6)]
    assert cube.is_unsure()
    assert not CubeReading.from_probabilities({"Qu": 0.6, "O": 0.4}, "Qu").corrected_from


def test_a_cube_in_json_counts_rows_from_one_and_rounds_as_documented() -> None:
    cube = CubeReading(
        symbol="W",
        confidence=0.623456,
        alternatives=[("M", 0.212345)],
        center=(657.04, 588.06),
        corners=[(1.0, 2.0)] * 4,
        row=0,
        col=3,
    )
    data = cube.model_dump(mode="json")
    assert list(data) == CUBE_KEYS
    assert data == {
        "symbol": "W",
        "confidence": 0.6235,
        "presence": 1.0,
        "alternatives": [["M", 0.2123]],
        "center": [657.0, 588.1],
        "row": 1,
        "col": 4,
    }
    assert (cube.row, cube.col) == (0, 3)  # in Python, from 0


def test_corrected_from_is_in_json_only_when_set() -> None:
    data = CubeReading.from_probabilities({"BLANK": 0.7, "JOKER": 0.3}, "JOKER").model_dump(
        mode="json"
    )
    assert list(data) == [*CUBE_KEYS, "corrected_from"]
    assert data["corrected_from"] == "BLANK"


def test_a_cube_reads_back_from_its_json() -> None:
    cube = CubeReading(
        symbol="Qu", confidence=0.5, alternatives=[("O", 0.25)], center=(1.5, 2.5), row=2, col=0
    )
    assert CubeReading.model_validate_json(cube.model_dump_json()) == cube
    left_over = CubeReading.from_probabilities({"A": 0.4, "R": 0.6}, "A", center=(3.0, 4.0))
    assert CubeReading.model_validate_json(left_over.model_dump_json()) == left_over


def reading(kind: LayoutKind, notes: list[str] | None = None) -> Reading:
    cubes = [
        CubeReading(symbol="O", confidence=0.9, center=(10.0, 10.0), row=0, col=0),
        CubeReading(symbol="F", confidence=0.5, center=(30.0, 10.0), row=0, col=1),
        CubeReading(symbol="T", confidence=0.95, center=(90.0, 90.0)),
    ]
    if kind is LayoutKind.LOOSE:
        cubes = [cube.model_copy(update={"row": None, "col": None}) for cube in cubes]
    return Reading(kind=kind, cubes=cubes, image_size=(100, 100), notes=notes or [])


def test_the_layout_is_the_cubes_on_their_squares_and_the_rest_left_over() -> None:
    layout = reading(LayoutKind.CROSSWORD).layout
    assert layout.cells == {(0, 0): Face("O"), (0, 1): Face("F")}
    assert layout.unused == (Face("T"),) and layout.kind is LayoutKind.CROSSWORD
    assert [cube.symbol for cube in reading(LayoutKind.CROSSWORD).unsure()] == ["F"]


def test_a_reading_in_json_has_the_documented_keys() -> None:
    data = json.loads(reading(LayoutKind.TRAY).model_dump_json())
    assert list(data) == ["layout", "rows", "unused", "cubes"]
    assert (data["layout"], data["rows"], data["unused"]) == ("tray", [["O", "F"]], ["T"])
    assert [cube["symbol"] for cube in data["cubes"]] == ["O", "F", "T"]
    noted = reading(LayoutKind.CROSSWORD, notes=["a note"]).model_dump(mode="json")
    assert list(noted) == ["layout", "rows", "unused", "cubes", "notes"]
    loose = reading(LayoutKind.LOOSE).model_dump(mode="json")
    assert list(loose) == ["layout", "unused", "cubes"]
    assert loose["unused"] == ["F", "O", "T"]  # in the order of their symbols


def test_a_reading_reads_back_from_its_json() -> None:
    for kind in LayoutKind:
        read = reading(kind, notes=["a note"])
        back = Reading.model_validate_json(read.model_dump_json())
        assert back.layout == read.layout
        assert back.cubes == read.cubes and back.notes == read.notes
        assert back.model_dump_json() == read.model_dump_json()


def test_a_cube_read_where_no_face_was_found_is_unsure_and_says_so_in_json() -> None:
    seen = CubeReading.from_probabilities({"E": 0.99}, row=1, col=1)
    unseen = seen.model_copy(update={"unseen": True})
    assert not seen.is_unsure() and unseen.is_unsure()
    assert "unseen" not in seen.model_dump(mode="json")
    assert unseen.model_dump(mode="json")["unseen"] is True
    assert CubeReading.model_validate_json(unseen.model_dump_json()) == unseen


def test_a_cube_doubted_as_a_cube_is_unsure_however_clear_its_symbol() -> None:
    sure = CubeReading.from_probabilities({"BLANK": 0.99}, row=0, col=2, presence=0.97)
    doubted = sure.model_copy(update={"presence": 0.6})
    assert sure.sureness == 0.99 * 0.97 and not sure.is_unsure()
    assert doubted.sureness == 0.99 * 0.6 and doubted.is_unsure() and doubted.is_doubted_there()
    blurred = sure.model_copy(update={"confidence": 0.5})
    assert blurred.is_unsure() and not blurred.is_doubted_there()  # its symbol is in doubt
    assert sure.model_copy(update={"presence": 0.8}).is_doubted_there()  # 0.99 × 0.8 < 0.8
    assert doubted.model_copy(update={"presence": 0.612345}).model_dump(mode="json")[
        "presence"
    ] == pytest.approx(0.6123)
    assert CubeReading.model_validate_json(doubted.model_dump_json()) == doubted
