import pytest

from cubecam.cubesets import available_cubesets, load_cubeset
from cubecam.errors import InputError
from cubecam.layout import BLANK, JOKER, Face, Layout


def test_shipped_sets():
    sets = available_cubesets()
    assert {"scrabble-crossword-cubes", "adlib", "classic-4x4"} <= set(sets)
    scrabble = load_cubeset("scrabble-crossword-cubes")
    assert (scrabble.count, scrabble.wildcard, scrabble.wildcards) == (14, BLANK, 2)
    adlib = load_cubeset("adlib")
    assert (adlib.count, adlib.wildcard, adlib.wildcards) == (13, JOKER, 2)


def test_values_reproduce_the_rulebook():
    values = load_cubeset("scrabble-crossword-cubes")
    assert [values.value(Face(ch)) for ch in "WEAVE"] == [4, 1, 1, 4, 1]
    assert values.value(Face("F")) == 1
    assert values.value(Face(BLANK)) == 0 and values.value(Face(BLANK, declared="Z")) == 0


def test_too_many_cubes_or_wildcards():
    cubes = load_cubeset("adlib")
    assert cubes.check(Layout.from_rows(["ABCDEFGHIJKLM"])) == []
    assert "14 cubes" in cubes.check(Layout.from_rows(["ABCDEFGHIJKLMN"]))[0]
    assert "3 wildcards" in cubes.check(Layout.from_rows(["???"]))[0]


def test_matching_against_known_faces():
    dice = load_cubeset("classic-4x4")
    assert dice.unexplained(["Qu", "A", "A"]) == []
    assert dice.unexplained(["X", "X"]) == ["X"]


def test_unknown_set():
    with pytest.raises(InputError, match="unknown cube set"):
        load_cubeset("no-such-set")
