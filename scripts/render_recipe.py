"""Render the detector recipe's training scenes (the sets v1-v7 that
``scripts/train_detector.sh`` trains on, and with ``--more`` the set v8 of slanted and
blank-faced scenes that g1 also saw) into WORK, all in one pool of processes. A folder that
is already there is left as it is.

    .venv/bin/python scripts/render_recipe.py WORK [--workers 2] [--more] [--share 1.0]

``--share`` renders that share of each folder's scenes (a quick trial run).
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace
from pathlib import Path

from cubecam_lab.synth.dataset import SetSpec, write_sets

NAMED = ("tilt-20-55", "mixed-colours", "dark-cubes", "one-colour", "tilt-0-20")
PORTRAIT_AND_LANDSCAPE = ((640, 480), (480, 640))


def _size(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


def recipe(work: Path, more: bool = False) -> list[SetSpec]:
    """Every folder of the recipe's training scenes under ``work``, in order."""
    sets = [
        SetSpec(kind, 160, seed, work / f"v1/{kind}-{_size(size)}", size)
        for kind, seed, size in (
            ("crossword", 724875, (480, 640)),
            ("crossword", 724499, (640, 480)),
            ("crossword", 717118, (640, 640)),
            ("tray", 719846, (480, 640)),
            ("tray", 721541, (640, 480)),
            ("tray", 77237, (640, 640)),
        )
    ]
    seeds = iter(range(1001, 2000))  # v2: everything randomised, 60 scenes a folder
    for _ in range(4):
        for kind in ("loose", "tray", "crossword"):
            for size in PORTRAIT_AND_LANDSCAPE:
                seed = next(seeds)
                folder = work / f"v2/{kind}-{_size(size)}-{seed}"
                sets.append(SetSpec(kind, 60, seed, folder, size, config="wide", all_fonts=True))
    sets += _named(work / "v3", 2001, NAMED, ("loose", "tray", "crossword"))
    sets += _named(work / "v4", 3001, ("tilt-20-55", "wide"), ("crossword", "crossword", "tray"))
    four_sizes = (*PORTRAIT_AND_LANDSCAPE, (800, 600), (600, 800))  # v5: a fifth on boards
    sets += _named(
        work / "v5", 4001, ("wide",), ("crossword", "crossword", "tray", "loose"), four_sizes
    )
    # v6 and v7, for the verifier: blank faces, and crosswords in every named configuration
    sets += _named(work / "v6", 6001, ("blank-faces",), ("crossword", "tray", "loose", "loose"))
    every = ("classic", "tilt-0-20", "tilt-20-55", "one-colour", "mixed-colours", "dark-cubes")
    sets += _named(work / "v7", 9001, (*every, "blank-faces"), ("crossword",))
    if more:  # v8 (g1): slanted loose dice and blank faces, three sizes
        three_sizes = (*PORTRAIT_AND_LANDSCAPE, (800, 600))
        sets += _named(
            work / "v8",
            10001,
            ("tilt-20-55", "blank-faces"),
            ("loose", "crossword", "tray"),
            three_sizes,
        )
    return sets


def _named(
    folder: Path,
    first_seed: int,
    configs: tuple[str, ...],
    kinds: tuple[str, ...],
    sizes: tuple[tuple[int, int], ...] = PORTRAIT_AND_LANDSCAPE,
) -> list[SetSpec]:
    """24 scenes of each configuration, kind and size (in that order, the seed counting up
    from ``first_seed``), every installed font, named ``KIND-CONFIG-SIZE-SEED``."""
    combinations = [(c, k, s) for c in configs for k in kinds for s in sizes]
    return [
        SetSpec(
            kind,
            24,
            seed,
            folder / f"{kind}-{config}-{_size(size)}-{seed}",
            size,
            config=config,
            all_fonts=True,
        )
        for seed, (config, kind, size) in enumerate(combinations, start=first_seed)
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("work", type=Path, help="the folder the sets are rendered into")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--more", action="store_true", help="also v8")
    parser.add_argument("--share", type=float, default=1.0, help="of each folder's scenes")
    args = parser.parse_args()
    todo = [
        replace(spec, count=max(1, int(spec.count * args.share)))
        for spec in recipe(args.work, args.more)
        if not spec.out.is_dir()
    ]
    start = time.time()
    written = write_sets(todo, args.workers)
    print(f"rendered {len(written)} scenes in {len(todo)} folders in {time.time() - start:.0f} s")


if __name__ == "__main__":
    main()
