import csv
import io
import json

from cubecam.grid_format import parse_grid
from cubecam.scorelog import ScoreLog
from cubecam.scorelog.export import CSV_FIELDS, export_csv, export_json
from tests.rules.test_game_two import TOSS_A, TOSS_B


def test_csv_has_a_row_per_toss_and_per_bonus_summing_to_the_totals(tmp_path):
    with ScoreLog(tmp_path / "s.sqlite3") as log:
        game = log.new_game("scrabble-cubes-two", ["Ann", "Bo"])
        log.record_turn(game.id, "Ann", parse_grid(TOSS_A))
        log.record_turn(game.id, "Bo", parse_grid("ME\nunused: Z"))
        log.record_turn(game.id, "Ann", parse_grid(TOSS_B))
        turns, sheet = log.turns(game.id), log.sheet(game.id)
    rows = list(csv.DictReader(io.StringIO(export_csv(game, turns, sheet))))
    assert tuple(rows[0]) == CSV_FIELDS
    assert [(r["side"], r["action"], int(r["score"])) for r in rows] == [
        ("Ann", "play", 23),
        ("Bo", "play", 4 - 10),
        ("Ann", "play", 30),
        ("Ann", "Grand Slam Bonus", 50),
    ]
    assert (rows[1]["words"], rows[1]["not_counted"]) == ("ME", "")
    sums = {}
    for row in rows:
        sums[row["side"]] = sums.get(row["side"], 0) + int(row["score"])
    assert sums == sheet.totals() == {"Ann": 103, "Bo": -6}


def test_json_keeps_every_turn_with_grid_and_tally(tmp_path):
    with ScoreLog(tmp_path / "s.sqlite3") as log:
        game = log.new_game("scrabble-cubes", ["Ann"], rounds=1)
        log.record_turn(game.id, "Ann", parse_grid("CAT\nunused: E"), photo="/photos/1.jpg")
        data = json.loads(json.dumps(export_json(game, log.turns(game.id), log.sheet(game.id))))
    (turn,) = data["turns"]
    assert parse_grid(turn["grid"]).unused[0].symbol == "E"
    assert turn["photo"] == "/photos/1.jpg" and turn["tally"]["final"] == turn["score"] == 4
    assert data["players"] == [{"name": "Ann", "members": ["Ann"], "total": 4, "rounds": [4]}]
    assert data["over"] and data["winner"] == "Ann"


def test_csv_cells_that_a_spreadsheet_would_run_are_neutralised_but_scores_stay_numbers(tmp_path):
    """OWASP's CSV injection advice: a user's text that begins with = + - @ (or a tab or a
    carriage return) is written after a single quote; the scores the export writes are not."""
    names = ['=HYPERLINK("http://evil.example","x")', "+Bo", "-Cy", "@Di", "Fay"]
    with ScoreLog(tmp_path / "s.sqlite3") as log:
        game = log.new_game("hunt", names)
        board = parse_grid("kind: tray\nRAKT\nEMDL\nOÅNE\nSTIG")
        words = {name: ["rakt"] for name in names} | {"Fay": ["-rakt", "=1+2"]}
        log.record_hunt_round(game.id, board, words)
        game2 = log.new_game("scrabble-cubes-two", ["=Ann"])
        log.record_turn(game2.id, "=Ann", parse_grid("ME\nunused: Z"))
        turns, sheet = log.turns(game.id), log.sheet(game.id)
        rows = list(csv.DictReader(io.StringIO(export_csv(game, turns, sheet))))
        (toss,) = csv.DictReader(
            io.StringIO(export_csv(game2, log.turns(game2.id), log.sheet(game2.id)))
        )
    assert [row["side"] for row in rows[: len(names)]] == [
        "'" + name if name[0] in "=+-@" else name for name in names
    ]
    assert rows[0]["player"] == "'" + names[0]
    fay = rows[len(names) - 1]
    assert fay["side"] == "Fay" and fay["not_counted"] == "'-rakt =1+2"
    assert (toss["side"], toss["player"], toss["score"]) == ("'=Ann", "'=Ann", str(4 - 10))
