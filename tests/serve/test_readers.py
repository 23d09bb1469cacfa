"""Photos sent at once to a real server: read a few at a time, the rest told to try again."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI

from cubecam.serve.readers import Readers, cores
from cubecam.vision.pipeline import WORKING_SIDE

SAMPLE = Path(__file__).resolve().parents[2] / "sample_images" / "game-one-crossword.jpg"


def send(url: str) -> httpx.Response:
    upload = {"photo": ("p.jpg", SAMPLE.read_bytes(), "image/jpeg")}
    return httpx.post(
        f"{url}/api/captures/photo", files=upload, data={"game": "scrabble-cubes"}, timeout=120
    )


def test_the_pool_has_a_thread_a_core() -> None:
    assert Readers().workers == cores() >= 1


@pytest.fixture
def one_reader(app: FastAPI) -> FastAPI:
    app.state.readers = Readers(workers=1, queued=1)
    return app


def test_photos_past_the_queue_are_told_to_try_again_and_not_kept(
    one_reader: FastAPI, live_server: str, tmp_path: Path
) -> None:
    with ThreadPoolExecutor(6) as senders:
        answers = list(senders.map(send, [live_server] * 6))
    read = [a for a in answers if a.status_code == 200]
    busy = [a for a in answers if a.status_code == 503]
    assert len(read) + len(busy) == 6 and len(read) >= 2 and busy
    assert all("busy" in a.json()["detail"] and a.headers["retry-after"] for a in busy)
    kept = sorted(p.stem for p in (tmp_path / "data" / "photos").iterdir())
    assert kept == sorted(a.json()["id"] for a in read)
    assert send(live_server).status_code == 200  # the queue is free again


def test_the_server_keeps_a_photo_at_working_size_and_answers_in_its_pixels(
    app: FastAPI, live_server: str
) -> None:
    body = send(live_server).json()
    capture = app.state.store.get(body["id"])
    assert max(capture.image.shape[:2]) == WORKING_SIDE
    assert body["image_size"] == [1600, 1200]
    corners = [xy for cube in body["cubes"] for xy in cube["corners"]]
    assert max(x for x, _ in corners) > WORKING_SIDE  # photo pixels, not working ones
