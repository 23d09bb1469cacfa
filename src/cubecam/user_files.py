"""Reading the files users hand us (grids, word lists, photos) and writing theirs, with
clear errors, and the one form their text takes.

Only regular files are read, and never more than the limit (plus one byte, to tell a file
that is too large): a device such as ``/dev/zero`` or a pipe is refused before it is opened.
A file is written whole or not at all (a full disk leaves the old file, or none, never a
part of one), and an error says in plain words why it could not be.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
import unicodedata
from pathlib import Path

from cubecam.errors import BadFile, InputError

MAX_TEXT_BYTES = 50_000_000
_WHY = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk is full (your quota)",
    errno.EROFS: "the folder is read-only",
    errno.EACCES: "the folder is read-only (to you)",
    errno.EPERM: "the folder is read-only (to you)",
    errno.EISDIR: "a folder stands in its place: remove it",
    errno.ENOTDIR: "a file stands where a folder should be",
    errno.EEXIST: "a file stands where a folder should be",
}


class CannotWrite(InputError):
    """A file cubecam could not write (the server answers 507)."""


def nfc(text: str) -> str:
    """``text`` in Unicode's composed form (NFC), as every text a user gives is taken: å typed
    as an a and a combining ring (as some phones, keyboards and copied text give it) is å.

    >>> decomposed = "a\u030a"
    >>> len(decomposed), nfc(decomposed) == "å"
    (2, True)
    """
    return unicodedata.normalize("NFC", text)


def read_user_bytes(path: Path, what: str = "file", limit: int = MAX_TEXT_BYTES) -> bytes:
    """The bytes of a user's regular file of at most ``limit`` bytes, or a BadFile.

    >>> read_user_bytes(Path("/dev/zero"), "photo")
    Traceback (most recent call last):
    cubecam.errors.BadFile: photo /dev/zero is not a regular file (a device, pipe or socket)
    """
    try:
        mode = path.stat().st_mode
        if stat.S_ISDIR(mode):
            raise BadFile(f"{what} {path} is a folder, not a file")
        if not stat.S_ISREG(mode):
            raise BadFile(f"{what} {path} is not a regular file (a device, pipe or socket)")
        with path.open("rb") as file:
            data = file.read(limit + 1)
    except FileNotFoundError:
        raise BadFile(f"{what} not found: {path}") from None
    except IsADirectoryError:
        raise BadFile(f"{what} {path} is a folder, not a file") from None
    except OSError as error:
        raise BadFile(f"cannot read {what} {path}: {error.strerror or error}") from None
    if len(data) > limit:
        raise BadFile(f"{what} {path} is too large (more than {limit:,} bytes)")
    return data


def read_user_text(path: Path, what: str = "file", limit: int = MAX_TEXT_BYTES) -> str:
    """A user's UTF-8 text file (a leading byte order mark dropped, in NFC), or a BadFile.

    >>> read_user_text(Path("/no/such/file"), "word list")
    Traceback (most recent call last):
    cubecam.errors.BadFile: word list not found: /no/such/file
    """
    try:
        return nfc(read_user_bytes(path, what, limit).decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise BadFile(f"{what} {path} is not UTF-8 text") from None


def write_user_file(path: Path, data: bytes, what: str = "file", *, private: bool = False) -> Path:
    """Write ``data`` to ``path`` (its folder made if need be) whole or not at all: to a
    temporary file beside it, then renamed over it; readable by the user alone where
    ``private``, else by all. A :class:`CannotWrite` says why it could not be written (a
    full disk, a read-only folder, a folder in the file's place) and leaves nothing behind.

    >>> write_user_file(Path("/proc/no/such.txt"), b"x", "grid")
    Traceback (most recent call last):
    cubecam.user_files.CannotWrite: cannot write grid /proc/no/such.txt: no such file or directory
    >>> write_user_file(Path("/dev/null/en.words"), b"", "word cache")
    Traceback (most recent call last):
    cubecam.user_files.CannotWrite: cannot write word cache /dev/null/en.words: a file stands where a folder should be
    """
    temporary = None
    try:
        if path.is_dir():
            raise IsADirectoryError(errno.EISDIR, "a folder", str(path))
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
            os.fchmod(file.fileno(), 0o600 if private else 0o644)
        os.replace(temporary, path)
    except OSError as error:
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)
        why = _WHY.get(error.errno or 0) or (error.strerror or str(error)).lower()
        raise CannotWrite(f"cannot write {what} {path}: {why}") from None
    return path
