import contextlib
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cubecam.errors import InputError
from cubecam.lexicon import WordListLexicon, load_lexicon


def test_user_word_list(tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text("# my list\nTiger\n  weave \n\nqi\nqi\n", "utf-8")
    lexicon = WordListLexicon(path)
    assert lexicon.words() == {"tiger", "weave", "qi"}
    assert lexicon.check("QI").ok
    assert lexicon.check("OF").reason == "not in the word list"
    assert load_lexicon("en", path).words() == lexicon.words()


def test_unusable_word_lists(tmp_path):
    with pytest.raises(InputError, match="not found"):
        WordListLexicon(tmp_path / "missing.txt")
    empty = tmp_path / "empty.txt"
    empty.write_text("\n# nothing\n", "utf-8")
    with pytest.raises(InputError, match="no words"):
        WordListLexicon(empty)
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(InputError, match="UTF-8"):
        WordListLexicon(binary)


def test_a_byte_order_mark_keeps_the_first_word(tmp_path):
    path = tmp_path / "bom.txt"
    path.write_text("tiger\nweave\n", "utf-8-sig")
    assert WordListLexicon(path).words() == {"tiger", "weave"}


WORD_LIST_BYTES = st.binary(max_size=200) | st.text(max_size=200).map(
    lambda text: "\ufeff".encode() * (len(text) % 2) + text.encode("utf-8", "surrogatepass")
)


@settings(max_examples=200, deadline=None)
@given(WORD_LIST_BYTES)
def test_the_word_list_reader_raises_only_its_own_errors(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("lists") / "words.txt"
    path.write_bytes(data)
    with contextlib.suppress(InputError):
        assert all(
            word.isalpha() and word == word.lower() for word in WordListLexicon(path).words()
        )


def test_a_decomposed_word_list_accepts_the_composed_word(tmp_path):
    path = tmp_path / "nfd.txt"
    path.write_text(unicodedata.normalize("NFD", "mål\nbåt\n"), "utf-8")
    lexicon = WordListLexicon(path)
    assert lexicon.check("mål").ok and lexicon.check("BÅT").ok
    assert lexicon.words() == {"mål", "båt"}
