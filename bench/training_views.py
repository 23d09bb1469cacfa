"""How fast the detector's training views are made: decoding a labelled photo, turning and
re-lighting it into a view, and working out the network's targets, in milliseconds a view
on one core; then, with PyTorch (the ``train`` extra), views a second through the training
loader's ``--workers`` processes.

    PYTHONPATH=src python bench/training_views.py [--scenes 24] [--views 400] [--workers 2]

It renders its own ``wide`` scenes at 640×480 (as most of the recipe's), so it needs no
data. A GPU run was bound by these views (750 a second on 16 cores): the faster they are
made, the more of them a lease trains on.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

from cubecam_lab.detector.augment import training_view
from cubecam_lab.detector.dataset import Sample, encode_targets, samples_under
from cubecam_lab.synth.dataset import KINDS, make_scene, write_labelled

SIZE = 320
"""The side of a view, as the recipe trains."""


def render(folder: Path, scenes: int) -> list[Sample]:
    """``scenes`` fresh ``wide`` scenes of every kind in turn, written and read back."""
    for seed in range(scenes):
        kind = KINDS[seed % len(KINDS)]
        image, label = make_scene(kind, 990_100 + seed, size=(640, 480), config="wide")
        write_labelled(folder, f"{kind}-{seed:04d}", image, label)
    return samples_under([folder])


def stage_ms(samples: list[Sample], views: int) -> dict[str, float]:
    """Mean milliseconds of each stage of a view, over ``views`` views in this process."""
    cv2.setNumThreads(1)
    rng = np.random.default_rng(0)
    times: dict[str, list[float]] = {"decode": [], "view": [], "targets": []}
    for _ in range(views):
        sample = samples[int(rng.integers(len(samples)))]
        start = time.perf_counter()
        image = sample.image()
        decoded = time.perf_counter()
        _, quads, hidden, _ = training_view(
            image, sample.quads, rng, size=SIZE, hidden=sample.hidden
        )
        viewed = time.perf_counter()
        encode_targets(quads, (SIZE, SIZE), hidden)
        done = time.perf_counter()
        times["decode"].append(decoded - start)
        times["view"].append(viewed - decoded)
        times["targets"].append(done - viewed)
    figures = {stage: 1000 * statistics.mean(spans) for stage, spans in times.items()}
    figures["all"] = sum(figures.values())
    return figures


def loader_rate(samples: list[Sample], workers: int, batches: int, batch: int = 16) -> float:
    """Views a second the training loader gives through ``workers`` processes (after its
    first batch, which waits for the workers to start)."""
    from cubecam_lab.detector.train import Views, view_loader

    loader = view_loader(Views(samples, SIZE, (batches + 1) * batch, seed=0), batch, workers)
    batches_in = iter(loader)
    next(batches_in)
    start = time.perf_counter()
    count = sum(len(images) for images, *_ in batches_in)
    return count / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scenes", type=int, default=24)
    parser.add_argument("--views", type=int, default=400, help="views timed stage by stage")
    parser.add_argument("--workers", type=int, default=2, help="the loader's processes")
    parser.add_argument("--batches", type=int, default=25, help="batches of 16 through the loader")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        samples = render(Path(folder), args.scenes)
        figures = stage_ms(samples, args.views)
        print(f"one core, ms a view of {SIZE} px (mean of {args.views}):")
        for stage, ms in figures.items():
            print(f"  {stage:<8}{ms:7.2f}")
        print(f"  = {1000 / figures['all']:.0f} views a second a core")
        try:
            rate = loader_rate(samples, args.workers, args.batches)
        except ImportError:
            print("the loader: PyTorch is not installed (pip install -e '.[train]')")
            return
        print(f"the training loader, {args.workers} workers: {rate:.0f} views a second")


if __name__ == "__main__":
    main()
