"""A crossword's tally, printed in the rulebook's own format.

>>> print(CrosswordTally(words=[WordScore("OF", "Across", ((0, 0), (0, 1)), [1, 1], True)]).render())
Across: OF, 1+1 = 2
Total score: 2
No cubes left over
Final score: 2
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cubecam.layout import Face, Square

MINUS = "\N{MINUS SIGN}"


def signed(number: int) -> str:
    """A number as the rulebook prints it, with a true minus sign.

    >>> signed(-34), signed(22)
    ('−34', '22')
    """
    return f"{MINUS}{-number}" if number < 0 else str(number)


@dataclass
class WordScore:
    """One word of a crossword and what it scores."""

    word: str
    direction: str
    squares: tuple[Square, ...]
    values: list[int]
    valid: bool
    reason: str | None = None

    @property
    def score(self) -> int:
        """The sum of its letter values; nothing when the word is not allowed."""
        return sum(self.values) if self.valid else 0


@dataclass
class Deduction:
    """Cubes whose values are taken off the score, and why."""

    why: str
    faces: list[Face]
    values: list[int]

    @property
    def total(self) -> int:
        return sum(self.values)


@dataclass
class CrosswordTally:
    """Everything a crossword scores: words, wildcards chosen, deductions, rule violations."""

    words: list[WordScore] = field(default_factory=list)
    wildcards: dict[Square, str] = field(default_factory=dict)
    deductions: list[Deduction] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    game: str = ""
    lexicon: str = ""

    @property
    def total(self) -> int:
        return sum(w.score for w in self.words)

    @property
    def deduction(self) -> int:
        return sum(d.total for d in self.deductions)

    @property
    def final(self) -> int:
        return self.total - self.deduction

    @property
    def unused(self) -> list[Face]:
        """Every cube whose value is deducted."""
        return [face for d in self.deductions for face in d.faces]

    def render(self) -> str:
        """The tally as the rulebook prints it, one line per word."""
        lines = [f"Rule violation: {v}" for v in self.violations]
        for w in self.words:
            values = "+".join(map(str, w.values))
            if w.valid:
                lines.append(f"{w.direction}: {w.word}, {values} = {w.score}")
            else:
                lines.append(
                    f"{w.direction}: {w.word}, {values}: not allowed ({w.reason}), scores 0"
                )
        for square, letter in sorted(self.wildcards.items()):
            lines.append(
                f"Wildcard at row {square[0] + 1}, column {square[1] + 1} stands for {letter}"
            )
        lines.append(f"Total score: {self.total}")
        if not self.deductions:
            lines.append("No cubes left over")
        for d in self.deductions:
            what = d.why.format(s="" if len(d.faces) == 1 else "s")
            values = "+".join(map(str, d.values))
            lines.append(f"{len(d.faces)} {what} ({values}): {MINUS}{d.total}")
        lines.append(f"Final score: {signed(self.final)}")
        return "\n".join(lines)

    def to_json(self) -> dict:
        """The tally as one JSON object; rows and columns count from 1, as the messages do."""
        return {
            "game": self.game,
            "lexicon": self.lexicon,
            "words": [
                {
                    "word": w.word,
                    "direction": w.direction.lower(),
                    "squares": [[row + 1, col + 1] for row, col in w.squares],
                    "values": w.values,
                    "score": w.score,
                    "valid": w.valid,
                    "reason": w.reason,
                }
                for w in self.words
            ],
            "wildcards": [
                {"row": row + 1, "col": col + 1, "letter": letter}
                for (row, col), letter in sorted(self.wildcards.items())
            ],
            "unused": [face.symbol for face in self.unused],
            "deductions": [
                {
                    "why": d.why.format(s="s"),
                    "symbols": [f.symbol for f in d.faces],
                    "values": d.values,
                }
                for d in self.deductions
            ],
            "deduction": self.deduction,
            "total": self.total,
            "final": self.final,
            "violations": self.violations,
        }
