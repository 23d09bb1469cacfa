"""The score log through the API: a real SQLite file, games started, turns and rounds recorded."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from cubecam.scorelog import ScoreLog

CAT = "CAT\nunused: E"
DOG = "DOGE\nunused: S"


def capture(client: TestClient, game: str, grid: str) -> str:
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
    assert missing.status_code == 400 and "no game 999" in missing.json()["detail"]


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
