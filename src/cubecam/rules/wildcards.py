"""Choosing the letters of wildcards so that every word they sit in is a word."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from itertools import product

from cubecam.layout import Face, Square
from cubecam.lexicon import Lexicon
from cubecam.rules.words import Word

Letters = dict[Square, str]
MAX_SEARCHED = 3  # wildcards searched jointly when no choice makes every word valid


def open_wildcards(words: list[Word], faces: Mapping[Square, Face]) -> list[Square]:
    """Wildcards in words whose letter nobody declared, in reading order."""
    return sorted(
        {sq for w in words for sq in w.squares if faces[sq].is_wildcard and not faces[sq].letters}
    )


def valid_assignments(
    words: list[Word], faces: Mapping[Square, Face], lexicon: Lexicon
) -> Iterator[Letters]:
    """Every choice of letters for the open wildcards that makes all ``words`` words.

    A wildcard shared by two words is one letter in both.

    >>> from cubecam.layout import Layout
    >>> from cubecam.lexicon import Lexicon
    >>> from cubecam.rules.words import find_words
    >>> layout = Layout.from_rows(["T?E"])
    >>> words = find_words(layout)
    >>> sorted(a[(0, 1)] for a in valid_assignments(words, layout.cells, Lexicon(["tie", "toe"], name="t", lang="en")))
    ['I', 'O']
    """
    squares = open_wildcards(words, faces)
    # Words are checked as soon as their last open wildcard has a letter.
    last_open: dict[int, list[Word]] = {}
    for word in words:
        opens = [squares.index(sq) for sq in word.squares if sq in squares]
        last_open.setdefault(max(opens) if opens else -1, []).append(word)
    if any(w.spell(faces, {}) not in lexicon for w in last_open.get(-1, [])):
        return
    letters: Letters = {}

    def extend(i: int) -> Iterator[Letters]:
        if i == len(squares):
            yield dict(letters)
            return
        for letter in lexicon.alphabet:
            letters[squares[i]] = letter
            if all(w.spell(faces, letters) in lexicon for w in last_open.get(i, [])):
                yield from extend(i + 1)
        letters.pop(squares[i], None)

    yield from extend(0)


def best_assignment(
    words: list[Word],
    faces: Mapping[Square, Face],
    lexicon: Lexicon,
    worth: Callable[[Letters], int],
) -> Letters:
    """The letters for the open wildcards: the first that makes every word valid, else the highest ``worth``."""
    for valid in valid_assignments(words, faces, lexicon):
        return valid
    squares = open_wildcards(words, faces)
    if len(squares) > MAX_SEARCHED:
        letters: Letters = {}
        for square in squares:
            letters[square] = max(lexicon.alphabet, key=lambda ch: worth({**letters, square: ch}))
        return letters
    combos = product(lexicon.alphabet, repeat=len(squares))
    return max((dict(zip(squares, combo, strict=True)) for combo in combos), key=worth)
