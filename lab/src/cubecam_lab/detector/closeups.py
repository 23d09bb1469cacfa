"""Close-ups for the detector's evaluation: labelled renders cut down around a face, so that
one to a few faces fill the photo (a cube photographed from a hand's width away)::

    python -m cubecam_lab.detector.closeups renders/crossword renders/tray --count 40 \\
        --seed 7 --out val/closeup

Each crop is square or 4:3 either way, 1 to 4 face sides across (log-uniform) around a face
seen whole; every face in it keeps its corners, moved into the crop, and the share of it in
view (a face the crop's edge cuts is hidden where less than ``dataset.SEEN`` of it remains).
A share :data:`EMPTY` of them are cut where no face is (the table, a hand, a score sheet, a
board's empty squares), and a share :data:`PLAIN` are photos of a bare, noisy surface: there
the detector must find nothing, even shrunk into a frame, where the photo's own edges make a
square.

>>> label = {"cubes": [{"symbol": "A", "corners": [[40, 40], [80, 40], [80, 80], [40, 80]]}]}
>>> crop, cut = close_up(np.zeros((200, 300, 3), np.uint8), label, np.random.default_rng(0))
>>> cut["cubes"][0]["visible"], crop.shape[0] >= 44
(1.0, True)
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import cv2
import numpy as np

from cubecam_lab.labels import labelled_folder, labelled_photos

SPAN = (1.0, 4.0)
"""How many face sides a crop is across, the least and the most."""
ASPECTS = (1.0, 4 / 3, 3 / 4)
"""A crop's width over its height: square, landscape or portrait."""
EMPTY = 0.25
"""The share of crops cut where no face is."""
PLAIN = 0.3
"""The share of photos of a bare surface, one colour with sensor noise or grain."""


def close_up(
    image: np.ndarray, label: dict, rng: np.random.Generator, *, empty: bool = False
) -> tuple[np.ndarray, dict] | None:
    """A crop of a labelled render around one of its faces seen whole (or, ``empty``,
    where no face is), and its label (``cubes`` with ``symbol``, ``corners`` and
    ``visible``); None where the render has no such place."""
    faces = [np.array(cube["corners"], np.float32) for cube in label["cubes"]]
    window = _empty_window(image, faces, rng) if empty else _face_window(image, label, rng)
    if window is None:
        return None
    start, end = window
    box = np.array([start, [end[0], start[1]], end, [start[0], end[1]]], np.float32)
    cubes = []
    for cube, corners in zip(label["cubes"], faces, strict=True):
        area = cv2.contourArea(corners)
        inside, _ = cv2.intersectConvexConvex(corners, box)
        if area <= 0 or inside <= 0:
            continue
        cubes.append(
            {
                "symbol": cube["symbol"],
                "corners": (corners - start).round(1).tolist(),
                "visible": round(cube.get("visible", 1.0) * min(1.0, inside / area), 3),
            }
        )
    return image[start[1] : end[1], start[0] : end[0]].copy(), {"cubes": cubes}


def plain_photo(rng: np.random.Generator) -> np.ndarray:
    """A photo of a bare surface: one colour, 300 to 1000 pixels a side, with sensor noise
    (up to 30 levels) or, one in four, grain of every level."""
    height, width = (int(side) for side in rng.integers(300, 1001, 2))
    if rng.random() < 0.25:
        return rng.integers(0, 256, (height, width, 3), dtype=np.uint8)
    colour = rng.integers(0, 256, 3)
    noise = rng.normal(0, rng.uniform(0, 30), (height, width, 3))
    return np.clip(colour + noise, 0, 255).astype(np.uint8)


def _face_window(
    image: np.ndarray, label: dict, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray] | None:
    """The top-left and bottom-right of a window around a face seen whole."""
    whole = [
        np.array(c["corners"], float) for c in label["cubes"] if c.get("visible", 1.0) >= 0.999
    ]
    if not whole:
        return None
    face = whole[int(rng.integers(len(whole)))]
    low, high = face.min(axis=0), face.max(axis=0)
    across = float((high - low).max()) * float(np.exp(rng.uniform(*np.log(SPAN))))
    return _placed(image, across, low, high - low, rng)


def _empty_window(
    image: np.ndarray, faces: list[np.ndarray], rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray] | None:
    """The top-left and bottom-right of a window that no face reaches into (of twenty tries)."""
    height, width = image.shape[:2]
    for _ in range(20):
        across = min(height, width) * float(rng.uniform(0.15, 0.6))
        start, end = _placed(image, across, np.zeros(2), np.array([width, height], float), rng)
        box = np.array([start, [end[0], start[1]], end, [start[0], end[1]]], np.float32)
        if all(cv2.intersectConvexConvex(face, box)[0] <= 0 for face in faces):
            return start, end
    return None


def _placed(
    image: np.ndarray, across: float, low: np.ndarray, extent: np.ndarray, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray]:
    """A window of a random aspect, ``across`` on its short side, placed at random so that it
    holds the box from ``low`` of size ``extent`` where it can, inside the image."""
    height, width = image.shape[:2]
    aspect = ASPECTS[int(rng.integers(len(ASPECTS)))]
    size = np.array([across * max(1.0, aspect), across * max(1.0, 1 / aspect)])
    size = np.minimum(size, [width, height])
    start = low + (extent - size) * rng.uniform(0.1, 0.9, 2)
    start = np.clip(start, 0, [width, height] - size).astype(int)
    return start, start + size.astype(int)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "folders", type=labelled_folder, nargs="+", help="rendered, labelled photos"
    )
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--count", type=int, default=40, help="how many close-ups")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    photos = [pair for folder in args.folders for pair in labelled_photos(folder)]
    if not photos:
        parser.error("no labelled photos in the folders given")
    args.out.mkdir(parents=True, exist_ok=True)
    written = 0
    for attempt in range(args.count * 10):
        if written == args.count:
            break
        photo, label = photos[attempt % len(photos)]
        image = cv2.imread(str(photo), cv2.IMREAD_COLOR)
        draw = rng.random()
        if draw < PLAIN:
            cut = plain_photo(rng), {"cubes": []}
        else:
            cut = None if image is None else close_up(image, label, rng, empty=draw < PLAIN + EMPTY)
        if cut is None:
            continue
        name = f"closeup-{args.seed}-{written:04d}"
        cv2.imwrite(str(args.out / f"{name}.jpg"), cut[0], [cv2.IMWRITE_JPEG_QUALITY, 95])
        source = "a bare surface" if draw < PLAIN else photo.name
        record = {"image": f"{name}.jpg", "source": source, **cut[1]}
        (args.out / f"{name}.json").write_text(json.dumps(record), "utf-8")
        written += 1
    print(f"wrote {written} close-ups into {args.out}")


if __name__ == "__main__":
    main()
