"""A lexicon answers "is this a word" and lists its words."""

from __future__ import annotations

from collections.abc import Iterable, Set
from dataclasses import dataclass
from pathlib import Path

from cubecam.errors import InputError
from cubecam.lexicon.index import WordIndex
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

    def __init__(self, words: Iterable[str] | WordIndex, *, name: str, lang: str) -> None:
        self.name = name
        self.lang = base_language(lang)
        self.index = words if isinstance(words, WordIndex) else WordIndex.build(words)
        """The words and their prefixes, as a board search walks them."""

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.lower() in self.index

    def __len__(self) -> int:
        return self.index.counts[0]

    def words(self) -> Set[str]:
        """Every word of the lexicon, lower case."""
        return self.index.words()

    @property
    def alphabet(self) -> str:
        """The upper-case letters its words use, sorted: the letters a wildcard may stand for."""
        return self.index.alphabet

    def prefixes(self) -> Set[str]:
        """Every string that some longer word starts with: lets a search stop early.

        >>> sorted(Lexicon(["tiger", "tie"], name="tiny", lang="en").prefixes())
        ['t', 'ti', 'tig', 'tige']
        """
        return self.index.prefixes()

    def check(self, word: str) -> Verdict:
        """Whether ``word`` counts in this lexicon, with the reason when it does not."""
        if word.lower() in self.index:
            return Verdict(word, True)
        return Verdict(word, False, self.explain(word))

    def explain(self, word: str) -> str:
        """Why a word that is not in the lexicon does not count."""
        return spelling_rejection(word) or NOT_IN_LIST


class WordListLexicon(Lexicon):
    """A user's own word list: one word a line, any case; ``#`` lines are comments."""

    def __init__(self, path: str | Path, *, lang: str = "en") -> None:
        path = Path(path)
        words = list_words(read_user_text(path, "word list"))
        if not words:
            raise InputError(f"word list {path} has no words (one word a line)")
        super().__init__(words, name=f"word list {path.name}", lang=lang)


def list_words(text: str) -> set[str]:
    """The words of a word list's text: one a line, any case; ``#`` lines are comments, and
    a line that is not one word is left out.

    >>> sorted(list_words("# house rules\\nQI\\n\\nza\\nnot one\\n"))
    ['qi', 'za']
    """
    lines = (line.strip() for line in text.splitlines() if not line.lstrip().startswith("#"))
    return {line.lower() for line in lines if line.isalpha()}
