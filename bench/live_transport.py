"""The live view's two transports side by side: the same camera frames sent to a real server
process as plain POSTs and over one WebSocket, and the frames a second and each frame's
latency (median, p95) of each, in one run.

    nice python bench/live_transport.py [--frames 40] [--rounds 3]

The frames are the live page test's: a rendered crossword (960×540) under a shaking camera,
JPEG at quality 85 as the page's canvas makes them. The server is the page's own app, served
over HTTPS by uvicorn as ``cubecam serve`` serves it, with one route more that the page does
not have: the WebSocket below (it was measured no better, so the page keeps its POSTs). POSTs
go one a frame on a kept-alive connection, as the browser sends them
(``POST /api/live/ID/frames``); the WebSocket (``/api/live/ID/socket``) carries each frame as
one binary message and its answer (the same JSON) as one text message. As on the page, a
frame is sent when the last one's answer is back (without the page's pause between frames).
Each round starts a fresh live view for each transport, in turn first, so both do the same
reading work; a latency is from sending a frame to having its answer parsed. Then the same
again with frames of as many bytes that are not a picture, which the server refuses before
decoding them: what the transport itself costs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from functools import partial
from pathlib import Path

import cv2
import httpx
from fastapi import FastAPI, WebSocket, WebSocketDisconnect
from websockets.sync.client import connect

from cubecam.errors import CubecamError, InputError
from cubecam.grid_format import parse_grid
from cubecam.serve import create_app
from cubecam.serve.live_api import feed_frame
from cubecam.watch.shaky import shaky_clip
from cubecam_lab.synth.dataset import make_scene
from serve_load import Server

GRID = "...W.\nTIGER\nOF.A.\nN..V.\n...E.\nunused: T U"
SET = "scrabble-crossword-cubes"


def app_with_socket() -> FastAPI:
    """The page's app (data in ``$CUBECAM_BENCH_FOLDER``) with the live view's frames taken
    over a WebSocket too."""
    folder = Path(os.environ["CUBECAM_BENCH_FOLDER"])
    app = create_app(folder, folder / "log.sqlite")
    app.add_api_websocket_route("/api/live/{live_id}/socket", frames_socket)
    return app


async def frames_socket(websocket: WebSocket, live_id: str) -> None:
    """Each binary message a frame; each answer the layout voted so far, or ``{"detail"}``."""
    await websocket.accept()
    try:
        session = websocket.app.state.live.get(live_id)
        while True:
            data = await websocket.receive_bytes()
            try:
                state = await websocket.app.state.readers.run(partial(feed_frame, session, data))
            except CubecamError as error:
                await websocket.send_json({"detail": str(error)})
            else:
                await websocket.send_text(state.model_dump_json())
    except InputError as error:
        await websocket.close(1008, str(error))
    except WebSocketDisconnect:
        pass


def camera_frames(count: int) -> list[bytes]:
    """``count`` JPEG frames of the rendered crossword under a shaking camera."""
    photo, _ = make_scene(
        "crossword", seed=11, size=(960, 540), layout=parse_grid(GRID), cubeset=SET, effects=False
    )
    return [
        cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 85])[1].tobytes()
        for frame in shaky_clip(photo, count, seed=3)
    ]


def by_posts(server: Server, client: httpx.Client, frames: list[bytes]) -> list[Sent]:
    """Each frame sent as a POST: the seconds until its answer, and the answer."""
    live = client.post("/api/live", json={"game": "scrabble-cubes"}).json()["id"]
    sent = []
    for frame in frames:
        started = time.perf_counter()
        answer = client.post(
            f"/api/live/{live}/frames", files={"frame": ("frame.jpg", frame, "image/jpeg")}
        ).json()
        sent.append((time.perf_counter() - started, answer))
    client.delete(f"/api/live/{live}")
    return sent


def by_socket(server: Server, client: httpx.Client, frames: list[bytes]) -> list[Sent]:
    """Each frame sent over one WebSocket: the seconds until its answer, and the answer."""
    live = client.post("/api/live", json={"game": "scrabble-cubes"}).json()["id"]
    sent = []
    url = f"{server.url.replace('https', 'wss', 1)}/api/live/{live}/socket"
    with connect(url, ssl=server.verify, max_size=None) as socket:
        for frame in frames:
            started = time.perf_counter()
            socket.send(frame)
            answer = json.loads(socket.recv())
            sent.append((time.perf_counter() - started, answer))
    client.delete(f"/api/live/{live}")
    return sent


Sent = tuple[float, dict]
TRANSPORTS = {"POST": by_posts, "WebSocket": by_socket}


def measure(
    server: Server, client: httpx.Client, frames: list[bytes], rounds: int, key: str
) -> dict[str, tuple[list[float], list[float]]]:
    """Each transport's frames a second in each round, and every frame's latency; every
    answer must hold ``key``."""
    figures: dict[str, tuple[list[float], list[float]]] = {n: ([], []) for n in TRANSPORTS}
    for round_ in range(rounds):
        for name in list(TRANSPORTS)[:: 1 if round_ % 2 == 0 else -1]:
            sent = TRANSPORTS[name](server, client, frames)
            wrong = [answer for _, answer in sent if key not in answer]
            if wrong:
                raise RuntimeError(f"{name}: an answer without {key!r}: {wrong[0]}")
            took = [seconds for seconds, _ in sent]
            figures[name][0].append(len(took) / sum(took))
            figures[name][1].extend(took)
    return figures


def report(title: str, figures: dict[str, tuple[list[float], list[float]]]) -> None:
    print(f"\n{title}")
    print(f"{'transport':<10} {'frames/s':>9} {'median':>9} {'p95':>9}   frames/s each round")
    for name, (rates, took) in figures.items():
        ms = sorted(t * 1000 for t in took)
        p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
        each = " ".join(f"{rate:.1f}" for rate in rates)
        print(
            f"{name:<10} {statistics.median(rates):>9.1f} "
            f"{statistics.median(ms):>7.1f}ms {p95:>7.1f}ms   {each}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=40, help="frames a round")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    frames = camera_frames(args.frames)
    size = statistics.mean(map(len, frames)) / 1024
    print(f"{args.frames} frames of 960×540 (JPEG, {size:.0f} KB on average) a round,")
    print(f"{args.rounds} rounds, each transport with a fresh live view; HTTPS on 127.0.0.1")
    unread = [bytes(len(frame)) for frame in frames]  # as large, and refused undecoded
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder), tls=True, app="live_transport:app_with_socket")
        try:
            with httpx.Client(base_url=server.url, verify=server.verify, timeout=120) as client:
                for send in TRANSPORTS.values():  # the first live view loads the reader
                    send(server, client, frames[:3])
                read = measure(server, client, frames, args.rounds, "frames")
                alone = measure(server, client, unread, args.rounds, "detail")
        finally:
            server.stop()
    report("Frames read and voted, as the page sends them:", read)
    report("The transport alone (frames as large, refused before they are decoded):", alone)


if __name__ == "__main__":
    main()
