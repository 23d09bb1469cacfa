"""A game cubecam scores: what it is called, what it is played on, how it scores, how a match runs.

Each game is one subclass of :class:`Game` (its variants are small subclasses of it), and
:mod:`cubecam.rules.games` lists them all. A game says how a match starts (:meth:`Game.start`)
and what one turn does to where it stands (:meth:`Game.advance`); the score sheet is those
turns replayed, each written on its round's line.

>>> from cubecam.rules.crossword import GameOne
>>> GameOne.name, GameOne.layout_kind.value, GameOne.default_set, GameOne.default_target
('scrabble-cubes', 'crossword', 'scrabble-crossword-cubes', 200)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from cubecam.errors import InputError
from cubecam.layout import Layout, LayoutKind
from cubecam.lexicon import Lexicon
from cubecam.rules.match import Match, Sheet, Side, Standing, Turn
from cubecam.rules.tally import CrosswordTally

MAX_TARGET = 1_000_000_000
MAX_ROUNDS = 1_000_000


class Game:
    """One game: its name and title, its layout, its defaults, and the rules of a match of it.

    How a turn or round scores is each game's own (a crossword's :meth:`score` takes a layout,
    a word hunt's takes the players' words too); what a match does with it is here.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    layout_kind: ClassVar[LayoutKind]
    default_set: ClassVar[str | None] = None
    """The cube set it is played with, where one set belongs to the game."""
    default_lang: ClassVar[str] = "en"
    default_target: ClassVar[int | None] = None
    default_rounds: ClassVar[int | None] = None
    simultaneous: ClassVar[bool] = False
    """Every side plays each round at once, in any order (else in turn, seat by seat)."""
    detailed: ClassVar[bool] = False
    """The sheet prints each round's lines under the table of scores."""
    sides: ClassVar[tuple[int, int | None]] = (1, None)
    """The fewest and the most sides (players or partnerships); None: no most."""

    def agree(
        self, sides: Sequence[Side], target: int | None, rounds: int | None
    ) -> tuple[int | None, int | None]:
        """Check the sides and the end of the match; (target, rounds) with the defaults filled in."""
        low, high = self.sides
        if len(sides) < low or (high is not None and len(sides) > high):
            count = str(low) if low == high else f"{low} or more"
            raise InputError(f"{self.title} is played by {count} players or partnerships")
        for value, what, most in ((target, "target", MAX_TARGET), (rounds, "rounds", MAX_ROUNDS)):
            if value is not None and not 1 <= value <= most:
                raise InputError(
                    f"the {what} must be a whole number from 1 to {most:,}, not {value}"
                )
        if target is None and rounds is None:
            return self.default_target, self.default_rounds
        return target, rounds

    def start(self, match: Match) -> Standing:
        """Where the match stands before its first turn."""
        raise NotImplementedError

    def advance(self, match: Match, standing: Standing, turn: Turn) -> Standing:
        """Where the match stands after one more turn (one side's part of a round, for a hunt)."""
        raise NotImplementedError

    def replay(self, match: Match, turns: Sequence[Turn]) -> Sheet:
        """The sheet after ``turns`` (in the order they were played)."""
        sheet = Sheet(match, [], self.start(match))
        for turn in turns:
            before, sheet.standing = sheet.standing, self.advance(match, sheet.standing, turn)
            self.write(sheet, before, turn)
        return sheet

    def write(self, sheet: Sheet, before: Standing, turn: Turn) -> None:
        """Put the turn, played from ``before``, on its round's line of the sheet."""
        sheet.round_(before.round).add(turn.seat, turn.score, f"Round {before.round}: {turn.score}")

    def score_turn(
        self, match: Match, standing: Standing, seat: int, layout: Layout, lexicon: Lexicon
    ) -> tuple[CrosswordTally, str]:
        """A crossword turn's tally and its printed form (only crossword games have turns)."""
        raise InputError(f"{self.title} rounds are not crosswords: record them as rounds")

    def finished_round(self, standing: Standing, seat: int) -> str | None:
        """Why the side has no more turns in the current round, if it has none."""
        return None

    def check_pass(self, standing: Standing, seat: int) -> None:
        """Raise unless the side may pass now."""
        raise InputError(f"{self.title} has no passes (only Game Two does)")

    def _ended(self, match: Match, totals: Sequence[int], completed: int) -> bool:
        """An agreed number of rounds played, or an agreed total reached (checked at a round's end)."""
        if match.rounds is not None and completed >= match.rounds:
            return True
        return match.target is not None and max(totals) >= match.target


def added(totals: tuple[int, ...], seat: int, points: int) -> tuple[int, ...]:
    """The totals with ``points`` added to the side in ``seat``.

    >>> added((3, 4, 5), 1, 10)
    (3, 14, 5)
    """
    return (*totals[:seat], totals[seat] + points, *totals[seat + 1 :])
