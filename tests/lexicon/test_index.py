import pytest

from cubecam.lexicon.index import PREFIX, WORD, WordIndex


def test_each_key_is_a_word_a_prefix_or_both():
    index = WordIndex.build(["rak", "rakt", "drake", ""])
    assert index.lookup("rak") == WORD | PREFIX
    assert (index.lookup("rakt"), index.lookup("dra"), index.lookup("rakts")) == (WORD, PREFIX, 0)
    assert index.words() == {"rak", "rakt", "drake"} and len(index.words()) == 3
    assert index.prefixes() == {"r", "ra", "rak", "d", "dr", "dra", "drak"}
    assert "dra" not in index and "dra" in index.prefixes() and 3 not in index


def test_saved_and_loaded_it_is_the_same(tmp_path):
    index = WordIndex.build(["år", "åren", "öl", "älg"])
    index.save(tmp_path / "sv.words")
    loaded = WordIndex.load(tmp_path / "sv.words")
    assert loaded.words() == index.words() and loaded.prefixes() == index.prefixes()
    assert (loaded.counts, loaded.alphabet) == ((4, 6), "EGLNRÄÅÖ")


@pytest.mark.parametrize("cut", [0, 10, 40, -1])
def test_a_damaged_file_is_a_value_error(tmp_path, cut):
    path = tmp_path / "en.words"
    WordIndex.build(["tiger", "weave"]).save(path)
    path.write_bytes(path.read_bytes()[:cut])
    with pytest.raises(ValueError, match=r"not a cubecam word index|damaged"):
        WordIndex.load(path)
