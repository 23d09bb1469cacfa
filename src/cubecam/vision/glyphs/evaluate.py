"""Evaluate the glyph stage: how many faces it reads right, on labelled photos and real crops.

    python -m cubecam.vision.glyphs.evaluate renders/tray renders/crossword [--real]
        [--detector learned] [--model other.onnx] [--limit 20]

On a labelled photo (``cubecam synth`` sets: each cube's top-face corners and symbol) every
face mostly in view is read twice: cut through its labelled corners (the stage alone, as if
the detector were perfect) and cut through the outline the detector found nearest to it (the
stages so far together; a cube not found counts as misread). A face is read right when the
most likely symbol the photo's cube set allows is the label's, whichever way it is turned.
``--real`` adds the held-out part of ``realdata/crops`` (never trained on).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from cubecam.cubesets import available_cubesets, load_cubeset
from cubecam.errors import InputError
from cubecam.layout import canonical_symbol
from cubecam.vision.crop import cut_views
from cubecam.vision.glyphs.classes import CLASSES, DEFAULT_ALPHABET, TURNS
from cubecam.vision.glyphs.dataset import real_crops, realdata_root
from cubecam.vision.glyphs.network import MODEL_PATH, GlyphNetwork
from cubecam.vision.glyphs.read import read_views
from cubecam.vision.knowledge import alphabet
from cubecam.vision.load import load_scaled
from cubecam.vision.quad import Quad, order_corners

MATCH_WITHIN = 0.45
"""A found face is a labelled cube's when their centres are this many sides apart at most."""
IN_VIEW = 0.9
"""Faces with less of their top in view (a hand over them) are not counted."""


@dataclass
class Tally:
    """Faces counted, and read right when cut from the labels and from the faces found."""

    faces: int = 0
    from_labels: int = 0
    from_found: int = 0

    def line(self, name: str) -> str:
        def share(n: int) -> str:
            return f"{n / self.faces:.1%}" if self.faces else "-"

        return (
            f"{name}: {self.faces} faces; read right cut from the labels "
            f"{share(self.from_labels)}, from the faces found {share(self.from_found)}"
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


def evaluate_photo(
    photo: Path, label: dict, network: GlyphNetwork, detector: str = "threshold"
) -> Tally:
    """The glyph stage on one labelled photo."""
    from cubecam.vision.pipeline import WORKING_SIDE, read_faces

    cubes = [c for c in label["cubes"] if c.get("visible", 1.0) >= IN_VIEW]
    try:
        loaded = load_scaled(photo, WORKING_SIDE)
    except InputError:
        return Tally(len(cubes))
    want = [canonical_symbol(c["symbol"]) for c in cubes]
    labelled = [Quad(order_corners(np.array(c["corners"], float) * loaded.scale)) for c in cubes]
    allowed = allowed_symbols(label, network.classes)
    from_labels = _read(cut_views(loaded.image, labelled), allowed, network)
    try:
        faces = read_faces(loaded.image, detector)
    except InputError:  # no face found
        return Tally(len(cubes), sum(g == w for g, w in zip(from_labels, want, strict=True)))
    read_found = _read(faces.views, allowed, network)
    centres = np.array([q.center for q in faces.quads])
    right_found = 0
    for quad, symbol in zip(labelled, want, strict=True):
        distance = np.linalg.norm(centres - quad.center, axis=1)
        nearest = int(distance.argmin())
        right_found += (
            distance[nearest] <= MATCH_WITHIN * quad.side and read_found[nearest] == symbol
        )
    return Tally(
        len(cubes), sum(g == w for g, w in zip(from_labels, want, strict=True)), int(right_found)
    )


def evaluate_folder(
    folder: Path, network: GlyphNetwork, detector: str = "threshold", limit: int | None = None
) -> Tally:
    """The glyph stage on every labelled photo of ``folder`` that gives outlines."""
    tally = Tally()
    for label_path in sorted(folder.glob("*.json"))[:limit]:
        label = json.loads(label_path.read_text("utf-8"))
        photo = folder / str(label.get("image"))
        cubes = label.get("cubes") or []
        if not photo.is_file() or not cubes or not all("corners" in c for c in cubes):
            continue
        one = evaluate_photo(photo, label, network, detector)
        tally.faces += one.faces
        tally.from_labels += one.from_labels
        tally.from_found += one.from_found
    return tally


def accuracy(network: GlyphNetwork, images: np.ndarray, labels: np.ndarray) -> float:
    """Share of normalised crops (N × SIZE × SIZE) whose likeliest symbol, any turn, is the label."""
    if not len(images):
        return float("nan")
    probabilities, _ = network.scores(images)
    best = probabilities.reshape(len(images), len(network.classes), TURNS).sum(2).argmax(1)
    return float(
        np.mean([network.classes[b] == CLASSES[y] for b, y in zip(best, labels, strict=True)])
    )


def main(argv: list[str] | None = None) -> dict[str, Tally]:
    from cubecam.vision.pipeline import DETECTORS

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="*", type=Path, help="labelled folders")
    parser.add_argument("--real", action="store_true", help="also the held-out real crops")
    parser.add_argument("--detector", choices=DETECTORS, default="threshold", help="face finder")
    parser.add_argument("--model", type=Path, default=MODEL_PATH, help="the glyph model")
    parser.add_argument("--limit", type=int, help="photos per folder at most")
    args = parser.parse_args(argv)
    network = GlyphNetwork(args.model)
    tallies = {}
    for folder in args.folders:
        tallies[folder.name] = evaluate_folder(folder, network, args.detector, args.limit)
        print(tallies[folder.name].line(folder.name))
    if args.real:
        images, labels, _ = real_crops("test", realdata_root())
        print(
            f"real crops held out: {len(labels)}; read right {accuracy(network, images, labels):.1%}"
        )
    return tallies


if __name__ == "__main__":
    main()
