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
from typing import Any, ClassVar, TypeVar, get_origin, get_type_hints

T = TypeVar("T", bound="StageSettings")


class StageSettings:
    """The base of a stage's settings dataclass (of floats, ints and tuples of floats):
    ``PATH`` is its TOML file; a setting the file leaves out keeps its default."""

    PATH: ClassVar[Path]

    @classmethod
    def load(cls: type[T], path: Path | None = None) -> T:
        """The settings that ``path`` (else the stage's own file) holds."""
        with (path or cls.PATH).open("rb") as file:
            data = tomllib.load(file)
        kinds = get_type_hints(cls)
        given = {f.name: _as(kinds[f.name], data[f.name]) for f in fields(cls) if f.name in data}  # type: ignore[arg-type]
        return cls(**given)


def _as(kind: Any, value: Any) -> Any:
    """A TOML ``value`` as the setting's ``kind`` (an int, a float or a tuple of floats)."""
    if kind is int:
        return int(value)
    if get_origin(kind) is tuple:
        return tuple(float(item) for item in value)
    return float(value)


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
