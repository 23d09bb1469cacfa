"""Where a command's layout comes from: a typed grid or a photo, with the user's corrections."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import click

from cubecam.cli.options import TEXT, read_grid
from cubecam.cubesets import CubeSet
from cubecam.errors import InputError, UnknownSymbol
from cubecam.grid_format import format_grid, parse_face
from cubecam.layout import Face, Layout, Square
from cubecam.user_files import write_user_file

if TYPE_CHECKING:
    from cubecam.reading import Reading

F = TypeVar("F", bound=Callable)
IMAGE = click.Path(dir_okay=False, path_type=Path)
_FIX = re.compile(r"^\s*(\d+)\s*,\s*(\d+)\s*=\s*(\S+)\s*$")


def image_out(ctx: click.Context, param: click.Parameter, path: Path | None) -> Path | None:
    """Check an ``--annotate`` name before any work: OpenCV must have a writer for it."""
    import cv2

    if path is not None and not cv2.haveImageWriter(str(path)):
        raise InputError(f"cannot write {path}: give a .png or .jpg name")
    return path


def images_out(
    ctx: click.Context, param: click.Parameter, paths: tuple[Path, ...]
) -> tuple[Path, ...]:
    """Check each name of an ``--annotate`` given once per photo (:func:`image_out`)."""
    for path in paths:
        image_out(ctx, param, path)
    return paths


def photo_options(command: F) -> F:
    """``--fix R,C=LETTER`` and ``--annotate OUT.png``, for commands that read photos."""
    command = click.option(
        "--annotate",
        "annotate_path",
        type=IMAGE,
        callback=image_out,
        help="With a photo: write it with each cube outlined and its letter, green in allowed"
        " words, red in refused ones, orange with a ? where unsure.",
    )(command)
    return fix_option(command)


PLAYER = "PLAYER:"
"""How a two-player command's corrections say whose crossword they correct."""
WHOSE = " PLAYER is a --player name, or 1 or 2 in their order."


def fix_option(command: F, *, per_player: bool = False) -> F:
    """``--fix R,C=LETTER``: correct a cube read from a photo (or typed); ``per_player``,
    ``--fix PLAYER:R,C=LETTER``, for the crosswords of two players."""
    return click.option(
        "--fix",
        "fixes",
        multiple=True,
        type=TEXT,
        metavar=f"{PLAYER if per_player else ''}R,C=LETTER",
        help=f"Correct the cube {'of PLAYER ' if per_player else ''}at row R, column C (from 1)"
        " to LETTER ('.' empties the square; row or column 0, or one past the last, adds a"
        f" cube beside the grid).{WHOSE if per_player else ''}",
    )(command)


def left_over_option(command: F, *, per_player: bool = False) -> F:
    """``--left-over LETTER``: a cube of the set not used and not in the photo (or grid);
    ``per_player``, ``--left-over PLAYER:LETTER``."""
    return click.option(
        "--left-over",
        "left_over",
        multiple=True,
        type=TEXT,
        metavar=f"{PLAYER if per_player else ''}LETTER",
        help=f"Add a cube {'of PLAYER ' if per_player else ''}left over that the photo does not"
        f" show (repeat for each): a cube not used costs its value.{WHOSE if per_player else ''}",
    )(command)


def by_player(option: str, values: Iterable[str], names: Sequence[str]) -> dict[str, list[str]]:
    """Each player's share of a per-player option's ``values``, each written ``PLAYER:VALUE``
    where PLAYER is one of ``names`` or its place among them (from 1).

    >>> by_player("--fix", ["Bo:1,2=E", "1:2,2=."], ["Ann", "Bo"])
    {'Ann': ['2,2=.'], 'Bo': ['1,2=E']}
    """
    shares: dict[str, list[str]] = {name: [] for name in names}
    places = {str(place): name for place, name in enumerate(names, 1)}
    for value in values:
        who, _, what = value.rpartition(":")
        name = who if who in shares else places.get(who.strip())
        if name is None:
            players = " or ".join(names)
            raise InputError(
                f"{option} {value!r}: say whose crossword it is, as PLAYER:{what or '...'}"
                f" (PLAYER is {players}, or 1 or 2)"
            )
        shares[name].append(what)
    return shares


def apply_fixes(
    layout: Layout,
    fixes: Iterable[str],
    lowercase_is_wildcard: bool = True,
    cubeset: CubeSet | None = None,
) -> Layout:
    """The layout with each ``R,C=LETTER`` correction made, counted on the grid as printed.

    Rows and columns count from 1, as in every message and in ``--json``; row or column 0,
    or one past the last, puts a cube beside the grid (one the camera missed at the end of a
    word), and a square further out is refused. A letter must be a face of ``cubeset``,
    where given.

    >>> print(format_grid(apply_fixes(Layout.from_rows(["CAT"]), ["1,3=B", "1,1=?"])))
    ?AB
    >>> print(format_grid(apply_fixes(Layout.from_rows(["CAT"]), ["1,4=S", "0,1=A"])))
    A...
    CATS
    """
    top, left, bottom, right = layout.bounds()
    height, width = bottom - top + 1, right - left + 1
    for fix in fixes:
        match = _FIX.match(fix)
        if not match:
            raise InputError(f"--fix {fix!r}: write it as ROW,COLUMN=LETTER, e.g. 2,3=E")
        row, col, token = int(match.group(1)), int(match.group(2)), match.group(3)
        inside = 1 <= row <= height and 1 <= col <= width
        beside = 0 <= row <= height + 1 and 0 <= col <= width + 1 and token != "."
        if not (inside or beside):
            raise InputError(
                f"--fix {fix}: row {row}, column {col} is outside the grid, which has "
                f"{height} row{'s' if height != 1 else ''} and "
                f"{width} column{'s' if width != 1 else ''} (counted from 1; row 0 or "
                f"{height + 1}, column 0 or {width + 1} adds a cube beside it)"
            )
        square: Square = (top + row - 1, left + col - 1)
        given = f"--fix {fix!r}"
        face = None if token == "." else _given_face(given, token, lowercase_is_wildcard, cubeset)
        layout = layout.replace(square, face)
    return layout.at_origin()


def add_left_over(
    layout: Layout,
    symbols: Iterable[str],
    lowercase_is_wildcard: bool = True,
    cubeset: CubeSet | None = None,
) -> Layout:
    """The layout with a cube left over added for each of ``symbols`` (faces of ``cubeset``,
    where given): cubes not used that the photo does not show.

    >>> print(format_grid(add_left_over(Layout.from_rows(["CAT"]), ["S", "?"])))
    CAT
    unused: S ?
    """
    faces = [
        _given_face(f"--left-over {symbol!r}", symbol, lowercase_is_wildcard, cubeset)
        for symbol in symbols
    ]
    return replace(layout, unused=(*layout.unused, *faces))


def _given_face(
    given: str, token: str, lowercase_is_wildcard: bool, cubeset: CubeSet | None
) -> Face:
    """The face an option names (``given``, as the user wrote it), refused (naming the set's
    faces) when no cube shows it."""
    if not token.strip():
        raise InputError(f"{given}: give the letter the cube shows")
    try:
        face = parse_face(token.strip("[]"), lowercase_is_wildcard)
        if cubeset is None or cubeset.shows(face):
            return face
    except InputError as error:
        if cubeset is None:
            raise InputError(f"{given}: {error}") from None
    raise UnknownSymbol(f"{given}: {cubeset.lacks([token])}")


def layout_from(
    grid: Path | None,
    photo: Path | None,
    *,
    kind: str,
    cubeset: CubeSet | None,
    fixes: Iterable[str] = (),
    left_over: Iterable[str] = (),
    lowercase_is_wildcard: bool | None = None,
    cubeset_for: Callable[[Mapping[str, str]], CubeSet | None] | None = None,
) -> tuple[Layout, Reading | None]:
    """The layout from ``--grid`` or from a photo (read with ``cubeset`` by the camera side),
    corrected by ``--fix`` and with the cubes ``--left-over`` added (faces of ``cubeset``).
    ``cubeset_for`` gives the set a typed grid is played with by its headers, whose faces
    its squares, the fixes and the cubes added must be."""
    if (grid is None) == (photo is None):
        raise InputError("give the layout either as a photo or with --grid FILE (one of them)")
    reading = None
    if grid is not None:
        layout = read_grid(
            grid, lowercase_is_wildcard=lowercase_is_wildcard, cubeset_for=cubeset_for
        )
        if cubeset_for is not None:
            cubeset = cubeset_for(layout.headers)
    elif photo is not None:
        from cubecam.vision import read_photo

        reading = read_photo(photo, layout=kind, cubeset=cubeset)
        layout = reading.layout
    wild = lowercase_is_wildcard if lowercase_is_wildcard is not None else kind == "crossword"
    layout = apply_fixes(layout, fixes, wild, cubeset)
    return add_left_over(layout, left_over, wild, cubeset), reading


def unseen_note(unseen: int, cubeset: CubeSet, from_photo: bool, player: str = "") -> str:
    """What to do where the layout shows fewer cubes than the set has (empty where it shows
    them all): every cube is in play, and one not used costs its value. ``--left-over`` and
    ``--fix`` correct it, prefixed with ``player:`` where given.

    >>> from cubecam.cubesets import load_cubeset
    >>> unseen_note(1, load_cubeset("adlib"), True)[:63]
    'note: the photo shows 12 of the Duplicate Ad-Lib Crossword Cube'
    """
    if not unseen:
        return ""
    shown = cubeset.shown(unseen)
    if not from_photo:
        return f"note: the grid shows {shown}: add the cubes not used to its 'unused:' line"
    whose = f"{player}:" if player else ""
    return (
        f"note: the photo shows {shown}: add each cube it leaves out with --left-over"
        f" {whose}LETTER (or --fix {whose}ROW,COL=LETTER where the camera missed a cube of the"
        " crossword: row or column 0, or one past the last, is beside it),"
        " or take the photo again with every cube in view"
    )


def as_read(reading: Reading, layout: Layout, corrected: bool) -> str:
    """What a command prints of a photo before scoring it: the reading with its unsure cubes
    (:func:`describe`), or, once the user ``corrected`` it, the layout as corrected."""
    return format_grid(layout) if corrected else describe(reading)


def describe(reading: Reading) -> str:
    """The text grid read, then one line per unsure cube (and the reader's notes)."""
    lines = [format_grid(reading.layout)]
    for cube in reading.unsure():
        where = (
            f"the cube at row {cube.row + 1}, column {cube.col + 1}"
            if cube.row is not None and cube.col is not None
            else "a cube left over"
        )
        fixed = (
            f" (read as {cube.corrected_from}, changed to fit the set)"
            if cube.corrected_from
            else " (no face was found there: read where the tray holds a cube)"
            if cube.unseen
            else ""
        )
        there = (
            f", if a cube is there at all ({cube.presence:.0%} sure)"
            if cube.is_doubted_there()
            else ""
        )
        others = ", ".join(f"{s} ({p:.0%})" for s, p in cube.alternatives)
        lines.append(
            f"unsure: {where} reads {cube.symbol} ({cube.confidence:.0%} sure){there}{fixed}; "
            + (f"it could be {others}" if others else "nothing else fits")
        )
    lines += [f"note: {note}" for note in reading.notes if "changed to" not in note]
    return "\n".join(lines)


def write_annotated(
    path: Path, photo: Path, reading: Reading, validity: Mapping[Square, bool] | None = None
) -> None:
    """The photo with the reading (and, once scored, each square's word validity) drawn on it."""
    import cv2

    from cubecam.vision import annotate, load_image

    picture = annotate(load_image(photo), reading, validity)
    write_user_file(path, cv2.imencode(path.suffix, picture)[1].tobytes(), "picture")
