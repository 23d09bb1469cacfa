"""Evaluate the glyph stage: how many faces it reads right, on labelled photos and real crops.

    python -m cubecam_lab.glyphs.evaluate renders/tray renders/crossword [--real]
        [--model other.onnx] [--limit 20]

Labelled photos are read as the cut stage's evaluation reads them
(:mod:`cubecam_lab.crop.evaluate`: faces cut through their labelled corners and through
the outlines the detector found). ``--real`` adds the held-out part of ``realdata/crops``
(never trained on).
"""

from __future__ import annotations

import numpy as np

from cubecam.vision.glyphs.classes import CLASSES, TURNS
from cubecam.vision.glyphs.network import GlyphNetwork
from cubecam_lab.crop.evaluate import Tally, arguments, evaluate_folders
from cubecam_lab.glyphs.dataset import real_crops, realdata_root


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
    parser = arguments(__doc__.split("\n\n")[0], folders="*")
    parser.add_argument("--real", action="store_true", help="also the held-out real crops")
    args = parser.parse_args(argv)
    tallies = evaluate_folders(args)
    if args.real:
        images, labels, _ = real_crops("test", realdata_root())
        right = accuracy(GlyphNetwork(args.model), images, labels)
        print(f"real crops held out: {len(labels)}; read right {right:.1%}")
    return tallies


if __name__ == "__main__":
    main()
