import numpy as np
import pytest

from cubecam.vision.lattice.camera import (
    TILT_TOLD,
    USUAL_FOCAL,
    camera_position,
    side_centres,
    toward_camera,
)
from cubecam_lab.synth.camera import Camera


def camera(tilt: float, yaw: float, roll: float = 0.0, focal: float = 900.0) -> Camera:
    return Camera.looking_at(
        (2.0, 1.0), distance=10.0, tilt=tilt, yaw=yaw, roll=roll, focal=focal, centre=(640, 360)
    )


@pytest.mark.parametrize(
    ("tilt", "yaw", "roll", "focal"),
    [(20.0, 0.0, 0.0, 900.0), (40.0, 30.0, 10.0, 600.0), (55.0, -120.0, 0.0, 1500.0)],
)
def test_the_camera_stands_where_it_was_from_the_plane_alone(tilt, yaw, roll, focal):
    seen = camera(tilt, yaw, roll, focal)
    where = camera_position(seen.table_homography(), (1280, 720))
    assert np.allclose(where, seen.eye, atol=1e-6)


def test_square_on_the_focal_length_is_a_usual_ones():
    seen = camera(0.0, 0.0, focal=USUAL_FOCAL * 1280)
    assert np.allclose(camera_position(seen.table_homography(), (1280, 720)), seen.eye)


def test_a_cube_shows_the_sides_facing_the_camera_deeper_the_lower_it_stands():
    above = np.array([2.0, -5.0, 8.0])  # in front (−y) of a cube at (2, 0), to one side
    sides = side_centres(np.array([[2.0, 0.0]]), 0.9, above)[0]
    assert np.isnan(sides[[0, 1, 2]]).all()  # +x, −x, +y: turned away, or edge-on
    front = sides[3]
    assert front[0] == pytest.approx(2.0) and -0.9 < front[1] < -0.45
    lower = side_centres(np.array([[2.0, 0.0]]), 0.9, np.array([2.0, -5.0, 4.0]))[0, 3]
    assert lower[1] < front[1]  # a lower camera sees the side reach further out
    beside = side_centres(np.array([[2.0, 0.0]]), 0.9, np.array([6.0, -5.0, 8.0]))[0]
    assert not np.isnan(beside[[0, 3]]).any() and np.isnan(beside[[1, 2]]).all()


def loose_tops(seen: Camera, count: int, seed: int) -> np.ndarray:
    """The outlines of ``count`` dice's tops (side 0.9, 0.9 high) strewn at random turns."""
    rng = np.random.default_rng(seed)
    outlines = []
    for _ in range(count):
        centre, turn = rng.uniform(-1.5, 5.5, 2), rng.uniform(0, np.pi / 2)
        ring = turn + np.arange(4) * np.pi / 2
        corners = centre + 0.45 * np.sqrt(2) * np.column_stack([np.cos(ring), np.sin(ring)])
        outlines.append(seen.project(np.column_stack([corners, np.full(4, 0.9)])))
    return np.array(outlines)


def foot_in_photo(seen: Camera, outlines: np.ndarray) -> np.ndarray:
    """The direction in the photo from the dice toward the camera's foot on their plane."""
    middle = outlines.reshape(-1, 2).mean(axis=0)
    k = np.array([[seen.focal, 0, seen.centre[0]], [0, seen.focal, seen.centre[1]], [0, 0, 1]])
    ray = np.linalg.solve(k, [*middle, 1.0]) @ seen.rotation  # the ray through the middle
    point = seen.eye + ray * (0.9 - seen.eye[2]) / ray[2]
    step = np.array([*(seen.eye[:2] - point[:2]) / np.linalg.norm(seen.eye[:2] - point[:2]), 0])
    near = seen.project(np.array([point, point + 0.5 * step]))
    return (near[1] - near[0]) / np.linalg.norm(near[1] - near[0])


@pytest.mark.parametrize(
    ("tilt", "yaw", "roll", "count", "seed"),
    [
        (25.0, 0.0, 0.0, 12, 1),
        (40.0, 70.0, 120.0, 12, 2),
        (55.0, -30.0, -75.0, 6, 3),
        (18.0, 150.0, 40.0, 20, 4),
        (35.0, 10.0, 200.0, 3, 5),
    ],
)
def test_loose_dice_show_which_side_of_the_photo_the_camera_stood_on(tilt, yaw, roll, count, seed):
    seen = camera(tilt, yaw, roll)
    outlines = loose_tops(seen, count, seed)
    toward = toward_camera(outlines)
    assert toward is not None
    assert toward @ foot_in_photo(seen, outlines) > 0.95


def test_seen_nearly_square_on_the_camera_side_is_not_told():
    assert toward_camera(loose_tops(camera(0.5 * TILT_TOLD, 40.0, 30.0), 12, 6)) is None
    assert toward_camera(np.zeros((0, 4, 2))) is None
    assert toward_camera(np.zeros((3, 4, 2))) is None  # outlines with no area


def test_a_flat_outline_among_the_faces_is_passed_over():
    seen = camera(40.0, 70.0, 120.0)
    outlines = loose_tops(seen, 8, 7)
    flat = np.repeat(outlines[:1, :1], 4, axis=1)
    toward = toward_camera(np.concatenate([outlines, flat]))
    assert toward is not None and toward @ foot_in_photo(seen, outlines) > 0.95
