"""``cubecam game``: keep the scores of whole games in a log (SQLite), turn by turn."""

from __future__ import annotations

import json
from pathlib import Path

import click

from cubecam.cli.hunt_command import read_players, read_tray
from cubecam.cli.options import TEXT, db_option, json_option, set_option
from cubecam.cli.photo_input import (
    as_read,
    fix_option,
    layout_from,
    left_over_option,
    unseen_note,
)
from cubecam.cubesets import load_cubeset
from cubecam.errors import InputError
from cubecam.layout import Layout
from cubecam.rules.crossword import CrosswordGame, played_with
from cubecam.rules.games import GAMES
from cubecam.rules.match import Standing
from cubecam.rules.tally import signed
from cubecam.scorelog import Recorded, ScoreLog
from cubecam.scorelog.export import FORMATS, export_text
from cubecam.user_files import nfc, write_user_file


def read_layout(
    grid: Path | None,
    photo: Path | None,
    cubeset: str | None,
    fixes: tuple[str, ...] = (),
    left_over: tuple[str, ...] = (),
) -> Layout:
    """The layout of a turn: the typed grid, or the photo read by the camera side (printed),
    corrected by ``--fix`` and with the cubes ``--left-over`` added."""
    cubes = load_cubeset(cubeset) if cubeset else None
    layout, reading = layout_from(
        grid,
        photo if grid is None else None,
        kind="crossword",
        cubeset=cubes,
        fixes=fixes,
        left_over=left_over,
    )
    if reading is not None:
        click.echo(as_read(reading, layout, corrected=bool(fixes or left_over)) + "\n")
    return layout


def standings(standing: Standing) -> str:
    """Any notes (the Ad-Lib letters check), the totals, and whose turn it is."""
    totals = ", ".join(f"{n} {signed(total)}" for n, total in standing.totals_by_name().items())
    return "\n".join([*standing.notes, f"Standings: {totals}", standing.status()])


def _echo_recorded(done: Recorded) -> None:
    if done.text:
        click.echo(done.text)
        click.echo()
    click.echo(standings(done.standing))


def _pairs(values: tuple[str, ...], what: str) -> dict[str, str]:
    pairs = {}
    for value in values:
        name, sep, rest = value.partition("=")
        if not sep or not name.strip() or not rest.strip():
            raise InputError(f"{what} {value!r}: write it as NAME=VALUE")
        if name.strip() in pairs:
            raise InputError(f"{what} {name.strip()} is given twice: give each name once")
        pairs[name.strip()] = rest.strip()
    return pairs


@click.group()
def game() -> None:
    """Keep the scores of whole games: turns, tosses, rounds, totals, the winner.

    \b
    Example:
      cubecam game new --game scrabble-cubes-two --player Ann --player Bo
      cubecam game turn 1 --player Ann --grid toss.grid
      cubecam game show 1
    """


class InPlayingOrder(click.Command):
    """A command that remembers the order of its ``--player`` and ``--team`` options.

    Click gathers each option's values apart; the order of play is the order of
    the two kinds together, kept in ``ctx.meta["seating"]``.
    """

    def make_parser(self, ctx: click.Context):
        parser = super().make_parser(ctx)
        parse = parser.parse_args

        def parse_in_order(args: list[str]):
            opts, rest, order = parse(args)
            seating = [param.name for param in order if param.name in ("players", "teams")]
            ctx.meta["seating"] = seating
            return opts, rest, order

        # click has no hook for the order of the options given but its parser's parse_args.
        parser.parse_args = parse_in_order  # type: ignore[method-assign]
        return parser


def seating(players: tuple[str, ...], teams: dict[str, list[str]], order: list[str]) -> list[str]:
    """Every player in the order of play: a partnership's members where the team was named.

    >>> seating(("Bo",), {"Red": ["Ann", "Cy"]}, ["teams", "players"])
    ['Ann', 'Cy', 'Bo']
    """
    players_left, teams_left = iter(players), iter(teams.values())
    seated: list[str] = []
    for kind in order:
        seated += [next(players_left)] if kind == "players" else next(teams_left)
    return seated


@game.command("new", cls=InPlayingOrder)
@click.option(
    "--game",
    "kind",
    required=True,
    type=click.Choice(list(GAMES)),
    help=", ".join(f"{name} ({game.title})" for name, game in GAMES.items()) + ".",
)
@click.option(
    "--player",
    "players",
    multiple=True,
    type=TEXT,
    help="A player (repeat); players and teams play in the order they are named.",
)
@click.option(
    "--team",
    "teams",
    multiple=True,
    type=TEXT,
    help="A partnership scoring on one line: NAME=PLAYER1,PLAYER2 (repeat).",
)
@click.option(
    "--target",
    type=int,
    help="Play until someone reaches this total (checked when a round is complete).",
)
@click.option("--rounds", type=int, help="Play this many rounds.")
@click.option("--lang", help="Dictionary: en, en_GB or sv (default: the game's).")
@click.option(
    "--wordlist",
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    help="Check words against this file (one a line) instead of the built-in dictionary.",
)
@set_option("The cube set (default: the game's)")
@click.option("--fast", is_flag=True, help="Word hunt: every valid word scores, shared or not.")
@click.option("--compounds", is_flag=True, help="Word hunt: also accept hunspell's compounds.")
@click.option(
    "--block-wild", is_flag=True, help="Word hunt: a solid face (BLOCK) stands for any letter."
)
@db_option
def new(
    kind: str,
    players: tuple[str, ...],
    teams: tuple[str, ...],
    target: int | None,
    rounds: int | None,
    lang: str | None,
    wordlist: Path | None,
    cubeset: str | None,
    fast: bool,
    compounds: bool,
    block_wild: bool,
    db_path: Path | None,
) -> None:
    """Start a game and print its id.

    Without --target or --rounds, Game One plays to 200, Game Two to 250, a word
    hunt to 100, and Duplicate Ad-Lib is always two rounds.
    """
    if target is not None and rounds is not None:
        raise InputError("give --target or --rounds, not both")
    partnerships = {name: members.split(",") for name, members in _pairs(teams, "--team").items()}
    partnerships = {n: [m.strip() for m in ms if m.strip()] for n, ms in partnerships.items()}
    if not players and not partnerships:
        raise InputError("name the players with --player NAME (repeat it for each)")
    order = click.get_current_context().meta["seating"]
    with ScoreLog(db_path) as log:
        started = log.new_game(
            kind,
            seating(players, partnerships, order),
            partnerships,
            target=target,
            rounds=rounds,
            lang=lang,
            wordlist=wordlist,
            cubeset=cubeset,
            options={"fast": fast, "compounds": compounds, "block_wild": block_wild}
            if kind == "hunt"
            else {},
        )
    click.echo(started.id)


@game.command("turn")
@click.argument("game_id", type=click.IntRange(min=1))
@click.option(
    "--player",
    "players",
    multiple=True,
    help="Who played (a player or a partnership); a word hunt: NAME=FILE of words, for each.",
)
@click.option(
    "--grid",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The layout as a text grid (a word hunt: the board).",
)
@click.option(
    "--photo",
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    help="The photo of the layout: read when no --grid is given; its path is kept with the turn.",
)
@click.option(
    "--points",
    "points",
    multiple=True,
    type=TEXT,
    help="Word hunt: a player's points for the round, NAME=N (repeat for each player).",
)
@fix_option
@left_over_option
@db_option
def turn(
    game_id: int,
    players: tuple[str, ...],
    grid: Path | None,
    photo: Path | None,
    points: tuple[str, ...],
    fixes: tuple[str, ...],
    left_over: tuple[str, ...],
    db_path: Path | None,
) -> None:
    """Score and record a turn (Game One, Ad-Lib), a toss (Game Two) or a round (word hunt).

    Prints the tally and the standings. A crossword or a word-hunt tray read from a photo
    is printed first: correct a cube with --fix ROW,COL=LETTER, and add a crossword's cube
    left over that the photo does not show with --left-over LETTER.
    """
    with ScoreLog(db_path) as log:
        match = log.game(game_id)
        if isinstance(match.game, CrosswordGame):
            if len(players) != 1:
                raise InputError("say who played with one --player NAME")
            layout = read_layout(grid, photo, match.cubeset, fixes, left_over)
            player = nfc(players[0])  # not TEXT: a word hunt's NAME=FILE holds a path
            done = log.record_turn(game_id, player, layout, photo=photo and photo.resolve())
            cubeset = played_with(match) or match.game.cubeset
            note = unseen_note(done.turns[0].tally.get("unseen", 0), cubeset, grid is None)
            _echo_recorded(done)
            if note:
                click.echo(f"\n{note}")
            return
        if left_over:
            raise InputError("--left-over adds a crossword's cube left over: a word hunt has none")
        if players and not (grid or photo):
            raise InputError("give the word-hunt board with --grid FILE or --photo TRAY.JPG")
        if not (players or points):
            raise InputError(
                "give each player's words (--player NAME=FILE) or points (--points NAME=N)"
            )
        board, kept = None, None
        if grid or photo:
            board, kept = _tray(grid, photo, match.cubeset, fixes)
        elif fixes:
            raise InputError("--fix corrects the board: give it with --grid FILE or --photo")
        if players:
            assert board is not None  # a board was required with --player above
            done = log.record_hunt_round(game_id, board, read_players(players), photo=kept)
        else:
            try:
                scores = {name: int(value) for name, value in _pairs(points, "--points").items()}
            except ValueError:
                raise InputError("--points takes whole numbers: NAME=N") from None
            done = log.record_round(game_id, scores, board=board, photo=kept)
        _echo_recorded(done)


def _tray(
    grid: Path | None, photo: Path | None, cubeset: str | None, fixes: tuple[str, ...]
) -> tuple[Layout, Path | None]:
    """A hunt round's board, typed or else read from the photo (printed, with a note on the
    dice off the tray), and the photo's path to keep with the round."""
    cubes = load_cubeset(cubeset) if cubeset else None
    tray = read_tray(grid, photo if grid is None else None, cubes, fixes, set_option=None)
    if tray.reading is not None:
        click.echo(as_read(tray.reading, tray.layout, corrected=bool(fixes)) + "\n")
    if tray.off_tray:
        click.echo(f"cubecam: note: {tray.off_tray}", err=True)
    return tray.layout, photo.resolve() if photo else None


@game.command("pass")
@click.argument("game_id", type=click.IntRange(min=1))
@click.option("--player", required=True, type=TEXT, help="Who passes (a player or a partnership).")
@db_option
def pass_(game_id: int, player: str, db_path: Path | None) -> None:
    """Pass for the rest of a Game Two round (allowed after the second toss)."""
    with ScoreLog(db_path) as log:
        _echo_recorded(log.record_pass(game_id, player))


@game.command("undo")
@click.argument("game_id", type=click.IntRange(min=1))
@db_option
def undo(game_id: int, db_path: Path | None) -> None:
    """Remove the last recorded turn, toss, pass or round."""
    with ScoreLog(db_path) as log:
        removed = log.undo(game_id)
        game = log.game(game_id)
        what = ", ".join(
            f"{game.sides[t.seat].name} {'pass' if t.action == 'pass' else signed(t.score)}"
            for t in removed
        )
        click.echo(f"Removed from round {removed[0].round}: {what}")
        click.echo(standings(log.sheet(game_id).standing))


@game.command("show")
@click.argument("game_id", type=click.IntRange(min=1))
@json_option("the score sheet: players, rounds, whose turn, lengths left, the winner")
@db_option
def show(game_id: int, as_json: bool, db_path: Path | None) -> None:
    """Print the score sheet: each round, the totals, whose turn it is, the winner."""
    with ScoreLog(db_path, read_only=True) as log:
        sheet = log.sheet(game_id)
    click.echo(
        json.dumps(sheet.record().model_dump(mode="json"), ensure_ascii=False, indent=2)
        if as_json
        else sheet.render()
    )


@game.command("list")
@json_option("each game's sheet, newest first")
@db_option
def list_(as_json: bool, db_path: Path | None) -> None:
    """List the games in the log, newest first."""
    with ScoreLog(db_path, read_only=True) as log:
        sheets = [log.sheet(g.id) for g in log.games()]
    if as_json:
        click.echo(
            json.dumps(
                [s.record().model_dump(mode="json") for s in sheets], ensure_ascii=False, indent=2
            )
        )
        return
    if not sheets:
        click.echo("No games yet: start one with 'cubecam game new'")
    for sheet in sheets:
        totals = ", ".join(f"{n} {signed(t)}" for n, t in sheet.totals().items())
        click.echo(
            f"{sheet.match.id:>4}  {sheet.match.created}  {sheet.match.kind:<18}  {totals}  "
            f"({sheet.status()})"
        )


@game.command("export")
@click.argument("game_id", type=click.IntRange(min=1))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default="json",
    show_default=True,
    help="json: every turn's grid and tally; csv: each turn's score and words.",
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    help="Write to this file instead of printing.",
)
@db_option
def export(game_id: int, fmt: str, out: Path | None, db_path: Path | None) -> None:
    """Write a game out: JSON with every turn's grid and tally, or CSV of the scores."""
    with ScoreLog(db_path, read_only=True) as log:
        game_, turns, sheet = log.game(game_id), log.turns(game_id), log.sheet(game_id)
    text = export_text(game_, turns, sheet, fmt)
    if out is None:
        click.echo(text, nl=False)
        return
    write_user_file(out, text.encode("utf-8"), "export")


COMMANDS = [game]
