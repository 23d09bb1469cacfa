"""What the stages' evaluations share: their command line, and the walk over labelled
folders that tallies each one and prints its tally as it comes.

>>> from dataclasses import dataclass
>>> @dataclass
... class Count:
...     photos: int
...     def line(self, name: str) -> str:
...         return f"{name}: {self.photos} photos"
>>> tallies = evaluate_each([Path("trays"), Path("boards")], 2, lambda folder, limit: Count(limit))
trays: 2 photos
boards: 2 photos
>>> tallies["boards"]
Count(photos=2)
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Protocol, TypeVar

from cubecam_lab.labels import labelled_folder


class FolderTally(Protocol):
    """A stage's tally over one folder, printed as one line (or more) under the folder's name."""

    def line(self, name: str) -> str: ...


T = TypeVar("T", bound=FolderTally)


def evaluation_parser(doc: str, settings_path: Path | None = None) -> argparse.ArgumentParser:
    """A stage evaluation's command line: labelled folders, ``--limit`` and, for a stage
    with settings, ``--choose`` (which writes ``settings_path``)."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", type=labelled_folder, help="labelled folders")
    parser.add_argument("--limit", type=int, help="photos per folder at most")
    if settings_path is not None:
        parser.add_argument(
            "--choose",
            action="store_true",
            help=f"choose the settings and write {settings_path.name}",
        )
    return parser


def evaluate_each(
    folders: list[Path], limit: int | None, evaluate_folder: Callable[[Path, int | None], T]
) -> dict[str, T]:
    """``evaluate_folder`` on each of ``folders`` (``limit`` photos of each at most), each
    tally printed as it comes; the tallies by folder name."""
    tallies = {}
    for folder in folders:
        tallies[folder.name] = evaluate_folder(folder, limit)
        print(tallies[folder.name].line(folder.name), flush=True)
    return tallies
