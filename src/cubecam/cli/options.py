"""Options and input helpers shared by the commands."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TypeVar

import click

from cubecam.cubesets import CubeSet
from cubecam.errors import InputError
from cubecam.grid_format import parse_grid
from cubecam.layout import Layout
from cubecam.user_files import nfc, read_user_text

F = TypeVar("F", bound=Callable)

MAX_GRID_BYTES = 1_000_000


class TypedText(click.ParamType):
    """Text typed on the command line (a name, a word, a correction), taken in NFC as every
    text a user gives; not for paths, whose bytes name the file."""

    name = "text"

    def convert(self, value: str, param: click.Parameter | None, ctx: click.Context | None) -> str:
        return nfc(value)


TEXT = TypedText()


def lexicon_options(default_lang: str | None = "en") -> Callable[[F], F]:
    """``--lang`` and ``--wordlist``, the dictionary options of every command that checks words."""

    def decorate(command: F) -> F:
        command = click.option(
            "--wordlist",
            type=click.Path(dir_okay=False, path_type=Path),
            help="Use the words of this file (one a line, any case, # comments) instead of the"
            " built-in dictionary.",
        )(command)
        return click.option(
            "--lang",
            default=default_lang,
            show_default=default_lang is not None,
            help="Built-in dictionary: en (en_US), en_GB or sv (sv_SE).",
        )(command)

    return decorate


def db_option(command: F) -> F:
    """``--db FILE``: the score log to use."""
    return click.option(
        "--db",
        "db_path",
        type=click.Path(dir_okay=False, path_type=Path),
        help="The score log file (default: $CUBECAM_DB, else scores.sqlite3 in your data folder).",
    )(command)


def set_option(
    purpose: str, *, default: str | None = None, dest: str = "cubeset"
) -> Callable[[F], F]:
    """``--set NAME``: a cube set, shipped or the user's own (calibrated, or a file of theirs)."""
    return click.option(
        "--set",
        dest,
        metavar="NAME",
        default=default,
        show_default=default is not None,
        help=f"{purpose}: a shipped set, one you calibrated or put in your sets folder, or a .toml file.",
    )


def json_option(holds: str) -> Callable[[F], F]:
    """``--json``: print one JSON object, which ``holds`` what the help says."""
    return click.option("--json", "as_json", is_flag=True, help=f"Print one JSON object: {holds}.")


def read_grid(
    path: Path,
    *,
    lowercase_is_wildcard: bool | None = None,
    cubeset_for: Callable[[Mapping[str, str]], CubeSet | None] | None = None,
) -> Layout:
    """A grid file parsed into a Layout (of ``cubeset_for``'s faces, see
    :func:`~cubecam.grid_format.parse_grid`); syntax errors name the file, line and column."""
    text = read_user_text(path, "grid file", MAX_GRID_BYTES)
    try:
        return parse_grid(
            text, lowercase_is_wildcard=lowercase_is_wildcard, cubeset_for=cubeset_for
        )
    except InputError as error:
        raise InputError(f"{path}: {error}") from None
