"""Where the camera stood, from the lattice's homography, and where it saw the cubes' sides;
without a lattice, the side of the photo it stood on, from the top faces' outlines alone.

The plane of the cubes' tops is the lattice (a square is 1 × 1); the camera is a pinhole
whose principal point is the photo's centre, its focal length solved from the plane's right
angles (Zhang's two constraints: the lattice's axes are square to each other and alike in
length). From where the camera stands, a cube's side face, the square below its top's edge,
maps onto the plane of the tops as a band in front of the top: deeper the lower the camera.

>>> import numpy as np
>>> from cubecam_lab.synth.camera import Camera
>>> camera = Camera.looking_at((3.0, -2.0), distance=12.0, tilt=40.0, yaw=10.0,
...                            focal=700.0, centre=(500.0, 375.0))
>>> camera_position(camera.table_homography(), (1000, 750)).round(3).tolist()
[4.339, -9.596, 9.193]
>>> camera.eye.round(3).tolist()
[4.339, -9.596, 9.193]
"""

from __future__ import annotations

import numpy as np

FOCAL_RANGE = (0.4, 4.0)
"""The focal lengths a photo may have, in its longer sides (a wide phone lens to a zoom)."""
USUAL_FOCAL = 0.8
"""The focal length taken where the plane cannot tell it (seen nearly square-on), in
longer sides: a phone's main camera or a webcam."""
TILT_TOLD = 12.0
"""Degrees from square-on below which the outlines do not tell the camera's side (chosen
over the development renders: ``git show a016c6f:docs/vision.md``, "2026-12-06
(morning)")."""
_AXES = np.array([[1.0, 0.0], [-1.0, 0.0], [0.0, 1.0], [0.0, -1.0]])


def camera_position(to_image: np.ndarray, photo_size: tuple[int, int]) -> np.ndarray:
    """The camera's centre (x, y, z) in lattice units: x, y on the plane of the tops, z off
    it (its sign the homography's handedness)."""
    longer = float(max(photo_size))
    centred = np.array([[1, 0, -photo_size[0] / 2], [0, 1, -photo_size[1] / 2], [0, 0, 1.0]])
    homography = centred @ to_image
    focal = _focal(homography) or USUAL_FOCAL * longer
    focal = float(np.clip(focal, FOCAL_RANGE[0] * longer, FOCAL_RANGE[1] * longer))
    pose = np.diag([1 / focal, 1 / focal, 1.0]) @ homography
    pose /= np.sqrt(np.linalg.norm(pose[:, 0]) * np.linalg.norm(pose[:, 1]))
    if pose[2, 2] < 0:  # the plane lies in front of the camera
        pose = -pose
    across, down, shift = pose.T
    normal = np.cross(across, down)
    rotation = np.column_stack([across, down, normal / np.linalg.norm(normal)])
    return -np.linalg.solve(rotation, shift)


def _focal(homography: np.ndarray) -> float | None:
    """The focal length for which the lattice's axes are square and equally long (least
    squares over the two constraints), or None where the plane cannot tell."""
    a, b = homography[:, 0], homography[:, 1]
    terms = np.array(
        [
            [a[0] * b[0] + a[1] * b[1], a[2] * b[2]],
            [a[0] ** 2 + a[1] ** 2 - b[0] ** 2 - b[1] ** 2, a[2] ** 2 - b[2] ** 2],
        ]
    )
    weight = float(terms[:, 0] @ terms[:, 0])
    inverse_square = -float(terms[:, 0] @ terms[:, 1]) / weight if weight > 0 else 0.0
    return 1 / np.sqrt(inverse_square) if inverse_square > 0 else None


def side_centres(tops: np.ndarray, side: float, camera: np.ndarray) -> np.ndarray:
    """Where the camera sees the middle of each cube's side faces, mapped onto the plane of
    the tops: N × 4 sides (+x, −x, +y, −y) × 2 for ``tops`` (N × 2, the top faces' centres
    in lattice units) of cubes ``side`` tall; NaN for a side turned away."""
    out = np.full((len(tops), 4, 2), np.nan)
    for k, axis in enumerate(_AXES):
        across = np.array([-axis[1], axis[0]])
        edge = tops + side / 2 * axis  # the middle of the top's edge on that side
        facing = (camera[:2] - edge) @ axis > 0
        upper = [edge + side / 2 * across, edge - side / 2 * across]
        lower = [_seen_on_plane(corner, -np.sign(camera[2]) * side, camera) for corner in upper]
        out[facing, k] = (sum(upper) + sum(lower))[facing] / 4
    return out


def _seen_on_plane(points: np.ndarray, height: float, camera: np.ndarray) -> np.ndarray:
    """Where the camera's rays to ``points`` (N × 2, at ``height`` off the plane) cross it."""
    reach = camera[2] / (camera[2] - height)
    return camera[:2] + (points - camera[:2]) * reach


def toward_camera(corners: np.ndarray) -> np.ndarray | None:
    """The direction in the photo (unit x, y) from the cubes toward the camera's foot, read
    from top faces' outlines (N × 4 × 2, corners in cyclic order) as the camera saw them;
    None where they are seen within :data:`TILT_TOLD` of square-on.

    At a slant a square is squeezed along that direction (the axis along which the faces'
    edges spread least), faces nearer the camera are larger, and each face's edge nearer the
    camera is the longer of the two across that axis (which end of the axis is nearer).

    >>> from cubecam_lab.synth.camera import Camera
    >>> def tops(camera):
    ...     squares = [(x, y) for x in (0.0, 4.0, 8.0) for y in (0.0, 4.0)]
    ...     return np.array([camera.project(np.array(
    ...         [[x, y, 1.0], [x + 2, y, 1.0], [x + 2, y + 2, 1.0], [x, y + 2, 1.0]]))
    ...         for x, y in squares])
    >>> def camera(tilt, roll):
    ...     return Camera.looking_at((5.0, 3.0), distance=40.0, tilt=tilt, yaw=0.0, roll=roll,
    ...                              focal=800.0, centre=(500.0, 375.0))
    >>> (toward_camera(tops(camera(40.0, 0.0))).round(2) + 0.0).tolist()  # the camera's foot below
    [0.0, 1.0]
    >>> (toward_camera(tops(camera(40.0, 90.0))).round(2) + 0.0).tolist()
    [1.0, 0.0]
    >>> toward_camera(tops(camera(5.0, 0.0))) is None
    True
    """
    corners = np.asarray(corners, np.float64).reshape(-1, 4, 2)
    across = (corners[:, 1] - corners[:, 0] + corners[:, 2] - corners[:, 3]) / 2
    down = (corners[:, 3] - corners[:, 0] + corners[:, 2] - corners[:, 1]) / 2
    edges = np.stack([across, down], axis=2)
    area = np.abs(np.linalg.det(edges))
    corners, edges, area = corners[area > 0], edges[area > 0], area[area > 0]  # no flat ones
    if not len(corners):
        return None
    spread = (edges @ edges.transpose(0, 2, 1) / area[:, None, None]).sum(axis=0)
    values, vectors = np.linalg.eigh(spread)
    if np.degrees(np.arccos(np.sqrt(values[0] / values[1]))) < TILT_TOLD:
        return None
    axis = vectors[:, 0]
    return axis if _nearer_along(corners, np.sqrt(area), axis) >= 0 else -axis


def _nearer_along(corners: np.ndarray, sizes: np.ndarray, axis: np.ndarray) -> float:
    """Above 0 where the faces are nearer the camera along ``axis``: the faces' growth along
    it (as a share of their mean size over their spread) plus their mean taper."""
    along = corners.mean(axis=1) @ axis
    growth = 0.0
    if np.ptp(along) > 0:
        growth = float(np.polyfit(along - along.mean(), sizes / sizes.mean(), 1)[0] * np.ptp(along))
    ends = np.roll(corners, -1, axis=1)
    lengths = np.linalg.norm(ends - corners, axis=2)
    across = np.argsort(np.abs((ends - corners) @ axis) / lengths, axis=1)[:, :2]
    middles = np.take_along_axis((corners + ends) / 2 @ axis, across, axis=1)
    first, second = np.take_along_axis(lengths, across, axis=1).T
    nearer_first = np.where(middles[:, 0] > middles[:, 1], 1.0, -1.0)
    return growth + float(np.mean(nearer_first * (first - second) / (first + second)))
