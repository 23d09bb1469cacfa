"""Evaluate the layout-kind stage on labelled photos (``cubecam synth`` sets, and real
photos whose labels name their scene: a Scrabble board is a crossword).

    python -m cubecam.vision.kind.evaluate renders/tray renders/loose [--limit 20]
        [--choose]

Each photo is read as far as its faces' glyphs (the lattice, and the share of the touching
cubes turned one way), then its kind is chosen and checked against the label's scene.

``--choose`` sweeps :class:`~cubecam.vision.kind.choose.Settings` over the folders, each
photo read once, for the most photos whose kind is right (the first of equals, in the
order tried, wins), and writes them into ``kind.toml``.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from cubecam.errors import InputError
from cubecam.layout import LayoutKind
from cubecam.vision.kind.choose import SETTINGS_PATH, Settings, choose_kind
from cubecam.vision.labels import labelled_photos
from cubecam.vision.lattice import Lattice
from cubecam.vision.stage_settings import evaluation_parser, write_settings

SCENE_KINDS = {
    "crossword": LayoutKind.CROSSWORD,
    "board": LayoutKind.CROSSWORD,
    "tray": LayoutKind.TRAY,
    "loose": LayoutKind.LOOSE,
}
"""The kind of layout each labelled scene is."""
TRAY_FILLS = (0.5, 0.6, 0.7, 0.8, 1.0)
TRAY_AGREEMENTS = (1.01, 0.95, 0.9, 0.8)
LEAST_SIDES = (0.0, 0.5, 0.6, 0.65, 0.7, 0.75, 0.8)
AGREEMENTS = (0.5, 0.6, 0.7, 0.8, 0.9)
"""The settings ``--choose`` tries (a tray agreement over 1 takes any filled window for a
tray, a fill of 1 only a full one)."""


@dataclass(frozen=True)
class Seen:
    """One labelled photo as the kind stage sees it: the kind its label says, the lattice
    of its faces and the share of the touching cubes turned one way."""

    name: str
    want: LayoutKind
    lattice: Lattice
    agreement: float


def seen_photos(folders: list[Path], limit: int | None) -> list[Seen]:
    """The labelled photos of ``folders`` whose scene has a kind, read as far as the
    kind stage (a photo where no face is found is left out: no kind can be right there)."""
    from cubecam.vision.glyphs.read import read_views
    from cubecam.vision.pipeline import orientation, read_faces

    seen = []
    for folder in folders:
        for photo, label in labelled_photos(folder, limit):
            want = SCENE_KINDS.get(str(label.get("scene")))
            if want is None:
                continue
            try:
                faces = read_faces(photo)
            except InputError:
                continue
            on_grid = np.array([square is not None for square in faces.lattice.touching()])
            _, agreement = orientation(read_views(faces.views), on_grid)
            seen.append(Seen("/".join(photo.parts[-3:]), want, faces.lattice, agreement))
    return seen


def tally(seen: list[Seen], settings: Settings) -> Counter:
    """Photos checked and right, in all and by the kind wanted: ``(kind, right)`` counts."""
    counts: Counter = Counter()
    for photo in seen:
        right = choose_kind(photo.lattice, photo.agreement, settings) is photo.want
        counts[(photo.want.value, right)] += 1
    return counts


def right_photos(counts: Counter) -> int:
    """The photos a :func:`tally` counts right."""
    return sum(n for (_, ok), n in counts.items() if ok)


def line(counts: Counter) -> str:
    """A :func:`tally` as one line: the photos right, in all and by kind."""
    parts = []
    for kind in LayoutKind:
        right, wrong = counts[(kind.value, True)], counts[(kind.value, False)]
        if right + wrong:
            parts.append(f"{kind.value} {right} of {right + wrong}")
    total = sum(counts.values())
    return f"kind right on {right_photos(counts)} of {total} photos ({', '.join(parts)})"


def choose(seen: list[Seen]) -> Settings:
    """The settings that get the most photos' kinds right (see the module)."""
    tried = {}
    for values in itertools.product(TRAY_FILLS, TRAY_AGREEMENTS, LEAST_SIDES, AGREEMENTS):
        settings = Settings(*values)
        tried[settings] = right_photos(tally(seen, settings))
    return max(tried, key=lambda key: tried[key])


def main(argv: list[str] | None = None) -> Counter:
    parser = evaluation_parser(__doc__, SETTINGS_PATH)
    args = parser.parse_args(argv)
    seen = seen_photos(args.folders, args.limit)
    settings = Settings.load()
    if args.choose:
        print(f"before: {line(tally(seen, settings))}")
        settings = choose(seen)
        write_settings(settings, SETTINGS_PATH, "cubecam.vision.kind.evaluate")
        print(f"wrote {SETTINGS_PATH}: {settings}")
    counts = tally(seen, settings)
    print(line(counts))
    for photo in seen:
        got = choose_kind(photo.lattice, photo.agreement, settings)
        if got is not photo.want:
            print(f"  {photo.name}: {got.value}, not {photo.want.value}")
    return counts


if __name__ == "__main__":
    main()
