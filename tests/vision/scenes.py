"""Rendered photos with known answers, shared by the vision tests (rendered once a session).

The renderer changes as it improves, so tests on fresh scenes check rates (most cubes found
and read), and the photos bundled in ``sample_images/`` are checked exactly.
"""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache

import numpy as np

from cubecam.layout import canonical_symbol
from cubecam_lab.synth.dataset import make_scene, scene_label
from cubecam_lab.synth.plan import crossword_layout, plan_crossword, plan_tray
from cubecam_lab.synth.scene import random_look, render_scene
from tests.conftest import SAMPLES

SIZE = (1000, 750)
SEEDS = {"crossword": 1, "tray": 3, "loose": 2}


@cache
def scene(kind: str) -> tuple[np.ndarray, dict]:
    image, label = make_scene(kind, SEEDS[kind], size=SIZE)
    image.flags.writeable = False
    return np.ascontiguousarray(image), label


@cache
def tilted(kind: str, seed: int, tilt: float, roll: float) -> tuple[np.ndarray, dict]:
    """A 5 × 5 tray or a crossword photographed ``tilt`` degrees off vertical and turned
    ``roll`` degrees (a phone held across the table), with its label."""
    rng = np.random.default_rng(seed)
    plan = plan_tray(rng, size=5) if kind == "tray" else plan_crossword(rng, crossword_layout(rng))
    look = replace(random_look(rng, plan), tilt=tilt, yaw=roll)
    image, cubes = render_scene(plan, rng, SIZE, look)
    image.flags.writeable = False
    return image, scene_label(plan, cubes, seed)


def sample(name: str) -> tuple[str, dict]:
    path = SAMPLES / f"{name}.jpg"
    return str(path), json.loads(path.with_suffix(".json").read_text())


def symbols(label: dict) -> list[str]:
    return [canonical_symbol(cube["symbol"]) for cube in label["cubes"]]


def rows(label: dict) -> list[list[str | None]]:
    return [[None if s is None else canonical_symbol(s) for s in row] for row in label["rows"]]
