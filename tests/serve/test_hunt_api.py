"""The word hunt through the API: a board, players' words, cancellation, words nobody found."""

from __future__ import annotations

from fastapi.testclient import TestClient

from cubecam.lexicon import load_lexicon
from cubecam.rules.hunt import Board, hunt_rules

BOARD = "R A K T\nE M D L\nO Å N E\nS T I G"


def test_players_words_are_scored_with_cancellation_and_missed_words(client: TestClient) -> None:
    solved = hunt_rules("sv").solve(Board.from_text(BOARD), load_lexicon("sv"))
    best = solved[0]
    board = client.post("/api/captures/grid", json={"game": "hunt", "grid": BOARD}).json()
    assert board["kind"] == "tray" and board["tally"] is None
    assert board["rows"][0] == ["R", "A", "K", "T"]
    result = client.post(
        f"/api/captures/{board['id']}/hunt",
        json={
            "players": [
                {"name": "Anna", "words": "rakt\nRAKT\n  mor \nxyz"},
                {"name": "Bo", "words": f"rakt\nmed\n{best.word.upper()}"},
                {"name": "Cia", "words": ""},
            ]
        },
    )
    assert result.status_code == 200, result.text
    body = result.json()
    anna, bo, cia = body["players"]
    assert {r["word"] for r in anna["rejected"]} >= {"rakt", "mor", "xyz"}
    assert "Bo" in next(r["reason"] for r in anna["rejected"] if r["word"] == "rakt")
    assert anna["duplicates"] == ["rakt"]
    assert cia["total"] == 0 and not cia["accepted"]
    assert bo["accepted"] == [{"word": best.word, "points": best.points}]
    written = {"rakt", "mor", "xyz", "med", best.word}
    assert body["missed"][0]["word"] == next(w.word for w in solved if w.word not in written)
    assert body["max_score"] == sum(w.points for w in solved)
    assert body["winner"] == "Bo" and "Round winner: Bo" in body["text"]

    fast = client.post(
        f"/api/captures/{board['id']}/hunt",
        json={
            "players": [{"name": "Anna", "words": "rakt"}, {"name": "Bo", "words": "rakt"}],
            "fast": True,
        },
    ).json()
    assert [p["total"] for p in fast["players"]] == [2, 2] and fast["winner"] is None


def test_hunt_needs_a_tray_and_distinct_players(client: TestClient) -> None:
    crossword = client.post("/api/captures/grid", json={"game": "adlib", "grid": "CAT"}).json()
    wrong = client.post(
        f"/api/captures/{crossword['id']}/hunt", json={"players": [{"name": "A", "words": "cat"}]}
    )
    assert wrong.status_code == 400 and "not a word hunt" in wrong.json()["detail"]
    board = client.post("/api/captures/grid", json={"game": "hunt", "grid": BOARD}).json()
    twice = client.post(
        f"/api/captures/{board['id']}/hunt",
        json={"players": [{"name": "A", "words": ""}, {"name": "A", "words": ""}]},
    )
    assert twice.status_code == 400 and "same name" in twice.json()["detail"]
