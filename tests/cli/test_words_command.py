from click.testing import CliRunner

from cubecam.cli import main


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
