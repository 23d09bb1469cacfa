"""A lexicon's words and their proper prefixes, in one compact trie (``marisa-trie``).

Every word and every string that a longer word starts with is a key of the trie; a flag per
key says which it is. One lookup then tells a board search both whether it has spelled a word
and whether to go on. The Swedish full-form list (777k words, 947k prefixes) takes a few MB
and loads from its file in milliseconds.

>>> index = WordIndex.build(["rak", "rakt", "drake"])
>>> index.lookup("rak") == WORD | PREFIX, index.lookup("dr") == PREFIX, index.lookup("x")
(True, True, 0)
>>> sorted(index.words()), len(index.prefixes()), index.alphabet
(['drake', 'rak', 'rakt'], 7, 'ADEKRT')
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Set
from pathlib import Path

import marisa_trie

from cubecam.user_files import write_user_file

WORD, PREFIX = 1, 2
MAGIC = b"cubecam word index 2\n"  # 2: the flags and the trie's SHA-256 in the header


class WordIndex:
    """Words and proper prefixes: ``flags[trie.get(key)]`` holds ``WORD`` and/or ``PREFIX``
    (``trie.get`` gives None for a string that is neither). A search may use ``trie`` and
    ``flags`` directly; everything else asks :meth:`lookup` or the two views."""

    def __init__(
        self, trie: marisa_trie.Trie, flags: bytes, counts: tuple[int, int], alphabet: str
    ) -> None:
        self.trie = trie
        self.flags = flags
        self.counts = counts
        """How many words, and how many prefixes."""
        self.alphabet = alphabet
        """The upper-case letters the words use, sorted."""

    @classmethod
    def build(cls, words: Iterable[str]) -> WordIndex:
        """The index of ``words`` (lower case)."""
        words = {word for word in words if word}
        prefixes = {word[:end] for word in words for end in range(1, len(word))}
        trie = marisa_trie.Trie(words | prefixes)
        flags = bytearray(len(trie))
        for word in words:
            flags[trie[word]] |= WORD
        for prefix in prefixes:
            flags[trie[prefix]] |= PREFIX
        letters = {ch.upper() for word in words for ch in set(word) if ch.isalpha()}
        return cls(trie, bytes(flags), (len(words), len(prefixes)), "".join(sorted(letters)))

    def lookup(self, key: str) -> int:
        """``WORD``, ``PREFIX``, both, or 0."""
        i = self.trie.get(key)
        return 0 if i is None else self.flags[i]

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and bool(self.lookup(word) & WORD)

    def words(self) -> Set[str]:
        """The words, as a read-only set."""
        return _Keys(self, WORD, self.counts[0])

    def prefixes(self) -> Set[str]:
        """Every string shorter than a word that the word starts with, as a read-only set."""
        return _Keys(self, PREFIX, self.counts[1])

    def save(self, path: Path) -> None:
        """Write the index atomically (a reader sees the whole file or none), with a checksum
        of its flags and trie; an InputError in plain words where it cannot be written."""
        body = self.flags + self.trie.tobytes()
        header = json.dumps(
            {
                "counts": self.counts,
                "alphabet": self.alphabet,
                "sha256": hashlib.sha256(body).hexdigest(),
            }
        ).encode()
        data = MAGIC + header + b"\n" + len(self.flags).to_bytes(8, "little") + body
        write_user_file(path, data, "the word cache")

    @classmethod
    def load(cls, path: Path) -> WordIndex:
        """The index saved at ``path``; a ValueError when the file is not one, or damaged (its
        checksum differs)."""
        data = path.read_bytes()
        if not data.startswith(MAGIC):
            raise ValueError(f"{path} is not a cubecam word index")
        header, _, rest = data[len(MAGIC) :].partition(b"\n")
        try:
            meta = json.loads(header)
            if hashlib.sha256(rest[8:]).hexdigest() != meta["sha256"]:
                raise ValueError("its checksum differs")
            count = int.from_bytes(rest[:8], "little")
            words, prefixes = map(int, meta["counts"])
            alphabet = str(meta["alphabet"])
            trie = marisa_trie.Trie()
            trie.frombytes(rest[8 + count :])
        except Exception as error:  # marisa raises a bare Exception on a damaged trie
            raise ValueError(f"{path} is damaged: {error}") from None
        flags = rest[8 : 8 + count]
        if len(flags) != count or len(trie) != count:
            raise ValueError(f"{path} is damaged: its trie and its flags disagree")
        return cls(trie, flags, (words, prefixes), alphabet)


class _Keys(Set[str]):
    """The keys of an index that carry one flag."""

    def __init__(self, index: WordIndex, flag: int, count: int) -> None:
        self._index, self._flag, self._count = index, flag, count

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and bool(self._index.lookup(key) & self._flag)

    def __iter__(self) -> Iterator[str]:
        flags, flag = self._index.flags, self._flag
        return (key for key, i in self._index.trie.iteritems() if flags[i] & flag)

    def __len__(self) -> int:
        return self._count
