"""The shipped detector on fresh rendered photos (seeds it was never trained on)."""

import dataclasses

import cv2
import numpy as np
import pytest

from cubecam.errors import CubecamError
from cubecam.vision.detector import find
from cubecam.vision.onnx_model import OnnxModel
from cubecam.vision.quad import order_corners
from cubecam_lab.detector.dataset import SEEN
from cubecam_lab.detector.evaluate import Tally, corner_error, match
from cubecam_lab.synth import render_face
from cubecam_lab.synth.dataset import make_scene, scene_seed

FRESH_SEED = 880_000
"""Far from the seeds of the training renders."""


FLOORS = {
    # configuration: (found, precision, median corner error in pixels at 800 × 600)
    "classic": (0.97, 0.97, 1.5),
    "tilt-0-20": (0.95, 0.97, 2.0),
    "tilt-20-55": (0.92, 0.95, 2.5),
    "one-colour": (0.92, 0.93, 2.0),
    "mixed-colours": (0.90, 0.92, 2.5),
    "dark-cubes": (0.90, 0.92, 3.0),
}
"""What the shipped model must keep meeting on fresh renders (see the README's figures); the
corners, refined, lay 0.6–1.4 pixels off (median) when these were set, 5–8.5 allowed before
the refiner."""


@pytest.mark.parametrize("config", sorted(FLOORS))
def test_the_faces_of_fresh_renders_are_found_with_their_corners(config):
    tally, sides = Tally(), []
    for kind in ("crossword", "tray", "loose"):
        for seed in range(FRESH_SEED, FRESH_SEED + 2):
            image, label = make_scene(kind, seed, size=(800, 600), config=config)
            seen = [c for c in label["cubes"] if c["visible"] >= SEEN]
            hidden = [c for c in label["cubes"] if c["visible"] < SEEN]
            truth = corners_of(seen)
            tally += match(find.find_faces(image), truth, corners_of(hidden))
            sides += [np.linalg.norm(np.diff(t, axis=0), axis=1).mean() for t in truth]
    found, precision, pixels = FLOORS[config]
    assert tally.recall >= found, tally
    assert tally.precision >= precision, tally
    assert np.median(tally.corner_errors) * np.median(sides) <= pixels, tally


def test_cubes_too_small_to_see_are_looked_for_again_twice_as_large():
    # a crossword shrunk to a sixteenth of its area in a photo twice as large as it was
    # (its rim stretched out as a bare table): at 512 pixels no face has a heat of 0.6
    # (the shipped threshold is lower since the verifier came, and fainter faces the
    # verifier is sure of are kept since)
    image, label = make_scene(
        "crossword", scene_seed("crossword", 880_300, 3), size=(800, 600), config="classic"
    )
    small = cv2.resize(image, (200, 150), interpolation=cv2.INTER_AREA)
    image = cv2.copyMakeBorder(small, 525, 525, 700, 700, cv2.BORDER_REPLICATE)
    truth = corners_of(label["cubes"]) / 4 + (700, 525)
    strict = dataclasses.replace(find.DetectorSettings.load(), threshold=0.6, sure_heat=0)
    assert find.find_faces(image, dataclasses.replace(strict, zoom_none_threshold=0)) == []
    zoomed = dataclasses.replace(strict, zoom_none_threshold=0.7)
    tally = match(find.find_faces(image, zoomed), truth)
    assert tally.found >= 3 and tally.false == 0, tally
    shipped = match(find.find_faces(image), truth)
    assert shipped.found >= tally.found and shipped.false == 0, shipped


def test_a_faint_face_the_verifier_is_sure_of_is_kept():
    # a loose toss of blank-faced dice with faces whose heat is below the threshold and
    # that the verifier is sure of
    image, seen, hidden = blank_faced("loose", scene_seed("loose", 880_400, 10))
    settings = find.DetectorSettings.load()
    assert 0 < settings.sure_heat < settings.threshold < 1 and settings.sure_verify < 1
    heat_alone = find.find_faces(image, dataclasses.replace(settings, sure_heat=0))
    plain, sure = match(heat_alone, seen, hidden), match(find.find_faces(image), seen, hidden)
    gained, made_up = sure.found - plain.found, sure.false - plain.false
    assert gained >= 2 and made_up < gained, (plain, sure)  # more faces found than made up


def test_fainter_peaks_the_verifier_believes_once_refined_are_offered_to_the_lattice():
    # a blank-faced crossword whose blank dice the network barely marks; no peak fainter
    # than the floor kept on the verifier's word alone, so that those it believes are offered
    image, seen, hidden = blank_faced("crossword", scene_seed("crossword", 880_800, 4))
    settings = dataclasses.replace(find.DetectorSettings.load(), sure_heat=0.3)
    finds = find.find_candidates(image, 0.3, settings, believe_above=0.8)
    for quad, odds in finds.believed:
        assert quad.score <= 0.3 and odds > 0.8
    believed = match([quad for quad, _ in finds.believed], seen, hidden)
    assert believed.found >= 1 and believed.false == 0, believed
    assert find.find_candidates(image, 0.3, settings).believed == []


def blank_faced(kind: str, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A blank-faced render (1024 × 768) and the corners of its faces in view and hidden."""
    image, label = make_scene(kind, seed, size=(1024, 768), config="blank-faces")
    seen = corners_of([c for c in label["cubes"] if c["visible"] >= SEEN])
    return image, seen, corners_of([c for c in label["cubes"] if c["visible"] < SEEN])


def corners_of(cubes: list[dict]) -> np.ndarray:
    return np.array([order_corners(np.array(c["corners"])) for c in cubes]).reshape(-1, 4, 2)


def test_a_photo_of_an_empty_table_has_no_faces():
    rng = np.random.default_rng(4)
    table = np.clip(rng.normal(150, 12, (480, 640, 3)), 0, 255).astype(np.uint8)
    assert find.find_faces(table) == []


def test_a_face_filling_the_photo_is_found_with_its_corners():
    (face,) = find.find_faces(render_face("K", 400))
    photo = np.array([[0, 0], [400, 0], [400, 400], [0, 400]], float)
    assert corner_error(face.corners, photo) < 0.1


def test_faces_the_verifier_doubts_count_as_none_found_when_looking_again():
    # at a heat of 0.1 the close-up's first look shows faint peaks inside the face and not
    # the face; doubted, they leave the look empty, so the photo is looked at shrunk
    image = render_face("A", 400)
    faint = dataclasses.replace(
        find.DetectorSettings.load(),
        threshold=0.1,
        shrink_below=2,
        shrink=(0.08,),
        verify_threshold=0.3,
    )
    unverified = find.find_faces(image, dataclasses.replace(faint, verify_threshold=0))
    assert len(unverified) >= 2 and all(face.side < 150 for face in unverified)
    (face,) = find.find_faces(image, faint)
    photo = np.array([[0, 0], [400, 0], [400, 400], [0, 400]], float)
    assert corner_error(face.corners, photo) < 0.1


def test_a_damaged_model_file_is_named(tmp_path):
    broken = tmp_path / "model.onnx"
    broken.write_bytes(b"not a model")
    with pytest.raises(CubecamError, match=r"model\.onnx"):
        OnnxModel(broken)


def test_the_settings_were_chosen_and_the_model_is_small():
    settings = find.DetectorSettings.load()
    assert 256 <= settings.input_side <= 768 and 0 < settings.threshold < 1
    assert settings.shrink_below > 0 and all(0 < share < 1 for share in settings.shrink)
    assert find.MODEL_PATH.stat().st_size < 5_000_000


@pytest.mark.parametrize("first", range(4))
def test_a_face_is_given_top_left_first_whichever_corner_the_network_gives_first(first):
    heat = np.full((1, 16, 16), -9.0, np.float32)
    heat[0, 8, 8] = 4.0
    shape = np.zeros((10, 16, 16), np.float32)
    shape[0, 8, 8] = 1.0  # no turn
    clockwise = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], np.float32)  # top left first
    shape[2:, 8, 8] = np.roll(clockwise, -first, axis=0).ravel()
    (face,) = find.decode(heat, shape, 0.5)
    centre = (8 + 0.5) * find.STRIDE
    assert np.allclose(face.corners, centre + clockwise * find.OFFSET_SCALE)
