"""``cubecam read`` and ``cubecam calibrate``: read a photo of cubes, learn a set's look."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import click

from cubecam.cli.options import json_option, read_grid, set_option
from cubecam.cli.photo_input import IMAGE, describe, image_out, write_annotated
from cubecam.cubesets import load_cubeset, new_set_base, write_user_set
from cubecam.errors import InputError
from cubecam.grid_format import format_grid, parse_grid
from cubecam.layout import LayoutKind

if TYPE_CHECKING:
    from cubecam.reading import Reading


@click.command()
@click.argument("image", type=IMAGE)
@click.option(
    "--layout",
    type=click.Choice(["auto", *(kind.value for kind in LayoutKind)]),
    default="auto",
    show_default=True,
    help="How the cubes lie: a crossword, a word-hunt tray, loose dice, or guess (auto: a"
    " full N×N grid is a tray, touching cubes turned one way a crossword, else loose dice).",
)
@set_option(
    "The cube set, whose faces alone are read, with its look (each cube given its own cube of"
    " the set where it lists them; faces beyond its cubes likelier none left out)"
)
@json_option(
    "layout, rows (null for an empty square), unused, and each cube's symbol, confidence,"
    " presence, alternatives, center in pixels, row and col (from 1)"
)
@click.option(
    "--annotate",
    "annotate_path",
    type=IMAGE,
    callback=image_out,
    help="Write the photo with each cube outlined and its letter (unsure: orange, with a ?),"
    " the lattice fitted to the table, and the faces rejected crossed out, to this file.",
)
@click.option(
    "--ocr",
    default="glyphs",
    show_default=True,
    metavar="glyphs|tesseract",
    help="The glyph reader: the built-in one, or Tesseract (slower; the photo is taken upright).",
)
def read(
    image: Path,
    layout: str,
    cubeset: str | None,
    as_json: bool,
    annotate_path: Path | None,
    ocr: str,
) -> None:
    """Read a photo of cubes and print the layout as a text grid.

    Unsure cubes are listed under the grid: correct the grid and score it with
    ``cubecam score --grid``. With a crossword set, a photo showing fewer of its cubes
    than it has is noted (every cube is in play, and one not shown is not deducted).

    \b
    Example:
      cubecam read photo.jpg --annotate read.png
    """
    from cubecam.vision import read_photo

    cubes = load_cubeset(cubeset) if cubeset else None
    reading = read_photo(image, layout=layout, cubeset=cubes, ocr=ocr)
    if annotate_path is not None:
        write_annotated(annotate_path, image, reading)
    if as_json:
        click.echo(json.dumps(reading.model_dump(mode="json"), ensure_ascii=False, indent=2))
        return
    click.echo(describe(reading))


@click.command()
@click.option("--set", "name", required=True, help="A name for your set (e.g. my-adlib).")
@click.option(
    "--like",
    help="The set whose letters and values yours has (default: the one its name contains: "
    "my-adlib is like adlib).",
)
@click.argument("photos", type=IMAGE, nargs=-1, required=True)
@click.option(
    "--grid",
    "grids",
    type=IMAGE,
    multiple=True,
    help="The letters of each photo as a text grid file, one --grid per photo "
    "in order (else you are asked to type them).",
)
def calibrate(
    name: str, like: str | None, photos: tuple[Path, ...], grids: tuple[Path, ...]
) -> None:
    """Learn how your own cubes look from a few photos whose letters you type.

    Every later ``--set NAME`` (read, score, hunt, game, serve, watch) reads with that look;
    a new NAME is a set with the letters and values of the set it is like.

    \b
    Example:
      cubecam calibrate --set my-adlib game1.jpg --grid game1.grid
    """
    from cubecam.vision import read_photo
    from cubecam.vision.calibrate import calibrate as learn_look

    if grids and len(grids) != len(photos):
        raise InputError(f"{len(photos)} photos but {len(grids)} --grid files: give one per photo")
    base = new_set_base(name, like)
    pairs = []
    for i, photo in enumerate(photos):
        if grids:
            typed = read_grid(grids[i])
        else:
            reading = read_photo(photo)
            click.echo(f"{photo}: read as\n{format_grid(reading.layout)}")
            typed = parse_grid(_prompt_grid(reading))
        pairs.append((photo, typed))
    path, count = learn_look(name, pairs)
    click.echo(f"learnt {count} faces of set {name} ({path})")
    if base is not None:
        click.echo(f"{name} has the letters and values of {base} ({write_user_set(name, base)})")


def _prompt_grid(reading: Reading) -> str:
    kind = reading.layout.kind
    click.echo(
        "Type the grid's rows as they are (empty line to finish; "
        "loose dice: one line with every letter, spaces between):"
    )
    lines = [f"kind: {kind.value}"] if kind is not LayoutKind.CROSSWORD else []
    while True:
        line = click.prompt("", default="", show_default=False, prompt_suffix="> ")
        if not line.strip():
            break
        lines.append(line if kind is not LayoutKind.LOOSE else f"unused: {line}")
    return "\n".join(lines)


COMMANDS = [read, calibrate]
