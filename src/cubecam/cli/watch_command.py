"""``cubecam watch``: score the cubes under a webcam (or in a video) as they settle."""

from __future__ import annotations

import time
from functools import partial
from pathlib import Path

import click

from cubecam.cli.options import lexicon_options, set_option
from cubecam.cubesets import load_cubeset
from cubecam.errors import InputError
from cubecam.lexicon import load_lexicon
from cubecam.rules.crossword import GAMES, get_game

WINDOW = "cubecam watch (q to quit)"


@click.command()
@click.option("--camera", type=click.IntRange(0, 99), help="Camera number (default 0).")
@click.option("--video", type=click.Path(dir_okay=False, path_type=Path), help="A video file.")
@click.option("--game", type=click.Choice(sorted(GAMES)), required=True, help="The game.")
@set_option("The cube set (default: the game's)")
@lexicon_options(default_lang=None)
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
    window: bool | None,
) -> None:
    """Watch the cubes through a camera and print the tally each time the layout settles.

    \b
    Example:
      cubecam watch --camera 0 --game scrabble-cubes
    """
    if camera is not None and video is not None:
        raise InputError("give --camera or --video, not both")
    crossword = get_game(game, load_cubeset(cubeset) if cubeset else None)
    from cubecam.vision import read_photo
    from cubecam.watch import Watcher
    from cubecam.watch.frames import display_available, frames

    stream = frames(video if video is not None else (camera or 0))
    lexicon = load_lexicon(lang or crossword.cubeset.lang, wordlist)
    show = display_available() if window is None else window
    reader = partial(read_photo, layout="crossword", cubeset=crossword.cubeset)
    watcher = Watcher(reader, background=video is None)
    score = "no cubes yet"
    started = time.perf_counter()
    for frame in stream:
        state = watcher.feed(frame)
        if state.layout.faces():
            tally = crossword.score(state.layout, lexicon)
            score = f"score {tally.final}"
            if state.became_steady:
                click.echo(f"\n[frame {state.index}] steady layout:\n{tally.render()}")
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


COMMANDS = [watch]
