"""Every word on a board: a depth-first walk over the dice, cut off by the lexicon's prefixes.

>>> from cubecam.lexicon import Lexicon
>>> lexicon = Lexicon(["rakt", "kram", "rak", "mat", "tam"], name="tiny", lang="sv")
>>> sorted(solve(Board.from_text("R A K\\nE M T\\nO Å N"), lexicon))
['mat', 'rak', 'rakt', 'tam']
"""

from __future__ import annotations

from cubecam.lexicon import Lexicon
from cubecam.lexicon.index import PREFIX, WORD
from cubecam.rules.hunt.board import Board


def solve(board: Board, lexicon: Lexicon, min_letters: int = 3) -> frozenset[str]:
    """The lexicon's words of at least ``min_letters`` letters that the board spells.

    Lists the lexicon's full-form words: free compounds that only a compound
    checker accepts cannot be enumerated.
    """
    key_id, flags = lexicon.index.trie.get, lexicon.index.flags  # one lookup a step
    neighbours = board.neighbours
    # What each die may add to a word: its letters, any of the lexicon's letters for a wild
    # die, nothing for a BLOCK (no word passes through it).
    anything = tuple(lexicon.alphabet.lower()) if board.wild else ()
    pieces = tuple(
        anything if die in board.wild else (letters,) if letters else ()
        for die, letters in enumerate(board.letters)
    )
    found: set[str] = set()

    def visit(die: int, spelled: str, used: int) -> None:
        for nxt in neighbours[die]:
            if used >> nxt & 1:
                continue
            for piece in pieces[nxt]:
                word = spelled + piece
                i = key_id(word)
                if i is None:
                    continue
                if flags[i] & WORD:
                    found.add(word)
                if flags[i] & PREFIX:
                    visit(nxt, word, used | 1 << nxt)

    for die, starts in enumerate(pieces):
        for start in starts:
            i = key_id(start)
            if i is not None and flags[i] & WORD:
                found.add(start)
            if i is not None and flags[i] & PREFIX:
                visit(die, start, 1 << die)
    return frozenset(word for word in found if len(word) >= min_letters)
