"""A set of the user's own, named as they like, works wherever a set is used.

``old-cubes`` is like the shipped Scrabble set, with a look stored by an older glyph model (the
look a calibration keeps, whose features no longer fit): every command that reads a photo with
the set consults that look, and says it cannot use it.
"""

from __future__ import annotations

import numpy as np
import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from cubecam.cli import main
from cubecam.cubesets import load_cubeset, write_user_set
from cubecam.scorelog import ScoreLog
from cubecam.serve import create_app
from cubecam.vision.looks import save_look
from tests.conftest import SAMPLES

STALE = "the look stored for {} was learnt by an older glyph model"
PHOTO = SAMPLES / "game-one-crossword.jpg"


@pytest.fixture(autouse=True)
def own_sets(tmp_path, monkeypatch):
    monkeypatch.setenv("CUBECAM_DATA", str(tmp_path / "data"))
    for name, like in (("old-cubes", "scrabble-crossword-cubes"), ("old-dice", "swedish-4x4")):
        write_user_set(name, like)
        save_look(name, np.zeros((4, 3), np.float32), ["A"] * 4)


def run(*args: object, code: int = 0) -> str:
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == code, result.output
    return result.output


def test_an_own_set_has_the_letters_and_values_of_the_set_it_is_like():
    own, shipped = load_cubeset("old-cubes"), load_cubeset("scrabble-crossword-cubes")
    assert (own.name, own.title, own.like) == ("old-cubes", "old-cubes", shipped.name)
    assert (own.count, own.wildcard, own.values) == (
        shipped.count,
        shipped.wildcard,
        shipped.values,
    )


def test_score_reads_with_the_own_set(tmp_path):
    out = run("score", "--game", "scrabble-cubes", "--set", "old-cubes", PHOTO)
    assert STALE.format("old-cubes") in out
    assert out.splitlines()[-1] == "Final score: 22"


def test_hunt_reads_with_the_own_set():
    out = run("hunt", SAMPLES / "swedish-tray.jpg", "--set", "old-dice", "--path", "rhel")
    assert STALE.format("old-dice") in out


def test_a_logged_game_reads_its_turns_with_the_own_set(tmp_path):
    db = tmp_path / "log.sqlite3"
    game = run(
        "game",
        "new",
        "--game",
        "scrabble-cubes",
        "--set",
        "old-cubes",
        "--player",
        "Ann",
        "--db",
        db,
    )
    out = run("game", "turn", game.strip(), "--player", "Ann", "--photo", PHOTO, "--db", db)
    assert STALE.format("old-cubes") in out
    assert "Standings: Ann 22" in out
    with ScoreLog(db) as log:
        assert log.game(int(game)).cubeset == "old-cubes"


def test_serve_plays_the_games_of_the_set_it_is_like_with_it(tmp_path):
    app = create_app(tmp_path / "server", tmp_path / "log.sqlite3", [load_cubeset("old-cubes")])
    client = TestClient(app, base_url="http://127.0.0.1:8000")
    for game, consulted in (("scrabble-cubes", True), ("adlib", False)):
        with PHOTO.open("rb") as photo:
            body = client.post(
                "/api/captures/photo",
                files={"photo": (PHOTO.name, photo, "image/jpeg")},
                data={"game": game},
            ).json()
        assert any(STALE.format("old-cubes") in w for w in body["notes"]) is consulted
    started = client.post("/api/log/games", json={"kind": "scrabble-cubes", "players": ["Ann"]})
    assert started.status_code == 200, started.text
    with ScoreLog(tmp_path / "log.sqlite3") as log:
        assert log.game(started.json()["id"]).cubeset == "old-cubes"


def test_a_capture_for_a_logged_game_is_read_with_the_games_set_not_the_servers(tmp_path):
    app = create_app(tmp_path / "server", tmp_path / "log.sqlite3", [load_cubeset("old-cubes")])
    client = TestClient(app, base_url="http://127.0.0.1:8000")
    with ScoreLog(tmp_path / "log.sqlite3") as log:  # started from the CLI, without --set
        game = log.new_game("scrabble-cubes", ["Ann"]).id

    def capture(**logged: int) -> dict:
        with PHOTO.open("rb") as photo:
            return client.post(
                "/api/captures/photo",
                files={"photo": (PHOTO.name, photo, "image/jpeg")},
                data={"game": "scrabble-cubes", **logged},
            ).json()

    servers, games = capture(), capture(logged=game)
    assert any(STALE.format("old-cubes") in w for w in servers["notes"])
    assert not any(STALE.format("old-cubes") in w for w in games["notes"])
    refused = client.post(
        f"/api/log/games/{game}/turns", json={"capture": servers["id"], "player": "Ann"}
    )
    assert refused.status_code == 400
    assert "played with the scrabble-crossword-cubes set" in refused.json()["detail"]
    done = client.post(
        f"/api/log/games/{game}/turns", json={"capture": games["id"], "player": "Ann"}
    )
    assert done.status_code == 200, done.text
    assert done.json()["sheet"]["sheet"]["players"][0]["total"] == games["tally"]["final"] == 22


def test_a_set_name_nobody_made_is_refused_everywhere():
    for command in (
        ["score", "--set", "nobodys", PHOTO],
        ["watch", "--video", PHOTO, "--game", "scrabble-cubes", "--set", "nobodys"],
        ["serve", "--set", "nobodys", "--port", "1"],
    ):
        assert "unknown cube set 'nobodys'" in run(*command, code=2)
