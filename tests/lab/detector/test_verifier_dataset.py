"""Harvesting the detector's finds on labelled photos for the verifier to learn from."""

import numpy as np

from cubecam.vision.detector.patches import PATCH
from cubecam.vision.lattice import LatticeSettings
from cubecam_lab.detector.dataset import read_folder
from cubecam_lab.detector.verifier_dataset import harvest, main
from cubecam_lab.synth.dataset import write_set


def test_finds_on_labelled_tops_are_marked_tops_and_the_rest_not(tmp_path):
    write_set("crossword", 2, 880003, tmp_path / "crossword", size=(640, 480), config="tilt-20-55")
    marked = labelled = 0
    floor = LatticeSettings.load().faint_floor
    for sample in read_folder(tmp_path / "crossword"):
        patches, tops, heat, blank = harvest(sample)
        assert patches.shape == (len(tops), PATCH, PATCH, 3) and heat.shape == tops.shape
        assert not (blank & ~tops).any()
        assert tops.sum() <= len(sample.quads) and (heat > floor).all()
        marked, labelled = marked + tops.sum(), labelled + len(sample.quads)
    assert marked >= 0.6 * labelled
    _, fainter_tops, fainter, _ = harvest(sample, floor=0.1)
    assert (fainter > 0.1).all() and len(fainter) >= len(heat) and fainter_tops.sum() >= tops.sum()
    folder = tmp_path.parent / "harvest"
    folder.mkdir()
    # labelled folders under the one named, as the recipe renders them
    main([str(tmp_path), "--workers", "1", "--out", str(folder / "patches.npz")])
    data = np.load(folder / "patches.npz")
    assert len(data["patches"]) == len(data["tops"]) == len(data["photo"]) == len(data["blank"])
    assert set(data["photo"].tolist()) == {0, 1}


def test_blank_tops_are_marked_blank(tmp_path):
    write_set("crossword", 1, 880006, tmp_path, size=(640, 480), config="blank-faces")
    sample = next(read_folder(tmp_path))
    _, tops, _, blank = harvest(sample, floor=0.1)
    assert sample.is_blank().any()
    assert 0 < blank.sum() < tops.sum()


def test_the_finds_harvested_are_met_as_the_verifier_and_refiner_meet_them_unrefined(tmp_path):
    from dataclasses import replace

    from cubecam.vision.detector.find import DetectorSettings, find_candidates
    from cubecam_lab.detector.verifier_dataset import raw_finds

    write_set("loose", 1, 880504, tmp_path, size=(640, 480), config="tilt-20-55")
    loaded, found, _ = raw_finds(next(read_folder(tmp_path)))
    shipped = replace(DetectorSettings.load(), verify_threshold=0.0, sure_heat=0.0)
    assert shipped.refine_passes > 0
    floor = LatticeSettings.load().faint_floor
    for passes, same in ((0, True), (shipped.refine_passes, False)):
        finds = find_candidates(loaded.image, floor, replace(shipped, refine_passes=passes))
        corners = [q.corners.tolist() for q in finds.faces + finds.faint]
        assert (corners == [q.corners.tolist() for q in found]) is same
