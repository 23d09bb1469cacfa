"""Frames a second of ``cubecam watch`` on a 720p stream (a rendered crossword, shaking camera).

    PYTHONPATH=src python bench/watch.py [--frames 300] [--threads 2]

Prints frames a second over the whole loop (glance at every frame, read some,
vote), the number of frames read and the time of one read. Pin to two cores
with ``taskset -c 0,1`` to match CI.
"""

from __future__ import annotations

import argparse
import time
from functools import partial

import cv2

from cubecam.grid_format import parse_grid
from cubecam.synth.dataset import make_scene
from cubecam.vision import read_photo
from cubecam.watch import Watcher
from cubecam.watch.shaky import shaky_clip

GRID = "...W.\nTIGER\nOF.A.\nN..V.\n...E.\nunused: T U"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    cv2.setNumThreads(args.threads)
    photo, _ = make_scene(
        "crossword",
        seed=11,
        size=(1280, 720),
        layout=parse_grid(GRID),
        cubeset="scrabble-crossword-cubes",
    )
    clip = shaky_clip(photo, args.frames, seed=3, blurred=range(45, args.frames, 90))
    read = partial(read_photo, layout="crossword")
    started = time.perf_counter()
    read(clip[0])
    one_read = time.perf_counter() - started

    watcher = Watcher(read)
    started = time.perf_counter()
    for frame in clip:
        watcher.feed(frame)
    elapsed = time.perf_counter() - started
    print(f"720p stream, {args.frames} frames, OpenCV threads {args.threads}")
    print(f"  frames a second: {args.frames / elapsed:.1f} (target >= 10)")
    print(f"  frames read: {watcher.reads} ({one_read * 1000:.0f} ms a read)")
    print(f"  steady: {watcher.steady}")


if __name__ == "__main__":
    main()
