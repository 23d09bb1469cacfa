import numpy as np
import pytest

from cubecam.synth.camera import Camera
from cubecam.vision.lattice.camera import USUAL_FOCAL, camera_position, side_centres


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
