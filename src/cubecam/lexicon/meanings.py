"""Short meanings of words from offline dictionaries: WordNet (English), FreeDict (Swedish).

Meanings settle what a word means at the table; they never decide whether it counts
(the word list does). Both dictionaries are Debian packages read directly from their
files: ``wordnet-base`` (WordNet 3.0's index and data files) and ``dict-freedict-swe-eng``
(a dictd ``.index`` and ``.dict.dz``).

>>> meaning("cats", "en")
'feline mammal usually having thick soft fur and no ability to roar: domestic cats (noun; a form of cat)'
>>> meaning("hund", "sv"), meaning("hundar", "sv"), meaning("xyzzy", "en")
('dog', 'dog (a form of hund)', None)

A Swedish word's senses come most common first (as often as WordNet's texts use their English
words), and an English word too rare to know is explained by WordNet's gloss:

>>> meaning("val", "sv")
'choice, election; whale'
>>> meaning("urval", "sv")[:60]
'chrestomathy (a selection of passages from different authors'
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
# Swedish endings of plurals, definite forms and verbs, and the dictionary form's ending (the
# first rule that finds a headword wins: "hundarna" is "hund", "flickor" "flicka", "köpte" "köpa").
SWEDISH_ENDINGS = (
    ("arna", ""), ("erna", ""), ("orna", "a"), ("orna", ""), ("ar", ""), ("er", ""), ("or", "a"),
    ("er", "a"), ("ade", "a"), ("de", "a"), ("te", "a"), ("en", ""), ("et", ""), ("na", ""),
    ("n", ""), ("t", ""), ("r", ""), ("s", ""),
)  # fmt: skip


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


def _english() -> WordNet | None:
    """WordNet, to rank and explain a translating dictionary's English words (None where it is
    not installed: the translations are then given as they are)."""
    try:
        return _wordnet(WORDNET_DIR)
    except DictionaryMissing:
        return None


@cache
def _wordnet(folder: Path) -> WordNet:
    return WordNet(folder)


@cache
def _freedict(stem: Path, name: str, package: str) -> FreeDict:
    return FreeDict(stem, name=name, package=package, english=_english(), endings=SWEDISH_ENDINGS)


class WordNet:
    """Princeton WordNet 3.0 as Debian's ``wordnet-base`` installs it.

    A word's meaning is the first (most frequent) sense of its most used part of
    speech; inflected forms are taken back to their lemma as WordNet's morphy does, and
    the lemma named.
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
            (tagged, f"{gloss} ({title}{self._form_of(lemma, found)})")
            for pos, title in PARTS_OF_SPEECH
            for tagged, gloss, found in [self._first_sense(pos, lemma)]
            if gloss
        ]
        return max(senses, key=lambda sense: sense[0])[1] if senses else None

    def uses(self, word: str) -> int:
        """How often WordNet's texts use ``word`` (or its lemma), in all its parts of speech."""
        lemma = word.strip().lower().replace(" ", "_").encode("utf-8")
        return sum(self._first_sense(pos, lemma)[0] for pos, _ in PARTS_OF_SPEECH) if lemma else 0

    @staticmethod
    def _form_of(word: bytes, lemma: bytes) -> str:
        return "" if lemma == word else f"; a form of {lemma.decode('utf-8').replace('_', ' ')}"

    def _first_sense(self, pos: str, word: bytes) -> tuple[int, str | None, bytes]:
        """How often WordNet's texts use the word as ``pos``, the gloss of its first sense, and
        the lemma found."""
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
            return tagged, line.partition(" | ")[2].split("; ")[0].strip(), lemma
        return 0, None, word

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

    A word's meaning is its translations, the senses separated by ``;``: most common first,
    and a rare English word explained, where ``english`` (WordNet) is given; a form the
    dictionary lacks is taken back to its headword by ``endings`` (pairs of an ending and the
    headword's) and the headword named.
    """

    _DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

    def __init__(
        self,
        stem: Path,
        *,
        name: str,
        package: str,
        english: WordNet | None = None,
        endings: tuple[tuple[str, str], ...] = (),
    ) -> None:
        self.name = name
        self.english = english
        self.endings = endings
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
        word = word.strip().lower()
        headword = self._headword(word)
        if headword is None:
            return None
        if self._data is None:
            self._data = gzip.decompress(self._data_path.read_bytes())
        senses = []
        for offset, length in self._entries[headword]:
            entry = self._data[offset : offset + length].decode("utf-8")
            for line in entry.splitlines()[1:]:  # the first line is the headword and how it sounds
                sense = line.strip().partition(". ")[2] if line[:1].isdigit() else line.strip()
                if sense and sense not in senses:
                    senses.append(sense)
        if not senses:
            return None
        said = "; ".join(self._explained(senses))
        return said if headword == word else f"{said} (a form of {headword})"

    def _headword(self, word: str) -> str | None:
        """The headword of ``word``: itself, or the first its endings take it back to."""
        if word in self._entries:
            return word
        for ending, replacement in self.endings:
            base = word[: -len(ending)] + replacement
            if word.endswith(ending) and len(base) > 2 and base in self._entries:
                return base
        return None

    def _explained(self, senses: list[str]) -> list[str]:
        """The senses, those whose English words are most used first; a sense of one English
        word that WordNet's texts never use followed by WordNet's gloss of it."""
        if self.english is None:
            return senses
        english = self.english
        uses = {s: max(english.uses(w) for w in s.split(", ")) for s in senses}
        ranked = sorted(senses, key=lambda sense: -uses[sense])
        return [
            f"{sense} ({gloss.rpartition(' (')[0]})"
            if not uses[sense] and ", " not in sense and (gloss := english.meaning(sense))
            else sense
            for sense in ranked
        ]

    @classmethod
    def _number(cls, text: str) -> int:
        """dictd's base-64 numbers: ``'Sy0'`` is 18 × 64² + 50 × 64 + 52."""
        value = 0
        for digit in text:
            value = value * 64 + cls._DIGITS.index(digit)
        return value
