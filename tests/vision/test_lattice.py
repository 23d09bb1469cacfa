import numpy as np
import pytest

from cubecam.vision.lattice import build_grid, common_angle, tray_grid


def turned(points: np.ndarray, degrees: float) -> np.ndarray:
    theta = np.radians(degrees)
    matrix = np.array([[np.cos(theta), -np.sin(theta)], [np.sin(theta), np.cos(theta)]])
    return points @ matrix.T


def test_crossword_rows_and_columns_at_an_angle():
    squares = [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 3)]
    centres = np.array([(c * 50.0, r * 50.0) for r, c in squares])
    grid = build_grid(turned(centres, 20) + 300, angle=20.0, side=46.0)
    assert grid.squares == squares
    assert grid.pitch == pytest.approx(50.0)


def test_cubes_apart_are_left_over_and_second_group_keeps_its_place():
    centres = np.array([[0, 0], [50, 0], [0, 250], [50, 250], [400, 400]], float)
    grid = build_grid(centres, angle=0.0, side=46.0)
    assert grid.squares == [(0, 0), (0, 1), (5, 0), (5, 1), None]
    assert grid.on_grid == 4


def test_full_tray_is_recognised_and_turning_keeps_it():
    centres = np.array([(c * 60.0, r * 60.0) for r in range(4) for c in range(4)])
    grid = build_grid(centres, angle=0.0, side=50.0)
    assert grid.is_full_square() == 4
    turned_grid = grid.turned(1)
    # turning the photo clockwise: the top-left cube goes to the top-right
    assert turned_grid.squares[0] == (0, 3)
    assert turned_grid.is_full_square() == 4


def test_tray_grid_orders_rows_then_columns_under_perspective():
    rows = []
    for r in range(4):
        width = 50 + 4 * r  # nearer rows look wider
        rows += [(200 + (c - 1.5) * width, 100 + r * 52.0) for c in range(4)]
    order = np.random.default_rng(0).permutation(16)
    grid = tray_grid(np.array(rows)[order], angle=0.0, n=4)
    assert grid.squares == [divmod(int(i), 4) for i in order]


def test_common_angle_wraps_at_quarter_turns():
    assert common_angle([44.0, -44.0]) == pytest.approx(45.0, abs=1.01) or common_angle(
        [44.0, -44.0]
    ) == pytest.approx(-45.0, abs=1.01)
    assert common_angle([3.0, 5.0, 4.0]) == pytest.approx(4.0, abs=0.01)
