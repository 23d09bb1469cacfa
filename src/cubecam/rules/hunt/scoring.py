"""Scoring a round of the word hunt: each player's written words, checked and cancelled.

The Swedish rulebook: a word has at least three letters along touching dice,
is in a Swedish word list (inflected forms included; no abbreviations, proper
nouns or brand names), and scores 3:1 4:2 5:3 6:5 7:7 8+:10 — but only when no
other player wrote it, except in the fast variant. A word counts once however
often it is on the board, whatever it means, and however often it was written.

>>> from cubecam.lexicon import Lexicon
>>> lexicon = Lexicon(["rakt", "rak", "mat", "tam"], name="tiny", lang="sv")
>>> board = Board.from_text("R A K\\nE M T\\nO Å N")
>>> tally = HuntRules().score(board, lexicon, {"Anna": ["rakt", "mat"], "Bo": ["mat", "ok"]})
>>> tally.totals(), tally.winner
({'Anna': 2, 'Bo': 0}, 'Anna')
>>> [r.reason for r in tally.players[1].rejected]
['written by another player (Anna)', 'too short (fewer than 3 letters)']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from typing import ClassVar

from cubecam.errors import InputError
from cubecam.lexicon import Lexicon
from cubecam.lexicon.base import NOT_IN_LIST
from cubecam.rules.hunt.board import Board
from cubecam.rules.hunt.solver import solve


@dataclass(frozen=True)
class ScoredWord:
    """A word that scores, with its points."""

    word: str
    points: int


@dataclass(frozen=True)
class RejectedWord:
    """A written word that does not score, and why."""

    word: str
    reason: str


@dataclass(frozen=True)
class PlayerTally:
    """One player's round: the words that score, the ones that do not, and words written twice."""

    name: str
    accepted: tuple[ScoredWord, ...]
    rejected: tuple[RejectedWord, ...]
    duplicates: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        return sum(word.points for word in self.accepted)

    def to_json(self) -> dict:
        return {
            "name": self.name,
            "total": self.total,
            "accepted": [asdict(word) for word in self.accepted],
            "rejected": [asdict(word) for word in self.rejected],
            "duplicates": list(self.duplicates),
        }


@dataclass(frozen=True)
class HuntRules:
    """The Swedish rulebook's word hunt; ``fast`` is its faster variant where shared words score.

    >>> HuntRules().points("rakt"), HuntRules().points("hakrem"), HuntRules().points("lastbilar")
    (2, 5, 10)
    """

    fast: bool = False
    lang: ClassVar[str] = "sv"
    title: ClassVar[str] = "Swedish word hunt"
    min_letters: ClassVar[int] = 3
    # Points by word length; the last entry is for that length and longer.
    points_table: ClassVar[tuple[int, ...]] = (0, 0, 0, 1, 2, 3, 5, 7, 10)

    def points(self, word: str) -> int:
        """The points a valid word of this length scores (``Qu`` counts as two letters)."""
        return self.points_table[min(len(word), len(self.points_table) - 1)]

    def describe(self) -> str:
        """The rules in one line, for the head of a tally."""
        table = " ".join(
            f"{length}{'+' if length == len(self.points_table) - 1 else ''}:{points}"
            for length, points in enumerate(self.points_table)
            if length >= self.min_letters
        )
        if self.fast:
            return f"{self.title} (fast variant), points {table}; every valid word scores"
        return f"{self.title}, points {table}; only words no other player wrote score"

    def check(self, board: Board, lexicon: Lexicon, word: str) -> str | None:
        """Why ``word`` does not count on ``board`` (None when it does), other players aside."""
        if not word.isalpha():
            return "not a word (letters only)"
        if len(word) < self.min_letters:
            return f"too short (fewer than {self.min_letters} letters)"
        trace = board.trace(word)
        if trace.gave_up:
            return f"could not be checked on the board: {trace.explain()}"
        if trace.path is None:
            return f"not on the board: {trace.explain()}"
        verdict = lexicon.check(word)
        if not verdict.ok:
            reason = verdict.reason or NOT_IN_LIST
            return NOT_IN_LIST if reason == NOT_IN_LIST else f"{NOT_IN_LIST}: {reason}"
        return None

    def solve(self, board: Board, lexicon: Lexicon) -> list[ScoredWord]:
        """Every word on the board with its points, best first."""
        words = solve(board, lexicon, self.min_letters)
        return sorted(
            (ScoredWord(word, self.points(word)) for word in words),
            key=lambda w: (-w.points, w.word),
        )

    def score(
        self, board: Board, lexicon: Lexicon, players: Mapping[str, Iterable[str]]
    ) -> RoundTally:
        """Each player's written words scored against the board, the lexicon and each other."""
        nameless = [name for name in players if not name.strip()]
        if nameless:
            raise InputError(f"every player needs a name, not {nameless[0]!r}")
        written = {name: _distinct(words) for name, words in players.items()}
        writers: dict[str, list[str]] = {}
        for name, (words, _) in written.items():
            for word in words:
                writers.setdefault(word, []).append(name)
        reasons = {word: self.check(board, lexicon, word) for word in writers}
        tallies = []
        for name, (words, duplicates) in written.items():
            accepted, rejected = [], []
            for word in words:
                reason = reasons[word]
                others = [other for other in writers[word] if other != name]
                if reason is None and others and not self.fast:
                    reason = f"written by another player ({', '.join(others)})"
                if reason is None:
                    accepted.append(ScoredWord(word, self.points(word)))
                else:
                    rejected.append(RejectedWord(word, reason))
            tallies.append(PlayerTally(name, tuple(accepted), tuple(rejected), duplicates))
        return RoundTally(tuple(tallies), self, lexicon.name)


class EnglishHuntRules(HuntRules):
    """English Boggle's points: 3-4 letters 1, 5: 2, 6: 3, 7: 5, 8 or more: 11."""

    lang: ClassVar[str] = "en"
    title: ClassVar[str] = "English word hunt"
    points_table: ClassVar[tuple[int, ...]] = (0, 0, 0, 1, 1, 2, 3, 5, 11)


VARIANTS: dict[str, type[HuntRules]] = {"sv": HuntRules, "en": EnglishHuntRules}


def hunt_rules(lang: str = "sv", *, fast: bool = False) -> HuntRules:
    """The word-hunt rules for a language.

    >>> hunt_rules("en", fast=True).points("quiz")
    1
    """
    try:
        return VARIANTS[lang](fast=fast)
    except KeyError:
        known = ", ".join(VARIANTS)
        raise InputError(f"no word-hunt rules for {lang!r} (known: {known})") from None


@dataclass(frozen=True)
class RoundTally:
    """A scored round: every player's tally, the rules and the lexicon used."""

    players: tuple[PlayerTally, ...]
    rules: HuntRules
    lexicon: str

    def totals(self) -> dict[str, int]:
        return {player.name: player.total for player in self.players}

    @property
    def winners(self) -> tuple[str, ...]:
        """The players with the round's highest total (more than one on a tie)."""
        best = max((player.total for player in self.players), default=0)
        return tuple(player.name for player in self.players if player.total == best)

    @property
    def winner(self) -> str | None:
        """The round's winner, or None on a tie."""
        return self.winners[0] if len(self.winners) == 1 else None

    def render(self) -> str:
        """The tally as read out at the table."""
        lines = [self.rules.describe(), f"Lexicon: {self.lexicon}"]
        width = max(
            (len(w.word) for p in self.players for w in (*p.accepted, *p.rejected)), default=0
        )
        width = max(width, len("total"))
        for player in self.players:
            lines += ["", player.name]
            lines += [f"  {w.word.ljust(width)}  {w.points:>2}" for w in player.accepted]
            lines += [f"  {w.word.ljust(width)}   -  {w.reason}" for w in player.rejected]
            if player.duplicates:
                lines.append(f"  (written twice, counted once: {', '.join(player.duplicates)})")
            lines.append(f"  {'total'.ljust(width)}  {player.total:>2}")
        lines.append("")
        if self.winner:
            lines.append(f"Round winner: {self.winner} ({self.totals()[self.winner]} points)")
        elif self.players:
            lines.append(f"Round tied: {', '.join(self.winners)}")
        return "\n".join(lines)

    def to_json(self) -> dict:
        return {
            "rules": self.rules.title,
            "fast": self.rules.fast,
            "lexicon": self.lexicon,
            "players": [player.to_json() for player in self.players],
            "winner": self.winner,
            "winners": list(self.winners),
        }


def parse_word_list(text: str) -> list[str]:
    """A player's written words: one a line, any case; blank lines and stray spaces are ignored.

    >>> parse_word_list("  Rakt \\n\\nHAKREM\\nrakt\\n")
    ['rakt', 'hakrem', 'rakt']
    """
    return [line.strip().lower() for line in text.splitlines() if line.strip()]


def _distinct(words: Iterable[str]) -> tuple[list[str], tuple[str, ...]]:
    """The words in first-written order without repeats, and the repeated ones."""
    seen: dict[str, int] = {}
    for word in words:
        word = word.strip().lower()
        seen[word] = seen.get(word, 0) + 1
    return list(seen), tuple(word for word, count in seen.items() if count > 1)
