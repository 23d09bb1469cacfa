"""Learn the look of a user's own set from photos whose letters the owner typed.

Each photo is read as usual; the typed grid (or list of loose cubes) says what each found
face really shows; the faces' features are stored as the set's look
(:mod:`cubecam.vision.looks`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from cubecam.errors import InputError
from cubecam.layout import Layout, LayoutKind
from cubecam.reading import Reading
from cubecam.vision.crop.faces import CutFaces
from cubecam.vision.glyphs.classes import CLASSES
from cubecam.vision.glyphs.network import shipped_network
from cubecam.vision.glyphs.read import read_glyphs
from cubecam.vision.looks import save_look
from cubecam.vision.pipeline import read_cut, read_faces


def typed_labels(reading: Reading, typed: Layout) -> list[str]:
    """The symbol the owner typed for each cube of ``reading`` (matched by square, else order).

    Grids are matched square by square; loose cubes (or a grid whose shape differs) are
    matched by the readings' symbols where they agree, the rest in the order found.
    """
    read_rows = reading.layout.rows()
    typed_rows = typed.rows()
    shape = (len(read_rows), len(read_rows[0]) if read_rows else 0)
    typed_shape = (len(typed_rows), len(typed_rows[0]) if typed_rows else 0)
    if typed.kind is not LayoutKind.LOOSE and typed.cells and shape == typed_shape:
        top, left, _, _ = typed.bounds()
        labels = []
        for cube in reading.cubes:
            face = (
                None
                if cube.row is None or cube.col is None
                else typed.at(cube.row + top, cube.col + left)
            )
            labels.append(face.symbol if face else "")
        return labels
    wanted = [face.symbol for face in typed.faces()]
    if len(wanted) != len(reading.cubes):
        raise InputError(
            f"{len(reading.cubes)} cubes found in the photo but {len(wanted)} typed: "
            "type every cube (or retake the photo)"
        )
    labels = [""] * len(reading.cubes)
    for i, cube in enumerate(reading.cubes):
        if cube.symbol in wanted:
            wanted.remove(cube.symbol)
            labels[i] = cube.symbol
    rest = iter(wanted)
    return [label or next(rest) for label in labels]


def _patches(faces: CutFaces, reading: Reading) -> list[np.ndarray]:
    """The patch (as cut) of each cube of ``reading``, found by its centre."""
    centres = np.array([q.scaled(1.0 / faces.loaded.scale).center for q in faces.quads])
    return [
        faces.views[int(np.linalg.norm(centres - cube.center, axis=1).argmin()), 0]
        for cube in reading.cubes
    ]


def calibrate(name: str, photos: Sequence[tuple[str | Path, Layout]]) -> tuple[Path, int]:
    """Store the look of set ``name`` from (photo, typed layout) pairs; (file, faces learnt)."""
    features, labels = [], []
    network = shipped_network()
    for photo, typed in photos:
        faces = read_faces(photo)
        reading = read_cut(faces, layout=typed.kind.value)
        patches = _patches(faces, reading)
        for patch, label in zip(patches, typed_labels(reading, typed), strict=True):
            if label not in CLASSES:
                continue
            turns = np.stack([np.rot90(patch, k) for k in range(4)])
            features.append(read_glyphs(turns, network).features)
            labels += [label] * 4
    if not features:
        raise InputError("no typed face could be matched to a cube in the photos")
    path = save_look(name, np.concatenate(features), labels)
    return path, len(labels) // 4
