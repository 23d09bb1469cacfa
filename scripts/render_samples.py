"""Render sample_images/ (one photo per game, with its JSON label) and docs/images/.

    PYTHONPATH=src python scripts/render_samples.py

- game-one-crossword: the Scrabble Crossword Cubes rulebook example (TIGER, OF across;
  TON, IF, WEAVE down; T and U left over);
- adlib-crossword: an Ad-Lib crossword with a joker standing for a letter;
- swedish-tray: a 4x4 word-hunt tray of Swedish letters (Å Ä Ö).
"""

from __future__ import annotations

import sys
from pathlib import Path

import cv2

from cubecam.grid_format import parse_grid
from cubecam.synth.dataset import make_scene, write_labelled

ROOT = Path(__file__).resolve().parents[1]
GAME_ONE = ROOT / "sample_images" / "game-one.grid"
ADLIB = """\
game: adlib
.B...
FLA[JOKER]E
.U..A
.E..T
unused: R S O
"""

SIZE = (1600, 1200)
DOCS_SIZE = (640, 480)


def render_docs_images(out: Path) -> None:
    """Small example renders of each scene kind for the documentation."""
    out.mkdir(parents=True, exist_ok=True)
    for kind, seed in (("crossword", 7), ("tray", 3), ("loose", 5)):
        image, _ = make_scene(kind, seed, size=DOCS_SIZE)
        path = out / f"synth-{kind}.jpg"
        cv2.imwrite(str(path), image, [cv2.IMWRITE_JPEG_QUALITY, 85])
        print(path)


def render_samples(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    scenes = {
        "game-one-crossword": make_scene(
            "crossword",
            20,
            size=SIZE,
            lang="en",
            layout=parse_grid(GAME_ONE.read_text("utf-8")),
            cubeset="scrabble-crossword-cubes",
        ),
        "adlib-crossword": make_scene(
            "crossword", 24, size=SIZE, lang="en", layout=parse_grid(ADLIB), cubeset="adlib"
        ),
        "swedish-tray": make_scene("tray", 30, size=SIZE, lang="sv", tray_size=4),
    }
    for name, (image, label) in scenes.items():
        path = write_labelled(out, name, image, label, quality=85)
        print(path)


if __name__ == "__main__":
    render_samples(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "sample_images")
    render_docs_images(ROOT / "docs" / "images")
