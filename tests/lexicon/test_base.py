import pytest

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
