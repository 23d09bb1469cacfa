"""Labelled photos, as the stages' evaluations read them: a folder of photos, each with a
``NAME.json`` label beside it that names it (``"image"``), as ``cubecam-lab synth`` writes them
and ``../shared/realdata`` keeps them.

>>> import json, tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> _ = (folder / "a.jpg").write_bytes(b"..."), (folder / "a.json").write_text(json.dumps(
...     {"image": "a.jpg", "cubes": [{"corners": [[0, 0], [9, 0], [9, 9], [0, 9]]}]}))
>>> [(photo.name, len(label["cubes"])) for photo, label in labelled_photos(folder)]
[('a.jpg', 1)]
>>> photo, label = next(labelled_photos(folder))
>>> has_outlines(label), labelled_corners(label).shape, in_view(label).tolist()
(True, (1, 4, 2), [True])
>>> has_outlines({"rows": [["A"]]})  # a real tray: its letters only
False
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from cubecam.vision.quad import order_corners

IN_VIEW = 0.9
"""A labelled face with less of its top in view (a hand over it) is not counted as read."""
MATCH_WITHIN = 0.45
"""A found face is a labelled cube's when their centres are this many sides apart at most."""


def labelled_folder(text: str) -> Path:
    """A labelled folder named on a command line (argparse's ``type``): a folder holding
    labels (``*.json``), or a usage error that says which it is not."""
    return _folder_with(text, "*.json", "")


def labelled_tree(text: str) -> Path:
    """A folder of labelled folders named on a command line (argparse's ``type``), as a
    trainer takes them: labels at any depth under it, or a usage error that says which it
    is not."""
    return _folder_with(text, "**/*.json", " at any depth")


def _folder_with(text: str, pattern: str, where: str) -> Path:
    path = Path(text)
    if not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is not a folder")
    if next(path.glob(pattern), None) is None:
        raise argparse.ArgumentTypeError(f"{text} holds no labels (*.json){where}")
    return path


def labelled_photos(folder: Path, limit: int | None = None) -> Iterator[tuple[Path, dict]]:
    """Each photo of ``folder`` that a label names and that is there, with its label, in
    the labels' name order (the first ``limit`` labels at most)."""
    for label_path in sorted(folder.glob("*.json"))[:limit]:
        label = json.loads(label_path.read_text("utf-8"))
        photo = folder / str(label.get("image", ""))
        if photo.is_file():
            yield photo, label


def has_outlines(label: dict) -> bool:
    """Whether the label gives every cube's top-face corners (rendered scenes do)."""
    cubes = label.get("cubes") or []
    return bool(cubes) and all("corners" in cube for cube in cubes)


def labelled_corners(label: dict, scale: float = 1.0) -> np.ndarray:
    """The labelled cubes' top-face corners (cubes × 4 × 2), clockwise from the top left
    as displayed, in the photo's pixels times ``scale``."""
    corners = [order_corners(np.array(c["corners"], float)) * scale for c in label["cubes"]]
    return np.array(corners, float).reshape(-1, 4, 2)


def matched_faces(label: dict, centres: np.ndarray, scale: float = 1.0) -> list[int | None]:
    """For each labelled cube, the face (of ``centres``, N × 2, in the photo's pixels times
    ``scale``) found on it: the nearest, its centre within :data:`MATCH_WITHIN` sides of the
    label's, each face once; else None.

    >>> label = {"cubes": [{"corners": [[0, 0], [10, 0], [10, 10], [0, 10]]}]}
    >>> matched_faces(label, np.array([[5.0, 6.0], [30.0, 5.0]])), matched_faces(label, np.zeros((0, 2)))
    ([0], [None])
    """
    centres = np.asarray(centres, float).reshape(-1, 2)
    out: list[int | None] = []
    for cube in label["cubes"]:
        corners = np.array(cube["corners"], float) * scale
        side = float(np.linalg.norm(corners[1] - corners[0]))
        distance = np.linalg.norm(centres - corners.mean(axis=0), axis=1)
        nearest = int(distance.argmin()) if len(distance) else None
        ok = nearest is not None and distance[nearest] <= MATCH_WITHIN * side
        out.append(nearest if ok and nearest not in out else None)
    return out


def in_view(label: dict) -> np.ndarray:
    """Which labelled cubes have at least :data:`IN_VIEW` of their top in view."""
    return np.array([c.get("visible", 1.0) >= IN_VIEW for c in label["cubes"]], bool)
