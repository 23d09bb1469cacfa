"""A word-hunt round's tally: each player's words that score, those that do not, and why.

>>> from pydantic_core import to_jsonable_python
>>> tally = PlayerTally("Anna", (ScoredWord("rakt", 2),), (RejectedWord("ok", "too short"),))
>>> tally.total, to_jsonable_python(tally)["rejected"]
(2, [{'word': 'ok', 'reason': 'too short'}])

Their JSON is their pydantic schema (``pydantic_core.to_jsonable_python``, or a field of a
pydantic model): a round's ``rules`` is its rules' title.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import (
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    computed_field,
    field_serializer,
    model_serializer,
)
from pydantic.dataclasses import dataclass

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
    duplicates: tuple[str, ...] = Field(default=(), description="words written twice, counted once")

    @computed_field
    @property
    def total(self) -> int:
        return sum(word.points for word in self.accepted)

    @model_serializer(mode="wrap")
    def _total_after_name(self, handler: SerializerFunctionWrapHandler):  # type: ignore[no-untyped-def]
        """The total after the name (no return type, so the schema stays the fields')."""
        data = handler(self)
        return {"name": data.pop("name"), "total": data.pop("total")} | data


@dataclass(frozen=True, config=ConfigDict(arbitrary_types_allowed=True))
class RoundTally:
    """A scored round: every player's tally, the rules and the lexicon used."""

    players: tuple[PlayerTally, ...]
    rules: Hunt
    lexicon: str = Field(description="the word list, and whether compounds count")

    def totals(self) -> dict[str, int]:
        return {player.name: player.total for player in self.players}

    @computed_field(description="the fast variant: every valid word scores")
    @property
    def fast(self) -> bool:
        return self.rules.fast

    @computed_field(description="null on a tie")
    @property
    def winner(self) -> str | None:
        """The round's winner, or None on a tie."""
        return self.winners[0] if len(self.winners) == 1 else None

    @computed_field
    @property
    def winners(self) -> tuple[str, ...]:
        """The players with the round's highest total (more than one on a tie)."""
        best = max((player.total for player in self.players), default=0)
        return tuple(player.name for player in self.players if player.total == best)

    @field_serializer("rules")
    def _rules_title(self, rules: Hunt) -> str:
        return rules.rules_title

    @model_serializer(mode="wrap")
    def _rules_first(self, handler: SerializerFunctionWrapHandler):  # type: ignore[no-untyped-def]
        """The rules, whether fast, and the lexicon first (no return type, so the schema
        stays the fields')."""
        data = handler(self)
        first = {key: data.pop(key) for key in ("rules", "fast", "lexicon")}
        return first | data

    def render(self) -> str:
        """The tally as read out at the table."""
        lines = [self.rules.describe(), f"Lexicon: {self.lexicon}"]
        width = max((len(w.word) for p in self.players for w in p.accepted + p.rejected), default=0)
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


def parse_word_list(text: str) -> list[str]:
    """A player's written words: one a line, any case; blank lines and stray spaces are ignored.

    >>> parse_word_list("  Rakt \\n\\nHAKREM\\nrakt\\n")
    ['rakt', 'hakrem', 'rakt']
    """
    return [line.strip().lower() for line in text.splitlines() if line.strip()]
