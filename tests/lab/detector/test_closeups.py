"""Close-ups cut from labelled renders, for the detector's evaluation."""

import cv2
import numpy as np

from cubecam_lab.detector import closeups
from cubecam_lab.detector.dataset import read_folder
from cubecam_lab.synth.dataset import make_scene, write_labelled


def test_a_close_up_holds_its_face_whole_and_an_empty_one_none():
    image, label = make_scene("crossword", 5, size=(640, 480))
    rng = np.random.default_rng(1)
    for _ in range(4):
        crop, cut = closeups.close_up(image, label, rng)
        height, width = crop.shape[:2]
        whole = [np.array(c["corners"]) for c in cut["cubes"] if c["visible"] >= 0.999]
        assert whole
        for corners in whole:
            assert (corners >= -0.5).all() and (corners <= [width + 0.5, height + 0.5]).all()
        assert max(height, width) <= 4 * 4 / 3 * max(np.ptp(c, axis=0).max() for c in whole)
        crop, cut = closeups.close_up(image, label, rng, empty=True)
        assert cut["cubes"] == [] and crop.size


def test_the_close_ups_written_are_read_back(tmp_path):
    renders, out = tmp_path / "renders", tmp_path / "closeups"
    renders.mkdir()
    for seed in (5, 6):
        image, label = make_scene("crossword", seed, size=(640, 480))
        write_labelled(renders, f"crossword-{seed}", image, label)
    closeups.main([str(renders), "--out", str(out), "--count", "8", "--seed", "3"])
    samples = list(read_folder(out))
    assert len(samples) == 8 and any(len(s.quads) == 0 for s in samples)
    for sample in samples:
        assert cv2.imread(str(sample.path)) is not None
