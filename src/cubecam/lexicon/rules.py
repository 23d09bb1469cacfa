"""Which dictionary words the rulebooks allow.

Proper nouns, abbreviations, foreign words and words with apostrophes or
hyphens are not allowed. Dictionaries list proper nouns capitalised, so only
lower-case entries are kept; abbreviations that survive in lower case are
caught by rule (no vowel, Roman numerals) and by a short list per language.

>>> rejection("don't", "en"), rejection("etc", "en"), rejection("tv", "en"), rejection("tiger", "en")
('has an apostrophe', 'an abbreviation', 'an abbreviation', None)
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

VOWELS = {"en": set("aeiouy"), "sv": set("aeiouyåäöé")}
# Real words without a vowel (interjections, Welsh loans in English dictionaries).
VOWELLESS_WORDS = {
    "en": {"brr", "hmm", "hm", "mm", "shh", "sh", "psst", "nth", "tsk", "crwth", "cwm", "cwms"},
    "sv": {"brr", "hmm", "hm", "pst", "psst", "sch", "sh"},
}
_ROMAN = re.compile(r"^m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$")
# Real words that happen to be Roman numerals.
ROMAN_LOOKALIKES = {"i", "mi", "mix", "di", "dix", "liv", "civ", "vi", "xi", "dim", "mid", "lid"}


def base_language(lang: str) -> str:
    """'en_GB' -> 'en'."""
    return lang.split("_")[0].lower()


@cache
def abbreviations(lang: str) -> frozenset[str]:
    """The shipped list of lower-case abbreviations for ``lang``."""
    name = f"abbreviations_{base_language(lang)}.txt"
    try:
        text = resources.files("cubecam.lexicon").joinpath(name).read_text("utf-8")
    except FileNotFoundError:
        return frozenset()
    return frozenset(
        line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")
    )


def is_abbreviation(word: str, lang: str) -> bool:
    """True for abbreviations a dictionary lists in lower case (``etc``, ``tv``, ``dr``, ``xiv``)."""
    base = base_language(lang)
    if word in abbreviations(base):
        return True
    if word not in VOWELLESS_WORDS.get(base, set()) and not set(word) & VOWELS.get(
        base, VOWELS["en"]
    ):
        return True
    return len(word) > 1 and word not in ROMAN_LOOKALIKES and bool(_ROMAN.match(word))


ABBREVIATION = "an abbreviation"


def spelling_rejection(word: str) -> str | None:
    """Why a word can never be allowed, whatever the dictionary: apostrophes, hyphens, digits.

    >>> spelling_rejection("ad-lib"), spelling_rejection("adlib")
    ('has a hyphen', None)
    """
    if "'" in word or "’" in word:
        return "has an apostrophe"
    if "-" in word:
        return "has a hyphen"
    if not word.isalpha():
        return "is not made of letters"
    return None


def rejection(word: str, lang: str) -> str | None:
    """Why a dictionary entry is not an allowed word, or None when it is allowed."""
    reason = spelling_rejection(word)
    if reason:
        return reason
    if word != word.lower():
        return "a proper noun (only written with a capital)"
    if is_abbreviation(word, lang):
        return ABBREVIATION
    return None
