"""The detector's labelled photos and targets."""

import json

import numpy as np
import pytest

from cubecam.vision.detector.encoding import STRIDE
from cubecam.vision.detector.find import decode
from cubecam.vision.quad import order_corners
from cubecam_lab.detector.dataset import (
    encode_targets,
    in_test_split,
    polygon_corners,
    read_folder,
)
from cubecam_lab.detector.evaluate import corner_error
from cubecam_lab.synth.dataset import make_scene, write_labelled


@pytest.mark.parametrize("degrees", [0, 20, 44, -30, 100])
def test_targets_decode_back_into_the_face(degrees):
    turn = np.radians(degrees)
    square = np.array([[-20, -20], [20, -20], [20, 20], [-20, 20]], float)
    c, s = np.cos(turn), np.sin(turn)
    quad = square @ np.array([[c, s], [-s, c]]) + [60, 44]
    heat, shape, weight = encode_targets(quad[None], (96, 128))
    y, x = np.unravel_index(int(heat[0].argmax()), heat[0].shape)
    assert abs((x + 0.5) * STRIDE - 60) <= STRIDE and abs((y + 0.5) * STRIDE - 44) <= STRIDE
    logits = np.where(heat > 0.999, 5.0, -5.0)
    (face,) = decode(logits, shape, 0.5)
    assert corner_error(face.corners, order_corners(quad)) < 1e-6
    assert weight[0, y, x] > 0
    assert weight[0, 0, 0] == 0 and heat[0, 0, 0] < 0.01


def test_a_tile_polygon_gets_its_four_corners():
    square = np.array([[0, 0], [20, 1], [40, 0], [41, 20], [40, 40], [0, 40]], float)
    corners = polygon_corners(square)
    assert corners.shape == (4, 2)
    assert np.abs(np.sort(corners[:, 0]) - [0, 0, 40, 41]).max() <= 1.5


def test_rendered_labels_are_read_with_every_cube(tmp_path):
    image, label = make_scene("tray", seed=5, size=(320, 240))
    write_labelled(tmp_path, "tray-5", image, label)
    (sample,) = read_folder(tmp_path)
    assert sample.quads.shape == (len(label["cubes"]), 4, 2)
    assert sample.image().shape == image.shape


def test_a_rendered_photos_blank_faces_are_known(tmp_path):
    image, label = make_scene("crossword", seed=880011, size=(480, 360), config="blank-faces")
    write_labelled(tmp_path, "blanks", image, label)
    (sample,) = read_folder(tmp_path)
    seen = [cube for cube in label["cubes"] if cube.get("visible", 1.0) >= 0.5]
    assert sample.is_blank().tolist() == [cube["symbol"] == "BLANK" for cube in seen]
    assert sample.is_blank().any()


def test_real_photos_are_split_by_name(tmp_path):
    names = [f"photo-{i}.jpg" for i in range(200)]
    held = [n for n in names if in_test_split(tmp_path / n)]
    assert 20 < len(held) < 60
    for name in names[:30]:
        (tmp_path / name).write_bytes(b"")
        polygon = [[0, 0], [10, 0], [10, 10], [0, 10]]
        label = {"image": name, "tiles": [{"symbol": "A", "polygon": polygon}]}
        (tmp_path / name.replace(".jpg", ".json")).write_text(json.dumps(label))
    train = {s.path.name for s in read_folder(tmp_path, split="train")}
    test = {s.path.name for s in read_folder(tmp_path, split="test")}
    assert not train & test and len(train | test) == 30


def test_each_faces_heat_is_its_spread_about_its_centre_everywhere():
    rng = np.random.default_rng(2)
    quads = []
    for _ in range(6):
        centre, side = rng.uniform(0, 160, 2), rng.uniform(6, 90)
        quads.append(centre + side / 2 * np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]))
    heat, _, _ = encode_targets(np.array(quads), (160, 160))
    ys, xs = np.mgrid[0:40, 0:40]
    want = np.zeros((40, 40))
    for quad in quads:
        cx, cy = quad.mean(axis=0)
        sigma = max(0.6, np.linalg.norm(quad[1] - quad[0]) / STRIDE / 6) * STRIDE
        near = np.exp(
            -(((xs + 0.5) * STRIDE - cx) ** 2 + ((ys + 0.5) * STRIDE - cy) ** 2) / (2 * sigma**2)
        )
        row, col = int(np.clip(cy // STRIDE, 0, 39)), int(np.clip(cx // STRIDE, 0, 39))
        near[row, col] = 1.0
        want = np.maximum(want, near)
    assert np.abs(heat[0] - want).max() < 1e-6
