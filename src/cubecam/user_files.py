"""Reading the text files users hand us (grids, word lists) with clear errors."""

from __future__ import annotations

from pathlib import Path

from cubecam.errors import InputError

MAX_TEXT_BYTES = 50_000_000


def read_user_text(path: Path, what: str = "file", limit: int = MAX_TEXT_BYTES) -> str:
    """A user's UTF-8 text file, or an InputError that says what is wrong with it.

    >>> read_user_text(Path("/no/such/file"), "word list")
    Traceback (most recent call last):
    cubecam.errors.InputError: word list not found: /no/such/file
    """
    try:
        size = path.stat().st_size
        if size > limit:
            raise InputError(f"{what} {path} is too large ({size:,} bytes; at most {limit:,})")
        return path.read_text("utf-8")
    except FileNotFoundError:
        raise InputError(f"{what} not found: {path}") from None
    except IsADirectoryError:
        raise InputError(f"{what} {path} is a folder, not a file") from None
    except UnicodeDecodeError:
        raise InputError(f"{what} {path} is not UTF-8 text") from None
    except OSError as error:
        raise InputError(f"cannot read {what} {path}: {error.strerror}") from None
