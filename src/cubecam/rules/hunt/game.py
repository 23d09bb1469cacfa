"""The word hunt: a tray of letter dice, players' written words, cancellation, rounds to 100.

The Swedish rulebook: a word has at least three letters along touching dice,
is in a Swedish word list (inflected forms included; no abbreviations, proper
nouns or brand names), and scores 3:1 4:2 5:3 6:5 7:7 8+:10 — but only when no
other player wrote it, except in the fast variant. A word counts once however
often it is on the board, whatever it means, and however often it was written.

>>> from cubecam.lexicon import Lexicon
>>> lexicon = Lexicon(["rakt", "rak", "mat", "tam"], name="tiny", lang="sv")
>>> board = Board.from_text("R A K\\nE M T\\nO Å N")
>>> tally = Hunt().score(board, lexicon, {"Anna": ["rakt", "mat"], "Bo": ["mat", "ok"]})
>>> tally.totals(), tally.winner
({'Anna': 2, 'Bo': 0}, 'Anna')
>>> [r.reason for r in tally.players[1].rejected]
['written by another player (Anna)', 'too short (fewer than 3 letters)']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from pydantic.dataclasses import rebuild_dataclass

from cubecam.errors import InputError
from cubecam.layout import Layout, LayoutKind
from cubecam.lexicon import Lexicon
from cubecam.lexicon.base import NOT_IN_LIST
from cubecam.lexicon.rules import base_language
from cubecam.rules.game import Game, added
from cubecam.rules.hunt.board import Board
from cubecam.rules.hunt.match import HuntMatch
from cubecam.rules.hunt.solver import solve
from cubecam.rules.hunt.tally import PlayerTally, RejectedWord, RoundTally, ScoredWord
from cubecam.rules.match import Match, Standing, Turn


@dataclass(frozen=True)
class Hunt(Game):
    """The Swedish rulebook's word hunt; ``fast`` is its faster variant where shared words score.

    A match is rounds that every side plays at once; the first to an agreed total wins.

    >>> Hunt().points("rakt"), Hunt().points("hakrem"), Hunt().points("lastbilar")
    (2, 5, 10)
    """

    fast: bool = False
    name = "hunt"
    title = "Word hunt"
    layout_kind = LayoutKind.TRAY
    default_lang = "sv"
    default_target = 100
    simultaneous = True
    lang: ClassVar[str] = "sv"
    """The language whose points these are (a match in another language plays its variant)."""
    rules_title: ClassVar[str] = "Swedish word hunt"
    min_letters: ClassVar[int] = 3
    # Points by word length; the last entry is for that length and longer.
    points_table: ClassVar[tuple[int, ...]] = (0, 0, 0, 1, 2, 3, 5, 7, 10)

    @staticmethod
    def in_language(lang: str = "sv", *, fast: bool = False) -> Hunt:
        """The word hunt with the points of ``lang`` (``en_GB`` plays English points).

        >>> Hunt.in_language("en_GB", fast=True).points("quiz")
        1
        """
        variants = (Hunt, EnglishHunt)
        for variant in variants:
            if variant.lang == base_language(lang):
                return variant(fast=fast)
        known = ", ".join(variant.lang for variant in variants)
        raise InputError(f"no word-hunt rules for {lang!r} (known: {known})")

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
            return f"{self.rules_title} (fast variant), points {table}; every valid word scores"
        return f"{self.rules_title}, points {table}; only words no other player wrote score"

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

    def start(self, match: Match) -> Standing:
        return Standing(match, (0,) * len(match.sides), to_play=tuple(s.seat for s in match.sides))

    def advance(self, match: Match, standing: Standing, turn: Turn) -> Standing:
        standing = replace(
            standing,
            totals=added(standing.totals, turn.seat, turn.score),
            to_play=tuple(s for s in standing.to_play if s != turn.seat),
        )
        if standing.to_play:
            return standing
        totals = standing.totals_by_name()
        over = match.target is not None and HuntMatch(match.target, (totals,)).over
        if over or (match.rounds is not None and standing.round >= match.rounds):
            return replace(standing, over=True)
        return replace(standing, round=standing.round + 1, to_play=tuple(range(len(match.sides))))

    def score_round(
        self, match: Match, board: Layout, words: Mapping[str, Sequence[str]], lexicon: Lexicon
    ) -> RoundTally:
        """Every side's written words, in the match's language and variant, scored against the
        board (its solid faces wild where the match agreed ``block_wild``) and each other
        (partners' lists make one list)."""
        lists: dict[str, list[str]] = {}
        for name, written in words.items():
            lists.setdefault(match.side(name).name, []).extend(written)
        rules = Hunt.in_language(
            match.lang or self.default_lang, fast=match.options.get("fast", False)
        )
        wild = bool(match.options.get("block_wild", False))
        return rules.score(Board.from_layout(board, block_wild=wild), lexicon, lists)


# A round's rules are a Hunt, known from here on. pydantic's dataclass decorator does not type
# the class it makes as the PydanticDataclass that rebuild_dataclass takes.
rebuild_dataclass(RoundTally)  # type: ignore[arg-type]


class EnglishHunt(Hunt):
    """English Boggle's points: 3-4 letters 1, 5: 2, 6: 3, 7: 5, 8 or more: 11."""

    lang = "en"
    rules_title = "English word hunt"
    points_table = (0, 0, 0, 1, 1, 2, 3, 5, 11)


def _distinct(words: Iterable[str]) -> tuple[list[str], tuple[str, ...]]:
    """The words in first-written order without repeats, and the repeated ones."""
    seen: dict[str, int] = {}
    for word in words:
        word = word.strip().lower()
        seen[word] = seen.get(word, 0) + 1
    return list(seen), tuple(word for word, count in seen.items() if count > 1)
