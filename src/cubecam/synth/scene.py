"""Draw a :class:`~cubecam.synth.plan.ScenePlan` as a photo: 3D cubes on a table.

Each cube is a box seen through a perspective camera: its top face (the symbol, with
rounded, shaded edges) and its visible side faces (darker, showing other letters) are
warped into the picture far-to-near (painter's order), over soft shadows on a procedural
table, with clutter at the edges; then light, blur, noise and JPEG make it a photo.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np

from cubecam.synth.background import SURFACES, table_texture
from cubecam.synth.camera import Camera
from cubecam.synth.face import Colour, render_face
from cubecam.synth.fonts import available_fonts
from cubecam.synth.photo import degrade, uneven_light
from cubecam.synth.plan import PlacedCube, ScenePlan

CUBE_COLOURS: dict[str, tuple[Colour, Colour]] = {
    "ivory": ((200, 228, 240), (35, 30, 30)),
    "white": ((240, 242, 244), (25, 25, 25)),
    "wood": ((110, 165, 205), (25, 35, 50)),
    "red": ((40, 40, 190), (245, 245, 245)),
    "blue": ((150, 85, 25), (245, 245, 245)),
    "green": ((60, 140, 40), (245, 245, 245)),
    "yellow": ((40, 200, 240), (25, 25, 25)),
    "orange": ((30, 120, 235), (25, 25, 25)),
    "black": ((40, 40, 40), (235, 235, 235)),
}
TRAY_COLOURS: tuple[Colour, ...] = (
    (140, 60, 20),
    (30, 30, 30),
    (150, 150, 150),
    (40, 40, 170),
    (200, 200, 195),
)
_UP = np.array([0.0, 0.0, 1.0])


@dataclass(frozen=True)
class Look:
    """How a scene looks: cube colours and font, table, light and camera."""

    cube_colour: str
    font: Path
    underline: bool
    surface: str
    tilt: float
    yaw: float
    light_azimuth: float
    light_elevation: float
    fill: float


@dataclass(frozen=True)
class CubeLabel:
    """Where a cube's top face ended up in the photo."""

    cube: PlacedCube
    centre: tuple[float, float]
    corners: list[tuple[float, float]]
    """The top face's corners: the letter's top-left, top-right, bottom-right, bottom-left."""
    rotation: float
    """Degrees counter-clockwise the letter is turned, as the photo is displayed."""


def random_look(rng: np.random.Generator, plan: ScenePlan) -> Look:
    """A random but plausible look for ``plan``'s kind of scene."""
    fonts = available_fonts()
    kind = plan.layout.kind.value
    if kind == "crossword":  # players photograph their crossword roughly square-on
        yaw = rng.normal(0, 4)
    elif kind == "tray":
        yaw = rng.uniform(-12, 12)
    else:
        yaw = rng.uniform(-180, 180)
    return Look(
        cube_colour=list(CUBE_COLOURS)[int(rng.integers(len(CUBE_COLOURS)))],
        font=fonts[int(rng.integers(len(fonts)))],
        underline=bool(rng.random() < 0.5),
        surface=SURFACES[int(rng.integers(len(SURFACES)))],
        tilt=float(rng.uniform(0, 35)),
        yaw=float(yaw),
        light_azimuth=float(rng.uniform(0, 360)),
        light_elevation=float(rng.uniform(35, 75)),
        fill=float(rng.uniform(0.45, 0.8)),
    )


def render_scene(
    plan: ScenePlan,
    rng: np.random.Generator,
    size: tuple[int, int] = (1600, 1200),
    look: Look | None = None,
    *,
    clutter: bool = True,
    effects: bool = True,
) -> tuple[np.ndarray, list[CubeLabel]]:
    """The photo (BGR ``uint8``, ``size`` = width, height) and where each cube's face lies."""
    width, height = size
    look = look or random_look(rng, plan)
    camera = _frame(plan, look, width, height, rng)
    light = _light_direction(look)

    canvas = _table(rng, camera, look.surface, width, height).astype(np.float32)
    boxes = _tray_boxes(plan, rng) if plan.tray_size else []
    if plan.tray_size:
        _draw_tray_floor(canvas, camera, plan, boxes[0].colour)
    shadow = np.zeros((height // 4 + 1, width // 4 + 1), np.float32)
    for cube in plan.cubes:
        _cast_shadow(shadow, camera, _cube_corners(cube), light)
    for box in boxes:
        _cast_shadow(shadow, camera, box.corners, light)
    sigma = max(1.0, _cube_pixels(camera, plan.cubes[0]) / 4 * 0.12) if plan.cubes else 2.0
    shadow = cv2.GaussianBlur(shadow, (0, 0), sigma)
    shadow = cv2.resize(shadow, (width, height), interpolation=cv2.INTER_LINEAR)
    canvas *= (1.0 - 0.45 * np.clip(shadow, 0, 1))[..., None]
    if clutter:
        _clutter(canvas, rng, camera, plan)

    colours = CUBE_COLOURS[look.cube_colour]
    drawables = [
        (camera.distance(box.corners.mean(axis=0, keepdims=True))[0], box) for box in boxes
    ]
    drawables += [
        (camera.distance(_cube_corners(cube).mean(axis=0, keepdims=True))[0], cube)
        for cube in plan.cubes
    ]
    for _, item in sorted(drawables, key=lambda pair: -pair[0]):
        if isinstance(item, PlacedCube):
            _draw_cube(canvas, camera, item, colours, look, plan, light, rng)
        else:
            _draw_box(canvas, camera, item, light)

    labels = [_label(camera, cube) for cube in plan.cubes]
    if effects:
        canvas = uneven_light(canvas, rng)
    image = np.clip(canvas, 0, 255, out=canvas).astype(np.uint8)
    if effects:
        image = degrade(
            image, rng, pixels_per_cube=_cube_pixels(camera, plan.cubes[0]) if plan.cubes else 60
        )
    return image, labels


# --- camera and table -------------------------------------------------------------------


def _frame(
    plan: ScenePlan, look: Look, width: int, height: int, rng: np.random.Generator
) -> Camera:
    points = np.concatenate([_cube_corners(cube) for cube in plan.cubes])
    if plan.tray_size:
        points = np.concatenate([points, _tray_outline(plan, 0.45)])
    lo, hi = points[:, :2].min(axis=0), points[:, :2].max(axis=0)
    target = (float(lo[0] + hi[0]) / 2, float(lo[1] + hi[1]) / 2)
    extent = float(max(hi - lo)) + 1.0
    distance = extent * float(rng.uniform(1.4, 2.6))
    camera = Camera.looking_at(target, distance=distance, tilt=look.tilt, yaw=look.yaw)
    uv = camera.project(points)
    span = uv.max(axis=0) - uv.min(axis=0)
    focal = look.fill * min(width / span[0], height / span[1])
    mid = (uv.max(axis=0) + uv.min(axis=0)) / 2
    room = np.maximum(np.array([width, height]) - span * focal, 0)
    shift = rng.uniform(-0.4, 0.4, 2) * room
    centre = (width / 2 - focal * mid[0] + shift[0], height / 2 - focal * mid[1] + shift[1])
    return camera.with_intrinsics(float(focal), (float(centre[0]), float(centre[1])))


def _table(
    rng: np.random.Generator, camera: Camera, surface: str, width: int, height: int
) -> np.ndarray:
    """The table top, drawn in table units and seen through the camera."""
    homography = camera.table_homography()
    corners = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float64)
    inverse = np.linalg.inv(homography)
    pts = np.column_stack([corners, np.ones(4)]) @ inverse.T
    table = pts[:, :2] / pts[:, 2:3]
    lo, hi = table.min(axis=0), table.max(axis=0)
    texels_per_unit = min(48.0, 1500.0 / max(hi - lo))
    tw, th = (int(v) + 2 for v in (hi - lo) * texels_per_unit)
    texture = table_texture(rng, surface, tw, th)
    to_table = np.array(
        [[1 / texels_per_unit, 0, lo[0]], [0, 1 / texels_per_unit, lo[1]], [0, 0, 1]]
    )
    return cv2.warpPerspective(
        texture,
        homography @ to_table,
        (width, height),
        flags=cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REFLECT,
    )


def _light_direction(look: Look) -> np.ndarray:
    az, el = math.radians(look.light_azimuth), math.radians(look.light_elevation)
    return np.array([math.cos(az) * math.cos(el), math.sin(az) * math.cos(el), math.sin(el)])


# --- cubes ------------------------------------------------------------------------------


def _cube_corners(cube: PlacedCube, half: float = 0.5, height: float = 1.0) -> np.ndarray:
    """Eight corners: the bottom four then the top four, each counter-clockwise from the
    letter's bottom-left as seen from above."""
    a = math.radians(cube.yaw)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    square = np.array([[-half, -half], [half, -half], [half, half], [-half, half]]) @ rot.T
    square += (cube.x, cube.y)
    return np.concatenate(
        [np.column_stack([square, np.zeros(4)]), np.column_stack([square, np.full(4, height)])]
    )


def _cube_pixels(camera: Camera, cube: PlacedCube) -> float:
    top = camera.project(_cube_corners(cube)[4:])
    return float(np.linalg.norm(top[1] - top[0]))


def _label(camera: Camera, cube: PlacedCube) -> CubeLabel:
    corners3 = _cube_corners(cube)
    # top face: the letter's top-left, top-right, bottom-right, bottom-left
    top = corners3[[7, 6, 5, 4]]
    pixels = camera.project(top)
    centre = camera.project(top.mean(axis=0, keepdims=True))[0]
    dx, dy = pixels[1] - pixels[0]
    rotation = math.degrees(math.atan2(-dy, dx)) % 360.0
    return CubeLabel(
        cube,
        (round(float(centre[0]), 1), round(float(centre[1]), 1)),
        [(round(float(x), 1), round(float(y), 1)) for x, y in pixels],
        round(rotation, 1) % 360.0,
    )


def _draw_cube(
    canvas: np.ndarray,
    camera: Camera,
    cube: PlacedCube,
    colours: tuple[Colour, Colour],
    look: Look,
    plan: ScenePlan,
    light: np.ndarray,
    rng: np.random.Generator,
) -> None:
    corners = _cube_corners(cube)
    texels = int(np.clip(16 * math.ceil(_cube_pixels(camera, cube) * 1.2 / 16), 32, 512))
    face, ink = colours
    for i, side in enumerate(cube.sides):
        a, b = corners[4 + i], corners[4 + (i + 1) % 4]
        c, d = corners[(i + 1) % 4], corners[i]
        normal = np.cross(b - a, _UP)
        normal /= np.linalg.norm(normal)
        middle = (a + b + c + d) / 4
        if normal @ (camera.eye - middle) <= 0:
            continue
        texture = render_face(
            side,
            texels,
            font=look.font,
            face_colour=face,
            ink_colour=ink,
            rotation=90.0 * int(rng.integers(4)),
            underline=look.underline,
        )
        shade = 0.35 + 0.55 * max(0.0, float(normal @ light))
        quad = camera.project(np.array([a, b, c, d]))
        _paste(canvas, texture.astype(np.float32) * shade * _bevel(texels), _rounded(texels), quad)
    value = plan.values.get(cube.symbol) if plan.values else None
    texture = render_face(
        cube.symbol,
        texels,
        font=look.font,
        face_colour=face,
        ink_colour=ink,
        value_digit=value,
        underline=look.underline,
        rng=rng,
    )
    shade = 0.55 + 0.45 * max(0.0, float(light[2]))
    quad = camera.project(corners[[7, 6, 5, 4]])
    _paste(canvas, texture.astype(np.float32) * shade * _bevel(texels), _rounded(texels), quad)


@cache
def _bevel(size: int) -> np.ndarray:
    """Shading that makes a flat face look rounded off at its edges."""
    ramp = np.minimum(np.arange(size), np.arange(size)[::-1]).astype(np.float32) / size
    edge = np.minimum.outer(ramp, ramp)
    band = np.clip(edge / 0.07, 0, 1)
    return (0.72 + 0.28 * np.sqrt(band))[..., None]


@cache
def _rounded(size: int) -> np.ndarray:
    """Opacity of a square face with rounded corners."""
    alpha = np.zeros((size, size), np.uint8)
    radius = max(2, round(size * 0.1))
    cv2.rectangle(alpha, (radius, 0), (size - 1 - radius, size - 1), 255, -1)
    cv2.rectangle(alpha, (0, radius), (size - 1, size - 1 - radius), 255, -1)
    for cx in (radius, size - 1 - radius):
        for cy in (radius, size - 1 - radius):
            cv2.circle(alpha, (cx, cy), radius, 255, -1, lineType=cv2.LINE_AA)
    return alpha.astype(np.float32) / 255.0


def _paste(canvas: np.ndarray, texture: np.ndarray, alpha: np.ndarray, quad: np.ndarray) -> None:
    """Warp ``texture`` (with opacity ``alpha``) onto the quadrilateral ``quad`` of ``canvas``."""
    height, width = canvas.shape[:2]
    x0, y0 = np.floor(quad.min(axis=0)).astype(int)
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 1
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, width), min(y1, height)
    if x1 <= x0 or y1 <= y0:
        return
    size = texture.shape[0]
    source = np.array([[0, 0], [size, 0], [size, size], [0, size]], np.float32)
    matrix = cv2.getPerspectiveTransform(source, (quad - (x0, y0)).astype(np.float32))
    out = (x1 - x0, y1 - y0)
    warped = cv2.warpPerspective(
        texture, matrix, out, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    opacity = cv2.warpPerspective(alpha, matrix, out, flags=cv2.INTER_LINEAR)[..., None]
    roi = canvas[y0:y1, x0:x1]
    roi += opacity * (warped - roi)


def _cast_shadow(
    shadow: np.ndarray, camera: Camera, corners: np.ndarray, light: np.ndarray
) -> None:
    reach = corners[:, 2:3] / max(light[2], 0.2)
    ground = corners[:, :2] - reach * light[:2]
    points = np.column_stack([ground, np.zeros(len(ground))])
    pixels = camera.project(points) / 4
    hull = cv2.convexHull(pixels.astype(np.float32)).astype(np.int32)
    cv2.fillConvexPoly(shadow, hull, 1.0, lineType=cv2.LINE_AA)


# --- the word-hunt tray -----------------------------------------------------------------


@dataclass(frozen=True)
class _Box:
    corners: np.ndarray
    colour: Colour


def _tray_outline(plan: ScenePlan, height: float) -> np.ndarray:
    n, pitch = plan.tray_size or 0, plan.pitch
    lo, hi = -pitch / 2 - 0.35, (n - 0.5) * pitch + 0.35
    xy = [(lo, -lo), (hi, -lo), (hi, -hi), (lo, -hi)]
    return np.array([(x, y, z) for z in (0.0, height) for x, y in xy])


def _tray_boxes(plan: ScenePlan, rng: np.random.Generator) -> list[_Box]:
    """The tray's rim as short wall segments, so that painter's order stays right."""
    colour = TRAY_COLOURS[int(rng.integers(len(TRAY_COLOURS)))]
    n, pitch = plan.tray_size or 0, plan.pitch
    wall, height = 0.3, float(rng.uniform(0.3, 0.55))
    lo, hi = -pitch / 2 - wall, (n - 0.5) * pitch
    boxes = []
    for i in range(n + 1):
        a = lo + i * (hi - lo + wall) / (n + 1)
        b = lo + (i + 1) * (hi - lo + wall) / (n + 1)
        for x0, x1, y0, y1 in (
            (a, b, lo, lo + wall),
            (a, b, hi, hi + wall),
            (lo, lo + wall, a, b),
            (hi, hi + wall, a, b),
        ):
            boxes.append(_Box(_box_corners(x0, x1, -y1, -y0, height), colour))
    return boxes


def _box_corners(x0: float, x1: float, y0: float, y1: float, height: float) -> np.ndarray:
    square = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    return np.array([(x, y, z) for z in (0.0, height) for x, y in square])


def _draw_box(canvas: np.ndarray, camera: Camera, box: _Box, light: np.ndarray) -> None:
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
        cv2.fillConvexPoly(canvas, poly, colour, lineType=cv2.LINE_AA, shift=4)


def _draw_tray_floor(canvas: np.ndarray, camera: Camera, plan: ScenePlan, colour: Colour) -> None:
    floor = _tray_outline(plan, 0.0)[:4]
    dark = tuple(c * 0.75 for c in colour)
    poly = np.round(camera.project(floor) * 16).astype(np.int32)
    cv2.fillConvexPoly(canvas, poly, dark, lineType=cv2.LINE_AA, shift=4)
    n, pitch = plan.tray_size or 0, plan.pitch
    for i in range(n + 1):
        t = (i - 0.5) * pitch
        for a, b in (
            ((t, 0.5 * pitch), (t, -(n - 0.5) * pitch)),
            ((-0.5 * pitch, -t), ((n - 0.5) * pitch, -t)),
        ):
            ends = camera.project(np.array([[*a, 0.0], [*b, 0.0]]))
            thickness = max(1, round(_cube_pixels(camera, plan.cubes[0]) * 0.06))
            p, q = (tuple(int(v) for v in np.round(e)) for e in ends)
            cv2.line(canvas, p, q, tuple(c * 0.95 for c in colour), thickness, cv2.LINE_AA)


# --- clutter ----------------------------------------------------------------------------


def _clutter(canvas: np.ndarray, rng: np.random.Generator, camera: Camera, plan: ScenePlan) -> None:
    """A pen, a coin or a sheet of paper near the edges, clear of the cubes."""
    height, width = canvas.shape[:2]
    points = camera.project(np.concatenate([_cube_corners(c) for c in plan.cubes]))
    if plan.tray_size:
        points = np.concatenate([points, camera.project(_tray_outline(plan, 0.45))])
    (cx0, cy0), (cx1, cy1) = points.min(axis=0) - 10, points.max(axis=0) + 10
    unit = _cube_pixels(camera, plan.cubes[0])
    for _ in range(int(rng.integers(0, 4))):
        kind = int(rng.integers(3))
        x, y = rng.uniform(0, width), rng.uniform(0, height)
        if kind == 0:
            length, angle = rng.uniform(3, 7) * unit, rng.uniform(0, 180)
            outline = cv2.boxPoints(((x, y), (length, 0.35 * unit), angle))
        elif kind == 1:
            radius = rng.uniform(0.4, 0.7) * unit
            turns = np.linspace(0, 2 * np.pi, 48, endpoint=False)
            outline = np.column_stack([x + radius * np.cos(turns), y + radius * np.sin(turns)])
        else:
            outline = cv2.boxPoints(((x, y), (5 * unit, 7 * unit), rng.uniform(0, 90)))
        (ox0, oy0), (ox1, oy1) = outline.min(axis=0), outline.max(axis=0)
        outside = ox1 < 0 or oy1 < 0 or ox0 >= width or oy0 >= height
        if outside or (ox1 > cx0 and ox0 < cx1 and oy1 > cy0 and oy0 < cy1):
            continue
        colour = np.array(
            [(30, 30, 160), (160, 60, 20), (20, 20, 20), (150, 170, 180), (235, 240, 245)][
                4 if kind == 2 else int(rng.integers(4))
            ],
            np.float32,
        )
        _lay_object(canvas, outline, colour, unit)


def _lay_object(canvas: np.ndarray, outline: np.ndarray, colour: np.ndarray, unit: float) -> None:
    """Draw a flat object with a soft shadow, working only on the part of the photo it covers."""
    height, width = canvas.shape[:2]
    sigma = max(1.0, unit * 0.15)
    margin = int(3 * sigma + unit * 0.1) + 2
    x0, y0 = (max(0, int(v) - margin) for v in outline.min(axis=0))
    x1, y1 = (
        int(min(width, outline[:, 0].max() + margin)),
        int(min(height, outline[:, 1].max() + margin)),
    )
    if x1 <= x0 or y1 <= y0:
        return
    layer = np.zeros((y1 - y0, x1 - x0), np.float32)
    shape = np.round((outline - (x0, y0)) * 16).astype(np.int32)
    cv2.fillPoly(layer, [shape], 1.0, cv2.LINE_AA, shift=4)
    step = max(1.0, sigma / 4)
    small = cv2.resize(layer, None, fx=1 / step, fy=1 / step, interpolation=cv2.INTER_AREA)
    shifted = cv2.warpAffine(
        small, np.float32([[1, 0, unit * 0.1 / step], [0, 1, unit * 0.1 / step]]), small.shape[::-1]
    )
    soft = cv2.GaussianBlur(shifted, (0, 0), sigma / step)
    shadow = cv2.resize(soft, (x1 - x0, y1 - y0), interpolation=cv2.INTER_LINEAR)
    roi = canvas[y0:y1, x0:x1]
    roi *= (1 - 0.35 * shadow)[..., None]
    roi += layer[..., None] * (colour - roi)
