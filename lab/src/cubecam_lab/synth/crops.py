"""Training crops cut from rendered photos: each cube's top face as a detector would cut it.

Faces come from whole scenes (perspective, side faces at the edges, shadows, light, blur,
noise, JPEG), cut square along the label's corners with some slack, and turned as the photo
shows them: ``turn`` is how many quarter turns counter-clockwise the letter lies in the crop.
Small photos keep it fast (about a hundred crops a second on one core).

>>> crops = list(scene_crops(5, seed=1))
>>> len(crops), crops[0].image.shape
(5, (48, 48, 3))
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from cubecam_lab.synth.configs import CLASSIC
from cubecam_lab.synth.dataset import KINDS, make_scene

PHOTO_SIZE = (640, 480)
CHUNK = 250
"""Crops per chunk of :func:`write_crops`: the unit of work of one process."""


@dataclass(frozen=True)
class FaceCrop:
    """One face cut from a rendered photo."""

    image: np.ndarray
    symbol: str
    turn: int
    kind: str


def scene_crops(
    count: int,
    seed: int,
    *,
    size: int = 48,
    slack: float = 0.12,
    photo: tuple[int, int] = PHOTO_SIZE,
    config: str = CLASSIC.name,
) -> Iterator[FaceCrop]:
    """``count`` crops of ``size`` × ``size`` pixels from scenes of every kind in ``config``,
    deterministic for ``seed``; each crop's box is the face grown or shrunk by up to
    ``slack`` and shifted a little, as a real detector's would be. Faces partly hidden (by a
    tray's rim, a hand) are left out."""
    made = 0
    scene = 0
    while made < count:
        scene_seed = int(np.random.SeedSequence([seed, scene]).generate_state(1)[0])
        kind = KINDS[scene % len(KINDS)]
        image, label = make_scene(kind, scene_seed, size=photo, config=config)
        rng = np.random.default_rng(scene_seed)
        for cube in label["cubes"]:
            if made == count:
                return
            if cube["visible"] < 0.95:
                continue
            corners = np.array(cube["corners"], np.float32)
            turn = int(np.argmin(corners.sum(axis=1)))
            corners = np.roll(corners, -turn, axis=0)
            centre = corners.mean(axis=0)
            side = float(np.linalg.norm(corners[1] - corners[0]))
            corners = centre + (corners - centre) * rng.uniform(1 - slack / 2, 1 + slack)
            corners += rng.normal(0, 0.03 * side, corners.shape)
            target = np.float32([[0, 0], [size, 0], [size, size], [0, size]])
            matrix = cv2.getPerspectiveTransform(corners.astype(np.float32), target)
            crop = cv2.warpPerspective(
                image, matrix, (size, size), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE
            )
            yield FaceCrop(crop, cube["symbol"], turn, kind)
            made += 1
        scene += 1


def write_crops(
    count: int,
    seed: int,
    out: Path,
    *,
    size: int = 48,
    workers: int = 1,
    config: str = CLASSIC.name,
) -> int:
    """Write ``count`` crops as ``out/SYMBOL/SEED-CHUNK-NNN-tTURN.png`` (the realdata crops
    layout). Crops come in chunks of :data:`CHUNK`, each from its own seed, so ``workers``
    processes write the same files as one."""
    jobs = [
        (min(CHUNK, count - start), seed, chunk, out, size, config)
        for chunk, start in enumerate(range(0, count, CHUNK))
    ]
    if workers > 1 and len(jobs) > 1:
        with ProcessPoolExecutor(min(workers, len(jobs))) as pool:
            return sum(pool.map(_write_chunk, jobs))
    return sum(_write_chunk(job) for job in jobs)


def _write_chunk(job: tuple) -> int:
    count, seed, chunk, out, size, config = job
    chunk_seed = int(np.random.SeedSequence([seed, chunk]).generate_state(1)[0])
    for i, crop in enumerate(scene_crops(count, chunk_seed, size=size, config=config)):
        folder = out / crop.symbol
        folder.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(folder / f"{seed}-{chunk:04d}-{i:03d}-t{crop.turn}.png"), crop.image)
    return count
