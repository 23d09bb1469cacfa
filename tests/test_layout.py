import pytest

from cubecam.errors import InputError
from cubecam.layout import BLANK, BLOCK, JOKER, WILD, Face, Layout, canonical_symbol


def test_faces_are_canonical():
    assert Face("qu").symbol == "Qu"
    assert Face("å").symbol == "Å"
    assert Face("joker").is_wildcard
    assert Face(BLANK, declared="e").letters == "E"
    assert Face(WILD).letters == ""
    assert Face("block").symbol == BLOCK and Face(BLOCK).is_block
    assert Face(BLOCK).letters == "" and not Face(BLOCK).is_wildcard
    with pytest.raises(InputError):
        Face(BLOCK, declared="E")


def test_only_wildcards_stand_for_letters():
    with pytest.raises(InputError):
        Face("A", declared="B")


@pytest.mark.parametrize("bad", ["", "3", "A1", "*"])
def test_unknown_symbols_are_refused(bad):
    with pytest.raises(InputError):
        canonical_symbol(bad)


def test_groups_largest_first():
    layout = Layout.from_rows(["AB...", ".....", "..CDE"])
    assert layout.groups() == [[(2, 2), (2, 3), (2, 4)], [(0, 0), (0, 1)]]


def test_symbols_count_every_cube_and_wildcards_alike():
    layout = Layout.from_rows(["AB", "A."], unused=[Face(JOKER), Face("B")])
    counts = layout.symbols()
    assert counts["A"] == 2 and counts["B"] == 2 and counts[WILD] == 1


def test_rows_and_replace():
    layout = Layout.from_rows([".A", "BC"])
    assert [[f and f.symbol for f in row] for row in layout.rows()] == [[None, "A"], ["B", "C"]]
    changed = layout.replace((0, 1), Face("Z"))
    assert changed.at(0, 1) == Face("Z") and layout.at(0, 1) == Face("A")
    assert changed.replace((0, 1), None).at(0, 1) is None
