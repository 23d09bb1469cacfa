import csv
import io
import json
import os
import subprocess
import sys
import unicodedata
from collections import Counter

import pytest
from click.testing import CliRunner

from cubecam.cli import main
from tests.conftest import SAMPLES, cubecam_env, read_only
from tests.rules.test_game_two import PRINTED_ROUND, TOSS_A, TOSS_B


@pytest.fixture
def files(tmp_path):
    grids = {
        "a": TOSS_A,
        "b": TOSS_B,
        "cat": "CAT\nunused: E",
        "dog": "DOG\nunused: S",
        "gods": "GODS",
        "act": "ACT\nunused: X",
        "me": "ME\nunused: Z",
        "weave": "...W.\nTIGER\nOF.A.\nN..V.\n...E.\nunused: T U",
    }
    for name, text in grids.items():
        (tmp_path / f"{name}.grid").write_text(text, "utf-8")
    return tmp_path


def cli(db, *args, code=0):
    result = CliRunner().invoke(main, ["game", *map(str, args), "--db", str(db)])
    assert result.exit_code == code, result.output
    return result.output


def sheet_json(db, game_id):
    return json.loads(cli(db, "show", game_id, "--json"))


def totals(db, game_id):
    return {p["name"]: p["total"] for p in sheet_json(db, game_id)["players"]}


def csv_totals(text):
    sums = Counter()
    for row in csv.DictReader(io.StringIO(text)):
        sums[row["side"]] += int(row["score"])
    return dict(sums)


def test_game_two_through_the_cli(files):
    db = files / "scores.sqlite3"
    game = cli(
        db,
        "new",
        "--game",
        "scrabble-cubes-two",
        "--player",
        "Ann",
        "--player",
        "Bo",
        "--rounds",
        "1",
    ).strip()
    out = cli(db, "turn", game, "--player", "Ann", "--grid", files / "a.grid")
    assert "Toss A: 23" in out and "Lengths left in the round: 2, 3, 4, 5, 6" in out
    assert "Standings: Ann 23, Bo 0\nBo to play (round 1)" in out
    cli(db, "turn", game, "--player", "Bo", "--grid", files / "me.grid")
    out = cli(db, "turn", game, "--player", "Ann", "--grid", files / "b.grid")
    assert PRINTED_ROUND in out
    cli(db, "pass", game, "--player", "Bo", code=2)  # only after the second toss
    cli(db, "turn", game, "--player", "Bo", "--grid", files / "b.grid")
    out = cli(db, "pass", game, "--player", "Bo")
    assert "Game over: Ann wins with 103" in out
    shown = cli(db, "show", game)
    assert PRINTED_ROUND.replace("\n", "\n    ") in shown
    assert totals(db, game) == {"Ann": 103, "Bo": (4 - 10) + (30 - 4 - 4)}  # ME again: penalised
    data = json.loads(cli(db, "export", game, "--format", "json"))
    assert [t["score"] for t in data["turns"]] == [23, -6, 30, 22, 0]
    assert data["turns"][0]["tally"]["words"][0]["word"] == "PRETENSE"
    assert csv_totals(cli(db, "export", game, "--format", "csv")) == totals(db, game)


def test_partnerships_through_the_cli(files):
    db = files / "scores.sqlite3"
    game = cli(
        db, "new", "--game", "scrabble-cubes-two", "--team", "Red=Ann,Cy", "--team", "Blue=Bo,Di"
    ).strip()
    cli(db, "turn", game, "--player", "Cy", "--grid", files / "a.grid")
    cli(db, "turn", game, "--player", "Bo", "--grid", files / "me.grid")
    cli(db, "turn", game, "--player", "Ann", "--grid", files / "b.grid")
    players = sheet_json(db, game)["players"]
    assert [(p["name"], p["members"], p["total"]) for p in players] == [
        ("Red", ["Ann", "Cy"], 103),
        ("Blue", ["Bo", "Di"], -6),
    ]


def test_game_one_in_real_processes_to_its_target(files):
    db = files / "scores.sqlite3"
    env = {**os.environ, "CUBECAM_DB": str(db)}

    def run(*args):
        done = subprocess.run(
            [sys.executable, "-m", "cubecam", "game", *map(str, args)],
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    game = run(
        "new", "--game", "scrabble-cubes", "--player", "Ann", "--player", "Bo", "--target", "40"
    ).strip()
    out = run("turn", game, "--player", "Ann", "--grid", files / "weave.grid")
    assert "Final score: 22" in out and "Bo to play (round 1)" in out
    run("turn", game, "--player", "Bo", "--grid", files / "cat.grid")
    run("turn", game, "--player", "Ann", "--grid", files / "weave.grid")
    out = run("turn", game, "--player", "Bo", "--grid", files / "cat.grid")
    assert "Game over: Ann wins with 44" in out
    assert f"{game}" in run("list") and "Game over" in run("list")
    run("export", game, "--format", "json", "--out", files / "g.json")
    data = json.loads((files / "g.json").read_text("utf-8"))
    assert {p["name"]: p["total"] for p in data["players"]} == {"Ann": 44, "Bo": 8}
    assert sum(t["score"] for t in data["turns"] if t["side"] == "Ann") == 44
    assert data["winner"] == "Ann" and len(data["turns"]) == 4


def test_adlib_through_the_cli(files):
    db = files / "scores.sqlite3"
    game = cli(db, "new", "--game", "adlib", "--player", "Ann", "--player", "Bo").strip()
    cli(db, "turn", game, "--player", "Ann", "--grid", files / "cat.grid")
    cli(db, "turn", game, "--player", "Ann", "--grid", files / "cat.grid", code=2)
    cli(db, "turn", game, "--player", "Bo", "--grid", files / "dog.grid")
    cli(db, "turn", game, "--player", "Ann", "--grid", files / "gods.grid")
    out = cli(db, "turn", game, "--player", "Bo", "--grid", files / "act.grid")
    assert "Game over: Ann wins with 10" in out and "has X that Ann (round 1) does not" in out
    shown = cli(db, "show", game)
    assert "Ann (round 1) has E that Bo (round 2) does not" in shown
    assert (
        csv_totals(cli(db, "export", game, "--format", "csv"))
        == totals(db, game)
        == {"Ann": 10, "Bo": 1}
    )


def test_hunt_rounds_through_the_cli(files):
    db = files / "scores.sqlite3"
    game = cli(db, "new", "--game", "hunt", "--player", "Anna", "--player", "Bo").strip()
    for anna, bo in ((40, 30), (35, 50), (30, 10)):
        out = cli(db, "turn", game, "--points", f"Anna={anna}", "--points", f"Bo={bo}")
    assert "Game over: Anna wins with 105" in out
    assert "Round 3: waiting" not in out
    cli(db, "undo", game)
    assert totals(db, game) == {"Anna": 75, "Bo": 80}
    assert "Round 3: waiting for Anna, Bo" in cli(db, "show", game)
    cli(db, "turn", game, "--points", "Anna=lots", "--points", "Bo=1", code=2)


def test_undo_and_errors_are_one_line(files):
    db = files / "scores.sqlite3"
    game = cli(db, "new", "--game", "scrabble-cubes", "--player", "Ann", "--player", "Bo").strip()
    cli(db, "turn", game, "--player", "Ann", "--grid", files / "cat.grid")
    assert "Removed from round 1: Ann 4" in cli(db, "undo", game)
    for args in (
        ("show", "99"),
        ("turn", game, "--grid", files / "cat.grid"),
        ("turn", game, "--player", "Ann"),
        ("turn", game, "--player", "Ann", "--grid", files / "missing.grid"),
        ("new", "--game", "scrabble-cubes", "--player", "A", "--target", "9", "--rounds", "2"),
        ("new", "--game", "scrabble-cubes", "--team", "Solo=Ann"),
        ("undo", game),
    ):
        result = CliRunner().invoke(main, ["game", *map(str, args), "--db", str(db)])
        assert result.exit_code == 2, (args, result.output)
        assert result.output.startswith("cubecam: error: ") and len(result.output.splitlines()) == 1


def test_not_a_database_through_the_cli(files):
    (files / "bad.sqlite3").write_bytes(b"\x00not sqlite at all" * 100)
    result = CliRunner().invoke(main, ["game", "list", "--db", str(files / "bad.sqlite3")])
    assert result.exit_code == 2 and "is not a cubecam score log" in result.output


def test_hunt_rounds_from_word_lists_agree_with_the_hunt_command(files):
    db = files / "scores.sqlite3"
    (files / "board.txt").write_text("kind: tray\nH A K T\nD R E M\nY L A O\nT A S Å\n", "utf-8")
    (files / "anna.txt").write_text("Rakt\nhakrem\nmor\nok\n", "utf-8")
    (files / "bo.txt").write_text("rakt\ndrake\n", "utf-8")
    lists = ["--player", f"Anna={files / 'anna.txt'}", "--player", f"Bo={files / 'bo.txt'}"]
    game = cli(db, "new", "--game", "hunt", "--player", "Anna", "--player", "Bo", "--target", "10")
    out = cli(db, "turn", game.strip(), "--grid", files / "board.txt", *lists)
    assert "hakrem   5" in out and "written by another player (Bo)" in out
    assert "Standings: Anna 5, Bo 3" in out
    alone = CliRunner().invoke(main, ["hunt", "--grid", str(files / "board.txt"), *lists, "--json"])
    expected = {p["name"]: p["total"] for p in json.loads(alone.output)["players"]}
    assert totals(db, game.strip()) == expected == {"Anna": 5, "Bo": 3}
    out = cli(db, "turn", game.strip(), "--grid", files / "board.txt", *lists)
    assert "Game over: Anna wins with 10" in out
    turns = json.loads(cli(db, "export", game.strip()))["turns"]
    assert turns[0]["tally"]["accepted"] == [{"word": "hakrem", "points": 5}]


def test_a_turn_read_from_a_photo_keeps_its_path(tmp_path):
    db = str(tmp_path / "scores.sqlite3")
    runner = CliRunner()
    runner.invoke(
        main,
        [
            "game",
            "new",
            "--game",
            "scrabble-cubes",
            "--player",
            "Ann",
            "--player",
            "Bo",
            "--db",
            db,
        ],
    )
    photo = SAMPLES / "game-one-crossword.jpg"
    result = runner.invoke(
        main, ["game", "turn", "1", "--player", "Ann", "--photo", str(photo), "--db", db]
    )
    assert result.exit_code == 0, result.output
    assert "Final score: 22" in result.output
    shown = json.loads(runner.invoke(main, ["game", "show", "1", "--json", "--db", db]).output)
    assert {p["name"]: p["total"] for p in shown["players"]} == {"Ann": 22, "Bo": 0}
    exported = json.loads(
        runner.invoke(main, ["game", "export", "1", "--format", "json", "--db", db]).output
    )
    assert str(photo.resolve()) in json.dumps(exported)


def test_a_turn_from_a_photo_is_corrected_before_it_is_recorded(tmp_path):
    import cv2

    db = str(tmp_path / "scores.sqlite3")
    runner = CliRunner()
    new = ["game", "new", "--game", "scrabble-cubes", "--player", "Ann", "--player", "Bo"]
    runner.invoke(main, [*new, "--db", db])
    cropped = tmp_path / "cropped.jpg"  # the T left over cut off the photo
    cv2.imwrite(str(cropped), cv2.imread(str(SAMPLES / "game-one-crossword.jpg"))[:, :940])
    turn = ["game", "turn", "1", "--photo", str(cropped), "--db", db]
    short = runner.invoke(main, [*turn, "--player", "Ann"])
    assert short.exit_code == 0, short.output
    assert "1 cube of the set not shown: not deducted" in short.output
    assert "note: the photo shows 13 of the Scrabble Crossword Cubes set's 14 cubes" in (
        short.output
    )
    fixed = runner.invoke(main, [*turn, "--player", "Bo", "--left-over", "T", "--fix", "1,4=L"])
    assert fixed.exit_code == 0, fixed.output
    assert fixed.output.startswith("...L.\nTIGER\n") and "note:" not in fixed.output
    assert "Down: LEAVE, 1+1+1+4+1 = 8" in fixed.output
    shown = json.loads(runner.invoke(main, ["game", "show", "1", "--json", "--db", db]).output)
    assert {p["name"]: p["total"] for p in shown["players"]} == {"Ann": 23, "Bo": 19}
    hunt = runner.invoke(main, ["game", "new", "--game", "hunt", "--player", "Cy", "--db", db])
    assert hunt.exit_code == 0, hunt.output
    refused = runner.invoke(
        main, ["game", "turn", "2", "--points", "Cy=3", "--left-over", "T", "--db", db]
    )
    assert refused.exit_code == 2 and "a word hunt has none" in refused.output


@pytest.mark.parametrize(
    ("named", "order"),
    [
        (["--team", "Red=Ann,Cy", "--player", "Bo"], ["Red", "Bo"]),
        (["--player", "Bo", "--team", "Red=Ann,Cy"], ["Bo", "Red"]),
        (["--player", "Di", "--team", "Red=Ann,Cy", "--player", "Bo"], ["Di", "Red", "Bo"]),
    ],
)
def test_players_and_teams_play_in_the_order_named(files, named, order):
    db = files / "scores.sqlite3"
    game = cli(db, "new", "--game", "scrabble-cubes", *named).strip()
    assert [p["name"] for p in sheet_json(db, game)["players"]] == order
    assert f"{order[0]} to play" in cli(db, "show", game)


def test_a_team_named_twice_is_refused(files):
    db = files / "scores.sqlite3"
    out = cli(db, "new", "--game", "scrabble-cubes", "--team", "R=A,B", "--team", "R=C,D", code=2)
    assert "--team R is given twice" in out


def test_a_hunt_player_is_one_player_in_any_case(files):
    db = files / "scores.sqlite3"
    (files / "board.txt").write_text("kind: tray\nH A K T\nD R E M\nY L A O\nT A S Å\n", "utf-8")
    (files / "anna.txt").write_text("Rakt\nhakrem\n", "utf-8")
    (files / "bo.txt").write_text("rakt\ndrake\n", "utf-8")
    game = cli(db, "new", "--game", "hunt", "--player", "Anna", "--player", "Bo").strip()
    lists = ["--player", f"anna={files / 'anna.txt'}", "--player", f"BO={files / 'bo.txt'}"]
    cli(db, "turn", game, "--grid", files / "board.txt", *lists)
    assert totals(db, game) == {"Anna": 5, "Bo": 3}
    out = cli(db, "new", "--game", "hunt", "--player", "Anna", "--player", "anna", code=2)
    assert "every player and partnership needs its own name: 'Anna'" in out


def test_a_finished_game_says_who_won_in_one_sentence(files):
    db = files / "scores.sqlite3"
    game = cli(db, "new", "--game", "hunt", "--player", "Anna", "--player", "Bo", "--target", "10")
    game = game.strip()
    cli(db, "turn", game, "--points", "Anna=12", "--points", "Bo=3")
    out = cli(db, "turn", game, "--points", "Anna=1", "--points", "Bo=1", code=2)
    assert out == f"cubecam: error: game {game} is over: Anna wins with 12\n"
    out = cli(db, "turn", game, "--points", "Anna=-4", "--points", "Bo=1", code=2)
    assert out.startswith("cubecam: error: points in a round are whole numbers from 0 to ")
    assert out.endswith(", not Anna -4\n")


def test_a_hunt_round_read_from_a_tray_photo_scores_as_the_hunt_command(
    tmp_path, tray_and_die_beside
):
    photo, label = tray_and_die_beside
    solved = CliRunner().invoke(main, ["hunt", str(photo), "--solve", "--json"])
    words = [w["word"] for w in json.loads(solved.stdout)["words"]]
    (tmp_path / "anna.txt").write_text("\n".join(words[:3]), "utf-8")
    (tmp_path / "bo.txt").write_text(words[0], "utf-8")
    lists = ["--player", f"Anna={tmp_path / 'anna.txt'}", "--player", f"Bo={tmp_path / 'bo.txt'}"]
    alone = CliRunner().invoke(main, ["hunt", str(photo), *lists, "--json"])
    expected = {p["name"]: p["total"] for p in json.loads(alone.stdout)["players"]}
    db = tmp_path / "scores.sqlite3"
    game = cli(db, "new", "--game", "hunt", "--player", "Anna", "--player", "Bo").strip()
    result = CliRunner().invoke(
        main, ["game", "turn", game, "--photo", str(photo), *lists, "--db", str(db)]
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("kind: tray\n" + "\n".join(map("".join, label["rows"])))
    assert "1 cube lies off the tray (O): left out of the board" in result.stderr
    assert totals(db, game) == expected and expected["Anna"] > 0
    turns = json.loads(cli(db, "export", game))["turns"]
    assert {t["photo"] for t in turns} == {str(photo.resolve())}
    r, c = 1, 1
    fixed = CliRunner().invoke(
        main,
        [
            "game",
            "turn",
            game,
            "--photo",
            str(photo),
            "--fix",
            f"{r},{c}=X",
            *lists,
            "--db",
            str(db),
        ],
    )
    assert fixed.exit_code == 0, fixed.output
    assert fixed.stdout.splitlines()[r][c - 1] == "X"
    assert json.loads(cli(db, "export", game))["turns"][-1]["grid"].splitlines()[r][c - 1] == "X"


def test_a_tray_photo_that_makes_no_board_is_refused_with_the_mend(tmp_path, tray_cut_off):
    cut = tray_cut_off
    db = tmp_path / "scores.sqlite3"
    game = cli(db, "new", "--game", "hunt", "--player", "Anna").strip()
    result = CliRunner().invoke(
        main, ["game", "turn", game, "--photo", str(cut), "--points", "Anna=3", "--db", str(db)]
    )
    assert result.exit_code == 2
    assert result.stderr.startswith("kind: tray\n")
    error = result.stderr.splitlines()[-1]
    assert error.endswith("the photo reads as above; correct it with --fix ROW,COL=LETTER")
    assert "Round 1: waiting for Anna" in cli(db, "show", game)  # nothing recorded


def test_a_hunt_started_with_the_block_wild_scores_words_through_it(tmp_path):
    (tmp_path / "board.txt").write_text("kind: tray\nÅ R A\nÖ [BLOCK] Ä\nS K A\n", "utf-8")
    (tmp_path / "anna.txt").write_text("äta\nåra\n", "utf-8")
    db = tmp_path / "scores.sqlite3"
    totals_by_rule = {}
    for flags in ((), ("--block-wild",)):
        game = cli(db, "new", "--game", "hunt", "--player", "Anna", *flags).strip()
        lists = ("--player", f"Anna={tmp_path / 'anna.txt'}")
        cli(db, "turn", game, "--grid", tmp_path / "board.txt", *lists)
        totals_by_rule[flags] = totals(db, game)["Anna"]
    assert totals_by_rule == {(): 1, ("--block-wild",): 2}


def test_game_list_and_show_read_a_log_in_a_read_only_folder(tmp_path):
    data = tmp_path / "data"
    cli(
        data / "scores.sqlite3",
        "new",
        "--game",
        "scrabble-cubes",
        "--player",
        "Ann",
        "--player",
        "Bo",
    )
    shown = {}
    for command in (["list"], ["show", "1"]):
        result = subprocess.run(
            read_only(data, [sys.executable, "-m", "cubecam", "game", *command]),
            capture_output=True,
            text=True,
            env=cubecam_env(CUBECAM_DATA=str(data)),
            check=False,
            timeout=60,
        )
        assert (result.returncode, result.stderr) == (0, ""), result.stderr
        shown[command[0]] = result.stdout
    assert "Ann 0, Bo 0" in shown["list"] and "Round" in shown["show"]
    assert sorted(p.name for p in data.iterdir()) == ["scores.sqlite3"]


def test_a_name_typed_in_decomposed_form_is_the_same_player(files):
    db = files / "scores.sqlite3"
    composed, decomposed = "Åsa", unicodedata.normalize("NFD", "Åsa")
    out = cli(
        db, "new", "--game", "scrabble-cubes", "--player", composed, "--player", decomposed, code=2
    )
    assert "every player and partnership needs its own name: 'Åsa'" in out
    game = cli(db, "new", "--game", "scrabble-cubes", "--player", decomposed, "--player", "Bo")
    cli(db, "turn", game.strip(), "--player", composed, "--grid", files / "cat.grid")
    cli(db, "turn", game.strip(), "--player", "Bo", "--grid", files / "dog.grid")
    cli(db, "turn", game.strip(), "--player", decomposed, "--grid", files / "cat.grid")
    assert totals(db, game.strip()) == {"Åsa": 8, "Bo": 4}
