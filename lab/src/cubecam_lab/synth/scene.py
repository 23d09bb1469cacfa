"""Draw a :class:`~cubecam_lab.synth.plan.ScenePlan` as a photo: 3D cubes on a table.

Each cube is a box seen through a perspective camera: its top face (the symbol, with
rounded, shaded edges) and its visible side faces (darker, showing other letters) are
warped into the picture far-to-near (painter's order), over shadows on a procedural table,
with clutter around; then light, blur, noise and JPEG make it a photo. A widened look
(:mod:`cubecam_lab.synth.configs`) adds cubes of several colours and materials, steep and rolled
cameras, tall tray rims, props (:mod:`cubecam_lab.synth.props`) and hands over the layout; each
label says how much of its top face is hidden (``visible``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np

from cubecam_lab.synth.background import SURFACES, WIDE_SURFACES, table_texture
from cubecam_lab.synth.camera import Camera
from cubecam_lab.synth.configs import CLASSIC, SceneConfig
from cubecam_lab.synth.face import Colour, render_face
from cubecam_lab.synth.fonts import available_fonts, scene_fonts
from cubecam_lab.synth.photo import CLASSIC_SENSOR, SENSORS, Sensor, degrade, glare, uneven_light
from cubecam_lab.synth.plan import PlacedCube, ScenePlan
from cubecam_lab.synth.props import (
    Box,
    Solid,
    box_corners,
    draw_box,
    draw_hand,
    draw_score_sheet,
    place_solids,
)

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
LIGHT_FACES: dict[str, Colour] = {
    "ivory": (200, 228, 240),
    "white": (240, 242, 244),
    "yellow": (40, 200, 240),
    "orange": (30, 120, 235),
    "pink": (190, 160, 245),
    "sky": (235, 200, 140),
    "mint": (175, 225, 170),
    "light wood": (130, 185, 220),
}
DARK_FACES: dict[str, Colour] = {
    "red": (40, 40, 190),
    "blue": (150, 85, 25),
    "green": (60, 140, 40),
    "black": (40, 40, 40),
    "purple": (120, 40, 100),
    "dark wood": (45, 80, 125),
    "navy": (90, 40, 20),
}
DARK_INKS: dict[str, Colour] = {"black": (25, 25, 25), "blue": (150, 60, 20), "red": (35, 30, 185)}
LIGHT_INKS: dict[str, Colour] = {"white": (245, 245, 245), "cream": (205, 235, 245)}
MATERIALS = ("plastic", "wood")
LETTERINGS = ("printed", "painted", "engraved")
_WOODS = ("light wood", "dark wood")
_UP = np.array([0.0, 0.0, 1.0])


@dataclass(frozen=True)
class CubeStyle:
    """How one cube looks: its colour, its letters' colour and what it is made of."""

    colour: str
    face: Colour
    ink: Colour
    material: str = "plastic"
    """One of :data:`MATERIALS`."""
    letters: str = "printed"
    """One of :data:`LETTERINGS`."""
    gloss: float = 0.0
    """How bright a glossy highlight can be (0: matt)."""


@dataclass(frozen=True)
class Look:
    """How a scene looks: cube colours and font, table, light and camera.

    The fields after ``fill`` widen the classic look; their defaults are the classic one.
    """

    cube_colour: str
    font: Path
    underline: bool
    surface: str
    tilt: float
    yaw: float
    light_azimuth: float
    light_elevation: float
    fill: float
    roll: float = 0.0
    styles: tuple[CubeStyle, ...] = ()
    """One per cube of the plan, in its order; empty: every cube ``cube_colour``, printed."""
    distance: tuple[float, float] = (1.4, 2.6)
    """How far the camera is, in layout widths (close: strong perspective)."""
    rim_height: tuple[float, float] = (0.3, 0.55)
    """A tray rim's height in cube sides (above 1 it can hide the dice's tops)."""
    shadow_blur: float = 0.12
    """Shadows' softness in cube sides (small: hard shadows)."""
    shadow_strength: float = 0.45
    props: bool = False
    """Pencils, score sheets, the game box and the hourglass around (and in front of) the cubes."""
    hands: int = 0
    """Hands reaching over the layout."""
    sensor: Sensor = CLASSIC_SENSOR
    table_texels: int | None = 1500
    """The most texels across the table's texture; ``None``: the photo's long side (faster)."""

    def style(self, index: int) -> CubeStyle:
        """The style of the plan's cube ``index``."""
        if self.styles:
            return self.styles[index]
        face, ink = CUBE_COLOURS[self.cube_colour]
        return CubeStyle(self.cube_colour, face, ink)


@dataclass(frozen=True)
class CubeLabel:
    """Where a cube's top face ended up in the photo."""

    cube: PlacedCube
    centre: tuple[float, float]
    corners: list[tuple[float, float]]
    """The top face's corners: the letter's top-left, top-right, bottom-right, bottom-left."""
    rotation: float
    """Degrees counter-clockwise the letter is turned, as the photo is displayed."""
    visible: float = 1.0
    """The share of the top face that nothing in front hides (a tray's rim, a prop, a hand)."""


def random_look(
    rng: np.random.Generator,
    plan: ScenePlan,
    config: SceneConfig = CLASSIC,
    *,
    all_fonts: bool = False,
) -> Look:
    """A random but plausible look for ``plan``'s kind of scene, as ``config`` widens it.

    Fonts come from :func:`~cubecam_lab.synth.fonts.scene_fonts`, or every font installed with
    ``all_fonts`` (more variety for training, but not the same on every machine).
    """
    fonts = available_fonts() if all_fonts else scene_fonts()
    if config.widened:
        return _wide_look(rng, plan, config, fonts)
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


def _wide_look(
    rng: np.random.Generator, plan: ScenePlan, config: SceneConfig, fonts: list[Path]
) -> Look:
    kind = plan.layout.kind.value
    roll = float(rng.normal(0, 6)) if rng.random() < 0.5 else float(rng.uniform(-180, 180))
    framing = rng.random()
    if framing < 0.2:  # small in a wide frame
        fill = rng.uniform(0.2, 0.4)
    elif framing < 0.35:  # a close-up
        fill = rng.uniform(0.85, 0.97)
    else:
        fill = rng.uniform(0.4, 0.85)
    mixed = config.colours == "mixed" or (config.colours == "any" and rng.random() < 0.5)
    styles = _cube_styles(rng, len(plan.cubes), mixed, config.dark)
    tall = kind == "tray" and rng.random() < 0.5
    return Look(
        cube_colour=styles[0].colour,
        font=fonts[int(rng.integers(len(fonts)))],
        underline=bool(rng.random() < 0.5),
        surface=WIDE_SURFACES[int(rng.integers(len(WIDE_SURFACES)))],
        tilt=float(rng.uniform(*config.tilt)),
        yaw=float(rng.uniform(-180, 180) if kind == "loose" else rng.normal(0, 8)),
        light_azimuth=float(rng.uniform(0, 360)),
        light_elevation=float(rng.uniform(20, 80)),
        fill=float(fill),
        roll=roll,
        styles=styles,
        distance=(1.0, 3.0),
        rim_height=(1.05, 1.5) if tall else (0.3, 0.9),
        shadow_blur=float(rng.uniform(0.01, 0.15)),
        shadow_strength=float(rng.uniform(0.25, 0.7)),
        props=bool(rng.random() < 0.6),
        hands=int(rng.choice(3, p=(0.6, 0.3, 0.1))),
        sensor=SENSORS[list(SENSORS)[int(rng.integers(len(SENSORS)))]],
        table_texels=None,
    )


def _cube_styles(
    rng: np.random.Generator, count: int, mixed: bool, dark: float
) -> tuple[CubeStyle, ...]:
    """One style per cube: all alike, or drawn from two to six distinct colours (at least
    two of them used; each palette, light or dark, has seven or more)."""
    kinds = int(rng.integers(2, min(count, 6) + 1)) if mixed and count > 1 else 1
    palette: list[CubeStyle] = []
    while len(palette) < kinds:
        style = _random_style(rng, dark)
        if all(style.colour != other.colour for other in palette):
            palette.append(style)
    picks = [0, 1, *rng.integers(kinds, size=count - 2)] if kinds > 1 else [0] * count
    order = rng.permutation(count)
    return tuple(palette[int(picks[int(i)])] for i in order)


def _random_style(rng: np.random.Generator, dark: float) -> CubeStyle:
    is_dark = bool(rng.random() < dark)
    faces = DARK_FACES if is_dark else LIGHT_FACES
    wood = bool(rng.random() < 0.4)
    names = list(faces)
    if wood and rng.random() < 0.6:  # bare wood; otherwise painted wood of any colour
        names = [name for name in names if name in _WOODS]
    colour = names[int(rng.integers(len(names)))]
    face = tuple(int(np.clip(c + rng.normal(0, 8), 0, 255)) for c in faces[colour])
    inks = LIGHT_INKS if is_dark else DARK_INKS
    ink = inks[list(inks)[int(rng.choice(len(inks)))]]
    letters = "printed"
    if wood:
        letters = LETTERINGS[int(rng.integers(3 if colour in _WOODS and not is_dark else 2))]
        if letters == "engraved":  # burnt into the wood: a darker shade of it
            ink = tuple(int(c * 0.4) for c in face)
    elif rng.random() < 0.2:
        letters = "painted"
    gloss = 0.0 if wood else float(rng.uniform(0.2, 1.0))
    return CubeStyle(colour, face, ink, "wood" if wood else "plastic", letters, gloss)  # type: ignore[arg-type]


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
    unit = _cube_pixels(camera, plan.cubes[0]) if plan.cubes else 60.0

    texels = look.table_texels or max(width, height)
    canvas = _table(rng, camera, look.surface, width, height, texels).astype(np.float32)
    boxes = _tray_boxes(plan, look, rng) if plan.tray_size else []
    solids: list[Solid] = []
    if look.props:
        centres = np.array([(cube.x, cube.y) for cube in plan.cubes])
        if not plan.tray_size and rng.random() < 0.5:
            draw_score_sheet(canvas, camera, rng, centres)
        box, hourglass = (bool(v) for v in rng.random(2) < (0.4, 0.4))
        pencils = int(rng.integers(0, 3))
        solids = place_solids(rng, centres, box=box, hourglass=hourglass, pencils=pencils)
    if plan.tray_size:
        _draw_tray_floor(canvas, camera, plan, boxes[0].colour)
    shadow = np.zeros((height // 4 + 1, width // 4 + 1), np.float32)
    for cube in plan.cubes:
        _cast_shadow(shadow, camera, _cube_corners(cube), light)
    for thing in [*boxes, *solids]:
        _cast_shadow(shadow, camera, thing.corners, light)
    sigma = max(1.0, unit / 4 * look.shadow_blur) if plan.cubes else 2.0
    shadow = cv2.GaussianBlur(shadow, (0, 0), sigma)
    shadow = cv2.resize(shadow, (width, height), interpolation=cv2.INTER_LINEAR)
    canvas *= (1.0 - look.shadow_strength * np.clip(shadow, 0, 1))[..., None]
    if clutter:
        _clutter(canvas, rng, camera, plan)

    drawables: list[tuple[float, PlacedCube | Box | Solid]] = [
        (camera.distance(thing.corners.mean(axis=0, keepdims=True))[0], thing)
        for thing in [*boxes, *solids]
    ]
    drawables += [
        (camera.distance(_cube_corners(cube).mean(axis=0, keepdims=True))[0], cube)
        for cube in plan.cubes
    ]
    parts = [*boxes, *(part for solid in solids for part in solid.parts)]
    overhead = [
        shape
        for shape in (_shadow_at_top(part.corners, light) for part in parts)
        if shape is not None
    ]
    index = {id(cube): i for i, cube in enumerate(plan.cubes)}
    cover = np.full((height, width), -1, np.int32)
    """For each pixel, the painter's step of the last thing drawn there that can hide a top face."""
    drawn_at: dict[int, int] = {}
    for step, (_, item) in enumerate(sorted(drawables, key=lambda pair: -pair[0])):
        if isinstance(item, PlacedCube):
            i = index[id(item)]
            _draw_cube(canvas, camera, item, look.style(i), look, plan, light, rng, overhead)
            drawn_at[i] = step
        elif isinstance(item, Solid):
            for part in item.parts:
                draw_box(canvas, camera, part, light, cover, step)
        else:
            draw_box(canvas, camera, item, light, cover, step)
    for _ in range(look.hands):
        target = camera.project(_cube_corners(plan.cubes[int(rng.integers(len(plan.cubes)))])[4:])
        draw_hand(canvas, cover, rng, target.mean(axis=0), unit, light)

    labels = [
        _label(camera, cube, _visible(camera, cube, cover, drawn_at[i]))
        for i, cube in enumerate(plan.cubes)
    ]
    if effects:
        sensor = look.sensor
        canvas = uneven_light(canvas, rng, cast=sensor.cast, brightness=sensor.brightness)
        if sensor.glare and rng.random() < sensor.glare:
            glare(canvas, rng, unit)
    image = np.clip(canvas, 0, 255, out=canvas).astype(np.uint8)
    if effects:
        image = degrade(image, rng, pixels_per_cube=unit, sensor=look.sensor)
    return image, labels


def _visible(camera: Camera, cube: PlacedCube, cover: np.ndarray, step: int) -> float:
    """The share of ``cube``'s top face not covered by anything drawn after it."""
    quad = camera.project(_cube_corners(cube)[[7, 6, 5, 4]])
    height, width = cover.shape
    x0, y0 = np.floor(quad.min(axis=0)).astype(int)
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 1
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, width), min(y1, height)
    if x1 <= x0 or y1 <= y0:
        return 0.0
    inside = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillConvexPoly(inside, np.round((quad - (x0, y0)) * 16).astype(np.int32), 1, shift=4)
    area = int(inside.sum())
    if area == 0:
        return 0.0
    hidden = int(np.count_nonzero(inside.astype(bool) & (cover[y0:y1, x0:x1] > step)))
    return round(1.0 - hidden / area, 2)


# --- camera and table -------------------------------------------------------------------


_REFRAMES = 4
"""How often the layout is moved halfway back to the middle of the photo where turning the
camera towards it pushed part of it out of the frame."""


def _frame(
    plan: ScenePlan, look: Look, width: int, height: int, rng: np.random.Generator
) -> Camera:
    """The camera that frames ``plan``: it looks at the layout from the look's angle and
    distance, then turns until the layout lies off the photo's middle by a random shift (the
    principal point stays at the photo's centre)."""
    points = np.concatenate([_cube_corners(cube) for cube in plan.cubes])
    if plan.tray_size:
        points = np.concatenate([points, _tray_outline(plan, 0.45)])
    lo, hi = points[:, :2].min(axis=0), points[:, :2].max(axis=0)
    target = (float(lo[0] + hi[0]) / 2, float(lo[1] + hi[1]) / 2)
    extent = float(max(hi - lo)) + 1.0
    distance = extent * float(rng.uniform(*look.distance))
    camera = Camera.looking_at(
        target, distance=distance, tilt=look.tilt, yaw=look.yaw, roll=look.roll
    )
    uv = camera.project(points)
    span = uv.max(axis=0) - uv.min(axis=0)
    focal = look.fill * min(width / span[0], height / span[1])
    mid = (uv.max(axis=0) + uv.min(axis=0)) / 2
    room = np.maximum(np.array([width, height]) - span * focal, 0)
    shift = rng.uniform(-0.4, 0.4, 2) * room
    middle = (width / 2, height / 2)
    for _ in range(_REFRAMES):
        centre = np.array(middle) - focal * mid + shift
        framed = camera.with_intrinsics(float(focal), (float(centre[0]), float(centre[1])))
        framed = framed.turned_through(middle)
        uv = framed.project(points)
        if (uv >= 0).all() and (uv <= (width, height)).all():
            break
        shift = shift / 2
    return framed


def _table(
    rng: np.random.Generator, camera: Camera, surface: str, width: int, height: int, texels: int
) -> np.ndarray:
    """The table top, drawn in table units and seen through the camera."""
    homography = camera.table_homography()
    corners = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float64)
    inverse = np.linalg.inv(homography)
    pts = np.column_stack([corners, np.ones(4)]) @ inverse.T
    table = pts[:, :2] / pts[:, 2:3]
    lo, hi = table.min(axis=0), table.max(axis=0)
    texels_per_unit = min(48.0, texels / max(hi - lo))
    tw, th = (int(v) + 2 for v in (hi - lo) * texels_per_unit)
    texture = table_texture(rng, surface, tw, th, texels_per_unit)
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


def _label(camera: Camera, cube: PlacedCube, visible: float = 1.0) -> CubeLabel:
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
        visible,
    )


def _draw_cube(
    canvas: np.ndarray,
    camera: Camera,
    cube: PlacedCube,
    style: CubeStyle,
    look: Look,
    plan: ScenePlan,
    light: np.ndarray,
    rng: np.random.Generator,
    overhead: list[np.ndarray],
) -> None:
    """Draw ``cube``: its side faces that face the camera, then its top face, darkened where
    the ``overhead`` shadows (on the cubes' tops, from taller things) fall on it."""
    corners = _cube_corners(cube)
    texels = int(np.clip(16 * math.ceil(_cube_pixels(camera, cube) * 1.2 / 16), 32, 512))
    face, ink = style.face, style.ink
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
        texture = _finish(texture.astype(np.float32), style, rng)
        shade = 0.35 + 0.55 * max(0.0, float(normal @ light))
        quad = camera.project(np.array([a, b, c, d]))
        _paste(canvas, texture * shade * _bevel(texels), _rounded(texels), quad)
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
    texture = _finish(texture.astype(np.float32), style, rng)
    shade = 0.55 + 0.45 * max(0.0, float(light[2]))
    texture *= shade * _bevel(texels)
    if style.gloss:
        _highlight(texture, camera, cube, light, style.gloss)
    if overhead:
        _shade_top(texture, cube, overhead, look)
    quad = camera.project(corners[[7, 6, 5, 4]])
    _paste(canvas, texture, _rounded(texels), quad)


def _shadow_at_top(corners: np.ndarray, light: np.ndarray) -> np.ndarray | None:
    """The shadow that a box (eight corners) taller than a cube casts on the plane of the
    cubes' tops (z = 1), as a polygon in table units; None for a lower box."""
    low, high = float(corners[:, 2].min()), float(corners[:, 2].max())
    if high <= 1.0:
        return None
    above = corners.copy()
    above[:4, 2] = max(low, 1.0)
    ground = above[:, :2] - (above[:, 2:3] - 1.0) / max(light[2], 0.2) * light[:2]
    return cv2.convexHull(ground.astype(np.float32)).reshape(-1, 2)


def _shade_top(
    texture: np.ndarray, cube: PlacedCube, overhead: list[np.ndarray], look: Look
) -> None:
    """Darken the parts of ``cube``'s top face texture that lie in ``overhead`` shadows."""
    size = texture.shape[0]
    a = math.radians(cube.yaw)
    across, away = np.array([math.cos(a), math.sin(a)]), np.array([-math.sin(a), math.cos(a)])
    mask = np.zeros((size, size), np.float32)
    for shape in overhead:
        offset = shape - (cube.x, cube.y)
        uv = np.column_stack([offset @ across + 0.5, 0.5 - offset @ away]) * size
        if (uv.max(axis=0) < 0).any() or (uv.min(axis=0) > size).any():
            continue
        cv2.fillConvexPoly(mask, np.round(uv * 16).astype(np.int32), 1.0, cv2.LINE_AA, shift=4)
    if mask.any():
        mask = cv2.GaussianBlur(mask, (0, 0), max(0.5, look.shadow_blur * size))
        texture *= (1.0 - look.shadow_strength * mask)[..., None]


def _finish(texture: np.ndarray, style: CubeStyle, rng: np.random.Generator) -> np.ndarray:
    """A face texture (float BGR) made of ``style``'s material: wood grain, painted or
    engraved letters. Plastic with printed letters is left as it is."""
    if style.material == "plastic" and style.letters == "printed":
        return texture
    size = texture.shape[0]
    face = np.array(style.face, np.float32)
    ink = np.array(style.ink, np.float32)
    span = ink - face
    ink_share = np.clip((texture - face) @ span / max(float(span @ span), 1.0), 0, 1)
    if style.letters == "painted":  # brush strokes: uneven cover, soft edges
        patchy = 0.75 + 0.25 * _grain(size, int(rng.integers(8)))[..., 0]
        ink_share = cv2.GaussianBlur(ink_share * patchy, (0, 0), max(0.5, size / 96))
    texture = face + ink_share[..., None] * span
    if style.letters == "engraved":  # a groove: lit on one side, dark on the other
        shift = max(1, size // 48)
        edge = ink_share - np.roll(ink_share, (shift, shift), axis=(0, 1))
        texture += 40.0 * edge[..., None]
    if style.material == "wood":
        texture *= _grain(size, int(rng.integers(8)))
    return texture


@cache
def _grain(size: int, variant: int) -> np.ndarray:
    """Wood grain as a brightness factor (size, size, 1) around 1, one of eight variants."""
    rng = np.random.default_rng(variant)
    yy, xx = np.mgrid[0:size, 0:size].astype(np.float32) / size
    angle = rng.uniform(-0.3, 0.3) + (np.pi / 2 if variant % 2 else 0.0)
    across = -xx * np.sin(angle) + yy * np.cos(angle)
    warp = 0.04 * np.sin(2 * np.pi * (xx * np.cos(angle) + yy * np.sin(angle)) * rng.uniform(1, 3))
    rings = np.sin((across + warp) * 2 * np.pi * rng.uniform(5, 12))
    grain = 0.93 + 0.07 * rings**2 + rng.normal(0, 0.015, (size, size)).astype(np.float32)
    grain = grain.astype(np.float32)[..., None]
    grain.flags.writeable = False
    return grain


def _highlight(
    texture: np.ndarray, camera: Camera, cube: PlacedCube, light: np.ndarray, gloss: float
) -> None:
    """Add the light's mirror image on a glossy top face, where the view reflects the light."""
    mirror = np.array([-light[0], -light[1], light[2]])
    reach = (camera.eye[2] - 1.0) / max(mirror[2], 0.1)
    spot = camera.eye[:2] - reach * mirror[:2]  # where the table-top plane z = 1 mirrors it
    a = math.radians(cube.yaw)
    offset = spot - (cube.x, cube.y)
    # in the face's own axes, the texture's right (u) and down (v), from its centre
    u = offset[0] * math.cos(a) + offset[1] * math.sin(a)
    v = offset[0] * math.sin(a) - offset[1] * math.cos(a)
    if abs(u) > 1.5 or abs(v) > 1.5:
        return
    size = texture.shape[0]
    ramp = (np.arange(size, dtype=np.float32) + 0.5) / size - 0.5
    spread = 0.25
    blob = np.exp(-((ramp[None, :] - u) ** 2 + (ramp[:, None] - v) ** 2) / (2 * spread**2))
    texture += (160.0 * gloss * blob)[..., None]


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


def _tray_outline(plan: ScenePlan, height: float) -> np.ndarray:
    n, pitch = plan.tray_size or 0, plan.pitch
    lo, hi = -pitch / 2 - 0.35, (n - 0.5) * pitch + 0.35
    xy = [(lo, -lo), (hi, -lo), (hi, -hi), (lo, -hi)]
    return np.array([(x, y, z) for z in (0.0, height) for x, y in xy])


def _tray_boxes(plan: ScenePlan, look: Look, rng: np.random.Generator) -> list[Box]:
    """The tray's rim as short wall segments, so that painter's order stays right."""
    colour = TRAY_COLOURS[int(rng.integers(len(TRAY_COLOURS)))]
    n, pitch = plan.tray_size or 0, plan.pitch
    wall, height = 0.3, float(rng.uniform(*look.rim_height))
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
            boxes.append(Box(box_corners(x0, x1, -y1, -y0, height), colour))
    return boxes


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
