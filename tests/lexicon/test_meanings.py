"""Meanings from the offline dictionaries, read from Debian's files."""

import pytest

from cubecam.errors import DictionaryMissing
from cubecam.lexicon import meanings
from cubecam.lexicon.meanings import FreeDict, WordNet, meaning


def test_wordnet_gives_the_first_sense_of_the_most_used_part_of_speech():
    assert meaning("cat", "en").startswith("feline mammal")
    assert meaning("weave", "en_GB").endswith("(verb)")


@pytest.mark.parametrize(("form", "lemma"), [("cats", "cat"), ("ran", "run"), ("mice", "mouse")])
def test_wordnet_takes_inflected_forms_back_to_their_lemma_and_names_it(form, lemma):
    said = meaning(lemma, "en")
    assert meaning(form, "en") == f"{said[:-1]}; a form of {lemma})"


def test_freedict_gives_the_swedish_words_translations():
    assert meaning("hund", "sv") == "dog"
    assert meaning("BRA", "sv").split("; ")[0] == "good, nice, okay"


def test_a_swedish_words_most_common_senses_come_first():
    english = WordNet(meanings.WORDNET_DIR)
    senses = meaning("val", "sv").split("; ")
    assert sorted(senses) == sorted(
        FreeDict(meanings.FREEDICT_SWEDISH, name="FreeDict", package="dict-freedict-swe-eng")
        .meaning("val")
        .split("; ")
    )
    uses = [max(english.uses(word) for word in sense.split(", ")) for sense in senses]
    assert uses == sorted(uses, reverse=True) and uses[0] > uses[-1]


def test_a_rare_english_translation_is_explained():
    urval = meaning("urval", "sv")
    gloss = meaning("chrestomathy", "en").rpartition(" (")[0]
    assert urval == f"chrestomathy ({gloss})" and "selection" in gloss
    assert meaning("hund", "sv") == "dog"  # a word every player knows is left alone


@pytest.mark.parametrize(
    ("form", "headword"), [("hundar", "hund"), ("hundarna", "hund"), ("taken", "tak")]
)
def test_a_swedish_form_is_taken_back_to_its_headword_and_names_it(form, headword):
    assert meaning(form, "sv") == f"{meaning(headword, 'sv')} (a form of {headword})"


def test_a_word_without_a_meaning_is_none():
    assert meaning("xyzzyq", "en") is None
    assert meaning("hakrem", "sv") is None


@pytest.mark.parametrize("lang", ["en", "en_GB", "sv"])
@pytest.mark.parametrize("word", ["", " ", "\t"])
def test_a_blank_word_has_no_meaning(word, lang):
    assert meaning(word, lang) is None


def test_a_missing_dictionary_is_a_clear_error_naming_the_package(tmp_path):
    with pytest.raises(DictionaryMissing, match="apt-get install wordnet-base"):
        WordNet(tmp_path)
    with pytest.raises(DictionaryMissing, match="apt-get install dict-freedict-swe-eng"):
        FreeDict(tmp_path / "freedict-swe-eng", name="FreeDict", package="dict-freedict-swe-eng")


def test_an_unknown_language_is_a_clear_error():
    with pytest.raises(DictionaryMissing, match="no dictionary of meanings for 'de'"):
        meanings.dictionary("de")
