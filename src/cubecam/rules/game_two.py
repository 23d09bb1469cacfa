"""Scrabble Crossword Cubes, Game Two: rounds of up to four tosses, one word of each length 2..8.

A toss is scored like Game One, except that a word of a length already formed
earlier in the round, a word longer than 8 letters, and the higher scoring of
two words of one length in the toss are penalised like a challenged word
(rules 9 and 10): they score nothing and their letters are deducted.

>>> from cubecam.grid_format import parse_grid
>>> from cubecam.lexicon import load_lexicon
>>> toss = GameTwo().score(parse_grid("BONE\\nunused: T"), load_lexicon("en"))
>>> (toss.total, toss.deduction, toss.final)
(6, 1, 5)
>>> round_ = GameTwoRound().toss(Toss.from_tally(toss))
>>> round_.left
(2, 3, 5, 6, 7, 8)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from string import ascii_uppercase

from cubecam.cubesets import CubeSet
from cubecam.errors import InputError
from cubecam.rules.crossword import CrosswordGame, register_game
from cubecam.rules.tally import CrosswordTally, WordScore, signed

LENGTHS = tuple(range(2, 9))
TOSSES = 4
PASS_AFTER = 2
GRAND_SLAM = 50
SMALL_SLAM = 25


@register_game
class GameTwo(CrosswordGame):
    """One toss of Game Two; ``formed`` are the lengths already formed earlier in the round."""

    name = "scrabble-cubes-two"
    title = "Scrabble Crossword Cubes, Game Two"
    default_set = "scrabble-crossword-cubes"

    def __init__(self, cubeset: CubeSet | None = None, formed: Iterable[int] = ()) -> None:
        super().__init__(cubeset)
        self.formed = frozenset(formed)

    def penalised(self, words: list[WordScore]) -> dict[int, str]:
        """Allowed words that rules 4, 9 and 10 penalise (index → reason).

        Of two or more words of one length, all but the lowest scoring are penalised.
        """
        penalties: dict[int, str] = {}
        by_length: dict[int, list[int]] = {}
        for index, word in enumerate(words):
            length = len(word.word)
            if not word.valid:
                continue
            if length > LENGTHS[-1]:
                penalties[index] = f"{length} letters: words are 2 to {LENGTHS[-1]} letters long"
            elif length in self.formed:
                penalties[index] = f"a {length}-letter word was formed earlier in the round"
            else:
                by_length.setdefault(length, []).append(index)
        for length, indexes in by_length.items():
            keep = min(indexes, key=lambda i: sum(words[i].values))
            for index in indexes:
                if index != keep:
                    penalties[index] = f"a second {length}-letter word in this toss"
        return penalties


@dataclass(frozen=True)
class Toss:
    """What the round keeps of one toss: its score and the lengths of its allowed words."""

    score: int
    lengths: frozenset[int] = frozenset()

    @classmethod
    def from_tally(cls, tally: CrosswordTally) -> Toss:
        return cls(tally.final, frozenset(len(w.word) for w in tally.words if w.valid))

    @classmethod
    def from_json(cls, tally: dict) -> Toss:
        """The toss of a tally as :meth:`CrosswordTally.to_json` wrote it."""
        lengths = frozenset(len(w["word"]) for w in tally["words"] if w["valid"])
        return cls(int(tally["final"]), lengths)


@dataclass(frozen=True)
class GameTwoRound:
    """One player's (or partnership's) round: up to four tosses, or fewer and a pass.

    >>> r = GameTwoRound().toss(Toss(23, frozenset({7, 8}))).toss(Toss(30, frozenset(range(2, 7))))
    >>> r.bonus, r.total, r.over
    (50, 103, True)
    """

    tosses: tuple[Toss, ...] = ()
    passed: bool = False
    formed: frozenset[int] = field(default=frozenset())

    @property
    def left(self) -> tuple[int, ...]:
        """The word lengths still to form in this round."""
        return tuple(n for n in LENGTHS if n not in self.formed)

    @property
    def complete(self) -> bool:
        return not self.left

    @property
    def over(self) -> bool:
        """The round ends for a player after four tosses, all seven words, or a pass (rule 4d)."""
        return self.passed or self.complete or len(self.tosses) >= TOSSES

    @property
    def can_pass(self) -> bool:
        """A player may pass after the second toss (rule 4c)."""
        return not self.over and len(self.tosses) >= PASS_AFTER

    @property
    def bonus(self) -> int:
        """Grand Slam (all seven in two tosses) 50, Small Slam (in three) 25 (rule 7)."""
        if not self.complete:
            return 0
        return GRAND_SLAM if len(self.tosses) <= 2 else SMALL_SLAM if len(self.tosses) == 3 else 0

    @property
    def bonus_name(self) -> str:
        return {GRAND_SLAM: "Grand Slam Bonus", SMALL_SLAM: "Small Slam Bonus"}.get(self.bonus, "")

    @property
    def total(self) -> int:
        return sum(t.score for t in self.tosses) + self.bonus

    def toss(self, toss: Toss) -> GameTwoRound:
        """The round after one more toss."""
        if self.over:
            raise InputError(f"the round is over for this player ({self.why_over()})")
        return GameTwoRound((*self.tosses, toss), False, self.formed | toss.lengths)

    def pass_(self) -> GameTwoRound:
        """The round after the player passes."""
        if self.over:
            raise InputError(f"the round is over for this player ({self.why_over()})")
        if not self.can_pass:
            raise InputError(f"a player may pass only after the second toss, not after {self._n()}")
        return GameTwoRound(self.tosses, True, self.formed)

    def why_over(self) -> str:
        if self.passed:
            return "passed"
        if self.complete:
            return "all seven words formed"
        return f"{TOSSES} tosses taken"

    def game(self, cubeset: CubeSet | None = None) -> GameTwo:
        """The scorer for this round's next toss."""
        return GameTwo(cubeset, self.formed)

    def render(self) -> str:
        """The round's summary, as the rulebook's table prints it.

        >>> print(GameTwoRound((Toss(23), Toss(-4)), passed=True).render())
        Toss A: 23
        Toss B: −4
        Passed
        Total: 19
        """
        lines = [f"Toss {ascii_uppercase[i]}: {signed(t.score)}" for i, t in enumerate(self.tosses)]
        if self.passed:
            lines.append("Passed")
        if self.bonus:
            lines.append(f"{self.bonus_name}: {self.bonus}")
        lines.append(f"Total: {signed(self.total)}")
        return "\n".join(lines)

    def _n(self) -> str:
        count = len(self.tosses)
        return f"{count} toss" if count == 1 else f"{count} tosses"


def render_toss(tally: CrosswordTally, before: GameTwoRound) -> str:
    """A toss's tally: the rulebook's lines, each word's length, and the lengths left in the round.

    ``before`` is the player's round before this toss.
    """
    after = before.toss(Toss.from_tally(tally))
    lengths = ", ".join(
        f"{w.word} {len(w.word)} letters = {w.score if w.valid else 'penalised'}"
        for w in tally.words
    )
    left = ", ".join(map(str, after.left)) or "none, all seven words are formed"
    lines = [
        tally.render(),
        f"Lengths: {lengths or 'no words'}",
        f"Toss {ascii_uppercase[len(before.tosses)]}: {signed(tally.final)}",
        f"Lengths left in the round: {left}",
    ]
    if after.over:
        lines += ["", after.render()]
    return "\n".join(lines)
