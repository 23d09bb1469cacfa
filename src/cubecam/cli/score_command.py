"""``cubecam score`` and ``cubecam adlib``: score crosswords of cubes."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import partial
from pathlib import Path

import click
from pydantic_core import to_jsonable_python

from cubecam.cli.options import TEXT, json_option, lexicon_options, set_option
from cubecam.cli.photo_input import (
    IMAGE,
    as_read,
    by_player,
    fix_option,
    images_out,
    layout_from,
    left_over_option,
    photo_options,
    unseen_note,
    write_annotated,
)
from cubecam.cubesets import CubeSet, load_cubeset
from cubecam.errors import InputError
from cubecam.grid_format import format_grid
from cubecam.lexicon import load_lexicon
from cubecam.rules.adlib import AdLib, score_round
from cubecam.rules.crossword import CrosswordGame, GameOne
from cubecam.rules.games import find_game, game_names


def game_for(
    layout_headers: Mapping[str, str], game: str | None, cubeset: str | None
) -> CrosswordGame:
    """The game to score with: the option, else the grid's ``game:`` header, else Game One."""
    name = game or layout_headers.get("game") or GameOne.name
    set_name = cubeset or layout_headers.get("set")
    return find_game(name, CrosswordGame)(load_cubeset(set_name) if set_name else None)


@click.command()
@click.argument("photo", type=IMAGE, required=False)
@click.option(
    "--game",
    help=f"{', '.join(game_names(CrosswordGame))} (a Game Two grid is one toss, scored "
    f"alone; default: the grid's game: header, else {GameOne.name}).",
)
@click.option(
    "--grid",
    "grid_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The layout as a text grid (instead of a photo).",
)
@set_option("The cube set (default: the game's)")
@photo_options
@left_over_option
@lexicon_options(default_lang=None)
@json_option(
    "words (each with its values, score and validity), wildcards, unused, deduction, unseen,"
    " total, final, violations, and from a photo the reading"
)
def score(
    photo: Path | None,
    game: str | None,
    grid_path: Path | None,
    cubeset: str | None,
    fixes: tuple[str, ...],
    left_over: tuple[str, ...],
    annotate_path: Path | None,
    lang: str | None,
    wordlist: Path | None,
    as_json: bool,
) -> None:
    """Score a crossword of cubes, from a PHOTO or a typed --grid, in the rulebook's format.

    From a photo, the layout read is printed first, with any cube read with low
    confidence marked; correct a cube with --fix ROW,COL=LETTER, and add a cube
    left over that the photo does not show with --left-over LETTER.

    \b
    Examples:
      cubecam score --game scrabble-cubes sample_images/game-one-crossword.jpg
      cubecam score --game scrabble-cubes --grid sample_images/game-one.grid
    """

    def set_for(headers: Mapping[str, str]) -> CubeSet:
        return game_for(headers, game, cubeset).cubeset

    layout, reading = layout_from(
        grid_path,
        photo,
        kind="crossword",
        cubeset=set_for({}) if grid_path is None else None,
        fixes=fixes,
        left_over=left_over,
        cubeset_for=set_for,
    )
    crossword = game_for(layout.headers, game, cubeset)
    lexicon = load_lexicon(lang or layout.headers.get("lang") or crossword.cubeset.lang, wordlist)
    shown = reading is not None and not as_json
    # What was read comes first, so that a layout the set refuses can be corrected.
    if shown and reading is not None:
        click.echo(as_read(reading, layout, corrected=bool(fixes or left_over)))
        click.echo()
    try:
        tally = crossword.score(layout, lexicon)
    except InputError as error:
        if not shown:
            raise
        raise InputError(
            f"{error}: correct the layout read above with --fix ROW,COL=LETTER"
            " ('.' empties a square)"
        ) from None
    if annotate_path is not None:
        if reading is None or photo is None:
            raise InputError("--annotate draws on a photo: give a photo, not --grid")
        write_annotated(annotate_path, photo, reading, tally.square_validity())
    if as_json:
        data = to_jsonable_python(tally)
        if reading is not None:
            data["reading"] = reading.model_dump(mode="json")
            data["grid"] = format_grid(layout)
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    click.echo(tally.render())
    note = unseen_note(tally.unseen, crossword.cubeset, from_photo=reading is not None)
    if note:
        click.echo(f"\n{note}")


@click.command()
@click.argument("photos", nargs=-1, type=IMAGE)
@click.option(
    "--grid",
    "grids",
    type=click.Path(dir_okay=False, path_type=Path),
    multiple=True,
    help="Each player's layout as a text grid (give it twice, instead of two photos).",
)
@click.option(
    "--player",
    "players",
    multiple=True,
    type=TEXT,
    help="The players' names, in the order of the photos or of --grid.",
)
@set_option("The cube set", default="adlib")
@click.option(
    "--annotate",
    "annotate_paths",
    type=IMAGE,
    multiple=True,
    callback=images_out,
    help="With photos: write each player's photo with its cubes outlined, their letters, and"
    " words coloured (give it twice, in the players' order).",
)
@partial(fix_option, per_player=True)
@partial(left_over_option, per_player=True)
@lexicon_options()
@json_option("each player's tally, whether the facings match, the winner, the readings")
def adlib(
    photos: tuple[Path, ...],
    grids: tuple[Path, ...],
    players: tuple[str, ...],
    cubeset: str,
    annotate_paths: tuple[Path, ...],
    fixes: tuple[str, ...],
    left_over: tuple[str, ...],
    lang: str,
    wordlist: Path | None,
    as_json: bool,
) -> None:
    """Score two Duplicate Ad-Lib crosswords made from the same letters, and check the letters.

    Give each player's crossword as a photo, or as a typed --grid. The players swap
    boxes after the first round: give one player's first-round crossword and the
    other's second-round crossword. From photos, what was read is printed first;
    correct a player's cube with --fix PLAYER:ROW,COL=LETTER, and add a cube left
    over that the photo does not show with --left-over PLAYER:LETTER (PLAYER is a
    --player name, or 1 or 2).

    \b
    Examples:
      cubecam adlib anna.jpg bo.jpg --player Anna --player Bo
      cubecam adlib anna.jpg bo.jpg --player Anna --player Bo --fix Bo:2,3=E
      cubecam adlib anna.jpg bo.jpg --annotate anna-read.png --annotate bo-read.png
      cubecam adlib --grid anna.grid --grid bo.grid --player Anna --player Bo
    """
    if photos and grids:
        raise InputError("give the two crosswords as two photos or as --grid twice, not both")
    sources = photos or grids
    if len(sources) != 2:
        what = "photos" if photos else "--grid"
        raise InputError(
            f"a Duplicate Ad-Lib round has two players: give two crosswords, not {len(sources)}"
            + (f" (as {what})" if sources else " (two photos, or --grid twice)")
        )
    if annotate_paths and not photos:
        raise InputError("--annotate draws on photos: give two photos, not --grid")
    if annotate_paths and len(annotate_paths) != 2:
        raise InputError("give --annotate twice, a file for each player's photo")
    names = list(players) or ["Player 1", "Player 2"]
    if len(names) != 2 or names[0] == names[1]:
        raise InputError("give two different --player names, one for each crossword")
    cubes = load_cubeset(cubeset)
    fixes_of, left_over_of = (
        by_player("--fix", fixes, names),
        by_player("--left-over", left_over, names),
    )
    layouts, readings = {}, {}
    for name, source in zip(names, sources, strict=True):
        try:
            layouts[name], reading = layout_from(
                None if photos else source,
                source if photos else None,
                kind="crossword",
                cubeset=cubes,
                fixes=fixes_of[name],
                left_over=left_over_of[name],
            )
        except InputError as error:  # whose photo, grid or correction
            raise InputError(f"{name}: {error}") from None
        if reading is not None:
            readings[name] = reading
    if not as_json:  # what was read comes first, so that a layout the set refuses can be fixed
        for name, reading in readings.items():
            corrected = bool(fixes_of[name] or left_over_of[name])
            click.echo(
                f"{name}, {'as corrected' if corrected else 'as read'}:\n"
                f"{as_read(reading, layouts[name], corrected)}\n"
            )
    try:
        result = score_round(layouts, load_lexicon(lang, wordlist), AdLib(cubes))
    except InputError as error:
        if not readings or as_json:
            raise
        raise InputError(
            f"{error}: correct the layouts read above with --fix PLAYER:ROW,COL=LETTER"
            " ('.' empties a square)"
        ) from None
    for (name, reading), path, photo in zip(readings.items(), annotate_paths, photos, strict=False):
        write_annotated(path, photo, reading, result.tallies[name].square_validity())
    if as_json:
        data = to_jsonable_python(result)
        if readings:
            data["readings"] = [
                {"name": name, "grid": format_grid(layouts[name])} | reading.model_dump(mode="json")
                for name, reading in readings.items()
            ]
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    click.echo(result.render())
    for place, (name, tally) in enumerate(result.tallies.items(), 1):
        typed = name if re.fullmatch(r"[^\s:'\"]+", name) else str(place)  # as typed in a shell
        note = unseen_note(tally.unseen, cubes, from_photo=bool(readings), player=typed)
        if note:
            click.echo(f"\n{name}: {note.removeprefix('note: ')}")


COMMANDS = [score, adlib]
