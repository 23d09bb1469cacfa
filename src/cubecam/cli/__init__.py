"""The ``cubecam`` command line: one module per command, registered here.

The commands import the camera side (OpenCV, numpy) inside the functions that read,
draw or render photos, so ``cubecam --help`` and the word commands start at once.
"""

from __future__ import annotations

import sys
from typing import Any, NoReturn

import click

from cubecam import __version__
from cubecam.errors import CubecamError


class CubecamGroup(click.Group):
    """A click group that turns every user-facing error into one line and exit status 2, and
    Ctrl-C, while the command line is read or a command runs, into one line and 130."""

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except KeyboardInterrupt:
            _interrupted()

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except CubecamError as error:
            click.echo(f"cubecam: error: {error}", err=True)
            sys.exit(2)
        except KeyboardInterrupt:
            _interrupted()


def _interrupted() -> NoReturn:
    click.echo("cubecam: interrupted", err=True)
    sys.exit(130)


@click.group(cls=CubecamGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cubecam")
def main() -> None:
    """Point a camera at real letter cubes and get the score, settled.

    Score a crossword of cubes typed as a text grid (or read from a photo),
    check words against real dictionaries, and keep a log of whole games.
    """


def _register() -> None:
    from cubecam.cli import (
        game_command,
        hunt_command,
        read_command,
        score_command,
        serve_command,
        watch_command,
        words_command,
    )

    for module in (
        score_command,
        words_command,
        hunt_command,
        game_command,
        read_command,
        serve_command,
        watch_command,
    ):
        for command in module.COMMANDS:
            main.add_command(command)


_register()
