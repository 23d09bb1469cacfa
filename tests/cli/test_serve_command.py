"""``cubecam serve`` as a user starts it: a real process on a free local port."""

from __future__ import annotations

import json
import os
import socket
import ssl
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from cubecam.serve.certificate import certificate

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def serving(tmp_path: Path, *options: str) -> Iterator[tuple[int, list]]:
    """``cubecam serve`` in a process of its own until the block ends; yields its port and the
    lines it printed (complete once the block has ended)."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    command = [sys.executable, "-m", "cubecam", "serve", "--port", str(port), *options]
    command += ["--data-dir", str(tmp_path / "data"), "--db", str(tmp_path / "log.sqlite")]
    server = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    printed: list[str] = []
    try:
        yield port, printed
    finally:
        server.terminate()
        output, _ = server.communicate(timeout=10)
        printed += output.splitlines()


def get_games(url: str, context: ssl.SSLContext | None = None) -> list:
    """The API's games, asked until the server has started (20 s at most)."""
    deadline = time.monotonic() + 20
    while True:
        try:
            with urllib.request.urlopen(f"{url}api/games", timeout=2, context=context) as r:
                return json.load(r)
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def test_serve_listens_on_localhost_and_serves_the_api(tmp_path: Path) -> None:
    with serving(tmp_path) as (port, printed):
        games = get_games(f"http://127.0.0.1:{port}/")
        assert {g["name"] for g in games} >= {"scrabble-cubes", "hunt"}
    output = "\n".join(printed)
    assert f"http://127.0.0.1:{port}/" in output
    assert "--host 0.0.0.0" in output


def test_tls_serves_https_with_a_certificate_made_once(tmp_path: Path) -> None:
    cert = tmp_path / "data" / "tls" / "cert.pem"
    with serving(tmp_path, "--tls") as (port, printed):
        deadline = time.monotonic() + 20
        while not cert.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        context = ssl.create_default_context(cafile=str(cert))
        games = get_games(f"https://127.0.0.1:{port}/", context)
        assert {g["name"] for g in games} >= {"scrabble-cubes", "hunt"}
        with pytest.raises(OSError):
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2).close()
    output = "\n".join(printed)
    made = cert.read_bytes()
    fingerprint = certificate(cert.parent).fingerprint
    assert f"https://127.0.0.1:{port}/" in output and fingerprint in output
    assert "Proceed" in output
    with serving(tmp_path, "--tls") as (port, printed):
        get_games(f"https://127.0.0.1:{port}/", context)
    assert cert.read_bytes() == made and fingerprint in "\n".join(printed)


def test_a_port_in_use_is_one_line(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from cubecam.cli import main

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(
            main, ["serve", "--port", str(port), "--data-dir", str(tmp_path / "data")]
        )
    assert result.exit_code == 2, result.output
    assert f"cannot listen on 127.0.0.1:{port}" in result.output
    assert "Traceback" not in result.output
