"""Widened scenes: every top face's label is where the renderer drew it, hidden parts marked."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from cubecam.layout import Layout
from cubecam_lab.synth.configs import CONFIGS, config_named
from cubecam_lab.synth.dataset import make_scene
from cubecam_lab.synth.face import render_face
from cubecam_lab.synth.plan import (
    ScenePlan,
    plan_crossword,
    plan_loose,
    plan_tray,
)
from cubecam_lab.synth.scene import random_look, render_scene

SIZE = (480, 360)
ORIENTED = set("AFGJKLPTUVY")
"""Letters whose turn is plain to see (none looks alike turned half a turn)."""


def face_of(image: np.ndarray, cube: dict, size: int = 32) -> np.ndarray:
    """The top face cut along its label's corners, the letter's top-left first (grey)."""
    corners = np.array(cube["corners"], np.float32)
    square = np.float32([[0, 0], [size, 0], [size, size], [0, size]])
    cut = cv2.warpPerspective(image, cv2.getPerspectiveTransform(corners, square), (size, size))
    return cv2.cvtColor(cut, cv2.COLOR_BGR2GRAY).astype(np.float32)


def likeness(face: np.ndarray, template: np.ndarray) -> float:
    """How alike a face's printing is to ``template`` (smaller), wherever in the face it is
    printed (glyphs sit a little off centre), whichever is lighter."""
    scores = cv2.matchTemplate(face, template, cv2.TM_CCOEFF_NORMED)
    return float(np.abs(scores).max())


def scene_plan(kind: str, rng: np.random.Generator) -> ScenePlan:
    """A scene of ``kind`` whose faces all show their turn."""
    letters = sorted(ORIENTED) * 3
    if kind == "crossword":
        rows = [letters[:6], [None, letters[6], None, None, letters[7], None], letters[8:14]]
        layout = Layout.from_rows(rows)
        layout = Layout(layout.cells, tuple(Layout.from_rows([letters[14:16]]).cells.values()))
        return plan_crossword(rng, layout, gaps=(0.0, 0.19), touching=True)
    if kind == "tray":
        return plan_tray(rng, rows=[letters[i : i + 5] for i in range(0, 25, 5)])
    return plan_loose(rng, faces=letters[:12], arrangement="clusters")


@pytest.mark.parametrize("config", sorted(CONFIGS))
@pytest.mark.parametrize("kind", ["crossword", "tray", "loose"])
def test_every_configuration_prints_each_top_face_inside_its_label(config: str, kind: str) -> None:
    plan = scene_plan(kind, np.random.default_rng(3))
    look = random_look(np.random.default_rng(3), plan, config_named(config))
    blank = replace(plan, cubes=[replace(cube, symbol="BLANK") for cube in plan.cubes])
    image, cubes = render_scene(plan, np.random.default_rng(5), SIZE, look, effects=False)
    plain, again = render_scene(blank, np.random.default_rng(5), SIZE, look, effects=False)
    assert [c.corners for c in cubes] == [c.corners for c in again]
    printed = np.abs(image.astype(int) - plain.astype(int)).max(axis=2) > 8
    inside = np.zeros(printed.shape, np.uint8)
    for cube in cubes:
        cv2.fillConvexPoly(inside, np.round(np.array(cube.corners)).astype(np.int32), 1)
    inside = cv2.dilate(inside, np.ones((3, 3), np.uint8)).astype(bool)
    assert printed.sum() > 30 * len(cubes)  # the letters are there...
    assert (printed & ~inside).sum() <= 0.002 * printed.sum()  # ...and only inside the labels
    font = look.font
    oriented = [c for c in cubes if c.cube.symbol in ORIENTED and c.visible >= 0.9]
    upright = 0
    for cube in oriented:  # the label's first corner is the letter's top-left
        label = {"corners": cube.corners}
        face = face_of(image, label) - face_of(plain, label)
        template = cv2.cvtColor(render_face(cube.cube.symbol, 32, font=font), cv2.COLOR_BGR2GRAY)
        template = template[5:27, 5:27].astype(np.float32)
        scores = [likeness(np.ascontiguousarray(np.rot90(face, k)), template) for k in range(4)]
        upright += int(np.argmax(scores) == 0)
    assert len(oriented) >= 3 and upright >= 0.85 * len(oriented), (upright, len(oriented))


def test_a_tall_near_rim_hides_the_front_row_and_the_label_says_so() -> None:
    rng = np.random.default_rng(4)
    plan = plan_tray(rng, size=4, cubeset="classic-4x4")
    look = replace(
        random_look(rng, plan, config_named("wide")),
        tilt=50.0,
        yaw=0.0,
        roll=0.0,
        rim_height=(1.45, 1.5),
        props=False,
        hands=0,
        fill=0.7,
    )
    _, cubes = render_scene(plan, rng, SIZE, look, effects=False)
    by_row = {r: [c.visible for c in cubes if c.cube.row == r] for r in range(4)}
    assert max(by_row[3]) < 0.95  # the near row: part of every top face behind the rim
    assert min(by_row[0]) == 1.0 and min(by_row[1]) == 1.0  # the far rows show whole
    near = [c for c in cubes if c.cube.row == 3][1]  # its hidden part is the rim's colour
    quad = np.array(near.corners, np.float32)
    bottom = quad[2:].mean(axis=0)  # where the face is nearest the viewer
    assert bottom[1] > quad[:2].mean(axis=0)[1] or near.rotation not in (0.0,)


def test_camera_tilt_reaches_55_degrees_and_faces_foreshorten() -> None:
    rng = np.random.default_rng(0)
    plan = plan_loose(rng, count=6)
    tilts = [random_look(rng, plan, config_named("tilt-20-55")).tilt for _ in range(300)]
    assert 20 <= min(tilts) < 22 and 53 < max(tilts) <= 55
    assert max(random_look(rng, plan, config_named("tilt-0-20")).tilt for _ in range(50)) <= 20
    for tilt, squash in ((0.0, 1.0), (55.0, np.cos(np.radians(55)))):
        look = replace(random_look(rng, plan, config_named("wide")), tilt=tilt, distance=(3, 3))
        _, cubes = render_scene(plan, np.random.default_rng(1), SIZE, look, effects=False)
        ratios = []
        for cube in cubes:
            q = np.array(cube.corners)
            sides = np.linalg.norm(q - np.roll(q, 1, axis=0), axis=1)
            area = cv2.contourArea(q.astype(np.float32))
            ratios.append(area / sides.max() ** 2)  # a square seen at a slant: its cos
        assert np.median(ratios) == pytest.approx(squash, abs=0.12)


def face_colours(image: np.ndarray, label: dict) -> np.ndarray:
    """Each visible face's colour: the median of a ring just inside its edge (no ink)."""
    colours = []
    for cube in label["cubes"]:
        if cube["visible"] < 1.0:
            continue
        corners = np.array(cube["corners"], np.float32)
        square = np.float32([[0, 0], [32, 0], [32, 32], [0, 32]])
        cut = cv2.warpPerspective(image, cv2.getPerspectiveTransform(corners, square), (32, 32))
        ring = [cut[3:6, 6:26], cut[26:29, 6:26], cut[6:26, 3:6], cut[6:26, 26:29]]
        ring = np.concatenate([part.reshape(-1, 3) for part in ring])
        colours.append(np.median(ring.reshape(-1, 3), axis=0))
    return np.array(colours)


@pytest.mark.parametrize("seed", range(3))
def test_mixed_colours_differ_and_one_colour_does_not(seed: int) -> None:
    spread = {}
    for config in ("mixed-colours", "one-colour"):
        image, label = make_scene("crossword", seed, size=SIZE, config=config, effects=False)
        colours = face_colours(image, label)
        distances = np.abs(colours[:, None] - colours[None]).max(axis=2)
        spread[config] = float(distances.max())
    assert spread["mixed-colours"] > 60 and spread["one-colour"] < 45, spread


def test_dark_cubes_have_light_letters() -> None:
    image, label = make_scene("tray", 2, size=SIZE, config="dark-cubes", effects=False)
    brighter = []
    for cube in label["cubes"]:
        if cube["visible"] < 1.0 or cube["symbol"] == "BLANK":
            continue
        face = face_of(image, cube)
        border = np.median(np.concatenate([face[3:6, 6:26].ravel(), face[26:29, 6:26].ravel()]))
        brighter.append(np.percentile(face[8:24, 8:24], 95) > border + 40)
    assert brighter and np.mean(brighter) > 0.9


def test_a_widened_scene_is_the_same_for_a_seed() -> None:
    a = make_scene("loose", 5, size=SIZE, config="wide")
    b = make_scene("loose", 5, size=SIZE, config="wide")
    c = make_scene("loose", 6, size=SIZE, config="wide")
    assert np.array_equal(a[0], b[0]) and a[1] == b[1]
    assert not np.array_equal(a[0], c[0])


def test_a_tall_rim_shades_the_tops_of_the_dice_behind_its_shadow() -> None:
    rng = np.random.default_rng(2)
    plan = plan_tray(rng, size=5)
    look = replace(
        random_look(rng, plan, config_named("wide")),
        tilt=20.0,
        roll=0.0,
        yaw=0.0,
        light_elevation=30.0,
        light_azimuth=90.0,  # from beyond the far rim: its shadow falls towards the viewer
        shadow_blur=0.02,
        shadow_strength=0.6,
        props=False,
        hands=0,
    )
    brightness = {}
    for rim in ((0.4, 0.45), (1.45, 1.5)):
        image, cubes = render_scene(
            plan, np.random.default_rng(1), SIZE, replace(look, rim_height=rim), effects=False
        )
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(float)
        for cube in cubes:
            inside = np.zeros(grey.shape, np.uint8)
            cv2.fillConvexPoly(inside, np.round(np.array(cube.corners)).astype(np.int32), 1)
            brightness[rim, cube.cube.row, cube.cube.col] = grey[inside.astype(bool)].mean()
    low, tall = (0.4, 0.45), (1.45, 1.5)
    for col in range(5):
        assert brightness[tall, 0, col] < brightness[low, 0, col] - 10  # the far row: shaded
        # the middle row: out of reach of the shadow (and of the near rim)
        assert brightness[tall, 2, col] == pytest.approx(brightness[low, 2, col], abs=1)
