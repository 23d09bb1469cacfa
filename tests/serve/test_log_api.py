"""The score log through the API: a real SQLite file, games started, turns and rounds recorded."""

from __future__ import annotations

import csv
import io
import subprocess
import sys
import threading
import unicodedata
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from cubecam.grid_format import format_grid, parse_grid
from cubecam.scorelog import ScoreLog
from tests.cli.test_serve_command import free_port, get_games
from tests.conftest import cubecam_env, read_only

CAT = "CAT\nunused: E"
DOG = "DOGE\nunused: S"
BOARD = "R A K T\nE M D L\nO Å N E\nS T I G"


def capture(client: TestClient | httpx.Client, game: str, grid: str) -> str:
    response = client.post("/api/captures/grid", json={"game": game, "grid": grid})
    assert response.status_code == 200, response.text
    return response.json()["id"]


def test_a_game_is_started_played_and_shown(client: TestClient, tmp_path: Path) -> None:
    game = client.post(
        "/api/log/games", json={"kind": "scrabble-cubes", "players": ["Ann", "Bo"], "target": 200}
    ).json()
    assert game["players"] == ["Ann", "Bo"] and game["to_play"] == ["Ann"]
    assert [g["id"] for g in client.get("/api/log/games").json()] == [game["id"]]

    turn = client.post(
        f"/api/log/games/{game['id']}/turns",
        json={"capture": capture(client, "scrabble-cubes", CAT), "player": "Ann"},
    )
    assert turn.status_code == 200, turn.text
    second = client.post(
        f"/api/log/games/{game['id']}/turns",
        json={"capture": capture(client, "scrabble-cubes", DOG), "player": "Bo"},
    ).json()
    sheet = client.get(f"/api/log/games/{game['id']}").json()
    assert sheet == second["sheet"]

    with ScoreLog(tmp_path / "log.sqlite") as log:
        expected = log.sheet(game["id"])
        assert [t.grid for t in log.turns(game["id"])] == [
            "CAT\nunused: E",
            "DOGE\nunused: S",
        ]
    assert sheet["text"] == expected.render()
    assert {p["name"]: p["total"] for p in sheet["sheet"]["players"]} == expected.totals()
    assert sheet["game"]["to_play"] == ["Ann"]


def test_out_of_turn_and_wrong_game_are_refused(client: TestClient) -> None:
    game = client.post(
        "/api/log/games", json={"kind": "scrabble-cubes", "players": ["Ann", "Bo"]}
    ).json()
    early = client.post(
        f"/api/log/games/{game['id']}/turns",
        json={"capture": capture(client, "scrabble-cubes", CAT), "player": "Bo"},
    )
    assert early.status_code == 400 and "not Bo's turn" in early.json()["detail"]
    board = capture(client, "hunt", "R A K T\nE M D L\nO Å N E\nS T I G")
    wrong = client.post(
        f"/api/log/games/{game['id']}/turns", json={"capture": board, "player": "Ann"}
    )
    assert wrong.status_code == 400 and "take the photo for" in wrong.json()["detail"]
    missing = client.get("/api/log/games/999")
    assert missing.status_code == 404 and "no game 999" in missing.json()["detail"]


def test_a_game_two_toss_is_recorded_in_its_round(client: TestClient) -> None:
    game = client.post(
        "/api/log/games", json={"kind": "scrabble-cubes-two", "players": ["Ann"]}
    ).json()
    done = client.post(
        f"/api/log/games/{game['id']}/turns",
        json={"capture": capture(client, "scrabble-cubes-two", CAT), "player": "Ann"},
    ).json()
    assert done["sheet"]["sheet"]["lengths_left"]["Ann"] == [2, 4, 5, 6, 7, 8]


def test_a_word_hunt_round_is_recorded_for_every_player(client: TestClient) -> None:
    game = client.post("/api/log/games", json={"kind": "hunt", "players": ["Ann", "Bo"]}).json()
    board = capture(client, "hunt", "R A K T\nE M D L\nO Å N E\nS T I G")
    players = [{"name": "Ann", "words": "rakt"}, {"name": "Bo", "words": "xyz"}]
    done = client.post(
        f"/api/log/games/{game['id']}/rounds", json={"capture": board, "players": players}
    )
    assert done.status_code == 200, done.text
    totals = {p["name"]: p["total"] for p in done.json()["sheet"]["sheet"]["players"]}
    assert totals == {"Ann": 2, "Bo": 0}


def test_a_capture_is_recorded_once_until_its_turn_is_undone(client: TestClient) -> None:
    first = client.post("/api/log/games", json={"kind": "scrabble-cubes", "players": ["Ann", "Bo"]})
    other = client.post("/api/log/games", json={"kind": "scrabble-cubes", "players": ["Cy"]})
    game, other_game = first.json()["id"], other.json()["id"]
    cat = capture(client, "scrabble-cubes", CAT)
    done = client.post(f"/api/log/games/{game}/turns", json={"capture": cat, "player": "Ann"})
    assert done.status_code == 200, done.text
    recorded = client.get(f"/api/captures/{cat}").json()["recorded"]
    assert recorded == f"Ann's turn in round 1 of game {game}"

    for game_id, player in ((game, "Bo"), (other_game, "Cy")):
        again = client.post(
            f"/api/log/games/{game_id}/turns", json={"capture": cat, "player": player}
        )
        assert again.status_code == 400
        assert again.json()["detail"].startswith(f"this capture is already recorded as {recorded}")
    changed = client.post(f"/api/captures/{cat}/corrections", json={"cube": 0, "symbol": "B"})
    assert changed.status_code == 400 and "undo that turn first" in changed.json()["detail"]
    sheet = client.get(f"/api/log/games/{game}").json()["sheet"]
    assert [p["rounds"] for p in sheet["players"]] == [[4], [None]]

    undone = client.post(f"/api/log/games/{game}/undo")
    assert undone.status_code == 200 and undone.json()["text"] == "Undone: Ann 4"
    assert undone.json()["sheet"]["game"]["to_play"] == ["Ann"]
    assert client.get(f"/api/captures/{cat}").json()["recorded"] is None
    fixed = client.post(f"/api/captures/{cat}/corrections", json={"cube": 0, "symbol": "B"})
    assert fixed.json()["tally"]["words"][0]["word"] == "BAT"
    redone = client.post(f"/api/log/games/{game}/turns", json={"capture": cat, "player": "Ann"})
    assert redone.status_code == 200 and redone.json()["sheet"]["game"]["to_play"] == ["Bo"]
    empty = client.post(f"/api/log/games/{other_game}/undo")
    assert empty.status_code == 400 and "no turns to undo" in empty.json()["detail"]


def test_a_word_hunt_board_is_recorded_as_one_round(client: TestClient) -> None:
    game = client.post("/api/log/games", json={"kind": "hunt", "players": ["Ann"]}).json()["id"]
    board = capture(client, "hunt", "R A K T\nE M D L\nO Å N E\nS T I G")
    body = {"capture": board, "players": [{"name": "Ann", "words": "rakt"}]}
    assert client.post(f"/api/log/games/{game}/rounds", json=body).status_code == 200
    again = client.post(f"/api/log/games/{game}/rounds", json=body)
    assert again.status_code == 400 and f"round 1 of game {game}" in again.json()["detail"]


def test_a_game_is_exported_with_its_words(client: TestClient) -> None:
    game = client.post("/api/log/games", json={"kind": "scrabble-cubes", "players": ["Ann"]})
    game_id = game.json()["id"]
    cat = capture(client, "scrabble-cubes", "CAT\nunused: E")
    client.post(f"/api/log/games/{game_id}/turns", json={"capture": cat, "player": "Ann"})
    csv_file = client.get(f"/api/log/games/{game_id}/export.csv")
    assert csv_file.headers["content-type"].startswith("text/csv")
    assert f'filename="cubecam-game-{game_id}.csv"' in csv_file.headers["content-disposition"]
    (row,) = csv.DictReader(io.StringIO(csv_file.text))
    assert (row["side"], row["score"], row["words"]) == ("Ann", "4", "CAT")
    data = client.get(f"/api/log/games/{game_id}/export.json").json()
    assert data["turns"][0]["grid"] == "CAT\nunused: E"
    assert client.get(f"/api/log/games/{game_id}/export.txt").status_code == 422


def test_a_hunt_round_is_scored_in_the_variant_agreed_at_the_start(client: TestClient) -> None:
    fast = client.post(
        "/api/log/games", json={"kind": "hunt", "players": ["Ann", "Bo"], "fast": True}
    ).json()
    plain = client.post("/api/log/games", json={"kind": "hunt", "players": ["Ann", "Bo"]}).json()
    assert (fast["fast"], plain["fast"], plain["compounds"]) == (True, False, False)
    board = capture(client, "hunt", "R A K T\nE M D L\nO Å N E\nS T I G")
    players = [{"name": "Ann", "words": "rakt"}, {"name": "Bo", "words": "rakt"}]
    refused = client.post(
        f"/api/log/games/{plain['id']}/rounds",
        json={"capture": board, "players": players, "fast": True},
    )
    assert refused.status_code == 400
    assert "played without the fast variant" in refused.json()["detail"]
    done = client.post(
        f"/api/log/games/{fast['id']}/rounds",
        json={"capture": board, "players": players, "fast": True},
    )
    assert done.status_code == 200, done.text
    totals = {p["name"]: p["total"] for p in done.json()["sheet"]["sheet"]["players"]}
    assert totals == {"Ann": 2, "Bo": 2}


def test_a_turn_is_recorded_only_against_the_games_dictionary(client: TestClient) -> None:
    game = client.post(
        "/api/log/games", json={"kind": "scrabble-cubes", "players": ["Ann"], "lang": "en_GB"}
    ).json()
    assert game["lang"] == "en_GB"
    us = capture(client, "scrabble-cubes", "COLOUR")  # the US dictionary, the game's own
    refused = client.post(
        f"/api/log/games/{game['id']}/turns", json={"capture": us, "player": "Ann"}
    )
    assert refused.status_code == 400
    assert "played with the 'en_GB' dictionary, not 'en'" in refused.json()["detail"]
    british = client.post(
        "/api/captures/grid", json={"game": "scrabble-cubes", "grid": "COLOUR", "lang": "en_GB"}
    ).json()
    done = client.post(
        f"/api/log/games/{game['id']}/turns", json={"capture": british["id"], "player": "Ann"}
    )
    assert done.status_code == 200, done.text
    assert done.json()["sheet"]["sheet"]["players"][0]["total"] == british["tally"]["final"] > 0
    unknown = client.post(
        "/api/log/games", json={"kind": "scrabble-cubes", "players": ["Ann"], "lang": "xx"}
    )
    assert unknown.status_code in (400, 422)


def test_a_hunt_started_with_the_block_wild_lists_and_scores_words_through_it(
    client: TestClient,
) -> None:
    game = client.post(
        "/api/log/games", json={"kind": "hunt", "players": ["Ann"], "block_wild": True}
    ).json()
    assert game["block_wild"] and not game["fast"]
    board = capture(client, "hunt", "Å R A\nÖ [BLOCK] Ä\nS K A")
    plain = client.get(f"/api/captures/{board}/words").json()["words"]
    wild = client.get(f"/api/captures/{board}/words", params={"block_wild": True}).json()["words"]
    assert "äta" in {w["word"] for w in wild} - {w["word"] for w in plain}
    path = next(w["path"] for w in wild if w["word"] == "äta")
    assert [1, 1] in path  # through the solid face
    players = [{"name": "Ann", "words": "äta"}]
    refused = client.post(
        f"/api/log/games/{game['id']}/rounds",
        json={"capture": board, "players": players, "block_wild": False},
    )
    assert refused.status_code == 400 and "with the solid face as a wildcard" in refused.text
    done = client.post(
        f"/api/log/games/{game['id']}/rounds",
        json={"capture": board, "players": players, "block_wild": True},
    )
    assert done.status_code == 200, done.text
    assert done.json()["sheet"]["sheet"]["players"][0]["total"] == 1


def test_a_capture_for_a_game_with_its_own_word_list_is_scored_and_recorded_by_it(
    client: TestClient, tmp_path: Path
) -> None:
    house = tmp_path / "house.txt"
    house.write_text("tac\n", "utf-8")  # not in the US dictionary; CAT is, and not in this list
    with ScoreLog(tmp_path / "log.sqlite") as log:  # started from the CLI, as --wordlist does
        game = log.new_game("scrabble-cubes", ["Ann"], wordlist=house).id
    for_game = client.post(
        "/api/captures/grid", json={"game": "scrabble-cubes", "grid": "TAC", "logged": game}
    ).json()
    plain = client.post("/api/captures/grid", json={"game": "scrabble-cubes", "grid": "TAC"})
    assert for_game["tally"]["final"] > 0 > plain.json()["tally"]["final"]
    refused = client.post(
        f"/api/log/games/{game}/turns", json={"capture": plain.json()["id"], "player": "Ann"}
    )
    assert refused.status_code == 400
    assert "checks words against its own word list (house.txt)" in refused.text
    done = client.post(
        f"/api/log/games/{game}/turns", json={"capture": for_game["id"], "player": "Ann"}
    )
    assert done.status_code == 200, done.text
    assert done.json()["sheet"]["sheet"]["players"][0]["total"] == for_game["tally"]["final"]
    hunt = client.post("/api/log/games", json={"kind": "hunt", "players": ["Ann"]}).json()
    wrong = client.post(
        "/api/captures/grid", json={"game": "scrabble-cubes", "grid": "TAC", "logged": hunt["id"]}
    )
    assert wrong.status_code == 400 and "choose Word hunt, not" in wrong.text
    missing = client.post(
        "/api/captures/grid", json={"game": "scrabble-cubes", "grid": "TAC", "logged": 999}
    )
    assert missing.status_code in (400, 404) and "999" in missing.text


def test_two_phones_recording_the_same_round_at_once_record_it_once(
    live_server: str, tmp_path: Path
) -> None:
    with httpx.Client(base_url=live_server) as table:
        game = table.post("/api/log/games", json={"kind": "hunt", "players": ["Ann", "Bo"]})
        game_id = game.json()["id"]
        seen = table.get(f"/api/log/games/{game_id}")
        boards = [capture(table, "hunt", BOARD) for _ in range(2)]  # each phone's own photo
    assert seen.headers["etag"] == seen.json()["game"]["etag"] == game.json()["etag"]
    players = [{"name": "Ann", "words": "rakt"}, {"name": "Bo", "words": "xyz"}]
    both_ready = threading.Barrier(2)

    def record(board: str) -> httpx.Response:
        with httpx.Client(base_url=live_server) as phone:
            both_ready.wait()
            return phone.post(
                f"/api/log/games/{game_id}/rounds",
                json={"capture": board, "players": players},
                headers={"If-Match": seen.headers["etag"]},
            )

    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(record, boards))
    assert sorted(answer.status_code for answer in answers) == [200, 412]
    done = next(answer for answer in answers if answer.status_code == 200)
    refused = next(answer for answer in answers if answer.status_code == 412)
    assert refused.json()["detail"].startswith(
        "round 1 (Ann 2, Bo 0) was recorded from another phone meanwhile, so nothing was written"
    )
    assert refused.json()["sheet"] == done.json()["sheet"]  # the sheet as it is now, to show
    assert refused.headers["etag"] == done.headers["etag"] != seen.headers["etag"]
    with ScoreLog(tmp_path / "log.sqlite") as log:
        assert [(t.seq, t.score) for t in log.turns(game_id)] == [(1, 2), (1, 0)]


def test_an_undo_sent_from_before_another_phones_turn_is_refused(client: TestClient) -> None:
    game = client.post("/api/log/games", json={"kind": "scrabble-cubes", "players": ["Ann", "Bo"]})
    game_id = game.json()["id"]
    turns = f"/api/log/games/{game_id}/turns"
    ann = client.post(
        turns, json={"capture": capture(client, "scrabble-cubes", CAT), "player": "Ann"}
    )
    assert ann.json()["sheet"]["game"]["last"] == "Ann's turn in round 1 (4)"
    phone_a = ann.headers["etag"]  # phone A recorded Ann's turn and saw this sheet
    bo = client.post(  # phone B, which read the sheet after Ann's turn
        turns,
        json={"capture": capture(client, "scrabble-cubes", DOG), "player": "Bo"},
        headers={"If-Match": phone_a},
    )
    assert bo.status_code == 200, bo.text
    refused = client.post(f"/api/log/games/{game_id}/undo", headers={"If-Match": phone_a})
    assert refused.status_code == 412
    assert refused.json()["detail"].startswith("Bo's turn in round 1 (5) was recorded from")
    assert refused.json()["sheet"]["game"]["last"] == "Bo's turn in round 1 (5)"
    sheet = client.get(f"/api/log/games/{game_id}").json()["sheet"]
    assert [p["rounds"] for p in sheet["players"]] == [[4], [5]]  # both turns stay

    unchanged = client.get(
        f"/api/log/games/{game_id}", headers={"If-None-Match": bo.headers["etag"]}
    )
    assert unchanged.status_code == 304 and not unchanged.content
    undone = client.post(f"/api/log/games/{game_id}/undo", headers={"If-Match": bo.headers["etag"]})
    assert undone.status_code == 200 and undone.json()["text"] == "Undone: Bo 5"
    assert undone.headers["etag"] == phone_a  # the sheet is back to what A saw
    assert (
        client.get(f"/api/log/games/{game_id}", headers={"If-None-Match": phone_a}).status_code
        == 304
    )
    malformed = client.post(f"/api/log/games/{game_id}/undo", headers={"If-Match": "3-abc"})
    assert malformed.status_code == 400 and "in double quotes" in malformed.json()["detail"]
    weak = client.post(f"/api/log/games/{game_id}/undo", headers={"If-Match": f"W/{phone_a}"})
    assert weak.status_code == 412  # a write compares ETags strongly
    anyone = client.post(f"/api/log/games/{game_id}/undo", headers={"If-Match": "*"})
    assert anyone.status_code == 200 and anyone.json()["text"] == "Undone: Ann 4"


def test_a_game_two_player_passes_after_the_second_toss(client: TestClient) -> None:
    game = client.post("/api/log/games", json={"kind": "scrabble-cubes-two", "players": ["Ann"]})
    game_id = game.json()["id"]
    assert game.json()["may_pass"] == []
    passes = f"/api/log/games/{game_id}/passes"
    early = client.post(passes, json={"player": "Ann"})
    assert early.status_code == 400 and "only after the second toss" in early.json()["detail"]
    for grid in (CAT, DOG):
        toss = client.post(
            f"/api/log/games/{game_id}/turns",
            json={"capture": capture(client, "scrabble-cubes-two", grid), "player": "Ann"},
        )
        assert toss.status_code == 200, toss.text
    assert toss.json()["sheet"]["game"]["may_pass"] == ["Ann"]
    done = client.post(passes, json={"player": "Ann"}, headers={"If-Match": toss.headers["etag"]})
    assert done.status_code == 200 and done.json()["text"] == "Ann passes"
    sheet = done.json()["sheet"]
    assert sheet["sheet"]["round"] == 2 and sheet["game"]["last"] == "Ann's pass in round 1"
    stale = client.post(passes, json={"player": "Ann"}, headers={"If-Match": toss.headers["etag"]})
    assert stale.status_code == 412 and "Ann's pass in round 1 was recorded" in stale.text


def test_the_server_shows_the_log_from_a_read_only_folder(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    with ScoreLog(data / "scores.sqlite3") as log:
        log.new_game("scrabble-cubes", ["Ann", "Bo"])
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "cubecam",
        "serve",
        "--port",
        str(port),
        "--data-dir",
        str(data),
    ]
    server = subprocess.Popen(
        read_only(data, command),
        env=cubecam_env(CUBECAM_DATA=str(data)),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        get_games(f"http://127.0.0.1:{port}/")
        games = httpx.get(f"http://127.0.0.1:{port}/api/log/games").json()
        sheet = httpx.get(f"http://127.0.0.1:{port}/api/log/games/{games[0]['id']}").json()
    finally:
        server.terminate()
        printed, _ = server.communicate(timeout=10)
    assert [game["players"] for game in games] == [["Ann", "Bo"]], printed
    assert [player["name"] for player in sheet["sheet"]["players"]] == ["Ann", "Bo"]
    assert sorted(p.name for p in data.iterdir()) == ["scores.sqlite3"]


def race_undo_with_accept(
    server: str, db: Path, kind: str, write: str, grids: tuple[str, str], body: dict
) -> None:
    """Record capture A, then undo it while capture B is recorded, from two threads at once;
    afterwards each capture says it is recorded exactly when the log holds its turn, and a
    recorded one is refused a second time."""
    with httpx.Client(base_url=server, timeout=60) as http:
        game = http.post("/api/log/games", json={"kind": kind, "players": ["Ann"]}).json()["id"]
        first, second = (
            http.post("/api/captures/grid", json={"game": kind, "grid": grid}).json()["id"]
            for grid in grids
        )
        assert http.post(f"/api/log/games/{game}/{write}", json={**body, "capture": first})
        start = threading.Barrier(2)

        def undo() -> httpx.Response:
            start.wait()
            return http.post(f"/api/log/games/{game}/undo")

        def accept() -> httpx.Response:
            start.wait()
            return http.post(f"/api/log/games/{game}/{write}", json={**body, "capture": second})

        with ThreadPoolExecutor(2) as pool:
            undone, accepted = pool.submit(undo), pool.submit(accept)
            assert undone.result().status_code == 200 and accepted.result().status_code == 200
        with ScoreLog(db) as log:
            logged = {turn.grid for turn in log.turns(game)}
        for capture_id, grid in zip((first, second), grids, strict=True):
            grid = format_grid(parse_grid(grid))
            recorded = http.get(f"/api/captures/{capture_id}").json()["recorded"]
            assert (recorded is not None) == (grid in logged), (grid, logged, recorded)
            if recorded is not None:
                again = http.post(
                    f"/api/log/games/{game}/{write}", json={**body, "capture": capture_id}
                )
                assert again.status_code == 400 and "already recorded" in again.text


RACES = {
    "turn": ("scrabble-cubes", "turns", (CAT, DOG), {"player": "Ann"}),
    "round": (
        "hunt",
        "rounds",
        ("kind: tray\nRAKT\nEMDL\nOÅNE\nSTIG", "kind: tray\nTAKR\nEMDL\nOÅNE\nSTIG"),
        {"players": [{"name": "Ann", "words": "rakt"}]},
    ),
}


@pytest.mark.parametrize("what", RACES)
def test_an_undo_racing_an_accept_never_frees_the_capture_just_recorded(
    live_server: str, tmp_path: Path, what: str
) -> None:
    for _ in range(50):
        race_undo_with_accept(live_server, tmp_path / "log.sqlite", *RACES[what])


def test_a_name_sent_in_decomposed_form_is_the_same_player(client: TestClient) -> None:
    composed, decomposed = "Åsa", unicodedata.normalize("NFD", "Åsa")
    body = {"kind": "scrabble-cubes", "players": [composed, decomposed]}
    twice = client.post("/api/log/games", json=body)
    assert twice.status_code == 400 and "its own name" in twice.json()["detail"]
    body = {"kind": "scrabble-cubes", "players": [decomposed, "Bo"]}
    game = client.post("/api/log/games", json=body).json()
    assert game["players"] == [composed, "Bo"]
    turn = {"capture": capture(client, "scrabble-cubes", CAT), "player": composed}
    done = client.post(f"/api/log/games/{game['id']}/turns", json=turn)
    assert done.status_code == 200, done.text
    turn = {"capture": capture(client, "scrabble-cubes", DOG), "player": decomposed}
    again = client.post(f"/api/log/games/{game['id']}/turns", json=turn)
    assert again.status_code == 400 and "not Åsa's turn" in again.json()["detail"]


def test_a_pass_sent_in_decomposed_form_is_the_players(client: TestClient) -> None:
    body = {"kind": "scrabble-cubes-two", "players": ["Åsa"]}
    game_id = client.post("/api/log/games", json=body).json()["id"]
    for grid in (CAT, DOG):
        toss = {"capture": capture(client, "scrabble-cubes-two", grid), "player": "Åsa"}
        assert client.post(f"/api/log/games/{game_id}/turns", json=toss).status_code == 200
    passed = client.post(
        f"/api/log/games/{game_id}/passes", json={"player": unicodedata.normalize("NFD", "Åsa")}
    )
    assert passed.status_code == 200, passed.text
    assert passed.json()["text"] == "Åsa passes"
