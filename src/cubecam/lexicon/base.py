"""A lexicon answers "is this a word" and lists its words."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from cubecam.errors import InputError
from cubecam.lexicon.rules import base_language, spelling_rejection
from cubecam.user_files import read_user_text

NOT_IN_LIST = "not in the word list"


@dataclass(frozen=True)
class Verdict:
    """Whether a word counts, and if not, why.

    >>> Verdict("TIGER", True)
    Verdict(word='TIGER', ok=True, reason=None)
    """

    word: str
    ok: bool
    reason: str | None = None


class Lexicon:
    """A set of allowed words (lower case); checking and listing always agree.

    >>> lex = Lexicon(["tiger", "of"], name="tiny", lang="en")
    >>> "TIGER" in lex, lex.check("TIGRE").reason
    (True, 'not in the word list')
    """

    def __init__(self, words: Iterable[str], *, name: str, lang: str) -> None:
        self.name = name
        self.lang = base_language(lang)
        self._words = frozenset(words)
        self._alphabet: str | None = None
        self._prefixes: frozenset[str] | None = None

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.lower() in self._words

    def __len__(self) -> int:
        return len(self._words)

    def words(self) -> frozenset[str]:
        """Every word of the lexicon, lower case."""
        return self._words

    @property
    def alphabet(self) -> str:
        """The upper-case letters its words use, sorted: the letters a wildcard may stand for."""
        if self._alphabet is None:
            letters: set[str] = set()
            for word in self._words:
                letters.update(word)
            self._alphabet = "".join(sorted(ch.upper() for ch in letters if ch.isalpha()))
        return self._alphabet

    def prefixes(self) -> frozenset[str]:
        """Every string that some longer word starts with: lets a search stop early.

        >>> sorted(Lexicon(["tiger", "tie"], name="tiny", lang="en").prefixes())
        ['t', 'ti', 'tig', 'tige']
        """
        if self._prefixes is None:
            self._prefixes = proper_prefixes(self._words)
        return self._prefixes

    def check(self, word: str) -> Verdict:
        """Whether ``word`` counts in this lexicon, with the reason when it does not."""
        if word.lower() in self._words:
            return Verdict(word, True)
        return Verdict(word, False, self.explain(word))

    def explain(self, word: str) -> str:
        """Why a word that is not in the lexicon does not count."""
        return spelling_rejection(word) or NOT_IN_LIST


def proper_prefixes(words: Iterable[str]) -> frozenset[str]:
    """The non-empty strings shorter than a word that the word starts with, over all ``words``."""
    return frozenset(word[:end] for word in words for end in range(1, len(word)))


class WordListLexicon(Lexicon):
    """A user's own word list: one word a line, any case; ``#`` lines are comments."""

    def __init__(self, path: str | Path, *, lang: str = "en") -> None:
        path = Path(path)
        text = read_user_text(path, "word list")
        words = {
            line.strip().lower()
            for line in text.splitlines()
            if line.strip() and not line.lstrip().startswith("#")
        }
        words = {w for w in words if w.isalpha()}
        if not words:
            raise InputError(f"word list {path} has no words (one word a line)")
        super().__init__(words, name=f"word list {path.name}", lang=lang)
