"""Scoring a crossword of cubes: Scrabble Crossword Cubes Game One, and the games like it.

>>> from cubecam.grid_format import parse_grid
>>> from cubecam.lexicon import load_lexicon
>>> grid = "...W.\\nTIGER\\nOF.A.\\nN..V.\\n...E.\\nunused: T U"
>>> tally = GameOne().score(parse_grid(grid), load_lexicon("en"))
>>> tally.total, tally.deduction, tally.final
(24, 2, 22)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from cubecam.cubesets import CubeSet, load_cubeset
from cubecam.errors import InputError
from cubecam.layout import Face, Layout, LayoutKind, Square
from cubecam.lexicon import Lexicon
from cubecam.rules.game import Game, added
from cubecam.rules.match import Match, Sheet, Standing, Turn
from cubecam.rules.tally import CrosswordTally, Deduction, WordScore, signed
from cubecam.rules.wildcards import Letters, best_assignment
from cubecam.rules.words import Word, find_words

LEFT_OVER = "cube{s} left over"
SECOND_GROUP = "cube{s} outside the crossword"
CHALLENGED = "cube{s} of words not allowed"


@dataclass(frozen=True)
class CrosswordGame(Game):
    """A game scored as one crossword of touching cubes a turn; subclasses are the games.

    ``played_with`` is the cube set, when it is not the game's own.
    """

    played_with: CubeSet | None = None
    layout_kind: ClassVar[LayoutKind] = LayoutKind.CROSSWORD
    default_set: ClassVar[str] = "scrabble-crossword-cubes"

    @property
    def cubeset(self) -> CubeSet:
        """The cube set the game is played with: the one given, else the game's own."""
        return self.played_with or load_cubeset(self.default_set)

    def penalised(self, words: list[WordScore]) -> dict[int, str]:
        """Allowed words that a variant's rules still penalise (index → reason); none here."""
        return {}

    def score(self, layout: Layout, lexicon: Lexicon) -> CrosswordTally:
        """Score ``layout``: words across and down, minus every cube not in an allowed word
        (the set's cubes it does not show are counted as :attr:`~CrosswordTally.unseen`)."""
        cubeset = self.cubeset
        problems = cubeset.check(layout)
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
            return self._tally(cubeset, layout, words, letters, lexicon, alone, outside).final

        letters = best_assignment(words, layout.cells, lexicon, worth)
        tally = self._tally(cubeset, layout, words, letters, lexicon, alone, outside)
        tally.violations[:0] = violations
        tally.unseen = cubeset.unseen(layout)
        tally.game, tally.lexicon = self.title, lexicon.name
        return tally

    def _tally(
        self,
        cubeset: CubeSet,
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
            values = [cubeset.value(faces[sq]) for sq in word.squares]
            scores.append(
                WordScore(text, word.direction, word.squares, values, verdict.ok, verdict.reason)
            )
        for index, reason in self.penalised(scores).items():
            scores[index].valid, scores[index].reason = False, reason
        challenged: list[Square] = []
        for w in scores:
            if not w.valid:
                challenged += [sq for sq in w.squares if sq not in challenged]
        left_over = [faces[sq] for sq in alone] + list(layout.unused)
        deductions = [
            _deduction(cubeset, LEFT_OVER, left_over),
            _deduction(cubeset, SECOND_GROUP, [faces[sq] for sq in outside]),
            _deduction(cubeset, CHALLENGED, [faces[sq] for sq in challenged]),
        ]
        return CrosswordTally(
            words=scores,
            wildcards={sq: letters[sq] for sq in sorted(letters)},
            deductions=[d for d in deductions if d.faces],
        )

    def score_turn(
        self, match: Match, standing: Standing, seat: int, layout: Layout, lexicon: Lexicon
    ) -> tuple[CrosswordTally, str]:
        """A turn's tally, scored with the match's cube set, and its printed form."""
        header = layout.headers.get("game")
        if header and header != self.name:
            raise InputError(f"the grid says 'game: {header}', but game {match.id} is {self.name}")
        tally = self.scorer(match, standing, seat).score(layout, lexicon)
        return tally, self.render_tally(tally, standing, seat)

    def scorer(self, match: Match, standing: Standing, seat: int) -> CrosswordGame:
        """What scores the side's next crossword: this game, with the match's cube set."""
        return replace(self, played_with=played_with(match))

    def render_tally(self, tally: CrosswordTally, standing: Standing, seat: int) -> str:
        return tally.render()


class GameOne(CrosswordGame):
    """Scrabble Crossword Cubes, Game One: 14 cubes, 2 blanks, one crossword a turn, in turn,
    to an agreed total."""

    name = "scrabble-cubes"
    title = "Scrabble Crossword Cubes, Game One"
    default_set = "scrabble-crossword-cubes"
    default_target = 200

    def start(self, match: Match) -> Standing:
        return Standing(match, (0,) * len(match.sides), to_play=(0,))

    def advance(self, match: Match, standing: Standing, turn: Turn) -> Standing:
        totals = added(standing.totals, turn.seat, turn.score)
        following = (turn.seat + 1) % len(match.sides)
        if following:
            return replace(standing, totals=totals, to_play=(following,))
        if self._ended(match, totals, standing.round):
            return replace(standing, totals=totals, to_play=(), over=True)
        return replace(standing, totals=totals, to_play=(0,), round=standing.round + 1)

    def write(self, sheet: Sheet, before: Standing, turn: Turn) -> None:
        sheet.round_(before.round).add(turn.seat, turn.score, f"Turn: {signed(turn.score)}")


def played_with(match: Match) -> CubeSet | None:
    """The cube set the match was agreed to play with, when it is not the game's own."""
    return load_cubeset(match.cubeset) if match.cubeset else None


def _deduction(cubeset: CubeSet, why: str, faces: list[Face]) -> Deduction:
    return Deduction(why, faces, [cubeset.value(face) for face in faces])


def _where(squares: list[Square]) -> str:
    """Where the squares lie, as players say it; past four squares, how many more.

    >>> _where([(8, 8)]), _where([(0, 6), (1, 6)])
    ('row 9, column 9', 'row 1, column 7; row 2, column 7')
    >>> _where([(0, c) for c in range(6)])
    'row 1, column 1; row 1, column 2; row 1, column 3; row 1, column 4 and 2 more'
    """
    places = "; ".join(f"row {r + 1}, column {c + 1}" for r, c in squares[:4])
    return places + (f" and {len(squares) - 4} more" if len(squares) > 4 else "")
