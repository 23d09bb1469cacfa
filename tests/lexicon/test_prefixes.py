"""Lexicon.prefixes(): what a board search uses to stop early, cached beside the compiled list."""

from bisect import bisect_right

from cubecam.lexicon import Lexicon
from cubecam.lexicon.hunspell import HunspellLexicon
from cubecam.lexicon.index import WordIndex


def test_every_proper_prefix_and_nothing_else():
    lexicon = Lexicon(["rakt", "rak", "drake"], name="tiny", lang="sv")
    assert lexicon.prefixes() == {"r", "ra", "rak", "d", "dr", "dra", "drak"}


def test_hunspell_prefixes_are_cached_on_disk_and_read_back(sv):
    prefixes = sv.prefixes()
    assert sv.source.is_file() and WordIndex.load(sv.source).prefixes() == prefixes
    assert "hakre" in prefixes and "hakrem" in prefixes  # hakrem → hakremmar
    words = sorted(sv.words())
    for prefix in sorted(prefixes)[::5000]:
        assert words[bisect_right(words, prefix)].startswith(prefix)  # a longer word
    assert HunspellLexicon("sv").prefixes() == prefixes
