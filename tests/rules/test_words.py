from cubecam.layout import Layout
from cubecam.rules.words import ACROSS, DOWN, find_words


def spelled(layout, squares=None):
    return [(w.direction, w.spell(layout.cells, {})) for w in find_words(layout, squares)]


def test_rulebook_example_words_in_rulebook_order():
    layout = Layout.from_rows(["...W.", "TIGER", "OF.A.", "N..V.", "...E."])
    assert spelled(layout) == [
        (ACROSS, "TIGER"),
        (ACROSS, "OF"),
        (DOWN, "TON"),
        (DOWN, "IF"),
        (DOWN, "WEAVE"),
    ]


def test_single_letters_are_not_words_and_runs_are_maximal():
    layout = Layout.from_rows(["CAT.S", "....."])
    assert spelled(layout) == [(ACROSS, "CAT")]


def test_multi_letter_faces_spell_their_letters():
    layout = Layout.from_rows([["Qu", "I", "T"]])
    assert spelled(layout) == [(ACROSS, "QUIT")]


def test_restricted_to_a_group():
    layout = Layout.from_rows(["AB.CD"])
    assert spelled(layout, {(0, 0), (0, 1)}) == [(ACROSS, "AB")]
