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

from collections.abc import Mapping
from dataclasses import dataclass, field
from string import ascii_uppercase
from typing import Any

from cubecam.cubesets import CubeSet
from cubecam.errors import InputError
from cubecam.rules.crossword import CrosswordGame, played_with
from cubecam.rules.game import added
from cubecam.rules.match import PASS, Match, Sheet, Standing, Turn
from cubecam.rules.tally import CrosswordTally, WordScore, signed

LENGTHS = tuple(range(2, 9))
TOSSES = 4
PASS_AFTER = 2
GRAND_SLAM = 50
SMALL_SLAM = 25


@dataclass(frozen=True)
class Toss:
    """What the round keeps of one toss: its score and the lengths of its allowed words."""

    score: int
    lengths: frozenset[int] = frozenset()

    @classmethod
    def from_tally(cls, tally: CrosswordTally) -> Toss:
        return cls(tally.final, frozenset(len(w.word) for w in tally.words if w.valid))

    @classmethod
    def from_json(cls, tally: Mapping[str, Any]) -> Toss:
        """The toss of a tally as its JSON schema writes it."""
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


@dataclass(frozen=True)
class GameTwo(CrosswordGame):
    """Scrabble Crossword Cubes, Game Two: rounds of up to four tosses, sides alternating.

    A toss is scored against ``formed``, the lengths already formed earlier in the round. A
    match's standing keeps the round in play: each side's tosses (score and word lengths),
    whether it passed, and the side that played last.
    """

    formed: frozenset[int] = frozenset()
    name = "scrabble-cubes-two"
    title = "Scrabble Crossword Cubes, Game Two"
    default_set = "scrabble-crossword-cubes"
    default_target = 250
    detailed = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "formed", frozenset(self.formed))

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

    def start(self, match: Match) -> Standing:
        return self._standing(match, (0,) * len(match.sides), 1, self._fresh(match), None)

    def advance(self, match: Match, standing: Standing, turn: Turn) -> Standing:
        rounds = self.rounds(standing)
        before, after = rounds[turn.seat], self._played(rounds[turn.seat], turn)
        rounds[turn.seat] = after
        totals = added(standing.totals, turn.seat, after.total - before.total)
        if not all(r.over for r in rounds.values()):
            return self._standing(match, totals, standing.round, rounds, turn.seat)
        if self._ended(match, totals, standing.round):
            return Standing(match, totals, standing.round, over=True)
        return self._standing(match, totals, standing.round + 1, self._fresh(match), None)

    def write(self, sheet: Sheet, before: Standing, turn: Turn) -> None:
        state = self._played(self.rounds(before)[turn.seat], turn)
        round_ = sheet.round_(before.round)
        round_.scores[turn.seat] = state.total
        round_.lines[turn.seat] = state.render().splitlines()
        round_.detail[turn.seat] = _round_detail(state)

    def rounds(self, standing: Standing) -> dict[int, GameTwoRound]:
        """Each side's round in play, as its standing keeps it."""
        return {
            int(seat): GameTwoRound(
                tuple(Toss(score, frozenset(lengths)) for score, lengths in kept["tosses"]),
                kept["passed"],
                frozenset(n for _, lengths in kept["tosses"] for n in lengths),
            )
            for seat, kept in standing.current["seats"].items()
        }

    def finished_round(self, standing: Standing, seat: int) -> str | None:
        state = self.rounds(standing)[seat]
        return state.why_over() if state.over else None

    def check_pass(self, standing: Standing, seat: int) -> None:
        self.rounds(standing)[seat].pass_()

    def scorer(self, match: Match, standing: Standing, seat: int) -> CrosswordGame:
        """A toss is scored against the lengths the side already formed in this round."""
        return self.rounds(standing)[seat].game(played_with(match))

    def render_tally(self, tally: CrosswordTally, standing: Standing, seat: int) -> str:
        return render_toss(tally, self.rounds(standing)[seat])

    def _standing(
        self,
        match: Match,
        totals: tuple[int, ...],
        number: int,
        rounds: Mapping[int, GameTwoRound],
        last: int | None,
    ) -> Standing:
        seats = range(len(match.sides))
        order = [(last + 1 + i) % len(seats) for i in seats] if last is not None else seats
        kept = {
            str(seat): {
                "tosses": [[t.score, sorted(t.lengths)] for t in state.tosses],
                "passed": state.passed,
            }
            for seat, state in rounds.items()
        }
        return Standing(
            match,
            totals,
            number,
            to_play=(next(s for s in order if not rounds[s].over),),
            lengths_left={s: rounds[s].left for s in seats if not rounds[s].over},
            current={"seats": kept},
        )

    @staticmethod
    def _fresh(match: Match) -> dict[int, GameTwoRound]:
        return {side.seat: GameTwoRound() for side in match.sides}

    @staticmethod
    def _played(state: GameTwoRound, turn: Turn) -> GameTwoRound:
        return state.pass_() if turn.action == PASS else state.toss(Toss.from_json(turn.tally))


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


def _round_detail(state: GameTwoRound) -> dict[str, Any]:
    return {
        "tosses": [t.score for t in state.tosses],
        "passed": state.passed,
        "bonus": state.bonus,
        "bonus_name": state.bonus_name,
        "total": state.total,
        "lengths_left": list(state.left),
        "over": state.over,
    }
