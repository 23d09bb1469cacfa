"""How well the detector finds labelled faces: found, precise, and where the corners lie.

A found face matches a labelled one when its centre lies within :data:`MATCH` of the
label's side from the label's centre (each label matched once, nearest first); its corner
error is the mean distance of its corners from the label's, in face sides::

    python -m cubecam.vision.detector.evaluate val/crossword val/tray --choose

``--choose`` sweeps the heat threshold and the zoom side over the folders and writes the pair
with the best F1 score (a face missed and a face made up each break a layout alike) into
``detector.toml``.

>>> truth = np.array([[[0, 0], [10, 0], [10, 10], [0, 10]]], float)
>>> match([Quad(truth[0] + 1)], truth).found, match([], truth).missed
(1, 1)
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from cubecam.vision.detector.dataset import Sample, read_folder
from cubecam.vision.detector.find import MODEL_PATH, SETTINGS_PATH, Settings, find_faces
from cubecam.vision.quad import Quad

MATCH = 0.35
THRESHOLDS = (0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75)
ZOOMS = (0.0, 16.0, 24.0)


@dataclass
class Tally:
    """Faces found, missed and found where there is none; the matched corners' errors."""

    found: int = 0
    missed: int = 0
    false: int = 0
    corner_errors: list[float] = field(default_factory=list)
    matched: dict[int, int] = field(default_factory=dict)
    """Each found face that matched a label, and that label, by their indices (of the last
    :func:`match`)."""

    def __iadd__(self, other: Tally) -> Tally:
        self.found += other.found
        self.missed += other.missed
        self.false += other.false
        self.corner_errors += other.corner_errors
        return self

    @property
    def recall(self) -> float:
        return self.found / max(1, self.found + self.missed)

    @property
    def precision(self) -> float:
        return self.found / max(1, self.found + self.false)

    @property
    def f1(self) -> float:
        return 2 * self.recall * self.precision / max(1e-9, self.recall + self.precision)

    def __str__(self) -> str:
        error = float(np.median(self.corner_errors)) if self.corner_errors else float("nan")
        return (
            f"found {self.recall:.1%} of {self.found + self.missed}, precision "
            f"{self.precision:.1%}, median corner error {error:.3f} sides"
        )


def corner_error(found: np.ndarray, truth: np.ndarray) -> float:
    """Mean corner distance in units of the label's side, over the best cyclic order."""
    side = Quad(truth).side
    return min(
        float(np.linalg.norm(np.roll(found, k, axis=0) - truth, axis=1).mean()) for k in range(4)
    ) / max(side, 1e-9)


def match(found: list[Quad], truth: np.ndarray, hidden: np.ndarray | None = None) -> Tally:
    """Match ``found`` faces to the labelled corners ``truth`` (n × 4 × 2); a face found
    on a mostly ``hidden`` one is not counted."""
    on_hidden = set(match(found, hidden).matched) if hidden is not None and len(hidden) else set()
    tally = Tally()
    if not len(truth):
        tally.false = len(found) - len(on_hidden)
        return tally
    centres = truth.mean(axis=1)
    sides = np.linalg.norm(truth - np.roll(truth, 1, axis=1), axis=2).mean(axis=1)
    pairs = sorted(
        (float(np.linalg.norm(np.array(q.center) - centres[j]) / sides[j]), i, j)
        for i, q in enumerate(found)
        if i not in on_hidden
        for j in range(len(truth))
    )
    used_truth: set[int] = set()
    for distance, i, j in pairs:
        if distance > MATCH or i in tally.matched or j in used_truth:
            continue
        tally.matched[i] = j
        used_truth.add(j)
        tally.corner_errors.append(corner_error(found[i].corners, truth[j]))
    tally.found = len(tally.matched)
    tally.missed = len(truth) - tally.found
    tally.false = len(found) - len(on_hidden) - tally.found
    return tally


def evaluate(
    samples: list[Sample], settings: Settings | None = None, model: Path = MODEL_PATH
) -> Tally:
    """The detector's tally over ``samples``."""
    tally = Tally()
    for sample in samples:
        found = find_faces(sample.image(), settings, model)
        tally += match(found, sample.quads, sample.hidden)
    return tally


def choose_settings(samples: list[Sample], base: Settings, model: Path = MODEL_PATH) -> Settings:
    """The settings with the best F1 score on ``samples`` (the balance of faces found and
    precision), over a grid of heat thresholds and zoom sides."""
    tried = []
    for zoom_below in ZOOMS:
        for threshold in THRESHOLDS:
            settings = Settings(base.input_side, threshold, zoom_below)
            tally = evaluate(samples, settings, model)
            print(f"threshold {threshold:.2f}, zoom below {zoom_below:g}: {tally}", flush=True)
            tried.append((tally.f1, settings))
    return max(tried, key=lambda t: t[0])[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", type=Path, nargs="+")
    parser.add_argument("--split", choices=("train", "test"), help="part of a real folder")
    parser.add_argument("--choose", action="store_true", help="choose and write the threshold")
    parser.add_argument("--model", type=Path, default=MODEL_PATH, help="an ONNX model to evaluate")
    args = parser.parse_args()
    samples = [s for folder in args.folders for s in read_folder(folder, split=args.split)]
    if args.choose:
        settings = choose_settings(samples, Settings.load(), args.model)
        SETTINGS_PATH.write_text(
            SETTINGS_PATH.read_text("utf-8").split("input_side")[0]
            + f"input_side = {settings.input_side}\nthreshold = {settings.threshold}\n"
            + f"zoom_below = {settings.zoom_below}\n",
            "utf-8",
        )
        print(f"wrote {SETTINGS_PATH}: {settings}")
    for folder in args.folders:
        samples = list(read_folder(folder, split=args.split))
        print(f"{folder}: {evaluate(samples, model=args.model)}")


if __name__ == "__main__":
    main()
