"""Bad input on the command line: a one-line error and exit 2, never a traceback, hang or wrong success."""

import json
import os
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
from click.testing import CliRunner

from cubecam.cli import main
from tests.conftest import SAMPLES

SRC = Path(__file__).resolve().parents[2] / "src"
GAME_ONE_WORDS = ["tiger", "of", "ton", "if", "weave"]
BOARD = "kind: tray\nH A K T\nD R E M\nY L A O\nT A S Å\n"


@pytest.fixture
def board(tmp_path):
    path = tmp_path / "board.txt"
    path.write_text(BOARD, "utf-8")
    return path


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def cubecam(*args, prefix=(), **env):
    """``cubecam ARGS`` in a real process (a reader that does not stop is killed by the timeout)."""
    return subprocess.run(
        [*prefix, sys.executable, "-m", "cubecam", *map(str, args)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(SRC), **env},
        check=False,
        timeout=60,
    )


def refused(result, *phrases):
    """The command ended with exit 2 and one error line holding each phrase; that line."""
    stderr = result.stderr.strip()
    code = (
        result.returncode if isinstance(result, subprocess.CompletedProcess) else result.exit_code
    )
    assert code == 2, stderr
    assert "Traceback" not in stderr and len(stderr.splitlines()) == 1, stderr
    assert stderr.startswith("cubecam: error: "), stderr
    for phrase in phrases:
        assert phrase in stderr
    return stderr


@pytest.mark.parametrize(
    "args",
    [
        ["score", "--grid", "/dev/zero"],
        ["score", "--grid", str(SAMPLES / "game-one.grid"), "--wordlist", "/dev/zero"],
        ["hunt", "--grid", "BOARD", "--player", "A=/dev/zero"],
        ["read", "/dev/zero"],
    ],
)
def test_a_device_is_refused_without_reading_it(args, board):
    result = cubecam(*(board if arg == "BOARD" else arg for arg in args))
    refused(result, "/dev/zero is not a regular file")


def test_a_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    pipe = tmp_path / "words.fifo"
    os.mkfifo(pipe)
    result = cubecam("score", "--grid", SAMPLES / "game-one.grid", "--wordlist", pipe)
    refused(result, f"word list {pipe} is not a regular file")


def test_a_grid_file_over_the_limit_is_refused(tmp_path):
    grid = tmp_path / "huge.grid"
    grid.write_text("CAT\n" * 300_000, "utf-8")
    result = run("score", "--grid", grid)
    assert result.exit_code == 2
    refused_line = result.stderr.strip()
    assert (
        refused_line == f"cubecam: error: grid file {grid} is too large (more than 1,000,000 bytes)"
    )


@pytest.mark.parametrize("where", ["--wordlist", "grid"])
def test_a_byte_order_mark_loses_nothing(tmp_path, where):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(GAME_ONE_WORDS), "utf-8-sig")
    grid = tmp_path / "game-one.grid"
    text = (SAMPLES / "game-one.grid").read_text("utf-8")
    grid.write_text(text, "utf-8-sig" if where == "grid" else "utf-8")
    result = run("score", "--grid", grid, "--wordlist", words, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["final"] == 22


def test_a_players_list_with_a_byte_order_mark_keeps_its_first_word(tmp_path, board):
    anna = tmp_path / "anna.txt"
    anna.write_text("hakrem\nrakt\n", "utf-8-sig")
    result = run("hunt", "--grid", board, "--player", f"Anna={anna}", "--json")
    assert result.exit_code == 0, result.output
    (anna_round,) = json.loads(result.output)["players"]
    assert [w["word"] for w in anna_round["accepted"]] == ["hakrem", "rakt"]


def test_a_photo_sixty_thousand_by_eight_is_refused(tmp_path):
    photo = tmp_path / "strip.png"
    cv2.imwrite(str(photo), np.full((8, 60_000, 3), 200, np.uint8))
    result = cubecam("read", photo)
    refused(result, "60000×8 pixels: not a photo of cubes")


def test_annotating_to_a_name_opencv_cannot_write(tmp_path):
    out = tmp_path / "out.txt"
    result = run(
        "score", "--game", "scrabble-cubes", SAMPLES / "game-one-crossword.jpg", "--annotate", out
    )
    refused(result, f"cannot write {out}: give a .png or .jpg name")
    assert not out.exists()


HUGE = str(10**20 - 1)
TWO_TO_63 = str(2**63)


@pytest.fixture
def log(tmp_path):
    """A score log holding one word-hunt game (id 1) of Anna and Bo."""
    db = tmp_path / "scores.sqlite3"
    started = run("game", "new", "--game", "hunt", "--player", "Anna", "--player", "Bo", "--db", db)
    assert started.exit_code == 0 and started.output.strip() == "1", started.output
    return db


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["game", "show", HUGE], f"no game {HUGE} in"),
        (["game", "undo", TWO_TO_63], f"no game {TWO_TO_63} in"),
        (["game", "new", "--game", "hunt", "--player", "A", "--target", HUGE], "the target must"),
        (["game", "new", "--game", "hunt", "--player", "A", "--rounds", TWO_TO_63], "rounds must"),
        (
            ["game", "turn", "1", "--points", f"Anna={TWO_TO_63}", "--points", "Bo=1"],
            "0 to 100,000",
        ),
    ],
)
def test_huge_numbers_are_refused(log, args, message):
    refused(run(*args, "--db", log), message)


@pytest.mark.parametrize("value", ["inf", "nan", "-1", "1e400", "ten"])
def test_a_bad_database_timeout_is_refused(log, value):
    result = cubecam("game", "show", "1", "--db", log, CUBECAM_DB_TIMEOUT=value)
    refused(result, f"CUBECAM_DB_TIMEOUT must be a number of seconds from 0 to 3600, not '{value}'")


def test_reading_a_missing_log_creates_nothing(tmp_path):
    db = tmp_path / "no" / "such" / "scores.sqlite3"
    for command in (["list"], ["show", "1"], ["export", "1"]):
        refused(run("game", *command, "--db", db), f"no score log at {db}")
    assert list(tmp_path.iterdir()) == []


def test_reading_commands_change_nothing(log):
    before = log.read_bytes()
    for command in (["list"], ["show", "1"], ["export", "1", "--format", "csv"]):
        assert run("game", *command, "--db", log).exit_code == 0
    assert log.read_bytes() == before


def test_reading_commands_work_in_a_read_only_folder(log):
    """As root, the reader runs without the capability to override file permissions."""
    turn = run("game", "turn", "1", "--points", "Anna=3", "--points", "Bo=1", "--db", log)
    assert turn.exit_code == 0, turn.output
    as_user = ["setpriv", "--bounding-set", "-dac_override,-dac_read_search"] * (os.geteuid() == 0)
    folder = log.parent
    folder.chmod(0o555)
    try:
        cannot_write = subprocess.run(
            [*as_user, "touch", folder / "probe"], capture_output=True, check=False
        )
        assert cannot_write.returncode != 0
        shown = cubecam("game", "show", "1", "--json", "--db", log, prefix=as_user)
        assert shown.returncode == 0, shown.stderr
        totals = {p["name"]: p["total"] for p in json.loads(shown.stdout)["players"]}
        assert totals == {"Anna": 3, "Bo": 1}
        assert cubecam("game", "list", "--db", log, prefix=as_user).returncode == 0
        assert sorted(p.name for p in folder.iterdir()) == ["scores.sqlite3"]
    finally:
        folder.chmod(0o755)


@pytest.mark.parametrize(
    ("grid", "where"),
    [
        ("中文字", "line 1, column 1: the Scrabble Crossword Cubes set has no face 中 "),
        ("STRAßE", "line 1, column 5: the Scrabble Crossword Cubes set has no face ß "),
        ("ﬁT", "line 1, column 1: the Scrabble Crossword Cubes set has no face ﬁ "),
        ("[Qu A K T", "line 1, column 1: '[' without a closing ']'"),
        ("CAT\n.[JOKER]", "line 2, column 2: the Scrabble Crossword Cubes set has no face JOKER "),
    ],
)
def test_a_grid_of_symbols_no_cube_shows_is_refused(tmp_path, grid, where):
    path = tmp_path / "bad.grid"
    path.write_text(grid, "utf-8")
    refused(run("score", "--grid", path), f"{path}: {where}")


def test_a_face_the_grid_allows_but_the_set_has_not(tmp_path):
    path = tmp_path / "swedish.grid"
    path.write_text("ÄLG\n..Ö", "utf-8")
    refused(
        run("score", "--grid", path, "--lang", "sv"),
        f"{path}: line 1, column 1: the Scrabble Crossword Cubes set has no face Ä "
        "(its faces: A B BLANK C",
    )


SCRABBLE_FACES = "(its faces: A B BLANK C D E F G H I J K L M N O P Q Qu R S T U V W X Y Z)"
ADLIB_FACES = "(its faces: A B C D E F G H I J JOKER K L M N O P Q Qu R S T U V W X Y Z)"


@pytest.mark.parametrize(
    ("header", "options", "faces"),
    [
        ("", (), SCRABBLE_FACES),
        ("game: adlib\n", (), ADLIB_FACES),
        ("", ("--game", "adlib"), ADLIB_FACES),
        ("game: adlib\n", ("--set", "scrabble-crossword-cubes"), SCRABBLE_FACES),
    ],
)
def test_a_score_grid_names_the_faces_of_its_own_set(tmp_path, header, options, faces):
    """A grid's symbol, or a --fix, that the set in use has not names that set's faces, not
    every face some cube shows."""
    path = tmp_path / "cat.grid"
    path.write_text(f"{header}CAT\nC[XY]T", "utf-8")
    line = 2 + header.count("\n")
    grid = refused(run("score", "--grid", path, *options), f"line {line}, column 2: ", faces)
    assert "has no face XY" in grid and "[An]" not in grid and " Th" not in grid
    path.write_text(f"{header}CAT", "utf-8")
    for fix, shown in (("1,2=XY", "XY"), ("1,1=[XY]", "[XY]"), ("1,3=Ä", "Ä")):
        fixed = refused(run("score", "--grid", path, *options, "--fix", fix), f"--fix '{fix}': ")
        assert f"set has no face {shown} {faces}" in fixed and "[An]" not in fixed


def test_a_fix_to_a_face_the_set_has_not_names_its_faces(board):
    result = run("hunt", "--grid", board, "--set", "classic-4x4", "--fix", "2,1=XY", "--solve")
    refused(result, "--fix '2,1=XY': the Classic 4x4 word hunt set has no face XY (its faces: A B")
    refused(run("hunt", "--grid", board, "--fix", "2,1=ß", "--solve"), "--fix '2,1=ß': unknown")
