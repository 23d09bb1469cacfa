"""Matching found faces to labelled ones."""

import re
from dataclasses import replace

import cv2
import numpy as np
import pytest

from cubecam.vision.quad import Quad
from cubecam_lab.detector.evaluate import corner_error, main, match

SQUARE = np.array([[0, 0], [10, 0], [10, 10], [0, 10]], float)
RIGHT = np.array([1.0, 0.0])


def test_each_label_is_matched_once_and_far_faces_are_false():
    truth = np.stack([SQUARE, SQUARE + 20 * RIGHT])
    found = [Quad(SQUARE + 0.5), Quad(SQUARE + 1.0), Quad(SQUARE + 60)]
    tally = match(found, truth)
    assert (tally.found, tally.missed, tally.false) == (1, 1, 2)
    assert tally.recall == 0.5 and abs(tally.precision - 1 / 3) < 1e-9


def test_corner_error_ignores_which_corner_comes_first():
    assert corner_error(np.roll(SQUARE, 1, axis=0), SQUARE) == 0.0
    assert abs(corner_error(SQUARE + RIGHT, SQUARE) - 0.1) < 1e-9


def test_matches_name_the_found_faces_by_their_place_in_the_list():
    truth = np.stack([SQUARE + 20 * RIGHT])
    found = [Quad(SQUARE), Quad(SQUARE + 20 * RIGHT + 0.5)]  # the first on a hidden face
    tally = match(found, truth, hidden=np.stack([SQUARE]))
    assert tally.matched == {1: 0} and tally.false == 0


def test_photos_of_no_cube_with_a_face_found_are_counted():
    none = np.zeros((0, 4, 2))
    tally = match([Quad(SQUARE)], none)
    assert (tally.false, tally.bare, tally.bare_with_faces) == (1, 1, 1)
    tally += match([], none)
    tally += match([Quad(SQUARE)], none, hidden=SQUARE[None])  # a hidden face is no bare photo
    assert (tally.bare, tally.bare_with_faces, tally.false) == (2, 1, 1)


def test_photos_of_one_cube_with_none_found_are_counted_as_wrong_photos():
    one = SQUARE[None]
    tally = match([], one)
    assert (tally.lone, tally.lone_missed, tally.photos_wrong) == (1, 1, 1)
    tally += match([Quad(SQUARE + 0.5)], one)
    tally += match([], np.stack([SQUARE, SQUARE + 20 * RIGHT]))  # two cubes: not a lone one
    tally += match([Quad(SQUARE)], np.zeros((0, 4, 2)))  # a face on a photo of none
    assert (tally.lone, tally.lone_missed, tally.photos_wrong) == (2, 1, 2)


def test_a_folder_that_is_not_there_is_refused_in_one_line(tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:
        main([str(tmp_path / "absent")])
    assert stop.value.code == 2
    assert "absent is not a folder" in capsys.readouterr().err


def test_a_folder_without_labels_is_refused_in_one_line(tmp_path, capsys):
    (tmp_path / "renders" / "crossword").mkdir(parents=True)  # labels only one level down
    with pytest.raises(SystemExit) as stop:
        main([str(tmp_path / "renders")])
    assert stop.value.code == 2
    assert "renders holds no labels (*.json)" in capsys.readouterr().err


def test_several_folders_are_also_tallied_together(tmp_path, capsys):
    from cubecam_lab.synth.dataset import write_set

    for kind in ("tray", "loose"):
        write_set(kind, 1, 880003, tmp_path / kind, size=(320, 240), config="wide")
    main([str(tmp_path / "tray"), str(tmp_path / "loose")])
    lines = capsys.readouterr().out.splitlines()
    counts = [int(line.split(" of ")[1].split(",")[0]) for line in lines]
    assert lines[-1].startswith("all 2 folders: found") and "F1" in lines[-1]
    assert counts[-1] == counts[0] + counts[1] > 0


def test_the_verifier_is_swept_with_the_heat_threshold_after_the_rest_is_chosen():
    from cubecam.vision.detector.find import DetectorSettings
    from cubecam_lab.detector.evaluate import (
        GRAIN_HEAT,
        THRESHOLDS,
        VERIFIED_THRESHOLDS,
        VERIFY_THRESHOLDS,
        verified,
    )

    chosen = DetectorSettings(512, 0.6, 24.0, 2, (0.5,), 0.7, 0.7)
    tried = verified(chosen)
    assert tried[0].verify_threshold == 0 and {s.shrink for s in tried} == {(0.5,)}
    assert {(s.threshold, s.verify_threshold) for s in tried} == {
        (t, v) for t in THRESHOLDS for v in VERIFY_THRESHOLDS
    } | {(t, v) for t in VERIFIED_THRESHOLDS for v in VERIFY_THRESHOLDS if v > 0}
    assert len(tried) == len({(s.threshold, s.verify_threshold) for s in tried})
    assert min(VERIFIED_THRESHOLDS) < min(THRESHOLDS)  # fainter heats only with the verifier
    assert min(VERIFIED_THRESHOLDS) >= GRAIN_HEAT  # never mere grain


def test_a_fainter_heat_the_verifier_is_sure_of_is_swept_last_below_the_threshold():
    from cubecam.vision.detector.find import DetectorSettings
    from cubecam_lab.detector.evaluate import (
        GRAIN_HEAT,
        SURE_HEATS,
        SURE_VERIFY,
        VERIFY_THRESHOLDS,
        sured,
    )

    chosen = DetectorSettings(512, 0.3, 24.0, 2, (0.5,), 0.7, 0.7, verify_threshold=0.4)
    tried = sured(chosen)
    assert tried[0] == chosen  # the simplest of equals: no fainter heat kept
    assert {(s.sure_heat, s.sure_verify) for s in tried[1:]} == {
        (h, v) for h in SURE_HEATS if h < 0.3 for v in SURE_VERIFY
    }
    assert all(s.threshold == 0.3 and s.verify_threshold == 0.4 for s in tried)
    assert min(SURE_HEATS) < GRAIN_HEAT  # a blank face's faint peak, ...
    assert min(SURE_VERIFY) >= max(VERIFY_THRESHOLDS)  # ... kept only where the verifier is surest
    assert sured(DetectorSettings(512, 0.3, 24.0, 2, (0.5,), 0.7, 0.7)) == [
        DetectorSettings(512, 0.3, 24.0, 2, (0.5,), 0.7, 0.7)
    ]  # never without the verifier


def test_the_refiner_passes_are_chosen_by_the_corners_and_the_rest_kept(tmp_path, capsys):
    from cubecam.vision.detector.find import DetectorSettings
    from cubecam_lab.detector.dataset import Sample
    from cubecam_lab.detector.evaluate import REFINE_PASSES, choose_passes
    from cubecam_lab.labels import labelled_corners
    from cubecam_lab.synth.dataset import make_scene

    image, label = make_scene("loose", 880502, size=(640, 480), config="tilt-20-55")
    photo = tmp_path / "loose.png"
    cv2.imwrite(str(photo), image)
    chosen = replace(DetectorSettings.load(), refine_passes=0)
    settings = choose_passes([Sample(photo, labelled_corners(label))], chosen)
    assert settings == replace(chosen, refine_passes=settings.refine_passes)
    lines = capsys.readouterr().out.splitlines()
    assert [int(line.split()[0]) for line in lines] == list(REFINE_PASSES)
    errors = [float(line.split("median corner error ")[1].split()[0]) for line in lines]
    assert errors[REFINE_PASSES.index(settings.refine_passes)] <= min(errors) + 0.01
    assert errors[REFINE_PASSES.index(settings.refine_passes)] < errors[0]


def test_the_settings_named_are_evaluated_and_those_chosen_written_there(tmp_path, capsys):
    from cubecam.vision.detector.find import SETTINGS_PATH, DetectorSettings
    from cubecam_lab.synth.dataset import write_set

    write_set("tray", 1, 880005, tmp_path / "tray", size=(480, 360), config="wide")
    main([str(tmp_path / "tray")])
    shipped = capsys.readouterr().out
    blind = tmp_path / "blind.toml"
    shipped_text = SETTINGS_PATH.read_text("utf-8")
    doubting = re.sub(r"(?m)^(verify_threshold|sure_verify) = .*$", r"\1 = 1.0", shipped_text)
    blind.write_text(doubting)  # the verifier believes no find
    main([str(tmp_path / "tray"), "--settings", str(blind)])
    assert "found 0.0%" in capsys.readouterr().out and "found 0.0%" not in shipped

    before = SETTINGS_PATH.read_bytes()
    main([str(tmp_path / "tray"), "--choose-refine", "--settings", str(blind)])
    assert f"wrote {blind}" in capsys.readouterr().out
    assert SETTINGS_PATH.read_bytes() == before  # the shipped settings are left alone
    assert DetectorSettings.load(blind).verify_threshold == 1.0  # its passes chosen, the rest kept

    doubted = DetectorSettings.load(blind)
    main([str(tmp_path / "tray"), "--choose-verifying", "--settings", str(blind)])
    assert f"wrote {blind}" in capsys.readouterr().out
    assert SETTINGS_PATH.read_bytes() == before
    chosen = DetectorSettings.load(blind)
    assert chosen.verify_threshold < 1.0  # the verifier is heard again
    kept = ("input_side", "zoom_below", "shrink_below", "shrink", "shrink_threshold")
    assert all(getattr(chosen, name) == getattr(doubted, name) for name in kept)
    main([str(tmp_path / "tray"), "--settings", str(blind)])
    assert "found 0.0%" not in capsys.readouterr().out

    for bad in (tmp_path / "absent.toml", tmp_path / "tray" / "tray-880005-0000.json"):
        with pytest.raises(SystemExit) as stop:
            main([str(tmp_path / "tray"), "--settings", str(bad)])
        assert stop.value.code == 2
        assert f"{bad} is not a detector settings file" in capsys.readouterr().err
