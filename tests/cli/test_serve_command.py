"""``cubecam serve`` as a user starts it: a real process on a free local port."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_serve_listens_on_localhost_and_serves_the_api(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    command = [
        sys.executable,
        "-m",
        "cubecam",
        "serve",
        "--port",
        str(port),
        "--data-dir",
        str(tmp_path / "data"),
        "--db",
        str(tmp_path / "log.sqlite"),
    ]
    server = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        games = None
        deadline = time.monotonic() + 20
        while games is None and time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2) as r:
                    games = json.load(r)
            except OSError:
                assert server.poll() is None, server.stdout.read()
                time.sleep(0.1)
        assert games and {g["name"] for g in games} >= {"scrabble-cubes", "hunt"}
    finally:
        server.terminate()
        output, _ = server.communicate(timeout=10)
    assert f"http://127.0.0.1:{port}/" in output
    assert "--host 0.0.0.0" in output


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
