"""Evaluate the layout-kind stage on labelled photos (``cubecam-lab synth`` sets, and real
photos whose labels name their scene: a Scrabble board is a crossword).

    python -m cubecam_lab.kind.evaluate renders/tray renders/loose [--limit 20]
        [--choose | --choose-evidence]

Each photo is read as far as its faces' glyphs (the lattice, less the faces a crossword's
sides show as, as the shipped settings set them aside, and how the touching cubes' letters
bear out one turn), then its kind is chosen and checked against the label's scene.

On the photos whose labels outline each cube and say which lie in the crossword, each
face found on a cube is also checked for being placed in the crossword or left over as the
label says, on the lattice :func:`~cubecam.vision.kind.choose.crossword_lattice` leaves.

``--choose`` sweeps :class:`~cubecam.vision.kind.choose.KindSettings` over the folders, each
photo read once: first the settings of the kind for the most photos whose kind is right,
then with them ``tray_holds`` and ``evidence`` the same way, then ``turned_away`` for the
most crossword cubes placed right (the first of equals, in the order tried, wins), and writes
them into ``kind.toml``; ``--choose-evidence`` chooses ``evidence`` alone, the shipped
settings else kept.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from cubecam.errors import InputError
from cubecam.layout import LayoutKind
from cubecam.vision.kind.choose import SETTINGS_PATH, KindSettings, choose_kind, crossword_lattice
from cubecam.vision.lattice import Lattice
from cubecam.vision.stage_settings import write_settings
from cubecam_lab.evaluation import evaluation_parser
from cubecam_lab.labels import has_outlines, labelled_photos, matched_faces

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
EVIDENCES = (-math.inf, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0)
TURNED_AWAYS = (0.0, 0.001, 0.01, 0.05, 0.2)
TRAY_HOLDS = (0.0, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1.0)
"""The settings ``--choose`` tries (a tray agreement over 1 takes any filled window for a
tray, a fill of 1 only a full one, a turned away of 0 leaves no cube out, a tray holding 0
counts no face beyond the window, an evidence of -inf asks for none)."""


@dataclass(frozen=True)
class Seen:
    """One labelled photo as the kind stage sees it: the kind its label says, the lattice
    of its faces, the share of the touching cubes turned one way and how much likelier they
    make one turn than chance (:func:`~cubecam.vision.kind.choose.one_way`), each face's
    probability of the common turn as a share of its likeliest turn's, and whether the label
    puts the cube each face lies on in the crossword (None: on no labelled cube, or not
    said)."""

    name: str
    want: LayoutKind
    lattice: Lattice
    agreement: float
    evidence: float
    shares: np.ndarray
    members: tuple[bool | None, ...]

    def kind(self, settings: KindSettings) -> LayoutKind:
        """The kind ``settings`` choose for this photo."""
        return choose_kind(self.lattice, self.agreement, settings, evidence=self.evidence)

    def placed(self, settings: KindSettings) -> Counter:
        """The faces a crossword places right and wrong (in it or left over, as the
        label says), keyed True and False."""
        counts: Counter = Counter()
        if self.kind(settings) is not LayoutKind.CROSSWORD:
            return counts
        lattice = crossword_lattice(self.lattice, self.shares, settings)
        for square, member in zip(lattice.touching(), self.members, strict=True):
            if member is not None:
                counts[(square is not None) == member] += 1
        return counts


def crossword_members(label: dict, centres: np.ndarray, scale: float) -> tuple[bool | None, ...]:
    """For each face (``centres`` at ``scale`` times the photo's pixels), whether the label
    puts the cube it lies on in the crossword; None where no labelled cube is found there,
    and for every face of a photo whose label outlines no crossword."""
    members: list[bool | None] = [None] * len(centres)
    if label.get("scene") != "crossword" or not has_outlines(label):
        return tuple(members)
    for cube, face in zip(label["cubes"], matched_faces(label, centres, scale), strict=True):
        if face is not None:
            members[face] = cube.get("row") is not None
    return tuple(members)


def seen_photos(folders: list[Path], limit: int | None) -> list[Seen]:
    """The labelled photos of ``folders`` whose scene has a kind, read as far as the
    kind stage (a photo where no face is found is left out: no kind can be right there)."""
    from cubecam.vision.glyphs.read import read_views
    from cubecam.vision.kind.decide import on_grid, orientation, without_sides
    from cubecam.vision.pipeline import read_faces

    shipped = KindSettings.load()

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
            faces, scores = without_sides(faces, read_views(faces.views), "auto", None, shipped)
            turn, agreement, evidence = orientation(scores, on_grid(faces.lattice))
            centres = np.array([quad.center for quad in faces.quads]).reshape(-1, 2)
            members = crossword_members(label, centres, faces.loaded.scale)
            name = "/".join(photo.parts[-3:])
            shares = scores.turn_share(turn)
            seen.append(Seen(name, want, faces.lattice, agreement, evidence, shares, members))
    return seen


def tally(seen: list[Seen], settings: KindSettings) -> Counter:
    """Photos checked and right, in all and by the kind wanted: ``(kind, right)`` counts."""
    counts: Counter = Counter()
    for photo in seen:
        right = photo.kind(settings) is photo.want
        counts[(photo.want.value, right)] += 1
    return counts


def placed(seen: list[Seen], settings: KindSettings) -> Counter:
    """The crossword faces placed right and wrong over the photos (see :meth:`Seen.placed`)."""
    return sum((photo.placed(settings) for photo in seen), Counter())


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


def placed_line(counts: Counter) -> str:
    """A :func:`placed` count as one line."""
    total = counts[True] + counts[False]
    return f"crossword cubes placed in it or left over right: {counts[True]} of {total}"


def choose(seen: list[Seen]) -> KindSettings:
    """The settings that get the most photos' kinds right, then the most crossword cubes
    placed right (see the module)."""
    tried = {}
    for values in itertools.product(TRAY_FILLS, TRAY_AGREEMENTS, LEAST_SIDES, AGREEMENTS):
        settings = KindSettings(*values, turned_away=TURNED_AWAYS[0])
        tried[settings] = right_photos(tally(seen, settings))
    best = max(tried, key=lambda key: tried[key])
    held = [replace(best, tray_holds=value) for value in TRAY_HOLDS]
    kind = choose_evidence(
        seen, max(held, key=lambda settings: right_photos(tally(seen, settings)))
    )
    apart = [replace(kind, turned_away=value) for value in TURNED_AWAYS]
    return max(apart, key=lambda settings: placed(seen, settings)[True])


def choose_evidence(seen: list[Seen], settings: KindSettings) -> KindSettings:
    """``settings`` with the evidence (of :data:`EVIDENCES`) that gets the most photos' kinds
    right, the least of equals."""
    tried = [replace(settings, evidence=value) for value in EVIDENCES]
    return max(tried, key=lambda each: right_photos(tally(seen, each)))


def main(argv: list[str] | None = None) -> Counter:
    parser = evaluation_parser(__doc__, SETTINGS_PATH)
    parser.add_argument(
        "--choose-evidence", action="store_true", help="choose the evidence alone and write it"
    )
    args = parser.parse_args(argv)
    seen = seen_photos(args.folders, args.limit)
    settings = KindSettings.load()
    if args.choose or args.choose_evidence:
        print(f"before: {line(tally(seen, settings))}; {placed_line(placed(seen, settings))}")
        settings = choose(seen) if args.choose else choose_evidence(seen, settings)
        write_settings(settings, SETTINGS_PATH, "cubecam_lab.kind.evaluate")
        print(f"wrote {SETTINGS_PATH}: {settings}")
    counts = tally(seen, settings)
    print(line(counts))
    print(placed_line(placed(seen, settings)))
    for photo in seen:
        got = photo.kind(settings)
        if got is not photo.want:
            print(f"  {photo.name}: {got.value}, not {photo.want.value}")
    return counts


if __name__ == "__main__":
    main()
