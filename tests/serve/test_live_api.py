"""The live view through the API: frames of a rendered, shaking crossword voted into one layout."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import cv2
import httpx
import numpy as np
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from cubecam.cubesets import load_cubeset
from cubecam.grid_format import format_grid, parse_grid
from cubecam.lexicon import load_lexicon
from cubecam.rules.crossword import GameOne
from cubecam.serve.readers import Readers
from cubecam.vision.pipeline import WORKING_SIDE
from cubecam.watch.shaky import shaky_clip
from tests.conftest import SAMPLES

vision = pytest.importorskip("cubecam.vision")
synth = pytest.importorskip("cubecam_lab.synth.dataset")

GRID = "...W.\nTIGER\nOF.A.\nN..V.\n...E.\nunused: T U"
SET = "scrabble-crossword-cubes"


@pytest.fixture
def sample_photo() -> bytes:
    """The rulebook's crossword, a 1600 × 1200 photo."""
    return (SAMPLES / "game-one-crossword.jpg").read_bytes()


def scene() -> tuple[list[bytes], str]:
    """JPEG frames of a crossword under a shaking camera, and what a still photo of it reads as."""
    photo, _ = synth.make_scene(
        "crossword", seed=11, size=(960, 540), layout=parse_grid(GRID), cubeset=SET, effects=False
    )
    still = vision.read_photo(photo, layout="crossword", cubeset=load_cubeset(SET))
    frames = [cv2.imencode(".jpg", f)[1].tobytes() for f in shaky_clip(photo, 6, seed=3)]
    return frames, format_grid(still.layout, headers=False)


def test_frames_are_voted_into_a_steady_tally_and_held_as_a_turn(client: TestClient) -> None:
    frames, still = scene()
    live = client.post("/api/live", json={"game": "scrabble-cubes"}).json()["id"]
    states = []
    for frame in frames:
        sent = client.post(
            f"/api/live/{live}/frames", files={"frame": ("f.jpg", frame, "image/jpeg")}
        )
        assert sent.status_code == 200, sent.text
        states.append(sent.json())
    last = states[-1]
    assert last["steady"] and last["grid"] == still and last["held"]
    expected = GameOne().score(parse_grid(still), load_lexicon("en"))
    assert last["tally"]["final"] == expected.final
    assert len(last["cubes"]) == len(parse_grid(still).faces())
    assert last["frames"] == len(frames) and last["reads"] <= len(frames)

    capture = client.post(f"/api/live/{live}/hold").json()
    assert capture["grid"] == still and capture["photo_url"]
    assert capture["tally"]["final"] == expected.final
    game = client.post("/api/log/games", json={"kind": "scrabble-cubes", "players": ["Ann"]})
    turn = client.post(
        f"/api/log/games/{game.json()['id']}/turns",
        json={"capture": capture["id"], "player": "Ann"},
    )
    assert turn.status_code == 200 and turn.json()["sheet"]["sheet"]["players"][0]["total"] == (
        expected.final
    )
    ended = client.post(
        f"/api/live/{live}/frames", files={"frame": ("f.jpg", frames[0], "image/jpeg")}
    )
    assert ended.status_code == 400 and "ended" in ended.json()["detail"]


def test_hold_before_any_cube_is_read_says_so(client: TestClient) -> None:
    live = client.post("/api/live", json={"game": "scrabble-cubes"}).json()["id"]
    held = client.post(f"/api/live/{live}/hold")
    assert held.status_code == 400 and "no cubes read yet" in held.json()["detail"]


def test_a_live_tray_lists_its_words_leaving_out_a_die_off_the_tray(
    client: TestClient, tray_and_die_beside
) -> None:
    from cubecam.rules.hunt import Board, Hunt

    photo, label = tray_and_die_beside
    frame = cv2.imencode(".jpg", cv2.resize(cv2.imread(str(photo)), (960, 720)))[1].tobytes()
    live = client.post("/api/live", json={"game": "hunt"}).json()["id"]
    for _ in range(3):
        sent = client.post(
            f"/api/live/{live}/frames", files={"frame": ("f.jpg", frame, "image/jpeg")}
        )
        assert sent.status_code == 200, sent.text
    state = sent.json()
    assert state["grid"].endswith("unused: O")
    solved = Hunt().solve(
        Board.from_text("\n".join(map(" ".join, label["rows"]))), load_lexicon("sv")
    )
    assert state["hunt"] is not None
    assert [w["word"] for w in state["hunt"]["words"]] == [w.word for w in solved]


def test_a_large_frame_is_read_at_working_size(client: TestClient, sample_photo: bytes) -> None:
    big = cv2.resize(
        cv2.imdecode(np.frombuffer(sample_photo, np.uint8), cv2.IMREAD_COLOR), None, fx=4, fy=4
    )
    live = client.post("/api/live", json={"game": "scrabble-cubes"}).json()["id"]
    sent = client.post(
        f"/api/live/{live}/frames",
        files={"frame": ("f.jpg", cv2.imencode(".jpg", big)[1].tobytes(), "image/jpeg")},
    )
    assert sent.status_code == 200, sent.text
    assert sent.json()["frame_size"] == [WORKING_SIDE, WORKING_SIDE * 3 // 4]
    assert sent.json()["cubes"]


def test_frames_beyond_the_free_readers_are_refused_at_once(
    app: FastAPI, live_server: str, sample_photo: bytes
) -> None:
    app.state.readers = Readers(workers=1)
    live = httpx.post(f"{live_server}/api/live", json={"game": "scrabble-cubes"}).json()["id"]

    def send(_: int) -> httpx.Response:
        frame = {"frame": ("f.jpg", sample_photo, "image/jpeg")}
        return httpx.post(f"{live_server}/api/live/{live}/frames", files=frame, timeout=60)

    with ThreadPoolExecutor(6) as senders:
        answers = list(senders.map(send, range(6)))
    statuses = sorted(answer.status_code for answer in answers)
    assert statuses[0] == 200 and statuses[-1] == 503 and set(statuses) == {200, 503}
    busy = [answer for answer in answers if answer.status_code == 503]
    assert all(
        "busy" in answer.json()["detail"] and answer.headers["retry-after"] for answer in busy
    )
