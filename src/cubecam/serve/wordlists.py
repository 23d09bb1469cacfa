"""The word lists players upload from the page, kept in the data folder for later games.

A list is kept under a name made from its file's name, and offered by that name in the page's
dictionary menu. A name is never given to other words: a game started with a list scores every
one of its turns by the same words.

>>> import pathlib, tempfile
>>> lists = WordLists(pathlib.Path(tempfile.mkdtemp()))
>>> kept = lists.add("House rules.txt", "tac\\nqi\\n".encode())
>>> kept.name, kept.words, lists.names()
('House-rules', 2, ['House-rules'])
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from pathlib import Path

from cubecam.errors import InputError
from cubecam.lexicon.base import list_words
from cubecam.user_files import nfc, write_user_file

MAX_WORDLIST_BYTES = 5 * 1024 * 1024
NAME_PATTERN = r"^[\w-]{1,40}$"
SUFFIX = ".txt"


@dataclass(frozen=True)
class WordList:
    name: str
    path: Path
    words: int


class WordLists:
    """The uploaded word lists in ``folder``, one ``NAME.txt`` a list."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._lock = threading.Lock()

    def names(self) -> list[str]:
        """The lists kept, by name."""
        if not self.folder.is_dir():
            return []
        return sorted(path.stem for path in self.folder.glob(f"*{SUFFIX}") if path.is_file())

    def path(self, name: str) -> Path:
        """The file of the list ``name``, or an error saying to upload it."""
        path = self.folder / f"{name}{SUFFIX}"
        if not re.fullmatch(NAME_PATTERN, name) or not path.is_file():
            raise InputError(f"there is no word list {name!r} here: upload it first")
        return path.resolve()

    def add(self, filename: str, data: bytes) -> WordList:
        """Keep an uploaded list (UTF-8 text, one word a line) under a name made from its
        ``filename``; the same list sent again is kept once, another one under a name already
        kept is refused."""
        name = re.sub(r"[^\w-]+", "-", Path(nfc(filename)).stem).strip("-")[:40] or "word-list"
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise InputError(
                f"{filename} is not UTF-8 text: save it as UTF-8, one word a line"
            ) from None
        words = list_words(text)
        if not words:
            raise InputError(f"{filename} has no words: a word list has one word a line")
        path = self.folder / f"{name}{SUFFIX}"
        with self._lock:
            if path.exists() and path.read_bytes() != data:
                raise InputError(
                    f"another word list is kept as {name!r}: rename the file to upload this one"
                )
            write_user_file(path, data, "word list")
        return WordList(name, path.resolve(), len(words))
