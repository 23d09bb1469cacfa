from cubecam.layout import WILD, Face, Layout
from cubecam.lexicon import Lexicon
from cubecam.rules.wildcards import best_assignment, open_wildcards, valid_assignments
from cubecam.rules.words import find_words


def test_shared_wildcard_is_one_letter_in_both_words():
    # ?AT across and ?OG down share the wildcard: only a letter making both words works.
    layout = Layout.from_rows(["?AT", "O..", "G.."])
    lexicon = Lexicon(["bat", "cat", "hat", "dog", "hog", "log"], name="t", lang="en")
    words = find_words(layout)
    choices = sorted(a[(0, 0)] for a in valid_assignments(words, layout.cells, lexicon))
    assert choices == ["H"]


def test_declared_wildcards_are_not_searched():
    layout = Layout(cells={(0, 0): Face(WILD, declared="C"), (0, 1): Face("A"), (0, 2): Face("T")})
    assert open_wildcards(find_words(layout), layout.cells) == []


def test_impossible_wildcards_fall_back_to_the_best_worth():
    layout = Layout.from_rows(["X?"])
    lexicon = Lexicon(["ab"], name="t", lang="en")
    words = find_words(layout)
    assert list(valid_assignments(words, layout.cells, lexicon)) == []
    letters = best_assignment(words, layout.cells, lexicon, worth=lambda a: a[(0, 1)] == "B")
    assert letters == {(0, 1): "B"}
