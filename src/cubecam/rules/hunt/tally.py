"""A word-hunt round's tally: each player's words that score, those that do not, and why.

>>> tally = PlayerTally("Anna", (ScoredWord("rakt", 2),), (RejectedWord("ok", "too short"),))
>>> tally.total, tally.to_json()["rejected"]
(2, [{'word': 'ok', 'reason': 'too short'}])
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cubecam.rules.hunt.game import Hunt


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
class RoundTally:
    """A scored round: every player's tally, the rules and the lexicon used."""

    players: tuple[PlayerTally, ...]
    rules: Hunt
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
            "rules": self.rules.rules_title,
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
