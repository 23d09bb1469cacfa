"""bench/live_transport.py measures like for like: its WebSocket answers each frame as the
page's POSTs do."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.conftest import REPO

pytest.importorskip("cubecam.vision")
for name in ("serve_load", "live_transport"):
    spec = importlib.util.spec_from_file_location(name, REPO / "bench" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
transport = sys.modules["live_transport"]


def test_the_socket_answers_each_frame_as_the_posts_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CUBECAM_BENCH_FOLDER", str(tmp_path))
    client = TestClient(transport.app_with_socket(), base_url="http://127.0.0.1:8000")
    frames = transport.camera_frames(4)

    def live() -> str:
        return client.post("/api/live", json={"game": "scrabble-cubes"}).json()["id"]

    posts = live()
    posted = [
        client.post(
            f"/api/live/{posts}/frames", files={"frame": ("f.jpg", frame, "image/jpeg")}
        ).json()
        for frame in frames
    ]
    assert posted[-1]["frames"] == len(frames) and "TIGER" in posted[-1]["grid"]
    with client.websocket_connect(f"/api/live/{live()}/socket") as socket:
        sent = []
        for frame in frames:
            socket.send_bytes(frame)
            sent.append(socket.receive_json())
        socket.send_bytes(bytes(len(frames[0])))
        assert "detail" in socket.receive_json()
    assert sent == posted
    unknown = f"/api/live/{'0' * 16}/socket"
    with pytest.raises(WebSocketDisconnect) as ended, client.websocket_connect(unknown) as socket:
        socket.receive_json()
    assert ended.value.code == 1008 and "tap Live again" in ended.value.reason
