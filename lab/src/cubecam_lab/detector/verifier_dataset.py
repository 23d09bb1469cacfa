"""What the verifier learns from: the faces the shipped detector finds in labelled photos,
each cut with its surroundings (:mod:`.patches`) and marked a top face or not.

The detector runs as the pipeline runs it, unverified and unrefined (the photo at its working
size, the faint peaks the lattice may confirm included); a find on a labelled top face is one, a find
elsewhere (a side face, an empty square of a board, a number on a score sheet) is not, and
a find on a face mostly hidden is left out; each top is marked blank or not (the trainer may
weigh blank tops more)::

    python -m cubecam_lab.detector.verifier_dataset renders/ --real ../shared/realdata \\
        --out patches.npz
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from functools import partial
from pathlib import Path

import numpy as np

from cubecam.vision.detector.find import MODEL_PATH, DetectorSettings, Networks, find_candidates
from cubecam.vision.detector.patches import cut_patches
from cubecam.vision.lattice import LatticeSettings
from cubecam.vision.load.decode import LoadedImage, load_scaled
from cubecam.vision.pipeline import WORKING_SIDE
from cubecam.vision.quad import Quad
from cubecam_lab.detector.dataset import Sample, samples_under
from cubecam_lab.detector.evaluate import match
from cubecam_lab.labels import labelled_tree


def raw_finds(
    sample: Sample, model: Path = MODEL_PATH, floor: float | None = None
) -> tuple[LoadedImage, list[Quad], np.ndarray | None]:
    """One photo at working size and its finds by the detector ``model`` as the verifier and
    the refiner meet them (neither verified nor refined), down to the heat ``floor`` (the
    lattice's faint floor unless given), and the direction of the camera's foot that the
    verifier is told with them."""
    loaded = load_scaled(sample.path, WORKING_SIDE)
    settings = replace(
        DetectorSettings.load(), verify_threshold=0.0, sure_heat=0.0, refine_passes=0
    )
    if floor is None:
        floor = LatticeSettings.load().faint_floor
    finds = find_candidates(loaded.image, floor, settings, Networks(model))
    return loaded, finds.faces + finds.faint, finds.toward


def harvest(
    sample: Sample, model: Path = MODEL_PATH, floor: float | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """One photo's finds (:func:`raw_finds`): their patches, whether each is a top face, its
    heat, and whether it is a blank top face."""
    loaded, found, toward = raw_finds(sample, model, floor)
    truth, hidden = sample.quads * loaded.scale, sample.hidden * loaded.scale
    on_hidden = set(match(found, hidden).matched) if len(hidden) else set()
    tops = match(found, truth).matched if len(truth) else {}
    blank = sample.is_blank()
    keep = [i for i in range(len(found)) if i not in on_hidden]
    return (
        cut_patches(loaded.image, [found[i] for i in keep], toward),
        np.array([i in tops for i in keep], bool),
        np.array([found[i].score for i in keep], np.float32),
        np.array([i in tops and bool(blank[tops[i]]) for i in keep], bool),
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "folders", type=labelled_tree, nargs="+", help="folders of labelled folders, at any depth"
    )
    parser.add_argument("--real", type=Path, help="the realdata folder (its tiles' training part)")
    parser.add_argument("--model", type=Path, default=MODEL_PATH, help="the detector's ONNX model")
    parser.add_argument(
        "--floor",
        type=float,
        help="the faintest peak harvested (default: the lattice's faint floor)",
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, required=True, help="the .npz to write")
    args = parser.parse_args(argv)
    samples = samples_under(args.folders, args.real)
    with ProcessPoolExecutor(args.workers) as pool:
        parts = list(
            pool.map(partial(harvest, model=args.model, floor=args.floor), samples, chunksize=8)
        )
    patches, tops, heat, blank = (np.concatenate(column) for column in zip(*parts, strict=True))
    photo = np.concatenate([np.full(len(p[1]), i, np.int32) for i, p in enumerate(parts)])
    np.savez_compressed(args.out, patches=patches, tops=tops, heat=heat, blank=blank, photo=photo)
    print(
        f"{len(samples)} photos: {int(tops.sum())} top faces ({int(blank.sum())} blank),"
        f" {int((~tops).sum())} others"
    )


if __name__ == "__main__":
    main()
