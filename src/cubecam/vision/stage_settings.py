"""A stage's settings: a frozen dataclass of numbers kept in a TOML file beside the stage,
written by the stage's evaluation (``--choose``), not by hand.

>>> import tempfile
>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Knobs(StageSettings):
...     width: float
...     depth: float
>>> path = Path(tempfile.mkdtemp()) / "knobs.toml"
>>> write_settings(Knobs(0.5, 2.0), path, "cubecam.vision.knobs.evaluate")
>>> Knobs.load(path)
Knobs(width=0.5, depth=2.0)
"""

from __future__ import annotations

import tomllib
from dataclasses import fields
from pathlib import Path
from typing import Any, ClassVar, TypeVar

T = TypeVar("T", bound="StageSettings")


class StageSettings:
    """The base of a stage's settings dataclass (of floats): ``PATH`` is its TOML file."""

    PATH: ClassVar[Path]

    @classmethod
    def load(cls: type[T], path: Path | None = None) -> T:
        """The settings that ``path`` (else the stage's own file) holds."""
        with (path or cls.PATH).open("rb") as file:
            data = tomllib.load(file)
        return cls(*(float(data[field.name]) for field in fields(cls)))  # type: ignore[arg-type]


def write_settings(
    settings: Any, path: Path, evaluation: str, on: str = "labelled rendered folders"
) -> None:
    """Write ``settings`` into ``path``, saying they were chosen by the module ``evaluation``
    ``on`` what."""
    stage = evaluation.split(".")[-2]
    path.write_text(
        f"# The {stage} stage's settings, chosen by `python -m {evaluation}\n"
        f"# --choose` on {on} (see its docstring); not tuned by hand.\n"
        + "".join(
            f"{field.name} = {getattr(settings, field.name)}\n" for field in fields(settings)
        ),
        "utf-8",
    )
