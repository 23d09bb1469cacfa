"""Props and hands: never labelled as cubes, never standing in a cube, and a face that a
hand hides is marked in its label."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from cubecam_lab.synth.configs import config_named
from cubecam_lab.synth.plan import plan_loose, plan_tray
from cubecam_lab.synth.props import place_solids
from cubecam_lab.synth.scene import random_look, render_scene

SIZE = (480, 360)


def _square(x: float, y: float) -> np.ndarray:
    return np.float32(
        [[x - 0.5, y - 0.5], [x + 0.5, y - 0.5], [x + 0.5, y + 0.5], [x - 0.5, y + 0.5]]
    )


@pytest.mark.parametrize("seed", range(4))
def test_props_stand_clear_of_every_cube(seed: int) -> None:
    rng = np.random.default_rng(seed)
    plan = plan_loose(rng, count=14, arrangement="clusters")
    centres = np.array([(cube.x, cube.y) for cube in plan.cubes])
    solids = place_solids(rng, centres, box=True, hourglass=True, pencils=2)
    assert len(solids) >= 3
    for part in (part for solid in solids for part in solid.parts):
        footprint = cv2.convexHull(part.corners[:4, :2].astype(np.float32))
        for x, y in centres:
            area, _ = cv2.intersectConvexConvex(footprint, _square(x, y))
            assert area == 0.0


def _rendered(hands: int, seed: int) -> tuple[np.ndarray, list]:
    rng = np.random.default_rng(seed)
    plan = plan_tray(rng, size=5)
    look = random_look(rng, plan, config_named("tilt-0-20"))
    look = replace(look, hands=hands, props=False, rim_height=(0.3, 0.4))
    return render_scene(plan, np.random.default_rng(seed + 1), SIZE, look, effects=False)


@pytest.mark.parametrize("seed", range(3))
def test_a_face_under_a_hand_is_marked_hidden_and_only_there(seed: int) -> None:
    bare, clear = _rendered(0, seed)
    image, cubes = _rendered(1, seed)
    assert [c.corners for c in cubes] == [c.corners for c in clear]
    assert all(c.visible == 1.0 for c in clear)
    changed = np.abs(image.astype(int) - bare.astype(int)).max(axis=2) > 4
    hidden = [c for c in cubes if c.visible < 1.0]
    assert hidden, "the hand reaches a cube"
    for cube in cubes:
        inside = np.zeros(changed.shape, np.uint8)
        cv2.fillConvexPoly(inside, np.round(np.array(cube.corners)).astype(np.int32), 1)
        share_changed = changed[inside.astype(bool)].mean()
        # what the hand covers it also changes; a face it leaves alone stays whole
        assert 1.0 - cube.visible <= share_changed + 0.05
        if share_changed == 0.0:
            assert cube.visible == 1.0
