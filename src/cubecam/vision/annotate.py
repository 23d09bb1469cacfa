"""Draw a reading onto the photo: each cube outlined with the letter read, unsure cubes
marked, and what the stages decided.

Outlines are green (sure) or orange (unsure, with a ``?``); when ``word_validity`` is given,
each square's outline is green where it belongs to valid words only and red otherwise.
Underneath, thin lines in light blue show the lattice fitted to the table (the squares the
cubes were put on), and faces found but rejected (doubted by the verifier, off a tray's grid,
or a cube's side face) are crossed out in grey.
"""

from __future__ import annotations

from collections.abc import Mapping

import cv2
import numpy as np

from cubecam.reading import Reading

SURE = (60, 180, 60)
UNSURE = (0, 140, 255)
INVALID = (40, 40, 220)
LATTICE = (230, 190, 90)
REJECTED = (150, 150, 150)


def annotate(
    image_bgr: np.ndarray,
    reading: Reading,
    word_validity: Mapping[tuple[int, int], bool] | None = None,
) -> np.ndarray:
    """A copy of the photo with the reading drawn on it."""
    out = image_bgr.copy()
    height, width = out.shape[:2]
    assert reading.image_size is not None, "a reading read back from its JSON has no photo"
    sx = width / reading.image_size[0]
    sy = height / reading.image_size[1]
    unsure = {id(cube) for cube in reading.unsure()}
    thickness = max(2, round(max(height, width) / 500))
    thin = max(1, thickness // 2)
    for start, end in reading.lattice:
        ends = (np.array([start, end]) * (sx, sy)).astype(np.int32)
        cv2.polylines(out, [ends], False, LATTICE, thin, cv2.LINE_AA)
    for outline in reading.rejected:
        corners = (np.array(outline) * (sx, sy)).astype(np.int32)
        cv2.polylines(out, [corners, corners[[0, 2]], corners[[1, 3]]], True, REJECTED, thin)
    for cube in reading.cubes:
        corners = np.array([(x * sx, y * sy) for x, y in cube.corners], np.int32)
        side = float(np.linalg.norm(corners[1] - corners[0]))
        colour = UNSURE if id(cube) in unsure else SURE
        valid = None
        if word_validity is not None and cube.row is not None and cube.col is not None:
            valid = word_validity.get((cube.row, cube.col))
        if valid is not None:
            colour = SURE if valid else INVALID
            overlay = out.copy()
            cv2.fillPoly(overlay, [corners], colour)
            out = cv2.addWeighted(overlay, 0.25, out, 0.75, 0)
        cv2.polylines(out, [corners], True, colour, thickness, cv2.LINE_AA)
        label = cube.symbol if cube.symbol not in ("BLANK", "JOKER") else cube.symbol[0] + "*"
        if id(cube) in unsure:
            label += "?"
        scale = max(0.4, side / 60)
        x, y = corners.min(axis=0)
        (tw, th), _ = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, scale, thickness)
        y = max(th + 2, int(y) - 4)
        cv2.rectangle(out, (int(x), y - th - 4), (int(x) + tw + 4, y + 2), colour, -1)
        cv2.putText(
            out,
            label,
            (int(x) + 2, y - 2),
            cv2.FONT_HERSHEY_SIMPLEX,
            scale,
            (255, 255, 255),
            thickness,
            cv2.LINE_AA,
        )
    return out
