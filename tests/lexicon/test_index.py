import pytest

from cubecam.errors import InputError
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


def flipped(path, offset_from_end: int) -> None:
    """Flip one byte of ``path``, counting from its end (a negative offset)."""
    data = bytearray(path.read_bytes())
    data[offset_from_end] ^= 0x5A
    path.write_bytes(bytes(data))


def test_flipped_bytes_in_the_trie_or_the_flags_are_found(tmp_path):
    path = tmp_path / "en.words"
    index = WordIndex.build(["zebra", "zebras", "tiger", "weave", "of"])
    index.save(path)
    trie_size = len(index.trie.tobytes())
    for offset in (-trie_size // 2, -trie_size - 1, -trie_size - len(index.flags)):
        index.save(path)
        flipped(path, offset)
        with pytest.raises(ValueError, match="damaged"):
            WordIndex.load(path)
    index.save(path)
    assert WordIndex.load(path).words() == index.words()


def test_a_full_disk_leaves_no_file_and_says_so_plainly(tmp_path, full_disk):
    with pytest.raises(InputError, match=r"^cannot write .*en.words: the disk is full"):
        WordIndex.build(["tiger"]).save(tmp_path / "en.words")
    assert list(tmp_path.iterdir()) == []
