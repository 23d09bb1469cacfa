"""Options and input helpers shared by the commands."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import click

from cubecam.errors import InputError
from cubecam.grid_format import parse_grid
from cubecam.layout import Layout

F = TypeVar("F", bound=Callable)

MAX_TEXT_BYTES = 1_000_000


def lexicon_options(default_lang: str | None = "en") -> Callable[[F], F]:
    """``--lang`` and ``--wordlist``, the dictionary options of every command that checks words."""

    def decorate(command: F) -> F:
        command = click.option(
            "--wordlist",
            type=click.Path(dir_okay=False, path_type=Path),
            help="Use the words of this file (one a line, any case) instead of the built-in dictionary.",
        )(command)
        return click.option(
            "--lang",
            default=default_lang,
            show_default=default_lang is not None,
            help="Built-in dictionary: en (en_US), en_GB or sv (sv_SE).",
        )(command)

    return decorate


def json_option(command: F) -> F:
    return click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")(command)


def read_text(path: Path, what: str = "file") -> str:
    """A user's text file, or a clear error."""
    try:
        if path.stat().st_size > MAX_TEXT_BYTES:
            raise InputError(f"{what} {path} is too large ({path.stat().st_size} bytes)")
        return path.read_text("utf-8")
    except FileNotFoundError:
        raise InputError(f"{what} not found: {path}") from None
    except IsADirectoryError:
        raise InputError(f"{what} {path} is a folder, not a file") from None
    except UnicodeDecodeError:
        raise InputError(f"{what} {path} is not UTF-8 text") from None
    except OSError as error:
        raise InputError(f"cannot read {what} {path}: {error.strerror}") from None


def read_grid(path: Path) -> Layout:
    """A grid file parsed into a Layout; syntax errors name the file, line and column."""
    try:
        return parse_grid(read_text(path, "grid file"))
    except InputError as error:
        if str(error).startswith("grid file"):
            raise
        raise InputError(f"{path}: {error}") from None
