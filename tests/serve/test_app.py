"""The app as a whole: HEAD answered wherever GET is."""

from __future__ import annotations

import httpx
from fastapi.testclient import TestClient


def test_head_answers_as_get_does_with_no_body(client: TestClient) -> None:
    grid = {"game": "scrabble-cubes", "grid": "CAT\nunused: E"}
    capture = client.post("/api/captures/grid", json=grid).json()["id"]
    game = client.post("/api/log/games", json={"kind": "hunt", "players": ["Ann"]}).json()["id"]
    paths = [
        "/",
        "/static/main.js",
        "/api/games",
        "/api/meanings/xyzzy",
        f"/api/captures/{capture}",
        "/api/captures/0123456789abcdef",
        "/api/log/kinds",
        "/api/log/games",
        f"/api/log/games/{game}",
        f"/api/log/games/{game}/export.csv",
        "/api/log/games/999",
        "/openapi.json",
    ]
    for path in paths:
        got, head = client.get(path), client.head(path)
        assert head.status_code == got.status_code != 405, path
        assert head.headers == got.headers and int(head.headers["content-length"]) > 0, path
        assert head.content == b"", path
    post_only = client.head(f"/api/log/games/{game}/undo")
    assert post_only.status_code == 405 and post_only.headers["allow"] == "POST"


def test_head_through_a_real_server(live_server: str) -> None:
    for path in ("/", "/api/games"):
        got, head = httpx.get(live_server + path), httpx.head(live_server + path)
        assert head.status_code == got.status_code == 200
        assert head.headers["content-length"] == got.headers["content-length"]
        assert head.headers["content-type"] == got.headers["content-type"]
        assert head.content == b""
