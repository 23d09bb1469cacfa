"""Real dictionaries: hunspell full-form lists, pyenchant, and users' own word lists.

>>> lexicon = load_lexicon("en")
>>> lexicon.check("WEAVE").ok, lexicon.check("ETC").reason
(True, 'an abbreviation')
"""

from __future__ import annotations

from pathlib import Path

from cubecam.lexicon.base import Lexicon, Verdict, WordListLexicon
from cubecam.lexicon.hunspell import HunspellCompoundLexicon, HunspellLexicon

__all__ = [
    "HunspellCompoundLexicon",
    "HunspellLexicon",
    "Lexicon",
    "Verdict",
    "WordListLexicon",
    "load_lexicon",
]

_loaded: dict[tuple[str, str | None, bool], Lexicon] = {}


def load_lexicon(
    lang: str = "en", wordlist: str | Path | None = None, *, compounds: bool = False
) -> Lexicon:
    """The lexicon a command checks words against (loaded once per process).

    ``wordlist`` replaces the built-in dictionary; ``compounds`` also accepts
    what hunspell accepts beyond its full-form list.
    """
    key = (lang, str(wordlist) if wordlist else None, compounds)
    if key not in _loaded:
        if wordlist is not None:
            _loaded[key] = WordListLexicon(wordlist, lang=lang)
        elif compounds:
            _loaded[key] = HunspellCompoundLexicon(lang)
        else:
            _loaded[key] = HunspellLexicon(lang)
    return _loaded[key]
