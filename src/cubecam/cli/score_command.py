"""``cubecam score`` and ``cubecam adlib``: score crosswords of cubes."""

from __future__ import annotations

import json
from pathlib import Path

import click

from cubecam.cli.options import json_option, lexicon_options, read_grid
from cubecam.cubesets import load_cubeset
from cubecam.errors import InputError
from cubecam.layout import Layout
from cubecam.lexicon import load_lexicon
from cubecam.rules.adlib import score_round
from cubecam.rules.crossword import GAMES, get_game


def game_for(layout: Layout, game: str | None, cubeset: str | None):
    """The game to score with: the option, else the grid's ``game:`` header, else Game One."""
    name = game or layout.headers.get("game") or "scrabble-cubes"
    set_name = cubeset or layout.headers.get("set")
    return get_game(name, load_cubeset(set_name) if set_name else None)


@click.command()
@click.option(
    "--game",
    help=f"The game: {', '.join(sorted(GAMES))} (default: the grid's game: header, else scrabble-cubes).",
)
@click.option(
    "--grid",
    "grid_path",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    help="The layout as a text grid.",
)
@click.option("--set", "cubeset", help="The cube set (a name in calibration/ or a .toml file).")
@lexicon_options(default_lang=None)
@json_option
def score(
    game: str | None,
    grid_path: Path,
    cubeset: str | None,
    lang: str | None,
    wordlist: Path | None,
    as_json: bool,
) -> None:
    """Score a crossword of cubes and print the tally in the rulebook's format.

    \b
    Example:
      cubecam score --game scrabble-cubes --grid sample_images/game-one.grid
    """
    layout = read_grid(grid_path)
    crossword = game_for(layout, game, cubeset)
    lexicon = load_lexicon(lang or layout.headers.get("lang") or crossword.cubeset.lang, wordlist)
    tally = crossword.score(layout, lexicon)
    click.echo(
        json.dumps(tally.to_json(), ensure_ascii=False, indent=2) if as_json else tally.render()
    )


@click.command()
@click.option(
    "--grid",
    "grids",
    type=click.Path(dir_okay=False, path_type=Path),
    multiple=True,
    required=True,
    help="Each player's layout (give it twice).",
)
@click.option(
    "--player", "players", multiple=True, help="The players' names, in the order of --grid."
)
@click.option("--set", "cubeset", default="adlib", show_default=True, help="The cube set.")
@lexicon_options()
@json_option
def adlib(
    grids: tuple[Path, ...],
    players: tuple[str, ...],
    cubeset: str,
    lang: str,
    wordlist: Path | None,
    as_json: bool,
) -> None:
    """Score two Duplicate Ad-Lib crosswords made from the same letters, and check the letters.

    The players swap boxes after the first round: give one player's first-round
    crossword and the other's second-round crossword.

    \b
    Example:
      cubecam adlib --grid anna.grid --grid bo.grid --player Anna --player Bo
    """
    if len(grids) != 2:
        raise InputError(
            f"a Duplicate Ad-Lib round has two players: give --grid twice, not {len(grids)} times"
        )
    names = list(players) or ["Player 1", "Player 2"]
    if len(names) != 2 or names[0] == names[1]:
        raise InputError("give two different --player names, one for each --grid")
    layouts = {name: read_grid(path) for name, path in zip(names, grids, strict=True)}
    result = score_round(
        layouts, load_lexicon(lang, wordlist), get_game("adlib", load_cubeset(cubeset))
    )
    click.echo(
        json.dumps(result.to_json(), ensure_ascii=False, indent=2) if as_json else result.render()
    )


COMMANDS = [score, adlib]
