"""Find faces by their glyphs where their outlines cannot be told apart.

Dark cubes touching in a tray or a crossword show no edge a threshold can follow, but their
light glyphs stand out: bright strokes on a dark face (a white top-hat of the grey image),
one spot a face. Spots lying on a common lattice, a pitch apart along its two axes, are the
glyphs of touching cubes; each gets a face around it, as wide as the lattice's pitch there
allows, turned the lattice's way. A face is kept where the glyph reader confirms it, and
the glyphs are trusted only where they give more faces than the outlines did.

>>> import numpy as np, cv2
>>> tray = np.full((400, 400, 3), 30, np.uint8)
>>> for y in (100, 200, 300):
...     for x in (100, 200, 300):
...         _ = cv2.putText(tray, "E", (x - 15, y + 17), cv2.FONT_HERSHEY_SIMPLEX, 1.3, (230,) * 3, 4)
>>> len(lattice_spots(glyph_spots(tray))[0])
9
"""

from __future__ import annotations

import cv2
import numpy as np

from cubecam.vision.lattice import common_angle
from cubecam.vision.quad import Quad, Verifier

SPOT = (0.012, 0.08)
"""A glyph's spot is this share of the photo's longer side across, at least and at most."""
FRAGMENT = 0.6
"""Spots smaller than this share of the median spot are glyphs on side faces, seen edge-on."""
FACE = 0.84
"""A face's side as a share of the lattice's pitch (cubes of a tray stand a little apart)."""
ALONG = 15.0
"""Degrees within which a step between two spots runs along one of the lattice's axes."""
LEAD = 1.0
"""How many times as many faces the glyphs must give as the outlines did (plus two)."""


def glyph_spots(image: np.ndarray) -> np.ndarray:
    """Centres of the bright glyph-sized spots (their bounding boxes' middles)."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    longest = max(gray.shape)
    size = max(15, longest // 25) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (size, size))
    strokes = cv2.morphologyEx(gray, cv2.MORPH_TOPHAT, kernel)
    _, bright = cv2.threshold(strokes, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    bright = cv2.dilate(bright, np.ones((5, 5), np.uint8))
    n, _, stats, _ = cv2.connectedComponentsWithStats(bright)
    low, high = SPOT[0] * longest, SPOT[1] * longest
    spots = np.array(
        [
            (x + w / 2, y + h / 2, max(w, h))
            for x, y, w, h, area in stats[1:n]
            if low < max(w, h) < high and area > 20
        ],
        np.float64,
    ).reshape(-1, 3)
    if len(spots):
        spots = spots[spots[:, 2] > FRAGMENT * np.median(spots[:, 2])]
    return spots[:, :2]


def lattice_spots(spots: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Those of the glyphs' ``spots`` on a common lattice, and for each its two half-steps:
    vectors along the lattice's axes, half the way to the next spot (one step serves for
    both where a spot has neighbours along one axis only)."""
    if len(spots) < 4:
        return spots[:0], np.zeros((0, 2, 2))
    delta = spots[None, :, :] - spots[:, None, :]
    distance = np.linalg.norm(delta, axis=2) + np.eye(len(spots)) * 1e9
    pitch = float(np.median(distance.min(axis=1)))
    near = (distance > 0.7 * pitch) & (distance < 1.4 * pitch)
    angles = np.degrees(np.arctan2(delta[..., 1], delta[..., 0]))
    theta = np.radians(common_angle(list(angles[near])))
    axes = np.array([[np.cos(theta), np.sin(theta)], [-np.sin(theta), np.cos(theta)]])
    along = np.abs(delta @ axes.T)  # spots × spots × axis: each step's length along the axis
    across = along[..., ::-1]
    on_axis = near[..., None] & (across < np.tan(np.radians(ALONG)) * along)
    kept, halves = [], []
    for i in range(len(spots)):
        steps = [
            np.median(distance[i][on_axis[i, :, k]]) if on_axis[i, :, k].any() else 0.0
            for k in range(2)
        ]
        if max(steps) == 0.0:
            continue
        steps = [step or max(steps) for step in steps]
        kept.append(i)
        halves.append([axes[k] * steps[k] / 2 for k in range(2)])
    return spots[kept], np.array(halves).reshape(-1, 2, 2)


def faces_from_glyphs(
    image: np.ndarray, spots: np.ndarray, verify: Verifier, outnumbering: int
) -> list[Quad]:
    """A face around each of the glyphs' ``spots`` on a common lattice that ``verify``
    confirms, where they outnumber the ``outnumbering`` faces found by their outlines."""
    spots, halves = lattice_spots(spots)
    if len(spots) < LEAD * outnumbering + 2:
        return []
    quads = [
        Quad(
            centre + FACE * np.array([-right - down, right - down, right + down, down - right]), 0.3
        )
        for centre, (right, down) in zip(spots, halves, strict=True)
    ]
    confirmed = [q for q, ok in zip(quads, verify(image, quads), strict=True) if ok]
    return confirmed if len(confirmed) >= LEAD * outnumbering + 2 else []
