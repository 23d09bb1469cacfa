"""Training views: the faces' corners move with the pixels, the camera turned or not."""

import cv2
import numpy as np

from cubecam_lab.detector.augment import _grain, _moved, camera_turn, relight, training_view


def _squares() -> tuple[np.ndarray, np.ndarray]:
    """White squares on black, and their corners."""
    image = np.zeros((400, 600, 3), np.uint8)
    quads = []
    for x in range(60, 540, 70):
        for y in (80, 200, 300):
            quad = np.array([[x, y], [x + 40, y], [x + 40, y + 40], [x, y + 40]], float)
            cv2.fillConvexPoly(image, quad.astype(np.int32), (255, 255, 255))
            quads.append(quad)
    return image, np.array(quads)


def test_each_moved_face_lies_on_its_pixels_in_the_view():
    image, quads = _squares()
    inside = []
    for seed in range(60):
        view, moved, _, kept = training_view(image, quads, np.random.default_rng(seed), size=192)
        assert len(kept) == len(moved) == len(set(kept.tolist()))
        grey = view.mean(axis=2)
        for quad in moved:
            x, y = np.round(quad.mean(axis=0)).astype(int)
            if 4 <= x < 188 and 4 <= y < 188 and np.linalg.norm(quad[0] - quad[2]) > 8:
                inside.append(grey[y, x] > np.median(grey))
    assert len(inside) > 200
    assert np.mean(inside) > 0.97


def test_a_turned_camera_keeps_the_centre_and_slants_a_square():
    h = camera_turn(200, 0.0, np.radians(25))
    square = np.array([[80, 80], [120, 80], [120, 120], [80, 120]], float)
    seen = cv2.perspectiveTransform(square[None], h)[0]
    assert np.allclose(cv2.perspectiveTransform(np.array([[[100.0, 100.0]]]), h), 100, atol=1e-6)
    top, bottom = np.linalg.norm(seen[1] - seen[0]), np.linalg.norm(seen[2] - seen[3])
    assert abs(top - bottom) > 1.0  # a turn about the horizontal axis: one edge nearer
    assert np.allclose(camera_turn(200, 1.0, 0.0), np.eye(3))


def test_the_faces_kept_in_a_view_are_named_by_their_place_in_the_photo():
    _, quads = _squares()
    shift = np.array([[1, 0, -100], [0, 1, -150], [0, 0, 1]], float)
    moved, kept = _moved(quads, shift, 192)
    centres = quads.mean(axis=1) - [100, 150]
    inside = np.flatnonzero(((centres >= 0) & (centres < 192)).all(axis=1))
    assert kept.tolist() == inside.tolist() and len(inside) > 0
    assert np.allclose(moved.mean(axis=1), centres[kept])


def test_relighting_is_the_same_for_the_same_seed_and_keeps_the_size():
    image, _ = _squares()
    first = [relight(image, np.random.default_rng(seed)) for seed in range(12)]
    again = [relight(image, np.random.default_rng(seed)) for seed in range(12)]
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    assert all(view.shape == image.shape and view.dtype == np.uint8 for view in first)
    assert len({view.tobytes() for view in first}) == 12


def test_grain_is_standard_normal_in_every_channel():
    grain = _grain((200, 300, 3), np.random.default_rng(4))
    assert grain.shape == (200, 300, 3) and grain.dtype == np.float32
    assert np.allclose(grain.reshape(-1, 3).std(axis=0), 1.0, atol=0.02)
    assert np.allclose(grain.reshape(-1, 3).mean(axis=0), 0.0, atol=0.02)
    assert not np.array_equal(grain, _grain((200, 300, 3), np.random.default_rng(5)))
