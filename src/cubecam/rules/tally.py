"""A crossword's tally, printed in the rulebook's own format.

>>> print(CrosswordTally(words=[WordScore("OF", "Across", ((0, 0), (0, 1)), [1, 1], True)]).render())
Across: OF, 1+1 = 2
Total score: 2
No cubes left over
Final score: 2

Its JSON is its pydantic schema (``pydantic_core.to_jsonable_python``); rows and columns
count from 1 there, as the messages do.
"""

from __future__ import annotations

from dataclasses import field
from typing import Annotated

from pydantic import (
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    computed_field,
    field_serializer,
    model_serializer,
)
from pydantic.dataclasses import dataclass

from cubecam.layout import Face, Square

MINUS = "\N{MINUS SIGN}"


def signed(number: int) -> str:
    """A number as the rulebook prints it, with a true minus sign.

    >>> signed(-34), signed(22)
    ('−34', '22')
    """
    return f"{MINUS}{-number}" if number < 0 else str(number)


def _symbols_of(faces: list[Face]) -> list[str]:
    return [face.symbol for face in faces]


@dataclass
class WordScore:
    """One word of a crossword and what it scores."""

    word: str
    direction: str
    squares: tuple[Square, ...]
    values: list[int]
    valid: bool
    reason: str | None = None

    @computed_field
    @property
    def score(self) -> int:
        """The sum of its letter values; nothing when the word is not allowed."""
        return sum(self.values) if self.valid else 0

    @field_serializer("direction")
    def _lower(self, direction: str) -> str:
        return direction.lower()

    @field_serializer("squares")
    def _squares(self, squares: tuple[Square, ...]) -> list[list[int]]:
        return [[row + 1, col + 1] for row, col in squares]

    @model_serializer(mode="wrap")
    def _score_after_values(self, handler: SerializerFunctionWrapHandler):  # type: ignore[no-untyped-def]
        """The score after the values (no return type, so the schema stays the fields')."""
        data = handler(self)
        tail = {key: data.pop(key) for key in ("valid", "reason")}
        return data | tail


@dataclass(config=ConfigDict(serialize_by_alias=True))
class Deduction:
    """Cubes whose values are taken off the score, and why."""

    why: str
    faces: Annotated[list[Face], Field(serialization_alias="symbols")]
    values: list[int]

    @property
    def total(self) -> int:
        return sum(self.values)

    @field_serializer("why")
    def _plural(self, why: str) -> str:
        return why.format(s="s")

    @field_serializer("faces")
    def _symbols(self, faces: list[Face]) -> list[str]:
        return _symbols_of(faces)


@dataclass
class CrosswordTally:
    """Everything a crossword scores: words, wildcards chosen, deductions, rule violations."""

    words: list[WordScore] = field(default_factory=list)
    wildcards: dict[Square, str] = field(default_factory=dict)
    deductions: list[Deduction] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    unseen: int = 0
    """The set's cubes the layout does not show: not deducted, as no one knows their faces."""
    game: str = ""
    lexicon: str = ""

    @computed_field
    @property
    def total(self) -> int:
        return sum(w.score for w in self.words)

    @computed_field
    @property
    def deduction(self) -> int:
        return sum(d.total for d in self.deductions)

    @computed_field
    @property
    def final(self) -> int:
        return self.total - self.deduction

    @computed_field
    @property
    def unused(self) -> list[Face]:
        """Every cube whose value is deducted."""
        return [face for d in self.deductions for face in d.faces]

    def square_validity(self) -> dict[Square, bool]:
        """Each square in a word: True when every word through it is allowed.

        >>> from cubecam.grid_format import parse_grid
        >>> from cubecam.lexicon import load_lexicon
        >>> from cubecam.rules.crossword import GameOne
        >>> tally = GameOne().score(parse_grid("CAT\\nX..\\nZ.."), load_lexicon("en"))
        >>> tally.square_validity()
        {(0, 0): False, (0, 1): True, (0, 2): True, (1, 0): False, (2, 0): False}
        """
        validity: dict[Square, bool] = {}
        for word in self.words:
            for square in word.squares:
                validity[square] = validity.get(square, True) and word.valid
        return validity

    @field_serializer("wildcards")
    def _wildcards(self, wildcards: dict[Square, str]) -> list[dict[str, int | str]]:
        return [
            {"row": row + 1, "col": col + 1, "letter": letter}
            for (row, col), letter in sorted(wildcards.items())
        ]

    @field_serializer("unused")
    def _unused(self, unused: list[Face]) -> list[str]:
        return _symbols_of(unused)

    @model_serializer(mode="wrap")
    def _in_reading_order(self, handler: SerializerFunctionWrapHandler):  # type: ignore[no-untyped-def]
        """What was scored, the words and cubes, then the sums (no return type, so the schema
        stays the fields')."""
        data = handler(self)
        order = ("game", "lexicon", "words", "wildcards", "unused", "deductions", "deduction")
        return {key: data[key] for key in (*order, "unseen", "total", "final", "violations")}

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
        if self.unseen:
            cubes = "cube" if self.unseen == 1 else "cubes"
            lines.append(f"{self.unseen} {cubes} of the set not shown: not deducted")
        lines.append(f"Final score: {signed(self.final)}")
        return "\n".join(lines)
