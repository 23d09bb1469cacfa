"""Cutting a find with its surroundings for the verifier."""

import numpy as np

from cubecam.vision.detector.patches import CONTEXT, GREY, PATCH, cut_patches, network_patches
from cubecam.vision.quad import Quad


def square(x: float, y: float, side: float) -> Quad:
    return Quad(np.array([[x, y], [x + side, y], [x + side, y + side], [x, y + side]], float))


def test_the_face_fills_the_middle_and_what_lies_below_it_stays_below():
    photo = np.zeros((200, 200, 3), np.uint8)
    photo[80:120, 80:120] = 255  # the face
    photo[120:140, 80:120] = (0, 0, 200)  # a red side below it
    (patch,) = cut_patches(photo, [square(80, 80, 40)])
    middle, inner = PATCH // 2, round(PATCH / CONTEXT / 2) - 1
    assert (patch[middle - inner : middle + inner, middle - inner : middle + inner] == 255).all()
    below, above = patch[middle + inner + 3, middle], patch[middle - inner - 3, middle]
    assert tuple(below) == (0, 0, 200) and tuple(above) == (0, 0, 0)


def test_the_side_of_the_photo_the_camera_stood_on_is_turned_below():
    photo = np.zeros((200, 200, 3), np.uint8)
    photo[80:120, 80:120] = 255  # the face
    photo[80:120, 120:140] = (0, 0, 200)  # a red side to its right, the camera beyond it
    middle, inner = PATCH // 2, round(PATCH / CONTEXT / 2) - 1
    for toward in ([1.0, 0.0], [0.96, 0.28], [0.96, -0.28]):
        (patch,) = cut_patches(photo, [square(80, 80, 40)], np.array(toward))
        assert tuple(patch[middle + inner + 3, middle]) == (0, 0, 200)
        assert tuple(patch[middle, middle + inner + 3]) == (0, 0, 0)
    (upright,) = cut_patches(photo, [square(80, 80, 40)], None)
    assert tuple(upright[middle, middle + inner + 3]) == (0, 0, 200)


def test_what_lies_outside_the_photo_is_grey():
    photo = np.full((100, 100, 3), 30, np.uint8)
    (patch,) = cut_patches(photo, [square(0, 0, 40)])
    assert (patch[1, 1] == GREY).all() and (patch[-2, -2] == 30).all()


def test_patches_are_scaled_alike_whatever_the_light():
    rng = np.random.default_rng(0)
    patches = rng.integers(0, 120, (2, PATCH, PATCH, 3), dtype=np.uint8)
    brighter = (patches.astype(int) * 2 + 10).astype(np.uint8)
    batch = network_patches(np.concatenate([patches, brighter]))
    assert batch.shape == (4, 3, PATCH, PATCH)
    assert np.allclose(batch[:2], batch[2:], atol=1e-4)
    assert np.allclose(batch.mean(axis=(1, 2, 3)), 0, atol=1e-4)
