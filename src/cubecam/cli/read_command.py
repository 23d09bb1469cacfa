"""``cubecam read`` and ``cubecam calibrate``: read a photo of cubes, learn a set's look."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import click

from cubecam.cli.options import json_option, read_grid
from cubecam.cli.photo_input import IMAGE, describe, image_out, write_annotated
from cubecam.cubesets import CubeSet, available_cubesets, load_cubeset
from cubecam.errors import InputError
from cubecam.grid_format import format_grid, parse_grid
from cubecam.layout import LayoutKind

if TYPE_CHECKING:
    from cubecam.vision.reading import Reading


def set_for(name: str | None) -> CubeSet | None:
    """The cube set called ``name``; a set known only by its calibration gives None."""
    from cubecam.vision.looks import look_path

    if name is None:
        return None
    if name in available_cubesets() or name.endswith(".toml"):
        return load_cubeset(name)
    if look_path(name).is_file():
        return CubeSet(name=name, title=name, count=0)
    return load_cubeset(name)


@click.command()
@click.argument("image", type=IMAGE)
@click.option(
    "--layout",
    type=click.Choice(["auto", *(kind.value for kind in LayoutKind)]),
    default="auto",
    show_default=True,
    help="How the cubes lie: a crossword, a word-hunt tray, loose dice, or guess.",
)
@click.option(
    "--set",
    "cubeset",
    help="The cube set (a name in calibration/, a .toml file, or a set you calibrated).",
)
@json_option
@click.option(
    "--annotate",
    "annotate_path",
    type=IMAGE,
    callback=image_out,
    help="Write the photo with each cube outlined and its letter to this file.",
)
@click.option(
    "--ocr",
    default="glyphs",
    show_default=True,
    metavar="glyphs|tesseract",
    help="The glyph reader: the built-in one, or Tesseract (slower, upright only).",
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
    ``cubecam score --grid``.

    \b
    Example:
      cubecam read photo.jpg --annotate read.png
    """
    from cubecam.vision import read_photo

    reading = read_photo(image, layout=layout, cubeset=set_for(cubeset), ocr=ocr)
    if annotate_path is not None:
        write_annotated(annotate_path, image, reading)
    if as_json:
        click.echo(json.dumps(reading.to_json(), ensure_ascii=False, indent=2))
    else:
        click.echo(describe(reading))


@click.command()
@click.option("--set", "name", required=True, help="A name for your set (e.g. my-adlib).")
@click.argument("photos", type=IMAGE, nargs=-1, required=True)
@click.option(
    "--grid",
    "grids",
    type=IMAGE,
    multiple=True,
    help="The letters of each photo as a text grid file, one --grid per photo "
    "in order (else you are asked to type them).",
)
def calibrate(name: str, photos: tuple[Path, ...], grids: tuple[Path, ...]) -> None:
    """Learn how your own cubes look from a few photos whose letters you type.

    Later ``cubecam read --set NAME`` uses it.

    \b
    Example:
      cubecam calibrate --set my-adlib game1.jpg --grid game1.grid
    """
    from cubecam.vision import read_photo
    from cubecam.vision.calibrate import calibrate as learn_look

    if grids and len(grids) != len(photos):
        raise InputError(f"{len(photos)} photos but {len(grids)} --grid files: give one per photo")
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
