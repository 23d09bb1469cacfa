"""Render docs/images/ and, asked, sample_images/ (one photo per game, with its JSON label).

    PYTHONPATH=src python scripts/render_samples.py [--samples]

The bundled samples are what the tests and the README's first command read: they are rendered
again only with ``--samples`` (the renderer has changed since the Game One crossword and the
Swedish tray were made, so they come out drawn otherwise):

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
from cubecam_lab.synth.configs import config_named
from cubecam_lab.synth.dataset import make_scene, write_labelled

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
DOCS_SCENES = {
    "classic": (("crossword", 7), ("tray", 3), ("loose", 5)),
    "wide": (("crossword", 4), ("tray", 4), ("loose", 3)),
}
"""Each configuration's example scenes (kind, seed): the classic look, and everything
randomised as ``cubecam-lab synth`` renders by default."""


def render_docs_images(out: Path) -> None:
    """Small example renders of each scene kind in each of :data:`DOCS_SCENES`' looks."""
    out.mkdir(parents=True, exist_ok=True)
    for config, scenes in DOCS_SCENES.items():
        for kind, seed in scenes:
            image, _ = make_scene(kind, seed, size=DOCS_SIZE, config=config_named(config))
            name = f"synth-{kind}.jpg" if config == "classic" else f"synth-{config}-{kind}.jpg"
            path = out / name
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
    if "--samples" in sys.argv[1:]:
        render_samples(ROOT / "sample_images")
    render_docs_images(ROOT / "docs" / "images")
