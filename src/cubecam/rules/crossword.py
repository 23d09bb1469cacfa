"""Scoring a crossword of cubes: Scrabble Crossword Cubes Game One and Duplicate Ad-Lib.

>>> from cubecam.grid_format import parse_grid
>>> from cubecam.lexicon import load_lexicon
>>> grid = "...W.\\nTIGER\\nOF.A.\\nN..V.\\n...E.\\nunused: T U"
>>> tally = get_game("scrabble-cubes").score(parse_grid(grid), load_lexicon("en"))
>>> tally.total, tally.deduction, tally.final
(24, 2, 22)
"""

from __future__ import annotations

from typing import ClassVar

from cubecam.cubesets import CubeSet, load_cubeset
from cubecam.errors import InputError
from cubecam.layout import Face, Layout, Square
from cubecam.lexicon import Lexicon
from cubecam.rules.tally import CrosswordTally, Deduction, WordScore
from cubecam.rules.wildcards import Letters, best_assignment
from cubecam.rules.words import Word, find_words

LEFT_OVER = "cube{s} left over"
SECOND_GROUP = "cube{s} outside the crossword"
CHALLENGED = "cube{s} of words not allowed"


class CrosswordGame:
    """A game scored as one crossword of touching cubes; subclasses are the variants."""

    name: ClassVar[str] = "crossword"
    title: ClassVar[str] = "Crossword cubes"
    default_set: ClassVar[str] = "scrabble-crossword-cubes"

    def __init__(self, cubeset: CubeSet | None = None) -> None:
        self.cubeset = cubeset or load_cubeset(self.default_set)

    def penalised(self, words: list[WordScore]) -> dict[int, str]:
        """Allowed words that a variant's rules still penalise (index → reason); none here."""
        return {}

    def score(self, layout: Layout, lexicon: Lexicon) -> CrosswordTally:
        """Score ``layout``: words across and down, minus every cube not in an allowed word."""
        problems = self.cubeset.check(layout)
        if problems:
            raise InputError("; ".join(problems))
        groups = layout.groups()
        main = set(groups[0]) if groups else set()
        outside = [sq for group in groups[1:] for sq in group]
        violations = []
        if outside:
            one = len(outside) == 1
            violations.append(
                f"only one grouping is allowed: {len(outside)} cube{'' if one else 's'} at "
                f"{_where(outside)} {'does' if one else 'do'} not interlock with the crossword "
                f"and {'counts' if one else 'count'} as unused"
            )
        words = find_words(layout, main)
        in_words = {sq for w in words for sq in w.squares}
        alone = sorted(main - in_words)

        def worth(letters: Letters) -> int:
            return self._tally(layout, words, letters, lexicon, alone, outside).final

        letters = best_assignment(words, layout.cells, lexicon, worth)
        tally = self._tally(layout, words, letters, lexicon, alone, outside)
        tally.violations[:0] = violations
        tally.game, tally.lexicon = self.title, lexicon.name
        return tally

    def _tally(
        self,
        layout: Layout,
        words: list[Word],
        letters: Letters,
        lexicon: Lexicon,
        alone: list[Square],
        outside: list[Square],
    ) -> CrosswordTally:
        faces = layout.cells
        scores = []
        for word in words:
            text = word.spell(faces, letters)
            verdict = lexicon.check(text)
            values = [self.cubeset.value(faces[sq]) for sq in word.squares]
            scores.append(
                WordScore(text, word.direction, word.squares, values, verdict.ok, verdict.reason)
            )
        for index, reason in self.penalised(scores).items():
            scores[index].valid, scores[index].reason = False, reason
        challenged: list[Square] = []
        for w in scores:
            if not w.valid:
                challenged += [sq for sq in w.squares if sq not in challenged]
        deductions = [
            self._deduction(LEFT_OVER, [faces[sq] for sq in alone] + list(layout.unused)),
            self._deduction(SECOND_GROUP, [faces[sq] for sq in outside]),
            self._deduction(CHALLENGED, [faces[sq] for sq in challenged]),
        ]
        return CrosswordTally(
            words=scores,
            wildcards={sq: letters[sq] for sq in sorted(letters)},
            deductions=[d for d in deductions if d.faces],
        )

    def _deduction(self, why: str, faces: list[Face]) -> Deduction:
        return Deduction(why, faces, [self.cubeset.value(face) for face in faces])


class GameOne(CrosswordGame):
    """Scrabble Crossword Cubes, Game One: 14 cubes, 2 blanks, one crossword per turn."""

    name = "scrabble-cubes"
    title = "Scrabble Crossword Cubes, Game One"
    default_set = "scrabble-crossword-cubes"


class AdLib(CrosswordGame):
    """One player's crossword in a round of Duplicate Ad-Lib: 13 cubes, 2 jokers."""

    name = "adlib"
    title = "Duplicate Ad-Lib Crossword Cubes"
    default_set = "adlib"


GAMES: dict[str, type[CrosswordGame]] = {game.name: game for game in (GameOne, AdLib)}


def register_game(game: type[CrosswordGame]) -> type[CrosswordGame]:
    """Make a crossword variant available by its name (usable as a class decorator)."""
    GAMES[game.name] = game
    return game


def get_game(name: str, cubeset: CubeSet | None = None) -> CrosswordGame:
    """The crossword game called ``name``, with its own cube set unless another is given."""
    try:
        return GAMES[name](cubeset)
    except KeyError:
        raise InputError(f"unknown game {name!r} (known: {', '.join(sorted(GAMES))})") from None


def _where(squares: list[Square]) -> str:
    """Where the squares lie, as players say it; past four squares, how many more.

    >>> _where([(8, 8)]), _where([(0, 6), (1, 6)])
    ('row 9, column 9', 'row 1, column 7; row 2, column 7')
    >>> _where([(0, c) for c in range(6)])
    'row 1, column 1; row 1, column 2; row 1, column 3; row 1, column 4 and 2 more'
    """
    places = "; ".join(f"row {r + 1}, column {c + 1}" for r, c in squares[:4])
    return places + (f" and {len(squares) - 4} more" if len(squares) > 4 else "")
