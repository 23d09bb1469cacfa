"""Evaluate the cut stage on labelled photos (``cubecam-lab synth`` sets: each cube's top-face
corners and symbol): faces cut from the labels and from the faces found, and read.

    python -m cubecam_lab.crop.evaluate renders/tray renders/crossword [--limit 20]
        [--model other.onnx]

Every face mostly in view is cut twice: through its labelled corners (as if the detector
were perfect) and as :func:`~cubecam.vision.pipeline.read_faces` cuts the face found on it
(matched as :func:`~cubecam_lab.detector.evaluate.match` matches; a face not found counts
as misread), and each cut is read by the glyph network. A face is read right when the most
likely symbol the photo's cube set allows is the label's, whichever way it is turned. The
found outlines' corner error is the mean distance of their corners from the label's, in
face sides.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from cubecam.cubesets import available_cubesets, load_cubeset
from cubecam.errors import InputError
from cubecam.layout import canonical_symbol
from cubecam.vision.crop.cut import cut_views
from cubecam.vision.glyphs.classes import DEFAULT_ALPHABET
from cubecam.vision.glyphs.network import MODEL_PATH, GlyphNetwork
from cubecam.vision.glyphs.read import read_views
from cubecam.vision.knowledge.apply import alphabet
from cubecam.vision.load.decode import load_scaled
from cubecam.vision.pipeline import WORKING_SIDE, read_faces
from cubecam.vision.quad import Quad
from cubecam_lab.detector.evaluate import match
from cubecam_lab.evaluation import evaluate_each
from cubecam_lab.labels import (
    has_outlines,
    in_view,
    labelled_corners,
    labelled_folder,
    labelled_photos,
)
from cubecam_lab.tally import Summed


@dataclass
class Tally(Summed):
    """Faces counted, read right when cut from the labels and from the faces found, and
    the found outlines' corner errors (in face sides)."""

    faces: int = 0
    from_labels: int = 0
    from_found: int = 0
    corner_errors: list[float] = field(default_factory=list)

    def line(self, name: str) -> str:
        def share(n: int) -> str:
            return f"{n / self.faces:.1%}" if self.faces else "-"

        errors = self.corner_errors
        geometry = (
            f"corners of the {len(errors)} found off by {np.median(errors):.3f} sides (median),"
            f" {np.percentile(errors, 90):.3f} (90th percentile)"
            if errors
            else "none found"
        )
        return (
            f"{name}: {self.faces} faces; read right cut from the labels "
            f"{share(self.from_labels)}, from the faces found {share(self.from_found)}; "
            f"{geometry}"
        )


def allowed_symbols(label: dict, classes: tuple[str, ...]) -> np.ndarray:
    """Which of ``classes`` the labelled photo's cube set (or the default alphabet) shows."""
    symbols = set(DEFAULT_ALPHABET)
    if label.get("cubeset") in available_cubesets():
        symbols |= alphabet(load_cubeset(label["cubeset"]))
    return np.array([symbol in symbols for symbol in classes])


def _read(views: np.ndarray, allowed: np.ndarray, network: GlyphNetwork) -> list[str]:
    if not len(views):
        return []
    p = read_views(views, network).any_turn() * allowed
    return [network.classes[i] for i in p.argmax(axis=1)]


def evaluate_photo(photo: Path, label: dict, network: GlyphNetwork) -> Tally:
    """The cut stage on one labelled photo."""
    seen = in_view(label)
    want = [canonical_symbol(c["symbol"]) for c, s in zip(label["cubes"], seen, strict=True) if s]
    try:
        loaded = load_scaled(photo, WORKING_SIDE)
    except InputError:
        return Tally(len(want))
    corners = labelled_corners(label, loaded.scale)
    allowed = allowed_symbols(label, network.classes)
    from_labels = _read(cut_views(loaded.image, [Quad(c) for c in corners[seen]]), allowed, network)
    tally = Tally(len(want), sum(g == w for g, w in zip(from_labels, want, strict=True)))
    try:
        faces = read_faces(loaded.image)
    except InputError:  # no face found
        return tally
    found = match(faces.quads, corners[seen], corners[~seen])
    read_found = _read(faces.views[list(found.matched)], allowed, network)
    tally.from_found = sum(
        symbol == want[j] for symbol, j in zip(read_found, found.matched.values(), strict=True)
    )
    tally.corner_errors = found.corner_errors
    return tally


def evaluate_folder(folder: Path, network: GlyphNetwork, limit: int | None = None) -> Tally:
    """The cut stage on every labelled photo of ``folder`` that gives outlines."""
    tally = Tally()
    for photo, label in labelled_photos(folder, limit):
        if has_outlines(label):
            tally += evaluate_photo(photo, label, network)
    return tally


def arguments(description: str, folders: str = "+") -> argparse.ArgumentParser:
    """This evaluation's command line (the glyph stage's adds to it); ``folders`` is how
    many labelled folders it takes, as argparse counts them."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("folders", nargs=folders, type=labelled_folder, help="labelled folders")
    parser.add_argument("--model", type=Path, default=MODEL_PATH, help="the glyph model")
    parser.add_argument("--limit", type=int, help="photos per folder at most")
    return parser


def evaluate_folders(args: argparse.Namespace) -> dict[str, Tally]:
    """Each folder's tally, printed as it comes."""
    network = GlyphNetwork(args.model)
    return evaluate_each(
        args.folders, args.limit, lambda folder, limit: evaluate_folder(folder, network, limit)
    )


def main(argv: list[str] | None = None) -> dict[str, Tally]:
    return evaluate_folders(arguments(__doc__.split("\n\n")[0]).parse_args(argv))


if __name__ == "__main__":
    main()
