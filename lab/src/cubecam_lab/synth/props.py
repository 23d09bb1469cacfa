"""What else is on the table: tray rims, pencils, score sheets, the game box, the hourglass,
and hands reaching over the layout. None of them is a cube, so none gets a label; where one
stands in front of a top face, the face's label says how much of it is hidden.

Solid things are :class:`Solid` s (convex parts in table units, drawn in painter's order with
the cubes); a score sheet lies flat under them; hands are drawn last, over everything.

>>> box = Box(box_corners(0, 2, 0, 1, 0.5), (80, 80, 80))
>>> box.corners.shape, float(box.corners[:, 2].max())
((8, 3), 0.5)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from cubecam_lab.synth.camera import Camera

Colour = tuple[int, int, int]
"""A BGR colour, as OpenCV orders it."""

HIDDEN_BY_HAND = np.iinfo(np.int32).max
"""What a hand marks in a cover map: in front of everything."""
SKIN: tuple[Colour, ...] = (
    (150, 180, 225),
    (120, 160, 210),
    (95, 130, 185),
    (60, 95, 150),
    (45, 70, 110),
)
_BOX_COLOURS: tuple[Colour, ...] = ((40, 40, 150), (140, 70, 20), (30, 120, 30), (30, 30, 30))
_PENCIL_COLOURS: tuple[Colour, ...] = ((40, 200, 240), (40, 40, 170), (160, 90, 30), (60, 60, 60))
_WOOD: Colour = (70, 120, 170)


@dataclass(frozen=True)
class Box:
    """A box standing on the table: eight corners (the bottom four, then the top four)."""

    corners: np.ndarray
    colour: Colour
    glass: bool = False
    """Seen through (the hourglass's bulbs): drawn half transparent."""


@dataclass(frozen=True)
class Solid:
    """A prop standing on the table, as convex parts drawn one after another."""

    parts: tuple[Box, ...]

    @property
    def corners(self) -> np.ndarray:
        return np.concatenate([part.corners for part in self.parts])


def box_corners(x0: float, x1: float, y0: float, y1: float, height: float) -> np.ndarray:
    """The corners of an upright box over ``x0..x1`` × ``y0..y1`` on the table."""
    square = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    return np.array([(x, y, z) for z in (0.0, height) for x, y in square])


def draw_box(
    canvas: np.ndarray,
    camera: Camera,
    box: Box,
    light: np.ndarray,
    cover: np.ndarray,
    step: int,
) -> None:
    """Draw ``box``'s faces that face the camera, marking them in ``cover`` as drawn at ``step``."""
    corners = box.corners
    faces = [[4 + i, 4 + (i + 1) % 4, (i + 1) % 4, i] for i in range(4)] + [[7, 6, 5, 4]]
    for face in faces:
        pts = corners[face]
        normal = np.cross(pts[1] - pts[0], pts[3] - pts[0])
        normal /= np.linalg.norm(normal)
        if normal @ (camera.eye - pts.mean(axis=0)) <= 0:
            continue
        shade = 0.4 + 0.6 * max(0.0, float(normal @ light))
        colour = tuple(float(c) * shade for c in box.colour)
        poly = np.round(camera.project(pts) * 16).astype(np.int32)
        if box.glass:
            _blend_polygon(canvas, poly, colour, 0.35)
        else:
            cv2.fillConvexPoly(canvas, poly, colour, lineType=cv2.LINE_AA, shift=4)
        cv2.fillConvexPoly(cover, poly, step, shift=4)


def _blend_polygon(canvas: np.ndarray, poly: np.ndarray, colour: tuple, opacity: float) -> None:
    x0, y0 = np.maximum(poly.min(axis=0) // 16, 0)
    x1, y1 = np.minimum(poly.max(axis=0) // 16 + 2, canvas.shape[1::-1])
    if x1 <= x0 or y1 <= y0:
        return
    mask = np.zeros((y1 - y0, x1 - x0), np.float32)
    cv2.fillConvexPoly(mask, poly - np.array([x0, y0]) * 16, opacity, cv2.LINE_AA, shift=4)
    roi = canvas[y0:y1, x0:x1]
    roi += mask[..., None] * (np.array(colour, np.float32) - roi)


def place_solids(
    rng: np.random.Generator, cubes: np.ndarray, *, box: bool, hourglass: bool, pencils: int
) -> list[Solid]:
    """The game box, the hourglass and ``pencils`` pencils on the table, none touching a cube
    (``cubes``: their centres, N × 2, in table units)."""
    solids: list[Solid] = []
    taken = [(cubes, 0.75)]
    if box:
        width, depth = rng.uniform(7, 10), rng.uniform(4.5, 6.5)
        height = rng.uniform(1.5, 3.0)
        colour = _BOX_COLOURS[int(rng.integers(len(_BOX_COLOURS)))]
        spot = _free_spot(rng, cubes, taken, math.hypot(width, depth) / 2)
        if spot is not None:
            corners = _turned_box(spot, width, depth, height, float(rng.uniform(0, 180)))
            band = corners.copy()  # the bottom's printed band, under the lid
            band[4:, 2] = height * rng.uniform(0.2, 0.4)
            solids.append(Solid((Box(corners, colour), Box(_grown(band, 0.02), _lighter(colour)))))
            taken.append((np.array([spot]), math.hypot(width, depth) / 2))
    if hourglass:
        spot = _free_spot(rng, cubes, taken, 1.0)
        if spot is not None:
            solids.append(_hourglass(spot, rng))
            taken.append((np.array([spot]), 1.0))
    for _ in range(pencils):
        length = rng.uniform(6, 11)
        spot = _free_spot(rng, cubes, taken, length / 2)
        if spot is not None:
            colour = _PENCIL_COLOURS[int(rng.integers(len(_PENCIL_COLOURS)))]
            corners = _turned_box(spot, length, 0.45, 0.45, float(rng.uniform(0, 180)))
            solids.append(Solid((Box(corners, colour),)))
            taken.append((np.array([spot]), length / 2))
    return solids


def _hourglass(spot: tuple[float, float], rng: np.random.Generator) -> Solid:
    """Two wooden discs on posts around two glass bulbs, about 2.5 cube sides tall."""
    x, y = spot
    height = float(rng.uniform(2.2, 2.8))
    disc, half = 0.22, 0.75
    parts = [
        Box(box_corners(x - half, x + half, y - half, y + half, disc), _WOOD),
        Box(
            _lifted(box_corners(x - 0.5, x + 0.5, y - 0.5, y + 0.5, height / 2 - disc), disc),
            (200, 215, 220),
            glass=True,
        ),
        Box(_lifted(box_corners(x - 0.3, x + 0.3, y - 0.3, y + 0.3, 0.45), disc), (120, 190, 225)),
        Box(
            _lifted(box_corners(x - 0.5, x + 0.5, y - 0.5, y + 0.5, height / 2 - disc), height / 2),
            (200, 215, 220),
            glass=True,
        ),
        Box(
            _lifted(box_corners(x - half, x + half, y - half, y + half, disc), height - disc), _WOOD
        ),
    ]
    return Solid(tuple(parts))


def _lifted(corners: np.ndarray, by: float) -> np.ndarray:
    return corners + np.array([0.0, 0.0, by])


def _grown(corners: np.ndarray, by: float) -> np.ndarray:
    middle = corners.mean(axis=0)
    grown = corners.copy()
    grown[:, :2] = middle[:2] + (corners[:, :2] - middle[:2]) * (1 + by)
    return grown


def _lighter(colour: Colour) -> Colour:
    return tuple(min(255, int(c * 0.5 + 128)) for c in colour)  # type: ignore[return-value]


def _turned_box(
    spot: tuple[float, float], width: float, depth: float, height: float, turn: float
) -> np.ndarray:
    a = math.radians(turn)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    square = np.array([[-width, -depth], [width, -depth], [width, depth], [-width, depth]]) / 2
    xy = square @ rot.T + spot
    return np.array([(px, py, z) for z in (0.0, height) for px, py in xy])


def _free_spot(
    rng: np.random.Generator,
    cubes: np.ndarray,
    taken: list[tuple[np.ndarray, float]],
    radius: float,
) -> tuple[float, float] | None:
    """A spot near the cubes whose ``radius`` clears every cube and prop, or None."""
    middle = cubes.mean(axis=0)
    reach = float(np.abs(cubes - middle).max()) + radius + 1.0
    for _ in range(60):
        angle = rng.uniform(0, 2 * np.pi)
        distance = reach * rng.uniform(1.0, 1.6)
        spot = middle + distance * np.array([math.cos(angle), math.sin(angle)])
        if all(
            np.min(np.linalg.norm(points - spot, axis=1)) > radius + clearance
            for points, clearance in taken
        ):
            return float(spot[0]), float(spot[1])
    return None


def draw_score_sheet(
    canvas: np.ndarray, camera: Camera, rng: np.random.Generator, cubes: np.ndarray
) -> None:
    """A score sheet flat on the table near the cubes (some may stand on it): ruled lines
    and pencilled scores."""
    texels = 24
    width, height = 9 * texels, 12 * texels
    sheet = np.full((height, width, 3), int(rng.integers(225, 250)), np.uint8)
    for row in range(texels, height, texels // 2 * 2):
        cv2.line(sheet, (6, row), (width - 6, row), (200, 170, 150), 1, cv2.LINE_AA)
    ink = (70, 60, 60) if rng.random() < 0.5 else (150, 60, 30)
    for row in range(2 * texels, height - texels, texels):
        for column in range(2):
            if rng.random() < 0.7:
                text = str(int(rng.integers(1, 99)))
                at = (10 + column * width // 2, row - 5)
                cv2.putText(
                    sheet, text, at, cv2.FONT_HERSHEY_SCRIPT_SIMPLEX, 0.7, ink, 1, cv2.LINE_AA
                )
    middle = cubes.mean(axis=0) + rng.uniform(-4, 4, 2)
    a = rng.uniform(0, 2 * np.pi)
    # sheet texels to table units (a sheet 9 x 12 cube sides), turned by a, centred on middle
    to_table = np.array(
        [
            [math.cos(a) / texels, -math.sin(a) / texels, 0.0],
            [math.sin(a) / texels, math.cos(a) / texels, 0.0],
            [0.0, 0.0, 1.0],
        ]
    )
    to_table[:2, 2] = middle - to_table[:2, :2] @ (width / 2, height / 2)
    flip = np.diag([1.0, -1.0, 1.0])  # texture rows run down; table y runs away
    matrix = (
        camera.table_homography()
        @ to_table
        @ flip
        @ np.array([[1, 0, 0], [0, 1, -height], [0, 0, 1]])
    )
    size = (canvas.shape[1], canvas.shape[0])
    warped = cv2.warpPerspective(sheet, matrix, size, flags=cv2.INTER_LINEAR).astype(np.float32)
    mask = cv2.warpPerspective(np.ones((height, width), np.float32), matrix, size)
    canvas += mask[..., None] * (warped - canvas)


def draw_hand(
    canvas: np.ndarray,
    cover: np.ndarray,
    rng: np.random.Generator,
    target: np.ndarray,
    unit: float,
    light: np.ndarray,
) -> None:
    """A hand reaching in from the photo's edge, a fingertip over ``target`` (pixels), its
    shadow on the table; marked in ``cover`` as in front of everything."""
    height, width = canvas.shape[:2]
    angle = rng.uniform(0, 2 * np.pi)
    towards = np.array([math.cos(angle), math.sin(angle)])  # from the fingertip to the wrist
    tip = target + rng.normal(0, 0.25 * unit, 2)
    mask = np.zeros((height, width), np.float32)
    finger = 0.85 * unit
    knuckles = tip + towards * rng.uniform(2.5, 3.5) * unit
    side = np.array([-towards[1], towards[0]])
    fingers = int(rng.integers(1, 5))
    for i in range(fingers):  # the first, pointing, reaches the target; the rest are bent
        base = knuckles + side * i * finger * 1.05
        end = tip if i == 0 else base - towards * rng.uniform(0.8, 2.6) * unit
        cv2.line(mask, _point(base), _point(end), 1.0, max(2, round(finger)), cv2.LINE_AA)
    knuckles = knuckles + side * (fingers - 1) / 2 * finger * 1.05
    palm = knuckles + towards * 2.4 * unit
    axes = (round(2.6 * unit), round(max(fingers, 3) * finger * 0.65))
    degrees = math.degrees(angle)
    cv2.ellipse(mask, _point(palm), axes, degrees, 0, 360, 1.0, -1, cv2.LINE_AA)
    wrist = palm + towards * max(width, height)
    cv2.line(mask, _point(palm), _point(wrist), 1.0, round(3.2 * unit), cv2.LINE_AA)
    # the shadow, cast away from the light by the hand's height above the table
    lift = rng.uniform(1.5, 4.0) * unit
    shift = -light[:2] / max(light[2], 0.3) * lift
    step = max(1.0, unit / 6)
    small = cv2.resize(mask, None, fx=1 / step, fy=1 / step, interpolation=cv2.INTER_AREA)
    moved = cv2.warpAffine(
        small, np.float32([[1, 0, shift[0] / step], [0, 1, shift[1] / step]]), small.shape[::-1]
    )
    shadow = cv2.GaussianBlur(moved, (0, 0), max(1.0, unit * 0.4 / step))
    shadow = cv2.resize(shadow, (width, height), interpolation=cv2.INTER_LINEAR)
    canvas *= (1.0 - 0.45 * shadow)[..., None]
    # rounded shading: brighter along the middle of each finger and of the palm
    inside = cv2.distanceTransform((mask > 0.5).astype(np.uint8), cv2.DIST_L2, 3)
    roundness = np.clip(inside / max(1.0, finger * 0.5), 0, 1) ** 0.5
    skin = np.array(SKIN[int(rng.integers(len(SKIN)))], np.float32) * rng.uniform(0.85, 1.1)
    colour = skin * (0.6 + 0.4 * roundness)[..., None]
    canvas += mask[..., None] * (colour - canvas)
    cover[mask > 0.5] = HIDDEN_BY_HAND


def _point(xy: np.ndarray) -> tuple[int, int]:
    return round(float(xy[0])), round(float(xy[1]))
