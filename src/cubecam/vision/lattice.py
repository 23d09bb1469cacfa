"""Rebuild the layout's grid from where the faces lie.

Cubes of a crossword touch along a common lattice: rotate the centres by the cubes' common
angle, step from cube to touching cube one pitch at a time, and each cube gets its row and
column. Groups of touching cubes keep their place on the one lattice; a cube touching none
is left over. A tray is the same lattice filled N × N.

>>> import numpy as np
>>> centres = np.array([[100, 100], [140, 100], [180, 100], [140, 140], [400, 300]], float)
>>> grid = build_grid(centres, angle=0.0, side=38.0)
>>> grid.squares
[(0, 0), (0, 1), (0, 2), (1, 1), None]
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

TOUCHING = 1.35
"""Centres closer than this many face sides apart (along the lattice) are touching cubes."""


@dataclass(frozen=True)
class Grid:
    """Each cube's (row, column) on the lattice, or None for a cube left over."""

    squares: list[tuple[int, int] | None]
    pitch: float

    @property
    def on_grid(self) -> int:
        return sum(square is not None for square in self.squares)

    def is_full_square(self) -> int | None:
        """N when every cube sits on an N × N grid filling it completely (a tray), else None."""
        squares = [s for s in self.squares if s is not None]
        n = round(len(squares) ** 0.5)
        if n < 3 or n * n != len(self.squares) or len(set(squares)) != n * n:
            return None
        rows = {r for r, _ in squares}
        cols = {c for _, c in squares}
        return n if len(rows) == n and len(cols) == n else None

    def turned(self, quarter_turns: int) -> Grid:
        """The grid as seen after turning the photo ``quarter_turns`` times clockwise."""
        squares = self.squares
        for _ in range(quarter_turns % 4):
            squares = [None if s is None else (s[1], -s[0]) for s in squares]
        return Grid(_from_origin(squares), self.pitch)


def common_angle(angles: list[float]) -> float:
    """The mean direction of edge angles taken modulo 90° (degrees, in (-45, 45])."""
    if not angles:
        return 0.0
    radians = np.radians(np.asarray(angles) * 4)
    mean = np.degrees(np.arctan2(np.sin(radians).mean(), np.cos(radians).mean())) / 4
    return float(mean)


def _rotate(points: np.ndarray, angle: float) -> np.ndarray:
    theta = np.radians(-angle)
    matrix = np.array([[np.cos(theta), -np.sin(theta)], [np.sin(theta), np.cos(theta)]])
    return points @ matrix.T


def _from_origin(squares: list[tuple[int, int] | None]) -> list[tuple[int, int] | None]:
    placed = [s for s in squares if s is not None]
    if not placed:
        return squares
    top = min(r for r, _ in placed)
    left = min(c for _, c in placed)
    return [None if s is None else (s[0] - top, s[1] - left) for s in squares]


def build_grid(centres: np.ndarray, angle: float, side: float) -> Grid:
    """Rows and columns of touching cubes; cubes touching no other are left off the grid."""
    n = len(centres)
    if n == 0:
        return Grid([], side)
    points = _rotate(np.asarray(centres, float), angle)
    delta = points[None, :, :] - points[:, None, :]
    distance = np.linalg.norm(delta, axis=2) + np.eye(n) * 1e9
    along = np.abs(delta).min(axis=2) < 0.4 * side
    touching = (distance < TOUCHING * side) & along
    steps = distance[touching]
    pitch = float(np.median(steps)) if len(steps) else side
    squares: list[tuple[int, int] | None] = [None] * n
    anchor: np.ndarray | None = None
    for start in sorted(range(n), key=lambda i: -touching[i].sum()):
        if squares[start] is not None or not touching[start].any():
            continue
        if anchor is None:
            anchor = points[start]
        offset = np.round((points[start] - anchor) / pitch).astype(int)
        squares[start] = (int(offset[1]), int(offset[0]))
        stack = [start]
        while stack:
            i = stack.pop()
            for j in np.flatnonzero(touching[i]):
                if squares[j] is None:
                    step = np.round(delta[i, j] / pitch).astype(int)
                    squares[j] = (squares[i][0] + int(step[1]), squares[i][1] + int(step[0]))
                    stack.append(j)
    return Grid(_from_origin(squares), pitch)


def tray_grid(centres: np.ndarray, angle: float, n: int) -> Grid:
    """The N × N squares of a full tray: rows by height, then columns left to right."""
    points = _rotate(np.asarray(centres, float), angle)
    order = np.argsort(points[:, 1])
    squares: list[tuple[int, int] | None] = [None] * len(points)
    for r in range(n):
        row = order[r * n : (r + 1) * n]
        for c, i in enumerate(row[np.argsort(points[row, 0])]):
            squares[int(i)] = (r, c)
    pitch = float(np.ptp(points[:, 0]) / max(1, n - 1))
    return Grid(squares, pitch)
