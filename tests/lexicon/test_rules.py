import pytest

from cubecam.lexicon.rules import is_abbreviation, rejection


@pytest.mark.parametrize(
    ("word", "reason"),
    [
        ("don't", "has an apostrophe"),
        ("ad-lib", "has a hyphen"),
        ("b52", "is not made of letters"),
        ("Paris", "a proper noun (only written with a capital)"),
        ("etc", "an abbreviation"),
        ("tv", "an abbreviation"),
        ("dr", "an abbreviation"),
        ("xiv", "an abbreviation"),
        ("weave", None),
        ("hmm", None),
        ("mix", None),
    ],
)
def test_rejection_english(word, reason):
    assert rejection(word, "en") == reason


def test_swedish_vowels_include_aao():
    assert not is_abbreviation("år", "sv")
    assert not is_abbreviation("öl", "sv")
    assert is_abbreviation("osv", "sv")
    assert is_abbreviation("kr", "sv")
