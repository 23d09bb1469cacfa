"""Evaluate the lattice stage on labelled photos (``cubecam-lab synth`` sets: each cube's
top-face corners, its symbol, its row and column).

    python -m cubecam_lab.lattice.evaluate renders/tray renders/crossword [--limit 20]
        [--choose]

Each photo's lattice is fitted twice: on the labelled outlines (the stage alone, as if the
detector were perfect) and on the faces the detector finds (the stages so far together). A
photo is right when every cube's square (a tray's N × N window, a crossword's touching
cubes) is the label's, up to a quarter turn and a shift of the whole grid, and, on found
faces, every labelled cube was found and no false find took a square. A labelled cube is
read right when the face found on it, cut as this stage decides (through its own outline
or its lattice square), reads as its symbol whichever way it is turned. Photos whose labels
give no outlines or no grid (loose dice, real photos) are skipped.

``--choose`` sweeps the stage's :class:`~cubecam.vision.lattice.fit.LatticeSettings` over the
folders, each photo's faces found once: ``side_off`` and ``confirm_above`` for the most
photos right from the faces found (ties: the most labelled cubes found less false finds), then
``extend_above`` the same way, then ``beside_verify``, then ``square_beyond`` for the most
cubes read right, and writes them into ``lattice.toml``; ``--choose-beside`` chooses
``beside_verify`` alone, the others as they are (for a new verifier, or a new setting).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from cubecam.errors import InputError
from cubecam.layout import Square, canonical_symbol
from cubecam.vision.crop.cut import cut_views
from cubecam.vision.detector.find import DetectorSettings, find_candidates
from cubecam.vision.glyphs.network import shipped_network
from cubecam.vision.glyphs.read import read_views
from cubecam.vision.lattice.fit import (
    SETTINGS_PATH,
    Lattice,
    LatticeSettings,
    Placement,
    from_origin,
    place_faces,
    turned,
)
from cubecam.vision.load.decode import LoadedImage, load_scaled
from cubecam.vision.quad import Quad, order_corners
from cubecam.vision.stage_settings import write_settings
from cubecam_lab.crop.evaluate import allowed_symbols
from cubecam_lab.evaluation import evaluate_each, evaluation_parser
from cubecam_lab.labels import has_outlines, labelled_photos, matched_faces

SIDE_OFFS = (np.inf, 3.0, 2.0, 1.5, 1.0)
CONFIRMS = (1.0, 0.5, 0.45, 0.4, 0.3, 0.2)
EXTENDS = (2.0, 0.5, 0.4, 0.3, 0.25, 0.2)
SQUARES = (np.inf, 0.25, 0.2, 0.17, 0.15, 0.12, 0.1, 0.08, 0.0)
BESIDE_VERIFIES = (1.0, 0.99, 0.98, 0.95, 0.9, 0.8, 0.7, 0.6, 0.5)
"""The settings ``--choose`` tries (a side off of inf takes no face for a side, a
confirm of 1 confirms nothing, an extend of 2 takes no faint peak beside a cube, a beside
verify of 1 no fainter one, a square beyond of inf squares nothing and 0 every face on the
lattice); the first of equals wins."""


@dataclass
class Tally:
    """Photos right out of those checked, on labelled outlines and on found faces; cubes
    read right out of those labelled."""

    photos: int = 0
    from_labels: int = 0
    from_found: int = 0
    cubes: int = 0
    read: int = 0

    def line(self, name: str) -> str:
        return (
            f"{name}: {self.photos} photos; squares right from the labelled outlines "
            f"{self.from_labels}, from the faces found {self.from_found}; "
            f"cubes read right {self.read} of {self.cubes}"
        )


@dataclass(frozen=True)
class Found:
    """One labelled photo at working size and the faces the detector found in it (with
    its faint peaks down to the lowest heat tried, and the fainter ones the verifier
    believes down to the lowest probability tried, each with that probability), and the
    detector's own heat threshold (the faces below it were kept on its verifier's word)."""

    label: dict
    loaded: LoadedImage
    quads: list[Quad]
    candidates: list[Quad]
    weak_below: float
    believed: list[tuple[Quad, float]]

    def placed(self, settings: LatticeSettings) -> Placement:
        """The faces the lattice stage keeps with ``settings``, a tray's empty squares
        filled (see :meth:`~cubecam.vision.lattice.fit.Lattice.filled`)."""
        size = self.loaded.image.shape[1::-1]
        believed = [q for q, odds in self.believed if odds > settings.beside_verify]
        placed = place_faces(self.quads, self.candidates, settings, size, self.weak_below, believed)
        if self.label["scene"] != "tray":
            return placed
        faces, lattice = placed.lattice.filled(placed.faces, len(self.label["rows"]))
        return replace(placed, faces=faces, lattice=lattice)


def same_squares(got: list[Square | None], want: list[Square | None]) -> bool:
    """Whether ``got`` is ``want`` up to a quarter turn and a shift of the whole grid.

    >>> same_squares([(5, 5), (5, 6), None], [(0, 1), (1, 1), None])
    True
    """
    return any(from_origin(got) == turned(want, k) for k in range(4))


def layout_squares(lattice: Lattice, label: dict) -> list[Square | None]:
    """The squares the lattice gives the label's kind of layout."""
    if label["scene"] == "tray":
        return lattice.tray(len(label["rows"]))
    return lattice.touching()


def labelled_squares(label: dict) -> list[Square | None]:
    return [None if c["row"] is None else (c["row"], c["col"]) for c in label["cubes"]]


def right_from_labels(label: dict) -> bool:
    """The lattice fitted on the labelled outlines puts every cube on its square."""
    quads = [Quad(order_corners(np.array(c["corners"], float))) for c in label["cubes"]]
    return same_squares(layout_squares(place_faces(quads).lattice, label), labelled_squares(label))


def find(photo: Path, label: dict, floor: float = 1.0, believe_above: float = 1.0) -> Found:
    """The photo at working size and the faces the detector finds in it (and its fainter
    peaks above ``floor``, and those fainter still it believes above ``believe_above``)."""
    from cubecam.vision.pipeline import WORKING_SIDE

    loaded = load_scaled(photo, WORKING_SIDE)
    detector = DetectorSettings.load()
    finds = find_candidates(loaded.image, floor, detector, believe_above=believe_above)
    return Found(label, loaded, finds.faces, finds.faint, detector.threshold, finds.believed)


def matched(placed: Placement, found: Found) -> list[int | None]:
    """For each labelled cube, the face placed on it, else None (see
    :func:`~cubecam_lab.labels.matched_faces`)."""
    centres = np.array([q.center for q in placed.faces]).reshape(-1, 2)
    return matched_faces(found.label, centres, found.loaded.scale)


def right_from_found(placed: Placement, found: Found) -> bool:
    """The lattice settled on the faces found puts every labelled cube on its square."""
    faces = matched(placed, found)
    if None in faces:
        return False
    squares = layout_squares(placed.lattice, found.label)
    if any(squares[i] is not None for i in set(range(len(squares))) - set(faces)):
        return False  # a false find took a square
    return same_squares([squares[i] for i in faces], labelled_squares(found.label))


@dataclass(frozen=True)
class Reads:
    """Each face placed, read cut through its own outline and through its lattice square,
    and how far its outline strays from that square (see
    :meth:`~cubecam.vision.lattice.fit.Lattice.squared`)."""

    own: list[str]
    squared: list[str]
    strays: np.ndarray

    @classmethod
    def of(cls, placed: Placement, found: Found) -> Reads:
        own = placed.lattice.aligned(placed.faces)
        if not own:
            return cls([], [], np.zeros(0))
        network = shipped_network()
        allowed = allowed_symbols(found.label, network.classes)
        views = cut_views(found.loaded.image, own + placed.lattice.squared(own, -1.0))
        best = (read_views(views, network).any_turn() * allowed).argmax(axis=1)
        symbols = [network.classes[i] for i in best]
        return cls(symbols[: len(own)], symbols[len(own) :], placed.lattice.strays(own))

    def right(self, faces: list[int | None], label: dict, beyond: float) -> int:
        """Labelled cubes (matched to ``faces``) read as their symbol, faces straying
        further than ``beyond`` cut through their lattice square."""
        right = 0
        for cube, face in zip(label["cubes"], faces, strict=True):
            if face is not None:
                symbol = self.squared[face] if self.strays[face] > beyond else self.own[face]
                right += symbol == canonical_symbol(cube["symbol"])
        return right


def gridded_photos(folder: Path, limit: int | None = None) -> list[tuple[Path, dict]]:
    """The labelled photos of ``folder`` whose labels give outlines and a grid."""
    return [
        (photo, label)
        for photo, label in labelled_photos(folder, limit)
        if label.get("rows") and has_outlines(label)
    ]


def evaluate_folder(
    folder: Path,
    limit: int | None = None,
    settings: LatticeSettings | None = None,
) -> Tally:
    """The lattice stage on every labelled photo of ``folder`` that gives outlines and a grid."""
    settings = settings or LatticeSettings.load()
    tally = Tally()
    for photo, label in gridded_photos(folder, limit):
        tally.photos += 1
        tally.cubes += len(label["cubes"])
        tally.from_labels += right_from_labels(label)
        try:
            found = find(photo, label, settings.faint_floor, settings.beside_verify)
        except InputError:
            continue
        placed = found.placed(settings)
        tally.from_found += right_from_found(placed, found)
        faces = matched(placed, found)
        tally.read += Reads.of(placed, found).right(faces, label, settings.square_beyond)
    return tally


def choose(folders: list[Path], limit: int | None, beside_only: bool = False) -> LatticeSettings:
    """The settings that do best on the folders' photos (see the module): all of them, or
    ``beside_only`` the one."""
    found = []
    for folder in folders:
        for photo, label in gridded_photos(folder, limit):
            try:
                found.append(find(photo, label, min(CONFIRMS + EXTENDS), min(BESIDE_VERIFIES)))
            except InputError:
                continue
    base = LatticeSettings.load()

    def placements(settings: LatticeSettings) -> list[Placement]:
        return [f.placed(settings) for f in found]

    def placed_right(settings: LatticeSettings) -> tuple[int, int]:
        """Photos right from the faces found, and labelled cubes found less faces kept
        that are none (a face missed and a face made up each break a layout alike)."""
        placed = placements(settings)
        pairs = list(zip(placed, found, strict=True))
        right = sum(right_from_found(p, f) for p, f in pairs)
        net = 0
        for p, f in pairs:
            hits = [m for m in matched(p, f) if m is not None]
            net += 2 * len(hits) - len(p.faces)
        return right, net

    def best(tried: list[tuple[str, LatticeSettings]]) -> LatticeSettings:
        """The first of ``tried`` with the most photos right (ties: the most cubes found less
        false finds), each printed with its figures under its name."""
        scores = {}
        for name, settings in tried:
            scores[settings] = placed_right(settings)
            right, cubes = scores[settings]
            print(f"{name}: {right} photos right, {cubes} cubes found less false finds")
        return max(scores, key=lambda key: scores[key])

    if beside_only:
        return best(
            [(f"beside_verify {v}", replace(base, beside_verify=v)) for v in BESIDE_VERIFIES]
        )
    chosen = best(
        [
            (
                f"side_off {off}, confirm_above {confirm}",
                replace(base, side_off=off, confirm_above=confirm),
            )
            for off, confirm in itertools.product(SIDE_OFFS, CONFIRMS)
        ]
    )
    chosen = best([(f"extend_above {e}", replace(chosen, extend_above=e)) for e in EXTENDS])
    chosen = best(
        [(f"beside_verify {v}", replace(chosen, beside_verify=v)) for v in BESIDE_VERIFIES]
    )
    placed = placements(chosen)
    read = [(Reads.of(p, f), matched(p, f), f.label) for p, f in zip(placed, found, strict=True)]
    right = {}
    for beyond in SQUARES:
        right[beyond] = sum(r.right(faces, label, beyond) for r, faces, label in read)
        print(f"square_beyond {beyond}: {right[beyond]} cubes read right")
    return replace(chosen, square_beyond=max(right, key=lambda key: right[key]))


def main(argv: list[str] | None = None) -> dict[str, Tally]:
    parser = evaluation_parser(__doc__, SETTINGS_PATH)
    parser.add_argument(
        "--choose-beside", action="store_true", help="choose beside_verify alone and write it"
    )
    args = parser.parse_args(argv)
    if args.choose or args.choose_beside:
        chosen = choose(args.folders, args.limit, beside_only=not args.choose)
        write_settings(chosen, SETTINGS_PATH, "cubecam_lab.lattice.evaluate")
        print(f"wrote {SETTINGS_PATH}: {chosen}")
    return evaluate_each(args.folders, args.limit, evaluate_folder)


if __name__ == "__main__":
    main()
