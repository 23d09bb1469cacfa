"""What the refiner learns from: outlines of labelled top faces as the detector finds
them, and the labels' own jittered, each cut as :func:`~.refine.cut_rectified` cuts it, with
where the label's corners lie in that patch.

The detector runs as the pipeline runs it, unverified and unrefined
(:func:`~.verifier_dataset.raw_finds`); each find on a labelled face mostly in view
gives one patch, and each such face :data:`JITTERS` more, its outline moved, turned, scaled
and its corners shaken as a detector errs::

    python -m cubecam_lab.detector.refiner_dataset renders/ --real ../shared/realdata \\
        --out outlines.npz
"""

from __future__ import annotations

import argparse
import zlib
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

import cv2
import numpy as np

from cubecam.vision.detector.find import MODEL_PATH
from cubecam.vision.detector.refine import INNER, MARGIN, UNIT, cut_rectified, to_patch
from cubecam.vision.quad import Quad, order_corners
from cubecam_lab.detector.dataset import Sample, samples_under
from cubecam_lab.detector.evaluate import match
from cubecam_lab.detector.verifier_dataset import raw_finds
from cubecam_lab.labels import labelled_tree

JITTERS = 1
"""Jittered outlines cut per labelled face."""
FARTHEST = 0.45
"""A pair whose label corner lies farther than this (face sides) from the outline's is
left out: the patch may not show it."""


def offsets(found: Quad, truth: np.ndarray) -> np.ndarray:
    """Where ``truth``'s corners (4 × 2, photo pixels, numbered from whichever lies nearest
    ``found``'s first) lie in ``found``'s patch, from ``found``'s own, in face sides.

    >>> found = Quad(np.array([[10, 10], [30, 10], [30, 30], [10, 30]], float))
    >>> offsets(found, np.array([[32, 10], [32, 30], [12, 30], [12, 10]], float))[0].round(6)
    array([0.1, 0. ])
    """
    rolls = [np.roll(truth, k, axis=0) for k in range(4)]
    nearest = min(rolls, key=lambda r: float(np.linalg.norm(r - found.corners, axis=1).sum()))
    in_patch = cv2.perspectiveTransform(nearest[None], to_patch(found))[0]
    return (in_patch - MARGIN) / INNER - UNIT


def jittered(truth: np.ndarray, rng: np.random.Generator) -> Quad:
    """``truth`` (4 × 2) moved, turned and scaled about its centre and each corner shaken,
    by up to about what the detector's outlines are off."""
    side = Quad(truth).side
    centre = truth.mean(axis=0)
    angle = np.radians(rng.normal(0, 5))
    turn = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    scale = rng.uniform(0.85, 1.15, 2)
    shaken = rng.normal(0, rng.uniform(0.02, 0.1), (4, 2)) * side
    moved = rng.normal(0, 0.05, 2) * side
    return Quad(order_corners(centre + moved + ((truth - centre) * scale) @ turn.T + shaken))


def outline_pairs(sample: Sample, model: Path = MODEL_PATH) -> tuple[np.ndarray, np.ndarray]:
    """One photo's patches (uint8, N × P × P × 3) and their label corners' offsets (N × 8)."""
    loaded, found, _ = raw_finds(sample, model)
    truth = sample.quads * loaded.scale
    outlines: list[Quad] = []
    targets: list[np.ndarray] = []
    if len(truth):
        for i, j in match(found, truth).matched.items():
            outlines.append(found[i])
            targets.append(truth[j])
    rng = np.random.default_rng(zlib.crc32(sample.path.name.encode()))
    for quad in truth:
        for _ in range(JITTERS):
            outlines.append(jittered(quad, rng))
            targets.append(quad)
    shifts = np.array([offsets(q, t) for q, t in zip(outlines, targets, strict=True)])
    keep = [i for i, s in enumerate(shifts) if np.abs(s).max() <= FARTHEST]
    return (
        cut_rectified(loaded.image, [outlines[i] for i in keep]),
        shifts[keep].reshape(-1, 8).astype(np.float32),
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "folders", type=labelled_tree, nargs="+", help="folders of labelled folders, at any depth"
    )
    parser.add_argument("--real", type=Path, help="the realdata folder (its tiles' training part)")
    parser.add_argument("--model", type=Path, default=MODEL_PATH, help="the detector's ONNX model")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, required=True, help="the .npz to write")
    args = parser.parse_args(argv)
    samples = samples_under(args.folders, args.real)
    with ProcessPoolExecutor(args.workers) as pool:
        parts = list(pool.map(partial(outline_pairs, model=args.model), samples, chunksize=8))
    patches, shifts = (np.concatenate(column) for column in zip(*parts, strict=True))
    photo = np.concatenate([np.full(len(p[1]), i, np.int32) for i, p in enumerate(parts)])
    np.savez(args.out, patches=patches, offsets=shifts, photo=photo)
    print(f"{len(samples)} photos: {len(patches)} outlines")


if __name__ == "__main__":
    main()
