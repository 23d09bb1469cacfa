"""``cubecam hunt``: score a word-hunt round, list a board's words, show where a word lies."""

from __future__ import annotations

import json
from pathlib import Path
from typing import NamedTuple

import click
from pydantic_core import to_jsonable_python

from cubecam.cli.options import TEXT, json_option, lexicon_options, set_option
from cubecam.cli.photo_input import IMAGE, as_read, layout_from, photo_options, write_annotated
from cubecam.cubesets import CubeSet, load_cubeset
from cubecam.errors import InputError
from cubecam.layout import Layout
from cubecam.lexicon import Lexicon, load_lexicon
from cubecam.reading import Reading
from cubecam.rules.hunt import Board, Hunt, ScoredWord, parse_word_list, tray_in_photo
from cubecam.user_files import nfc, read_user_text

MISSED = 10


@click.command("hunt")
@click.argument("photo", type=IMAGE, required=False)
@click.option(
    "--grid",
    "grid_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The board as a text grid of N×N dice (3..6), e.g. 'R A K T' rows; [Qu] or Qu for Qu "
    "(instead of a photo).",
)
@click.option(
    "--player",
    "player_args",
    multiple=True,
    metavar="NAME=FILE",
    help="A player and the file of words they wrote (one a line). Repeat for each player.",
)
@click.option("--fast", is_flag=True, help="Fast variant: every valid word scores, shared or not.")
@click.option(
    "--block-wild",
    is_flag=True,
    help="A solid BLOCK face stands for any one letter (the official rules: no word passes "
    "through it).",
)
@lexicon_options(default_lang=None)
@click.option(
    "--compounds",
    is_flag=True,
    help="Also accept hunspell's free compounds (--solve still lists the full-form list).",
)
@click.option("--solve", "solve_board", is_flag=True, help="List every word on the board.")
@click.option("--missed", is_flag=True, help=f"With players: the {MISSED} best words nobody wrote.")
@click.option(
    "--path", "path_word", metavar="WORD", type=TEXT, help="Show where WORD lies on the board."
)
@set_option("The dice set, read with its look; warns of letters it lacks", dest="set_name")
@photo_options
@json_option("the board, each player's words and points, every word with --solve")
def hunt(
    photo: Path | None,
    grid_file: Path | None,
    player_args: tuple[str, ...],
    fast: bool,
    block_wild: bool,
    wordlist: Path | None,
    lang: str | None,
    compounds: bool,
    solve_board: bool,
    missed: bool,
    path_word: str | None,
    set_name: str | None,
    fixes: tuple[str, ...],
    annotate_path: Path | None,
    as_json: bool,
) -> None:
    """Settle a word-hunt round: is that word on the board, and is it a word.

    Swedish rules and lexicon unless --lang, the board's lang: header or the
    dice set (--set or a set: header) says en (English Boggle's points).

    \b
    cubecam hunt --grid board.txt --player Anna=anna.txt --player Bo=bo.txt
    cubecam hunt tray.jpg --player Anna=anna.txt --player Bo=bo.txt
    cubecam hunt --grid board.txt --solve
    cubecam hunt --grid board.txt --path hakrem
    """
    if missed and not player_args:
        raise InputError("--missed needs the players' lists (--player NAME=FILE)")
    if not (player_args or solve_board or path_word):
        raise InputError("nothing to do: give --player NAME=FILE lists, --solve or --path WORD")
    if compounds and wordlist:
        raise InputError("--compounds extends the built-in lexicon; it cannot go with --wordlist")
    photo_set = load_cubeset(set_name) if set_name else None
    layout, board, reading, off_tray = read_tray(grid_file, photo, photo_set, fixes, block_wild)
    set_name = set_name or layout.headers.get("set")
    cubes = load_cubeset(set_name) if set_name else None
    if reading is not None and photo is not None:
        if annotate_path is not None:
            write_annotated(annotate_path, photo, reading)
        if not as_json:
            click.echo(as_read(reading, layout, bool(fixes)) + "\n")
    elif annotate_path is not None:
        raise InputError("--annotate draws on a photo: give a photo, not --grid")
    if off_tray:
        click.echo(f"cubecam: note: {off_tray}", err=True)
    if cubes:
        _warn_about_set(layout, cubes)
    lang = lang or layout.headers.get("lang") or (cubes.lang if cubes else Hunt.default_lang)
    rules = Hunt.in_language(lang, fast=fast)
    lexicon = load_lexicon(lang, wordlist, compounds=compounds)
    players = read_players(player_args)

    report: dict = {}
    text: list[str] = []
    if path_word:
        report["path"], path_text = _path(board, rules, lexicon, path_word)
        text.append(path_text)
    if players:
        tally = rules.score(board, lexicon, players)
        report.update(to_jsonable_python(tally))
        text.append(tally.render())
    if solve_board or missed:
        words = rules.solve(board, lexicon)
        if solve_board:
            report["words"] = to_jsonable_python(words)
            report["max_score"] = sum(w.points for w in words)
            report["lexicon"] = lexicon.name
            text.append(solution(words, lexicon))
        if missed:
            written = {word for written_by in players.values() for word in written_by}
            best = [w for w in words if w.word not in written][:MISSED]
            report["missed"] = to_jsonable_python(best)
            text.append(_missed(best))
    if as_json:
        click.echo(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        click.echo("\n\n".join(text))


def read_players(args: tuple[str, ...]) -> dict[str, list[str]]:
    """Each ``--player NAME=FILE``: the player's name and the words in their file."""
    players: dict[str, list[str]] = {}
    for arg in args:
        name, sep, file = (part.strip() for part in arg.partition("="))
        name = nfc(name)
        if not sep or not name or not file:
            raise InputError(f"--player takes NAME=FILE, not {arg!r}")
        same = next((known for known in players if known.casefold() == name.casefold()), None)
        if same is not None:
            raise InputError(f"--player {same} and --player {name} are one player: give each once")
        players[name] = parse_word_list(read_user_text(Path(file), f"{name}'s word list"))
    return players


class Tray(NamedTuple):
    """A word-hunt tray as given: its layout and board, the photo's reading (None for a typed
    grid), and the note on the dice the photo shows off the tray, left out of the board."""

    layout: Layout
    board: Board
    reading: Reading | None
    off_tray: str | None


def read_tray(
    grid: Path | None,
    photo: Path | None,
    cubeset: CubeSet | None,
    fixes: tuple[str, ...] = (),
    block_wild: bool = False,
    set_option: str | None = "--set",
) -> Tray:
    """The tray of ``--grid`` or of a photo read with ``cubeset``, corrected by ``--fix``;
    ``set_option`` names the dice set where none is known (None: nothing can)."""
    layout, reading = layout_from(
        grid, photo, kind="tray", cubeset=cubeset, fixes=fixes, lowercase_is_wildcard=False
    )
    off_tray = None
    if reading is not None:
        layout, off_tray = tray_in_photo(layout)
    board = _board(layout, block_wild, reading, bool(fixes), None if cubeset else set_option)
    return Tray(layout, board, reading, off_tray)


def _board(
    layout: Layout,
    block_wild: bool,
    reading: Reading | None,
    corrected: bool,
    set_option: str | None,
) -> Board:
    """The board the layout shows; where a photo's reading makes none (a die missed, a row
    too many), the reading printed to stderr, and how to mend it, in the error."""
    try:
        return Board.from_layout(layout, block_wild=block_wild)
    except InputError as error:
        if reading is None:
            raise
        click.echo(as_read(reading, layout, corrected), err=True)
        size = (
            f", or name the dice set with {set_option} (it gives the tray's size)"
            if set_option
            else ""
        )
        raise InputError(
            f"{error}: the photo reads as above; correct it with --fix ROW,COL=LETTER{size}"
        ) from None


def _warn_about_set(layout: Layout, cubes: CubeSet) -> None:
    problems = cubes.check(layout)
    if cubes.size and layout.rows() and len(layout.rows()) != cubes.size:
        side = len(layout.rows())
        problems.append(
            f"the board is {side}×{side}, but the {cubes.title} set fills a "
            f"{cubes.size}×{cubes.size} tray"
        )
    missing = cubes.unexplained([face.symbol for face in layout.faces()])
    if missing:
        problems.append(f"no remaining die of the {cubes.title} set shows {' '.join(missing)}")
    for problem in problems:
        click.echo(f"cubecam: warning: {problem}", err=True)


def _path(board: Board, rules: Hunt, lexicon: Lexicon, word: str) -> tuple[dict, str]:
    word = word.strip().lower()
    trace = board.trace(word)
    reason = rules.check(board, lexicon, word)
    report = {
        "word": word,
        "on_board": trace.path is not None,
        "squares": [[row + 1, col + 1] for row, col in map(board.square, trace.path or ())],
        "valid": reason is None,
        "points": 0 if reason else rules.points(word),
        "reason": reason,
    }
    if trace.path is None:
        return report, f"{word} is not on the board: {trace.explain()}\n{board.draw(trace.partial)}"
    lines = [f"{word} is on the board:", board.draw(trace.path)]
    if reason:
        lines.append(f"but it does not score: {reason} (lexicon: {lexicon.name})")
    else:
        lines.append(f"{word} scores {report['points']} (lexicon: {lexicon.name})")
    return report, "\n".join(lines)


def solution(words: list[ScoredWord], lexicon: Lexicon) -> str:
    """Every word on the board with its points, and the total possible."""
    width = max((len(w.word) for w in words), default=0)
    lines = [f"{len(words)} words on the board (lexicon: {lexicon.name})"]
    lines += [f"  {w.word.ljust(width)}  {w.points:>2}" for w in words]
    lines.append(f"Total possible: {sum(w.points for w in words)}")
    return "\n".join(lines)


def _missed(words: list[ScoredWord]) -> str:
    if not words:
        return "Nobody missed a word."
    width = max(len(w.word) for w in words)
    lines = [f"  {w.word.ljust(width)}  {w.points:>2}" for w in words]
    return "\n".join(["Best words nobody wrote:", *lines])


COMMANDS = [hunt]
