import json
import os
import subprocess
import sys
import unicodedata

from click.testing import CliRunner

from cubecam.cli import main
from cubecam.lexicon import meanings
from tests.conftest import REPO


def test_every_word_counts_exits_0():
    result = CliRunner().invoke(main, ["words", "check", "weave", "tiger"])
    assert result.exit_code == 0
    assert "WEAVE: counts" in result.output


def test_any_word_failing_exits_1_with_reasons():
    result = CliRunner().invoke(main, ["words", "check", "weave", "paris", "etc"])
    assert result.exit_code == 1
    assert "PARIS: does not count: a proper noun" in result.output
    assert "ETC: does not count: an abbreviation" in result.output


def test_swedish_and_json():
    result = CliRunner().invoke(
        main, ["words", "check", "hakrem", "stockholm", "--lang", "sv", "--json"]
    )
    assert result.exit_code == 1
    assert '"ok": true' in result.output and '"ok": false' in result.output


def test_help_reads_well():
    for args in (
        ["--help"],
        ["score", "--help"],
        ["words", "check", "--help"],
        ["adlib", "--help"],
    ):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0 and "Usage:" in result.output


def test_build_makes_the_lists_ahead_and_says_how_far(tmp_path, monkeypatch):
    monkeypatch.setenv("CUBECAM_CACHE_DIR", str(tmp_path))
    first = CliRunner().invoke(main, ["words", "build", "--lang", "en"])
    assert first.exit_code == 0, first.output
    assert "building the en_US word list: step 1 of 2" in first.stderr
    assert "built the en_US word list" in first.stderr
    assert [p.name.split("-")[0] for p in (tmp_path / "lexicon").iterdir()] == ["en_US"]
    again = CliRunner().invoke(main, ["words", "build", "--lang", "en"])
    assert again.exit_code == 0 and again.stderr == ""
    assert "en_US: " in again.stdout and "words ready" in again.stdout


def test_a_first_use_says_what_it_builds(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(REPO / "src"), "CUBECAM_CACHE_DIR": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-m", "cubecam", "words", "check", "weave", "--lang", "en"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "WEAVE: counts" in result.stdout
    assert "cubecam: building the en_US word list (first use only" in result.stderr
    assert "cubecam: built the en_US word list in" in result.stderr


def test_a_word_shows_its_meaning_from_wordnet():
    result = CliRunner().invoke(main, ["words", "check", "cat", "--lang", "en"])
    assert result.exit_code == 0
    assert "CAT: counts\n  meaning: feline mammal" in result.output
    assert "meanings: WordNet" in result.output


def test_a_swedish_word_shows_its_english_meaning():
    result = CliRunner().invoke(main, ["words", "check", "hund", "--lang", "sv", "--json"])
    assert result.exit_code == 0
    word = json.loads(result.stdout)["words"][0]
    assert word == {"word": "hund", "ok": True, "reason": None, "meaning": "dog"}


def test_a_meaning_never_changes_what_counts():
    result = CliRunner().invoke(main, ["words", "check", "paris", "hakrem", "--lang", "en"])
    assert result.exit_code == 1
    assert "PARIS: does not count: a proper noun" in result.output
    assert (
        "meaning: the capital and largest city of France" in result.output
    )  # WordNet knows it; the list decides
    assert "HAKREM: does not count: not in the word list\n(" in result.output  # no meaning


def test_a_missing_meanings_dictionary_is_a_note_and_the_check_goes_on(tmp_path, monkeypatch):
    monkeypatch.setattr(meanings, "WORDNET_DIR", tmp_path)
    result = CliRunner().invoke(main, ["words", "check", "cat", "--lang", "en"])
    assert result.exit_code == 0
    assert result.stdout == "CAT: counts\n(dictionary: hunspell en_US)\n"
    assert "cubecam: note: no meanings for English: WordNet's files are not in" in result.stderr


def test_a_word_typed_in_decomposed_form_is_checked_as_composed():
    typed = unicodedata.normalize("NFD", "MÅL")
    result = CliRunner().invoke(main, ["words", "check", typed, "--lang", "sv"])
    assert result.exit_code == 0, result.output
    assert "MÅL: counts" in result.output
