"""How well the detector finds labelled faces: found, precise, and where the corners lie.

A found face matches a labelled one when its centre lies within :data:`MATCH` of the
label's side from the label's centre (each label matched once, nearest first); its corner
error is the mean distance of its corners from the label's, in face sides::

    python -m cubecam_lab.detector.evaluate val/crossword val/tray --choose

``--choose`` sweeps the heat threshold, the zoom (where faces are small, or none are found)
and the shrink rule over the folders, then the heat threshold with the verifier's, then
the fainter heat a peak the verifier is sure of may have (:class:`~cubecam.vision.detector.find.DetectorSettings`), and
writes into ``--settings`` (the shipped ``detector.toml`` unless named) the settings with
the best F1 score (a face missed and a face
made up each break a layout alike) of those that are wrong on the fewest whole photos: a
face found on a photo of no cube, or none on a photo of one cube (a close-up of a single
die); the folders should hold close-ups and photos of no cube too
(``python -m cubecam_lab.detector.closeups``), or no shrink rule can be judged. Last it
chooses how many times the refiner sets the corners: the fewest passes of those whose
corners lie nearest the labels' (``--choose-refine`` chooses that alone;
``--choose-verifying`` all that follows the heat, zoom and shrink rule, for a new verifier).

>>> truth = np.array([[[0, 0], [10, 0], [10, 10], [0, 10]]], float)
>>> match([Quad(truth[0] + 1)], truth).found, match([], truth).missed
(1, 1)
"""

from __future__ import annotations

import argparse
import tomllib
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

import numpy as np

from cubecam.vision.detector.find import (
    MODEL_PATH,
    SETTINGS_PATH,
    SHIPPED,
    DetectorSettings,
    Networks,
    Views,
    candidates_in,
)
from cubecam.vision.detector.refine import REFINER_PATH
from cubecam.vision.detector.verify import VERIFIER_PATH
from cubecam.vision.quad import Quad
from cubecam_lab.detector.dataset import Sample, read_folder
from cubecam_lab.labels import labelled_folder

MATCH = 0.35
THRESHOLDS = (0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75)
ZOOMS = (0.0, 16.0, 24.0)
SHRINKS = (
    *((share,) for share in (0.5, 0.35, 0.25, 0.18, 0.12, 0.08, 0.05)),
    *((0.5, 0.25), (0.35, 0.12), (0.25, 0.08), (0.5, 0.25, 0.12)),
)
"""The shares of the input side a photo is looked at again shrunk to (each look adding its
faces), simplest first."""
SHRINK_BELOW = (1, 2, 4, 8)
"""Fewer faces than this found, and the photo is looked at again shrunk (1: where none are)."""
SHRINK_THRESHOLDS = (0.6, 0.7, 0.8)
"""The heat a face found in a shrunk look needs (at least the threshold)."""
ZOOM_NONE_THRESHOLDS = (0.0, 0.6, 0.7, 0.8)
"""The heat a face needs where none was found and the photo is looked at twice as large
(0: never)."""
VERIFY_THRESHOLDS = (0.0, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8)
"""The verifier's probability a find needs to be kept (0: never asked), swept with the heat
threshold once the other settings are chosen (a verifier may let a fainter heat through)."""
GRAIN_HEAT = 0.2
"""The faintest heat tried: below it peaks of mere grain crowd in by the hundred (at 0.1 a face
was found on 4 of 20 photos of grain, none at 0.15 and above)."""
VERIFIED_THRESHOLDS = (0.2, 0.25)
"""Heat thresholds tried only with the verifier asked (too faint to keep on the heat alone);
none below :data:`GRAIN_HEAT`."""
SURE_HEATS = (0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4)
SURE_VERIFY = (0.8, 0.9, 0.95, 0.98, 0.99)
"""A fainter peak's heat, and the verifier's probability that keeps it all the same, swept
after: below :data:`GRAIN_HEAT` too, where the verifier learnt from peaks that faint (a blank
face the network barely sees) and only one it is sure of is kept."""
REFINE_PASSES = (0, 1, 2, 3)
"""How many times the refiner may set the corners, swept last."""


@dataclass
class Tally:
    """Faces found, missed and found where there is none; the matched corners' errors; the
    photos of no cube, and those of them where a face was found; the photos of one cube, and
    those of them where it was not found."""

    found: int = 0
    missed: int = 0
    false: int = 0
    bare: int = 0
    bare_with_faces: int = 0
    lone: int = 0
    lone_missed: int = 0
    corner_errors: list[float] = field(default_factory=list)
    matched: dict[int, int] = field(default_factory=dict)
    """Each found face that matched a label, and that label, by their indices (of the last
    :func:`match`)."""

    def __iadd__(self, other: Tally) -> Tally:
        self.found += other.found
        self.missed += other.missed
        self.false += other.false
        self.bare += other.bare
        self.bare_with_faces += other.bare_with_faces
        self.lone += other.lone
        self.lone_missed += other.lone_missed
        self.corner_errors += other.corner_errors
        return self

    @property
    def recall(self) -> float:
        return self.found / max(1, self.found + self.missed)

    @property
    def precision(self) -> float:
        return self.found / max(1, self.found + self.false)

    @property
    def photos_wrong(self) -> int:
        """Photos of no cube where a face was found, and of one cube where none was."""
        return self.bare_with_faces + self.lone_missed

    @property
    def corner_error(self) -> float:
        """The median corner error of the faces found, in face sides."""
        return float(np.median(self.corner_errors)) if self.corner_errors else float("nan")

    @property
    def f1(self) -> float:
        return 2 * self.recall * self.precision / max(1e-9, self.recall + self.precision)

    def __str__(self) -> str:
        error = self.corner_error
        whole = f", faces in {self.bare_with_faces} of {self.bare} photos of none" * bool(self.bare)
        whole += f", none in {self.lone_missed} of {self.lone} photos of one" * bool(self.lone)
        return (
            f"found {self.recall:.1%} of {self.found + self.missed}, precision "
            f"{self.precision:.1%}, median corner error {error:.3f} sides{whole}"
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
        if hidden is None or not len(hidden):
            tally.bare, tally.bare_with_faces = 1, int(bool(found))
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
    if len(truth) == 1:  # a close-up of one die, others the photo's edge cuts at most
        tally.lone, tally.lone_missed = 1, tally.missed
    tally.false = len(found) - len(on_hidden) - tally.found
    return tally


def evaluate(
    samples: list[Sample],
    settings: DetectorSettings | None = None,
    networks: Networks = SHIPPED,
) -> Tally:
    """The detector's tally over ``samples``."""
    return evaluate_each(samples, [settings or DetectorSettings.load()], networks)[0]


def evaluate_each(
    samples: list[Sample],
    candidates: list[DetectorSettings],
    networks: Networks = SHIPPED,
) -> list[Tally]:
    """The detector's tally over ``samples`` with each of the ``candidates`` (each photo
    loaded once, each view of it run once, and the same faces found matched once)."""
    tallies = [Tally() for _ in candidates]
    for sample in samples:
        views = Views(sample.image(), networks)
        matches: dict[tuple, Tally] = {}
        for tally, settings in zip(tallies, candidates, strict=True):
            found = candidates_in(views, settings).faces
            key = tuple((q.score, tuple(q.corners.ravel())) for q in found)
            if key not in matches:
                matches[key] = match(found, sample.quads, sample.hidden)
            tally += matches[key]
    return tallies


def candidates(base: DetectorSettings) -> list[DetectorSettings]:
    """The settings :func:`choose_settings` tries: every heat threshold, zoom side, heat
    of a zoomed look where none was found, and shrink rule, the simplest first."""
    rules = [(0, (), 0.0)] + [
        (below, shrink, heat)
        for shrink in SHRINKS
        for below in SHRINK_BELOW
        for heat in SHRINK_THRESHOLDS
    ]
    return [
        DetectorSettings(base.input_side, threshold, zoom_below, below, shrink, heat, zoom_none)
        for below, shrink, heat in rules
        for zoom_none in ZOOM_NONE_THRESHOLDS
        for zoom_below in ZOOMS
        for threshold in THRESHOLDS
    ]


def verified(chosen: DetectorSettings) -> list[DetectorSettings]:
    """The settings :func:`choose_settings` tries last: ``chosen`` with each heat threshold
    and each verifier threshold, never asking the verifier first."""
    return [
        replace(chosen, threshold=threshold, verify_threshold=verify)
        for verify in VERIFY_THRESHOLDS
        for threshold in (*VERIFIED_THRESHOLDS, *THRESHOLDS)
        if verify or threshold in THRESHOLDS
    ]


def sured(chosen: DetectorSettings) -> list[DetectorSettings]:
    """The settings :func:`choose_settings` tries at the end: ``chosen`` as it is, then with
    each fainter heat the verifier may keep a peak from, at each probability it needs."""
    return [chosen] + [
        replace(chosen, sure_heat=heat, sure_verify=sure)
        for heat in SURE_HEATS
        if heat < chosen.threshold and chosen.verify_threshold > 0
        for sure in SURE_VERIFY
    ]


def choose_settings(
    samples: list[Sample],
    base: DetectorSettings,
    networks: Networks = SHIPPED,
) -> DetectorSettings:
    """The settings with the best F1 score on ``samples`` (the balance of faces found and
    precision), of :func:`candidates` unverified, then of the best's :func:`verified` and
    of the best's :func:`sured`, among those wrong on the fewest whole photos (a face
    found on a photo of no cube, or none on a photo of one: a whole wrong answer either
    way); the simplest of equals; last, its refiner passes (:func:`choose_passes`). Prints
    the ``base`` settings' figure, the best never shrinking and the best eight of each."""
    tried = candidates(base)
    tallies = evaluate_each(samples, [*tried, base], networks)
    print(f"as set now: {describe(base)}: {tallies[-1]}, F1 {tallies[-1].f1:.4f}")
    ranked = _ranked(tallies[:-1])
    plain = next(i for i in ranked if not tried[i].shrink)
    for i in [plain, *ranked[:8]]:
        print(f"{describe(tried[i])}: {tallies[i]}, F1 {tallies[i].f1:.4f}")
    return choose_verifying(samples, tried[ranked[0]], networks)


def choose_verifying(
    samples: list[Sample],
    chosen: DetectorSettings,
    networks: Networks = SHIPPED,
) -> DetectorSettings:
    """``chosen`` with the settings that hang on the verifier chosen on ``samples``: the
    best of its :func:`verified`, then of that one's :func:`sured` (ranked as
    :func:`choose_settings` ranks), then its refiner passes (:func:`choose_passes`); its
    heat, zoom and shrink rule kept. Prints the best eight of each."""
    tried, ranked = [chosen], [0]
    for stage in (verified, sured):
        tried = stage(tried[ranked[0]])
        tallies = evaluate_each(samples, tried, networks)
        ranked = _ranked(tallies)
        for i in ranked[:8]:
            print(f"{describe(tried[i])}: {tallies[i]}, F1 {tallies[i].f1:.4f}")
    return choose_passes(samples, tried[ranked[0]], networks)


def choose_passes(
    samples: list[Sample],
    chosen: DetectorSettings,
    networks: Networks = SHIPPED,
) -> DetectorSettings:
    """``chosen`` with the fewest refiner passes (of :data:`REFINE_PASSES`) whose median
    corner error on ``samples`` is within a hundredth of a side of the least (``chosen`` as
    it is where no face was found to judge by). Prints each."""
    tried = [replace(chosen, refine_passes=passes) for passes in REFINE_PASSES]
    tallies = evaluate_each(samples, tried, networks)
    for settings, tally in zip(tried, tallies, strict=True):
        print(f"{settings.refine_passes} refiner passes: {tally}, F1 {tally.f1:.4f}")
    errors = np.array([tally.corner_error for tally in tallies])
    if np.isnan(errors).all():
        return chosen
    return tried[int(np.flatnonzero(errors <= np.nanmin(errors) + 0.01)[0])]


def _ranked(tallies: list[Tally]) -> list[int]:
    return sorted(range(len(tallies)), key=lambda i: (tallies[i].photos_wrong, -tallies[i].f1, i))


def describe(settings: DetectorSettings) -> str:
    shrink = ", ".join(f"{share:g}" for share in settings.shrink) or "never"
    zoom_none = settings.zoom_none_threshold
    unseen = f", where none found zoomed at heat {zoom_none:.2f}" if zoom_none else ""
    verify = settings.verify_threshold
    return (
        f"threshold {settings.threshold:.2f}, zoom below {settings.zoom_below:g} px{unseen}, "
        f"shrunk to {shrink} below {settings.shrink_below} faces, "
        f"there heat {max(settings.threshold, settings.shrink_threshold):.2f}"
        + (f", verified above {verify:g}" if verify else "")
        + (
            f", heat above {settings.sure_heat:.2f} verified above {settings.sure_verify:g}"
            if settings.sure_heat
            else ""
        )
        + (f", corners refined {settings.refine_passes}×" if settings.refine_passes else "")
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", type=labelled_folder, nargs="+", help="labelled folders")
    parser.add_argument("--split", choices=("train", "test"), help="part of a real folder")
    parser.add_argument("--choose", action="store_true", help="choose and write the settings")
    parser.add_argument(
        "--choose-refine", action="store_true", help="choose and write the refiner passes alone"
    )
    parser.add_argument(
        "--choose-verifying",
        action="store_true",
        help="choose and write the settings that hang on the verifier alone (after training a"
        " new one): its threshold with the heat's, the fainter heat it may keep, the passes",
    )
    parser.add_argument("--model", type=Path, default=MODEL_PATH, help="an ONNX model to evaluate")
    parser.add_argument(
        "--verifier", type=Path, default=VERIFIER_PATH, help="the verifier's ONNX model"
    )
    parser.add_argument(
        "--refiner", type=Path, default=REFINER_PATH, help="the refiner's ONNX model"
    )
    parser.add_argument(
        "--settings",
        type=Path,
        default=SETTINGS_PATH,
        help="the settings evaluated (or that --choose-refine or --choose-verifying starts"
        " from), and where a --choose option writes those chosen (default: the shipped"
        " detector.toml)",
    )
    args = parser.parse_args(argv)
    folders = {folder: list(read_folder(folder, split=args.split)) for folder in args.folders}
    try:  # --choose starts from the shipped settings, the rest from those named
        settings = DetectorSettings.load(SETTINGS_PATH if args.choose else args.settings)
    except (OSError, tomllib.TOMLDecodeError, KeyError, ValueError) as error:
        parser.error(f"{args.settings} is not a detector settings file ({error})")
    networks = Networks(args.model, args.verifier, args.refiner)
    if args.choose or args.choose_refine or args.choose_verifying:
        samples = [sample for samples in folders.values() for sample in samples]
        choose = (
            choose_settings
            if args.choose
            else choose_verifying
            if args.choose_verifying
            else choose_passes
        )
        settings = choose(samples, settings, networks)
        args.settings.write_text(
            SETTINGS_PATH.read_text("utf-8").split("input_side")[0]
            + "".join(
                f"{name} = {list(value) if isinstance(value, tuple) else value}\n"
                for name, value in asdict(settings).items()
            ),
            "utf-8",
        )
        print(f"wrote {args.settings}: {settings}")
    total = Tally()
    for folder, samples in folders.items():
        tally = evaluate(samples, settings, networks)
        print(f"{folder}: {tally}")
        total += tally
    if len(folders) > 1:
        print(f"all {len(folders)} folders: {total}, F1 {total.f1:.4f}")


if __name__ == "__main__":
    main()
