"""The word hunt through the API: a board, players' words, cancellation, words nobody found."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cubecam.lexicon import load_lexicon
from cubecam.rules.hunt import Board, Hunt

SAMPLES = Path(__file__).resolve().parents[2] / "sample_images"
BOARD = "R A K T\nE M D L\nO Å N E\nS T I G"


def test_players_words_are_scored_with_cancellation_and_missed_words(client: TestClient) -> None:
    solved = Hunt().solve(Board.from_text(BOARD), load_lexicon("sv"))
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
    nameless = client.post(
        f"/api/captures/{board['id']}/hunt",
        json={"players": [{"name": "A", "words": "rakt"}, {"name": "   ", "words": "rakt"}]},
    )
    assert nameless.status_code == 400 and "needs a name" in nameless.json()["detail"]


def test_a_die_on_a_tray_is_changed_not_removed_nor_left_over(client: TestClient) -> None:
    board = client.post("/api/captures/grid", json={"game": "hunt", "grid": BOARD}).json()
    url = f"/api/captures/{board['id']}/cubes/0"
    removed = client.delete(url)
    assert removed.status_code == 400 and "changed, not removed" in removed.json()["detail"]
    spare = client.post(f"{url}/move", json={"row": None, "col": None})
    assert spare.status_code == 400 and "no dice left over" in spare.json()["detail"]
    assert client.get(f"/api/captures/{board['id']}").json() == board
    changed = client.post(
        f"/api/captures/{board['id']}/corrections", json={"cube": 0, "symbol": "Ö"}
    ).json()
    assert changed["rows"][0][0] == "Ö" and changed["rows"][1:] == board["rows"][1:]


def test_a_tray_photo_is_read_as_a_board_and_its_words_scored(client: TestClient) -> None:
    pytest.importorskip("cubecam.vision")
    photo = (SAMPLES / "swedish-tray.jpg").read_bytes()
    read = client.post(
        "/api/captures/photo",
        files={"photo": ("tray.jpg", photo, "image/jpeg")},
        data={"game": "hunt"},
    )
    assert read.status_code == 200, read.text
    board = read.json()
    assert board["kind"] == "tray" and board["tally"] is None
    assert len(board["rows"]) == 4 and all(len(row) == 4 for row in board["rows"])
    solved = Hunt().solve(
        Board.from_text("\n".join(" ".join(row) for row in board["rows"])), load_lexicon("sv")
    )
    words = "\n".join(w.word for w in solved[:3])
    result = client.post(
        f"/api/captures/{board['id']}/hunt", json={"players": [{"name": "Anna", "words": words}]}
    ).json()
    assert result["players"][0]["total"] == sum(w.points for w in solved[:3])
    assert client.get(board["image_url"]).headers["content-type"] == "image/jpeg"


def test_every_word_on_the_board_comes_with_its_path(client: TestClient) -> None:
    board = Board.from_text(BOARD)
    solved = Hunt().solve(board, load_lexicon("sv"))
    capture = client.post("/api/captures/grid", json={"game": "hunt", "grid": BOARD}).json()
    body = client.get(f"/api/captures/{capture['id']}/words").json()
    assert [(w["word"], w["points"]) for w in body["words"]] == [(w.word, w.points) for w in solved]
    assert body["max_score"] == sum(w.points for w in solved)
    rows = [row.split() for row in BOARD.lower().split("\n")]
    for word in body["words"]:
        assert "".join(rows[r][c] for r, c in word["path"]) == word["word"]
        steps = zip(word["path"], word["path"][1:], strict=False)
        assert all(max(abs(a - c), abs(b - d)) == 1 for (a, b), (c, d) in steps)
    crossword = client.post("/api/captures/grid", json={"game": "scrabble-cubes", "grid": "CAT"})
    refused = client.get(f"/api/captures/{crossword.json()['id']}/words")
    assert refused.status_code == 400 and "not a word hunt" in refused.json()["detail"]


def test_a_die_a_photo_shows_off_the_tray_is_left_out_of_the_board_with_a_note(
    client: TestClient, tray_and_die_beside: tuple[Path, dict]
) -> None:
    pytest.importorskip("cubecam.vision")
    photo, label = tray_and_die_beside
    read = client.post(
        "/api/captures/photo",
        files={"photo": ("tray.jpg", photo.read_bytes(), "image/jpeg")},
        data={"game": "hunt"},
    )
    assert read.status_code == 200, read.text
    capture = read.json()
    assert capture["rows"] == label["rows"] and capture["unused"] == ["O"]
    assert any("1 cube lies off the tray (O)" in warning for warning in capture["warnings"])
    solved = Hunt().solve(
        Board.from_text("\n".join(map(" ".join, label["rows"]))), load_lexicon("sv")
    )
    words = client.get(f"/api/captures/{capture['id']}/words")
    assert words.status_code == 200, words.text
    assert [w["word"] for w in words.json()["words"]] == [w.word for w in solved]
    best = solved[0]
    round_ = {"players": [{"name": "Ann", "words": best.word}, {"name": "Bo", "words": ""}]}
    scored = client.post(f"/api/captures/{capture['id']}/hunt", json=round_)
    assert scored.status_code == 200, scored.text
    assert scored.json()["players"][0]["total"] == best.points
    game = client.post("/api/log/games", json={"kind": "hunt", "players": ["Ann", "Bo"]}).json()
    recorded = client.post(
        f"/api/log/games/{game['id']}/rounds", json={"capture": capture["id"], **round_}
    )
    assert recorded.status_code == 200, recorded.text
    sheet = client.get(f"/api/log/games/{game['id']}").json()["sheet"]
    assert [p["rounds"] for p in sheet["players"]] == [[best.points], [0]]


def test_words_and_names_sent_in_decomposed_form_are_taken_as_composed(
    client: TestClient,
) -> None:
    board = client.post("/api/captures/grid", json={"game": "hunt", "grid": BOARD}).json()
    nfd = unicodedata.normalize("NFD", "måne\nmån")
    players = [{"name": "Åsa", "words": "måne"}, {"name": "Bo", "words": nfd}]
    body = client.post(f"/api/captures/{board['id']}/hunt", json={"players": players}).json()
    asa, bo = body["players"]
    assert asa["name"] == "Åsa" and asa["total"] == 0
    assert bo["accepted"] == [{"word": "mån", "points": 1}]
    twice = [
        {"name": "Åsa", "words": ""},
        {"name": unicodedata.normalize("NFD", "Åsa"), "words": ""},
    ]
    same = client.post(f"/api/captures/{board['id']}/hunt", json={"players": twice})
    assert same.status_code == 400, same.text
