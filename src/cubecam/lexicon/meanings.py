"""Short meanings of words from offline dictionaries: WordNet (English), FreeDict (Swedish).

Meanings settle what a word means at the table; they never decide whether it counts
(the word list does). Both dictionaries are Debian packages read directly from their
files: ``wordnet-base`` (WordNet 3.0's index and data files) and ``dict-freedict-swe-eng``
(a dictd ``.index`` and ``.dict.dz``).

>>> meaning("cats", "en")
'feline mammal usually having thick soft fur and no ability to roar: domestic cats (noun)'
>>> meaning("hund", "sv"), meaning("xyzzy", "en")
('dog', None)
"""

from __future__ import annotations

import gzip
import mmap
from functools import cache
from pathlib import Path
from typing import Protocol

from cubecam.errors import DictionaryMissing
from cubecam.lexicon.rules import base_language

WORDNET_DIR = Path("/usr/share/wordnet")
FREEDICT_SWEDISH = Path("/usr/share/dictd/freedict-swe-eng")

# WordNet's parts of speech (file suffix, name) and morphy's suffix rules for each.
PARTS_OF_SPEECH = (("noun", "noun"), ("verb", "verb"), ("adj", "adjective"), ("adv", "adverb"))
SUFFIX_RULES = {
    "noun": (
        ("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"),
        ("ches", "ch"), ("shes", "sh"), ("men", "man"), ("ies", "y"),
    ),
    "verb": (
        ("s", ""), ("ies", "y"), ("es", "e"), ("es", ""),
        ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", ""),
    ),
    "adj": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "adv": (),
}  # fmt: skip


class Dictionary(Protocol):
    """A source of meanings: its name, and a word's meaning or None."""

    name: str

    def meaning(self, word: str) -> str | None: ...


def meaning(word: str, lang: str) -> str | None:
    """A short meaning of ``word`` in language ``lang`` (en, en_GB, sv), or None if none is known.

    Raises :class:`DictionaryMissing`, naming the package to install, when the
    language's dictionary is not installed.
    """
    return dictionary(lang).meaning(word)


def dictionary(lang: str) -> Dictionary:
    """The offline dictionary of meanings for ``lang``."""
    base = base_language(lang)
    if base == "en":
        return _wordnet(WORDNET_DIR)
    if base == "sv":
        return _freedict(FREEDICT_SWEDISH, "FreeDict Swedish-English", "dict-freedict-swe-eng")
    raise DictionaryMissing(f"no dictionary of meanings for {lang!r} (known: en, en_GB, sv)")


@cache
def _wordnet(folder: Path) -> WordNet:
    return WordNet(folder)


@cache
def _freedict(stem: Path, name: str, package: str) -> FreeDict:
    return FreeDict(stem, name=name, package=package)


class WordNet:
    """Princeton WordNet 3.0 as Debian's ``wordnet-base`` installs it.

    A word's meaning is the first (most frequent) sense of its most used part of
    speech; inflected forms are taken back to their lemma as WordNet's morphy does.
    """

    name = "WordNet"

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        missing = [p for p, _ in PARTS_OF_SPEECH if not (folder / f"index.{p}").is_file()]
        if missing:
            raise DictionaryMissing(
                f"no meanings for English: WordNet's files are not in {folder} "
                "(install them with 'apt-get install wordnet-base', or run scripts/setup.sh)"
            )
        self._files: dict[str, mmap.mmap] = {}

    def meaning(self, word: str) -> str | None:
        lemma = word.strip().lower().replace(" ", "_").encode("utf-8")
        if not lemma:  # the licence lines at the top of every file start with a space
            return None
        senses = [
            (tagged, f"{gloss} ({title})")
            for pos, title in PARTS_OF_SPEECH
            for tagged, gloss in [self._first_sense(pos, lemma)]
            if gloss
        ]
        return max(senses, key=lambda sense: sense[0])[1] if senses else None

    def _first_sense(self, pos: str, word: bytes) -> tuple[int, str | None]:
        """How often WordNet's texts use the word as ``pos``, and the gloss of its first sense."""
        index = self._file(f"index.{pos}")
        for lemma in self._lemmas(pos, word):
            entry = _sorted_line(index, lemma)
            if entry is None:
                continue
            fields = entry.split()
            pointers = int(fields[3])
            tagged, offset = int(fields[5 + pointers]), int(fields[6 + pointers])
            data = self._file(f"data.{pos}")
            line = data[offset : data.find(b"\n", offset)].decode("utf-8")
            return tagged, line.partition(" | ")[2].split("; ")[0].strip()
        return 0, None

    def _lemmas(self, pos: str, word: bytes) -> list[bytes]:
        """The word itself, its irregular bases (the .exc list), then morphy's suffix rules."""
        candidates = [word]
        exception = _sorted_line(self._file(f"{pos}.exc"), word)
        if exception:
            candidates += exception.split()[1:]
        for suffix, ending in SUFFIX_RULES[pos]:
            if word.endswith(suffix.encode()) and len(word) > len(suffix):
                candidates.append(word[: -len(suffix)] + ending.encode())
        return candidates

    def _file(self, name: str) -> mmap.mmap:
        if name not in self._files:
            with open(self.folder / name, "rb") as handle:
                self._files[name] = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
        return self._files[name]


def _sorted_line(data: mmap.mmap, key: bytes) -> bytes | None:
    """The line whose first field is ``key`` in a file sorted by that field (a binary search).

    WordNet's licence lines at the top start with spaces, so they sort first.
    """
    low, high = 0, len(data)
    while low < high:
        start = data.rfind(b"\n", 0, (low + high) // 2) + 1
        end = data.find(b"\n", start)
        end = len(data) if end < 0 else end
        line = data[start:end]
        head = line.split(b" ", 1)[0]
        if head == key:
            return line
        if head < key:
            low = end + 1
        else:
            high = start
    return None


class FreeDict:
    """A FreeDict translating dictionary in dictd format: ``STEM.index`` and ``STEM.dict.dz``.

    A word's meaning is its translations, the senses separated by ``;``.
    """

    _DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

    def __init__(self, stem: Path, *, name: str, package: str) -> None:
        self.name = name
        index, data = stem.with_name(f"{stem.name}.index"), stem.with_name(f"{stem.name}.dict.dz")
        if not (index.is_file() and data.is_file()):
            raise DictionaryMissing(
                f"no meanings: the {name} dictionary is not in {stem.parent} "
                f"(install it with 'apt-get install {package}', or run scripts/setup.sh)"
            )
        self._entries: dict[str, list[tuple[int, int]]] = {}
        for line in index.read_text("utf-8").splitlines():
            headword, offset, length = line.split("\t")[:3]
            if not headword.startswith("00database"):
                places = self._entries.setdefault(headword.lower(), [])
                places.append((self._number(offset), self._number(length)))
        self._data_path = data
        self._data: bytes | None = None

    def meaning(self, word: str) -> str | None:
        places = self._entries.get(word.strip().lower())
        if not places:
            return None
        if self._data is None:
            self._data = gzip.decompress(self._data_path.read_bytes())
        senses = []
        for offset, length in places:
            entry = self._data[offset : offset + length].decode("utf-8")
            for line in entry.splitlines()[1:]:  # the first line is the headword and how it sounds
                sense = line.strip().partition(". ")[2] if line[:1].isdigit() else line.strip()
                if sense and sense not in senses:
                    senses.append(sense)
        return "; ".join(senses) or None

    @classmethod
    def _number(cls, text: str) -> int:
        """dictd's base-64 numbers: ``'Sy0'`` is 18 × 64² + 50 × 64 + 52."""
        value = 0
        for digit in text:
            value = value * 64 + cls._DIGITS.index(digit)
        return value
