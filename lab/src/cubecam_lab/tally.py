"""Counts that add up: the base of the stage evaluations' tallies.

>>> from dataclasses import dataclass, field
>>> @dataclass
... class Counts(Summed):
...     right: int = 0
...     errors: list[float] = field(default_factory=list)
>>> total = Counts()
>>> total += Counts(2, [0.1])
>>> total += Counts(1, [0.3])
>>> total
Counts(right=3, errors=[0.1, 0.3])
"""

from __future__ import annotations

from dataclasses import fields
from typing import Self


class Summed:
    """A dataclass whose fields (numbers, lists) add up field by field with ``+=``."""

    def __iadd__(self, other: Self) -> Self:
        for name in (f.name for f in fields(self)):  # type: ignore[arg-type]
            setattr(self, name, getattr(self, name) + getattr(other, name))
        return self
