"""``cubecam watch``: score the cubes under a webcam (or in a video) as they settle."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import click

from cubecam.cli.hunt_command import solution
from cubecam.cli.options import lexicon_options, set_option
from cubecam.cubesets import CubeSet, load_cubeset
from cubecam.errors import InputError
from cubecam.grid_format import format_grid
from cubecam.layout import Layout
from cubecam.lexicon import Lexicon, load_lexicon
from cubecam.rules.crossword import CrosswordGame
from cubecam.rules.games import GAMES
from cubecam.rules.hunt import Board, Hunt, tray_in_photo

WINDOW = "cubecam watch (q to quit)"

Scorer = Callable[[Layout], tuple[str, str]]
"""A layout's score in a few words (for the live view) and its full tally (for the terminal)."""


@click.command()
@click.option("--camera", type=click.IntRange(0, 99), help="Camera number (default 0).")
@click.option(
    "--video",
    type=click.Path(dir_okay=False, path_type=Path),
    help="A video file, read instead of a camera.",
)
@click.option(
    "--game",
    type=click.Choice(list(GAMES)),
    required=True,
    help="A crossword game, or a word hunt: the tray's every word and the points.",
)
@set_option("The cube set (default: the game's)")
@lexicon_options(default_lang=None)
@click.option(
    "--block-wild", is_flag=True, help="Word hunt: a solid face (BLOCK) stands for any letter."
)
@click.option(
    "--window/--no-window",
    default=None,
    help="Show the live view (default: where a display exists).",
)
def watch(
    camera: int | None,
    video: Path | None,
    game: str,
    cubeset: str | None,
    lang: str | None,
    wordlist: Path | None,
    block_wild: bool,
    window: bool | None,
) -> None:
    """Watch the cubes through a camera; each time the layout settles, print it and its tally.

    \b
    Examples:
      cubecam watch --camera 0 --game scrabble-cubes
      cubecam watch --camera 0 --game hunt
    """
    if camera is not None and video is not None:
        raise InputError("give --camera or --video, not both")
    cubes = load_cubeset(cubeset) if cubeset else None
    played = GAMES[game]
    crossword = played(cubes) if issubclass(played, CrosswordGame) else None
    if block_wild and crossword is not None:
        raise InputError("--block-wild is an option of the word hunt (--game hunt)")
    from cubecam.vision import read_photo
    from cubecam.watch import Watcher
    from cubecam.watch.frames import display_available, frames

    stream = frames(video if video is not None else (camera or 0))
    if crossword is None:
        scorer = _hunt_scorer(cubes, lang, wordlist, block_wild)
    else:
        cubes = crossword.cubeset
        lexicon = load_lexicon(lang or cubes.lang, wordlist)
        scorer = _crossword_scorer(crossword, lexicon)
    kind = played.layout_kind.value
    show = display_available() if window is None else window
    watcher = Watcher(partial(read_photo, layout=kind, cubeset=cubes), background=video is None)
    score, tally, scored = "no cubes yet", "", Layout()
    started = time.perf_counter()
    for frame in stream:
        state = watcher.feed(frame)
        if state.layout.faces() and state.layout != scored:
            scored = state.layout
            score, tally = scorer(state.layout)
        if state.became_steady:
            grid = format_grid(state.layout, headers=False)
            click.echo(f"\n[frame {state.index}] steady layout:\n{grid}\n\n{tally}")
        if show:
            import cv2

            from cubecam.watch.overlay import draw_overlay

            cv2.imshow(WINDOW, draw_overlay(frame, state, score))
            if cv2.waitKey(1) & 0xFF == ord("q"):
                break
    watcher.close()
    elapsed = time.perf_counter() - started
    if show:
        import cv2

        cv2.destroyAllWindows()
    if not watcher.steady:
        click.echo("The layout never held still long enough to score.")
    fps = watcher.frames / elapsed if elapsed else 0.0
    click.echo(f"{watcher.frames} frames, {watcher.reads} read, {fps:.1f} frames a second")


def _crossword_scorer(crossword: CrosswordGame, lexicon: Lexicon) -> Scorer:
    """A crossword scored by its game's rules."""

    def score(layout: Layout) -> tuple[str, str]:
        tally = crossword.score(layout, lexicon)
        return f"score {tally.final}", tally.render()

    return score


def _hunt_scorer(
    cubes: CubeSet | None, lang: str | None, wordlist: Path | None, block_wild: bool
) -> Scorer:
    """A word-hunt tray scored as ``cubecam hunt --solve`` scores it: every word, total possible
    (a solid face standing for any letter where ``block_wild``)."""
    lang = lang or (cubes.lang if cubes else Hunt.default_lang)
    rules, lexicon = Hunt.in_language(lang), load_lexicon(lang, wordlist)

    def score(layout: Layout) -> tuple[str, str]:
        tray, off_tray = tray_in_photo(layout)
        try:
            board = Board.from_layout(tray, block_wild=block_wild)
        except InputError as why:
            return "not a full tray yet", f"not scored yet: {why}"
        words = rules.solve(board, lexicon)
        text = solution(words, lexicon)
        return f"{len(words)} words, {sum(w.points for w in words)} points", (
            f"{off_tray}\n{text}" if off_tray else text
        )

    return score


COMMANDS = [watch]
