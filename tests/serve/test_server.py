"""A real ``cubecam serve`` process under idle, slow and too many connections, on 127.0.0.1."""

from __future__ import annotations

import resource
import socket
import time
import urllib.request
from pathlib import Path

import pytest

from cubecam.serve.server import BODY_IDLE_S, HEADERS_S
from tests.cli.test_serve_command import get_games, serving

IDLE = 300
"""Idle connections opened: more than the server's open files are at its start."""
MARGIN_S = 3.0


def closed_by(connection: socket.socket, deadline: float) -> bool:
    """Whether the server closes ``connection`` before ``deadline`` (monotonic seconds)."""
    connection.settimeout(max(0.01, deadline - time.monotonic()))
    try:
        while connection.recv(4096):
            pass
    except TimeoutError:
        return False
    except ConnectionResetError:
        pass
    return True


def opened(port: int, count: int, send: bytes = b"") -> list[socket.socket]:
    connections = [socket.create_connection(("127.0.0.1", port)) for _ in range(count)]
    for connection in connections:
        connection.sendall(send)
    return connections


def test_idle_and_slow_connections_are_closed_in_time_and_a_request_still_answered(
    tmp_path: Path,
) -> None:
    soft = (IDLE - 50, resource.getrlimit(resource.RLIMIT_NOFILE)[1])
    with serving(tmp_path, open_files=soft) as (port, printed):
        url = f"http://127.0.0.1:{port}/"
        get_games(url)
        started = time.monotonic()
        idle = opened(port, IDLE)
        headers = opened(port, 1, b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        body = opened(
            port,
            1,
            b"POST /api/captures/photo HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 1000000\r\n\r\n",
        )
        with urllib.request.urlopen(f"{url}api/games", timeout=HEADERS_S) as answer:
            assert answer.status == 200
        assert time.monotonic() - started < HEADERS_S
        header_deadline = started + HEADERS_S + MARGIN_S
        assert all(closed_by(c, header_deadline) for c in [*idle, *headers])
        assert closed_by(body[0], started + BODY_IDLE_S + MARGIN_S)
        for connection in [*idle, *headers, *body]:
            connection.close()
    assert not [line for line in printed if "Traceback" in line or "Error" in line]


def test_an_error_every_connection_meets_is_logged_once(tmp_path: Path) -> None:
    with serving(tmp_path, open_files=(IDLE - 50, IDLE - 50)) as (port, printed):
        url = f"http://127.0.0.1:{port}/"
        get_games(url)
        idle = opened(port, IDLE)  # more than the server may open: accepting fails
        time.sleep(3)
        for connection in idle:
            connection.close()
        assert get_games(url)
    assert sum("Too many open files" in line for line in printed) == 1
    assert sum("Traceback" in line for line in printed) == 1


@pytest.fixture(autouse=True)
def enough_open_files() -> None:
    """This process needs a file for each connection it opens."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < IDLE + 100 <= hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (IDLE + 100, hard))
