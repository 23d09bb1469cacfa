"""Harvesting outlines of labelled faces, found and jittered, for the refiner to learn from."""

import numpy as np

from cubecam.vision.detector.refine import PATCH
from cubecam.vision.quad import Quad
from cubecam_lab.detector.dataset import read_folder
from cubecam_lab.detector.refiner_dataset import FARTHEST, JITTERS, jittered, main, outline_pairs
from cubecam_lab.synth.dataset import write_set


def test_each_labelled_face_gives_its_jittered_outlines_and_those_found(tmp_path):
    write_set("loose", 2, 880501, tmp_path / "loose", size=(640, 480), config="tilt-20-55")
    for sample in read_folder(tmp_path / "loose"):
        patches, shifts = outline_pairs(sample)
        assert patches.shape == (len(shifts), PATCH, PATCH, 3) and shifts.shape[1] == 8
        assert len(shifts) >= (JITTERS + 0.5) * len(sample.quads)
        assert np.abs(shifts).max() <= FARTHEST and np.abs(shifts).mean() > 0.01
    folder = tmp_path.parent / "outlines"
    folder.mkdir()
    # labelled folders under the one named, as the recipe renders them
    main([str(tmp_path), "--workers", "1", "--out", str(folder / "outlines.npz")])
    data = np.load(folder / "outlines.npz")
    assert len(data["patches"]) == len(data["offsets"]) == len(data["photo"])
    assert set(data["photo"].tolist()) == {0, 1}


def test_a_jittered_outline_stays_near_its_face_and_clockwise():
    truth = np.array([[100, 100], [140, 100], [140, 140], [100, 140]], float)
    rng = np.random.default_rng(0)
    for _ in range(50):
        quad = jittered(truth, rng)
        assert np.linalg.norm(np.array(quad.center) - truth.mean(axis=0)) < 12
        assert 28 < quad.side < 52
        (ax, ay), (bx, by) = quad.corners[1] - quad.corners[0], quad.corners[2] - quad.corners[1]
        assert ax * by - ay * bx > 0  # turning right, as seen with y downwards
        assert Quad(truth).contains(quad.center)
