"""``cubecam hunt``: scoring, solving and settling disputes from the command line."""

import json
import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner

from cubecam.cli import main
from tests.conftest import SAMPLES

BOARD = "kind: tray\nH A K T\nD R E M\nY L A O\nT A S Å\n"
SRC = Path(__file__).resolve().parents[2] / "src"


@pytest.fixture
def files(tmp_path):
    (tmp_path / "board.txt").write_text(BOARD, "utf-8")
    (tmp_path / "anna.txt").write_text("Rakt\n\n  hakrem \nmor\nok\nrakt\n", "utf-8")
    (tmp_path / "bo.txt").write_text("rakt\ndrake\nhardy\n", "utf-8")
    return tmp_path


def hunt(*args):
    """Run ``cubecam hunt ARGS`` in-process."""
    return CliRunner().invoke(main, ["hunt", *map(str, args)])


def players(files):
    return ["--player", f"Anna={files / 'anna.txt'}", "--player", f"Bo={files / 'bo.txt'}"]


def test_scores_a_round_with_reasons_and_a_winner(files):
    result = hunt("--grid", files / "board.txt", *players(files))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "hakrem   5" in out
    assert "mor      -  not on the board: MO can be formed, but no R touches the O" in out
    assert "ok       -  too short" in out
    assert "rakt     -  written by another player (Bo)" in out
    assert "hardy    -  not in the word list: a proper noun" in out
    assert "written twice, counted once: rakt" in out
    assert "Round winner: Anna (5 points)" in out
    assert "hunspell sv_SE" in out


def test_json_scoring(files):
    data = json.loads(hunt("--grid", files / "board.txt", "--json", *players(files)).stdout)
    anna, bo = data["players"]
    assert anna["name"] == "Anna" and anna["total"] == 5
    assert anna["accepted"] == [{"word": "hakrem", "points": 5}]
    assert {r["word"] for r in anna["rejected"]} == {"rakt", "mor", "ok"}
    assert bo["accepted"] == [{"word": "drake", "points": 3}]
    assert data["winner"] == "Anna"


def test_fast_variant_from_the_command_line(files):
    result = hunt("--grid", files / "board.txt", "--json", "--fast", *players(files))
    assert [p["total"] for p in json.loads(result.stdout)["players"]] == [7, 5]


def test_solve_lists_every_word_and_the_total(files):
    data = json.loads(hunt("--grid", files / "board.txt", "--solve", "--json").stdout)
    words = {w["word"]: w["points"] for w in data["words"]}
    assert words["hakrem"] == 5 and words["rakt"] == 2 and "mor" not in words
    assert data["max_score"] == sum(words.values())
    text = hunt("--grid", files / "board.txt", "--solve").stdout
    assert f"Total possible: {data['max_score']}" in text


def test_missed_lists_the_best_words_nobody_wrote(files):
    anna = f"Anna={files / 'anna.txt'}"
    result = hunt("--grid", files / "board.txt", "--missed", "--json", "--player", anna)
    missed = json.loads(result.stdout)["missed"]
    assert len(missed) == 10
    assert "hakrem" not in {w["word"] for w in missed}
    assert missed == sorted(missed, key=lambda w: -w["points"])
    result = hunt("--grid", files / "board.txt", "--missed")
    assert result.exit_code == 2
    assert "--missed needs the players' lists" in result.stderr


def test_path_draws_the_word_or_explains(files):
    board = files / "board.txt"
    result = hunt("--grid", board, "--path", "hakrem")
    assert result.exit_code == 0
    assert "H A K T   1 2 3 ." in result.stdout
    assert "hakrem scores 5" in result.stdout
    result = hunt("--grid", board, "--path", "mor")
    assert "mor is not on the board: MO can be formed, but no R touches the O" in result.stdout
    data = json.loads(hunt("--grid", board, "--path", "Mor", "--json").stdout)["path"]
    assert data["on_board"] is False and data["valid"] is False
    data = json.loads(hunt("--grid", board, "--path", "rakt", "--json").stdout)["path"]
    assert data["squares"] == [[2, 2], [1, 2], [1, 3], [1, 4]]  # rows and columns from 1
    assert data["points"] == 2


def test_a_board_without_a_tray_header_and_the_english_variant(tmp_path):
    (tmp_path / "b.txt").write_text("Qu I Z\nE T S\nA R N\n", "utf-8")
    (tmp_path / "ann.txt").write_text("QUIET\nquiz\n", "utf-8")
    ann = f"Ann={tmp_path / 'ann.txt'}"
    result = hunt("--grid", tmp_path / "b.txt", "--lang", "en", "--json", "--player", ann)
    assert json.loads(result.stdout)["players"][0]["accepted"] == [
        {"word": "quiet", "points": 2},
        {"word": "quiz", "points": 1},
    ]
    (tmp_path / "lower.txt").write_text("hakt\ndrem\nylao\ntaså\n", "utf-8")
    result = hunt("--grid", tmp_path / "lower.txt", "--path", "rakt")
    assert "rakt is on the board" in result.stdout


def test_own_word_list_and_compounds(files, tmp_path):
    (tmp_path / "words.txt").write_text("rakt\nhakrem\n", "utf-8")
    own = ["--wordlist", tmp_path / "words.txt"]
    data = json.loads(hunt("--grid", files / "board.txt", *own, "--solve", "--json").stdout)
    assert {w["word"] for w in data["words"]} == {"rakt", "hakrem"}
    assert data["lexicon"] == "word list words.txt"
    assert hunt("--grid", files / "board.txt", *own, "--compounds", "--solve").exit_code == 2


def test_a_letter_no_die_of_the_set_shows_is_a_warning(files):
    result = hunt("--grid", files / "board.txt", "--set", "classic-4x4", "--path", "rakt")
    assert result.exit_code == 0
    assert "warning: no remaining die of the Classic 4x4 word hunt set shows Å" in result.stderr
    assert "rakt is on the board" in result.stdout
    assert "en_US" in result.stdout  # an English set plays English unless --lang says otherwise
    result = hunt("--grid", files / "board.txt", "--set", "swedish-4x4", "--path", "rakt")
    assert "warning" not in result.stderr
    assert "rakt scores 2 (lexicon: hunspell sv_SE)" in result.stdout
    result = hunt("--grid", files / "board.txt", "--set", "classic-4x4", "--lang", "sv", "--solve")
    assert "hunspell sv_SE" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--player", "Anna"], "--player takes NAME=FILE"),
        (["--player", "Anna=/nonexistent/anna.txt"], "Anna's word list not found"),
        (["--set", "no-such-set", "--solve"], "unknown cube set"),
        ([], "nothing to do"),
    ],
)
def test_user_mistakes_are_one_line_errors(files, args, message):
    result = hunt("--grid", files / "board.txt", *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_a_board_that_is_not_square_is_a_clear_error(tmp_path):
    (tmp_path / "b.txt").write_text("RAKT\nHEMS\nOLAD\n", "utf-8")
    result = hunt("--grid", tmp_path / "b.txt", "--solve")
    assert result.exit_code == 2
    assert "3 rows by 4 columns" in result.stderr


def test_python_m_cubecam_runs_the_real_command(files):
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    command = [sys.executable, "-m", "cubecam", "hunt"]
    result = subprocess.run(
        [*command, "--grid", str(files / "board.txt"), *players(files), "--json"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["winner"] == "Anna"
    missing = subprocess.run(
        [*command, "--grid", str(files / "nope.txt"), "--solve"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=60,
    )
    assert missing.returncode == 2
    assert missing.stderr.strip() == f"cubecam: error: grid file not found: {files / 'nope.txt'}"


@pytest.mark.parametrize("second", ["Anna", "anna", " ANNA "])
def test_a_player_named_twice_in_any_case_is_refused(files, second):
    anna, again = (f"{name}={files / 'anna.txt'}" for name in ("Anna", second))
    result = hunt("--grid", files / "board.txt", "--player", anna, "--player", again)
    assert result.exit_code == 2
    assert f"--player Anna and --player {second.strip()} are one player" in result.stderr


def test_a_tray_photo_solves_like_its_labelled_board(tmp_path):
    label = json.loads((SAMPLES / "swedish-tray.json").read_text("utf-8"))
    board = tmp_path / "board.txt"
    board.write_text("\n".join(" ".join(row) for row in label["rows"]), "utf-8")
    runner = CliRunner()
    from_photo = runner.invoke(
        main, ["hunt", str(SAMPLES / "swedish-tray.jpg"), "--solve", "--json"]
    )
    from_grid = runner.invoke(main, ["hunt", "--grid", str(board), "--solve", "--json"])
    assert from_photo.exit_code == 0, from_photo.output
    assert json.loads(from_photo.output)["words"] == json.loads(from_grid.output)["words"]
    assert json.loads(from_grid.output)["max_score"] > 0


def test_block_wild_lets_a_word_pass_through_the_solid_face(tmp_path):
    (tmp_path / "b.txt").write_text("kind: tray\nÅ R A\nÖ [BLOCK] Ä\nS K A\n", "utf-8")
    result = hunt("--grid", tmp_path / "b.txt", "--path", "äta")
    assert result.exit_code == 0
    assert "äta is not on the board: Ä can be formed, but no die shows T" in result.stdout
    assert "Ö ■ Ä" in result.stdout
    result = hunt("--grid", tmp_path / "b.txt", "--path", "äta", "--block-wild", "--json")
    assert json.loads(result.stdout)["path"]["squares"] == [[2, 3], [2, 2], [1, 3]]


def test_a_board_the_set_does_not_fill_is_a_warning_in_a_sentence(tmp_path):
    (tmp_path / "big.txt").write_text("\n".join(["A B C D E"] * 5), "utf-8")
    result = hunt("--grid", tmp_path / "big.txt", "--set", "swedish-4x4", "--path", "abc")
    assert result.exit_code == 0, result.output
    assert "warning: the board is 5×5, but the Swedish" in result.stderr
    assert "set fills a 4×4 tray" in result.stderr


def test_a_tray_photo_that_makes_no_board_prints_its_reading_and_the_mends(tray_cut_off):
    cut = tray_cut_off
    label = json.loads((SAMPLES / "swedish-tray.json").read_text("utf-8"))
    plain = hunt(cut, "--solve")
    assert plain.exit_code == 2
    assert "this one is 4 rows by 3 columns: the photo reads as above" in plain.stderr
    assert "--fix ROW,COL=LETTER, or name the dice set with --set" in plain.stderr
    kind, *grid = plain.stderr.splitlines()[:5]
    assert kind == "kind: tray"
    assert [list(row) for row in grid] == [row[:3] for row in label["rows"]]
    with_set = hunt(cut, "--solve", "--set", "swedish-4x4")
    assert with_set.exit_code == 2
    assert with_set.stderr.rstrip().endswith("correct it with --fix ROW,COL=LETTER")


def test_a_die_off_the_tray_is_left_out_of_the_board_with_a_note(tmp_path, tray_and_die_beside):
    photo, label = tray_and_die_beside
    board = tmp_path / "board.txt"
    board.write_text("\n".join(" ".join(row) for row in label["rows"]), "utf-8")
    from_photo = hunt(photo, "--solve", "--json")
    assert from_photo.exit_code == 0, from_photo.output
    assert "1 cube lies off the tray (O): left out of the board" in from_photo.stderr
    from_grid = hunt("--grid", board, "--solve", "--json")
    assert json.loads(from_photo.stdout)["words"] == json.loads(from_grid.stdout)["words"]


def test_words_written_in_decomposed_form_score_and_cancel_as_composed(tmp_path):
    """Anna writes måne composed and mån decomposed (NFD), Bo måne decomposed: mån scores,
    måne is the same word for both and cancels."""
    (tmp_path / "board.txt").write_text("kind: tray\nR A K T\nE M D L\nO Å N E\nS T I G\n")
    (tmp_path / "anna.txt").write_text("måne\n" + unicodedata.normalize("NFD", "mån\n"))
    (tmp_path / "bo.txt").write_text(unicodedata.normalize("NFD", "måne\n"))
    result = hunt("--grid", tmp_path / "board.txt", "--json", *players(tmp_path))
    assert result.exit_code == 0, result.output
    anna, bo = json.loads(result.stdout)["players"]
    assert anna["accepted"] == [{"word": "mån", "points": 1}]
    assert [(r["word"], r["reason"]) for r in anna["rejected"]] == [
        ("måne", "written by another player (Bo)")
    ]
    assert [r["word"] for r in bo["rejected"]] == ["måne"] and bo["total"] == 0
