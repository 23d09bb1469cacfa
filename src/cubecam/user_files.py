"""Reading the files users hand us (grids, word lists, photos) with clear errors, and the
one form their text takes.

Only regular files are read, and never more than the limit (plus one byte, to tell a file
that is too large): a device such as ``/dev/zero`` or a pipe is refused before it is opened.
"""

from __future__ import annotations

import stat
import unicodedata
from pathlib import Path

from cubecam.errors import InputError

MAX_TEXT_BYTES = 50_000_000


def nfc(text: str) -> str:
    """``text`` in Unicode's composed form (NFC), as every text a user gives is taken: å typed
    as an a and a combining ring (as some phones, keyboards and copied text give it) is å.

    >>> decomposed = "a\u030a"
    >>> len(decomposed), nfc(decomposed) == "å"
    (2, True)
    """
    return unicodedata.normalize("NFC", text)


def read_user_bytes(path: Path, what: str = "file", limit: int = MAX_TEXT_BYTES) -> bytes:
    """The bytes of a user's regular file of at most ``limit`` bytes, or an InputError.

    >>> read_user_bytes(Path("/dev/zero"), "photo")
    Traceback (most recent call last):
    cubecam.errors.InputError: photo /dev/zero is not a regular file (a device, pipe or socket)
    """
    try:
        mode = path.stat().st_mode
        if stat.S_ISDIR(mode):
            raise InputError(f"{what} {path} is a folder, not a file")
        if not stat.S_ISREG(mode):
            raise InputError(f"{what} {path} is not a regular file (a device, pipe or socket)")
        with path.open("rb") as file:
            data = file.read(limit + 1)
    except FileNotFoundError:
        raise InputError(f"{what} not found: {path}") from None
    except IsADirectoryError:
        raise InputError(f"{what} {path} is a folder, not a file") from None
    except OSError as error:
        raise InputError(f"cannot read {what} {path}: {error.strerror or error}") from None
    if len(data) > limit:
        raise InputError(f"{what} {path} is too large (more than {limit:,} bytes)")
    return data


def read_user_text(path: Path, what: str = "file", limit: int = MAX_TEXT_BYTES) -> str:
    """A user's UTF-8 text file (a leading byte order mark dropped, in NFC), or an InputError.

    >>> read_user_text(Path("/no/such/file"), "word list")
    Traceback (most recent call last):
    cubecam.errors.InputError: word list not found: /no/such/file
    """
    try:
        return nfc(read_user_bytes(path, what, limit).decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise InputError(f"{what} {path} is not UTF-8 text") from None
