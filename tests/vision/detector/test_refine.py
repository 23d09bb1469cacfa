"""The refiner: the patch it sees, the way back to the photo, and the shipped model on fresh
rendered photos (a seed it never learnt from)."""

import dataclasses
import itertools

import numpy as np
import pytest

from cubecam.vision.detector import find
from cubecam.vision.detector.refine import (
    INNER,
    MARGIN,
    PATCH,
    _kept,
    cut_rectified,
    from_patch,
    refine_corners,
)
from cubecam.vision.quad import Quad
from cubecam_lab.detector.evaluate import match
from cubecam_lab.detector.refiner_dataset import offsets
from cubecam_lab.labels import in_view, labelled_corners
from cubecam_lab.synth.dataset import make_scene

FRESH_SEEDS = (880_500, 880_503)


def test_a_face_found_askew_is_cut_onto_the_middle_of_its_patch():
    photo = np.zeros((200, 200, 3), np.uint8)
    photo[60:140, 60:140] = 255
    askew = Quad(np.array([[60, 70], [140, 60], [140, 140], [60, 140]], float))
    patch = cut_rectified(photo, [askew])[0, :, :, 0]
    middle = slice(round(MARGIN) + 2, round(MARGIN + INNER) - 2)
    assert patch.shape == (PATCH, PATCH) and (patch[middle, middle] == 255).all()
    assert patch[:3].max() == 0 and patch[:, :3].max() == 0


def test_offsets_taken_from_a_patch_lead_back_to_the_same_corners():
    rng = np.random.default_rng(5)
    found = Quad(np.array([[100, 100], [160, 110], [150, 170], [95, 160]], float))
    truth = found.corners + rng.normal(0, 4, (4, 2))
    shifts = offsets(found, np.roll(truth, 2, axis=0))
    assert np.abs(from_patch(found, shifts) - truth).max() < 1e-4  # float32 warps


def test_an_outline_refined_into_a_fold_or_a_speck_is_left_as_found():
    found = Quad(np.array([[10, 10], [30, 10], [30, 30], [10, 30]], float), 0.8)
    photo = np.zeros((60, 60, 3), np.uint8)
    assert refine_corners(photo, [found], passes=0) == [found]
    assert _kept(found, Quad(found.corners[[0, 2, 1, 3]])) is found
    assert _kept(found, Quad(found.corners * 0.2 + 15)) is found
    nudged = Quad(found.corners + 1, 0.8)
    assert _kept(found, nudged) is nudged


@pytest.mark.parametrize("config", ["tilt-20-55", "dark-cubes", "classic"])
def test_the_shipped_refiner_brings_the_corners_nearer_the_labels(config):
    settings = find.DetectorSettings.load()
    assert settings.refine_passes > 0
    unrefined = dataclasses.replace(settings, refine_passes=0)
    before, after = [], []
    for kind, seed in itertools.product(("crossword", "tray", "loose"), FRESH_SEEDS):
        image, label = make_scene(kind, seed, size=(800, 600), config=config)
        truth = labelled_corners(label)[in_view(label)]
        found = match(find.find_faces(image, unrefined), truth)
        refined = match(find.find_faces(image, settings), truth)
        before += found.corner_errors
        after += refined.corner_errors
    assert len(after) >= 0.9 * len(before) > 40
    assert np.median(after) < 0.5 * np.median(before), (np.median(before), np.median(after))
