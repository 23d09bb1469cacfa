import os
import subprocess
import sys

from click.testing import CliRunner

from cubecam.cli import main
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
    assert "built the en_US prefixes for the word hunt" in first.stderr
    assert sorted(p.name.split("-")[0] for p in (tmp_path / "lexicon").iterdir()) == [
        "en_US",
        "en_US",
    ]
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
