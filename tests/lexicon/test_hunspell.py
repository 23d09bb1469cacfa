import pytest
from click.testing import CliRunner

from cubecam.cli import main
from cubecam.errors import DictionaryMissing, InputError
from cubecam.lexicon import hunspell
from cubecam.lexicon.hunspell import (
    HunspellCompoundLexicon,
    HunspellLexicon,
    compiled_index,
    dictionary_code,
)
from cubecam.lexicon.index import WordIndex


def test_real_words_in_both_languages(en, sv):
    for word in ["TIGER", "WEAVE", "OF", "IF", "TON", "PRETENSE", "LATCHED"]:
        assert en.check(word).ok, word
    for word in ["RAKT", "HAKREM", "DRAKE", "TALARE", "YLAR", "MOR", "ÅRET", "ÖL", "ÄLG"]:
        assert sv.check(word).ok, word


@pytest.mark.parametrize("word", ["PARIS", "USA", "NASA", "ETC", "TV", "DR"])
def test_proper_nouns_and_abbreviations_rejected_in_english(en, word):
    verdict = en.check(word)
    assert not verdict.ok
    assert "proper noun" in verdict.reason or "abbreviation" in verdict.reason


@pytest.mark.parametrize("word", ["STOCKHOLM", "SVERIGE", "GÖTEBORG", "KR", "TV"])
def test_proper_nouns_and_abbreviations_rejected_in_swedish(sv, word):
    verdict = sv.check(word)
    assert not verdict.ok
    assert "proper noun" in verdict.reason or "abbreviation" in verdict.reason


def test_apostrophes_and_hyphens(en):
    assert en.check("DON'T").reason == "has an apostrophe"
    assert en.check("AD-LIB").reason == "has a hyphen"


def test_checking_and_listing_agree(en, sv):
    for lexicon in (en, sv):
        words = sorted(lexicon.words())
        sample = words[:: max(1, len(words) // 2000)]
        assert all(lexicon.check(w.upper()).ok for w in sample)
        assert all(w == w.lower() and w.isalpha() for w in sample)
    assert len(sv) > 500_000 and len(en) > 80_000


def test_swedish_alphabet_has_its_own_letters(sv, en):
    assert {"Å", "Ä", "Ö"} <= set(sv.alphabet)
    assert set(en.alphabet) >= set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def test_compounds_only_on_request(sv):
    assert not sv.check("BILHUSBÅT").ok
    compounds = HunspellCompoundLexicon("sv")
    verdict = compounds.check("BILHUSBÅT")
    assert verdict.ok and "compound" in verdict.reason
    assert not compounds.check("STOCKHOLM").ok
    assert "compounds" in compounds.name


def test_the_compiled_list_is_cached_and_an_old_or_damaged_cache_compiled_again(
    tmp_path, monkeypatch
):
    monkeypatch.setenv("CUBECAM_CACHE_DIR", str(tmp_path))
    folder = tmp_path / "lexicon"
    folder.mkdir()
    old = [folder / "en_US-0123456789abcdef.txt", folder / "en_US-0123456789abcdef.prefixes.txt"]
    for path in old:
        path.write_text("color\ncolors", "utf-8")
    (folder / "sv_SE-0123456789abcdef.txt").write_text("färg", "utf-8")
    first, index = compiled_index("en_US")
    assert first.is_relative_to(tmp_path)
    assert [p.exists() for p in old] == [False, False]
    assert (folder / "sv_SE-0123456789abcdef.txt").exists(), "another dictionary's is kept"
    mtime = first.stat().st_mtime_ns
    assert compiled_index("en_US")[0] == first and first.stat().st_mtime_ns == mtime
    first.write_bytes(first.read_bytes()[:-1000])
    again = HunspellLexicon("en_US")
    assert again.source == first and first.stat().st_mtime_ns != mtime
    assert len(again) == len(index.words()) > 50_000 and "COLORS" in again


def test_missing_dictionary_names_the_package(tmp_path, monkeypatch):
    monkeypatch.setattr(hunspell, "DICTIONARY_DIRS", (tmp_path,))
    with pytest.raises(DictionaryMissing, match="apt-get install hunspell-sv"):
        hunspell.HunspellLexicon("sv")


def test_unknown_language():
    with pytest.raises(InputError, match="unknown language"):
        dictionary_code("klingon")


@pytest.fixture
def tiny(tmp_path, monkeypatch):
    """A three-word en_US hunspell dictionary, compiled into a cache of the test's own."""
    folder = tmp_path / "hunspell"
    folder.mkdir()
    (folder / "en_US.dic").write_text("3\nzebra\ntiger\nweave\n", "utf-8")
    (folder / "en_US.aff").write_text("SET UTF-8\n", "utf-8")
    monkeypatch.setattr(hunspell, "DICTIONARY_DIRS", (folder,))
    monkeypatch.setattr("cubecam.lexicon._loaded", {})
    monkeypatch.setenv("CUBECAM_CACHE_DIR", str(tmp_path / "cache"))
    return compiled_index("en_US")


@pytest.mark.parametrize("where", ["trie", "flags"])
def test_a_damaged_cache_is_built_again_with_a_note(tiny, capsys, where):
    path, index = tiny
    data = bytearray(path.read_bytes())
    trie = len(index.trie.tobytes())
    data[-trie // 2 if where == "trie" else -trie - len(index.flags)] ^= 0x5A
    path.write_bytes(bytes(data))
    capsys.readouterr()
    again, rebuilt = compiled_index("en_US")
    note = capsys.readouterr().err
    assert f"cubecam: note: {path} is damaged: its checksum differs: building it again" in note
    assert "cubecam: built the en_US word list" in note
    assert again == path and rebuilt.words() == index.words() == {"zebra", "tiger", "weave"}
    assert WordIndex.load(path).words() == index.words()


def test_a_cache_path_that_is_a_folder_is_one_line_and_exit_2(tiny):
    path, _ = tiny
    path.unlink()
    path.mkdir()
    with pytest.raises(InputError, match="a folder stands in its place: remove it"):
        compiled_index("en_US")
    result = CliRunner().invoke(main, ["words", "check", "zebra", "--lang", "en"])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        f"cubecam: error: cannot write the word cache {path}: a folder stands in its place:"
        " remove it"
    )
    assert "Traceback" not in result.output
