"""Only the table's own page gets in: a real server on 127.0.0.1 (and one on this machine's
name, which serves the network) asked by another site, under another name, or by a stranger."""

from __future__ import annotations

import os
import re
import socket
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from cubecam.serve import create_app
from tests.cli.test_serve_command import get_games, machine_name, serving
from tests.serve.conftest import background_server
from tests.serve.test_network import read_qr_text
from tests.serve.test_page import open_page, score_grid, wait_until

GRID = {"game": "scrabble-cubes", "grid": "CAT\nunused: E"}
SAMPLE = Path(__file__).resolve().parents[2] / "sample_images" / "game-one-crossword.jpg"


def photos(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "data").rglob("*.jpg"))


def test_another_name_for_this_machine_is_refused(live_server: str) -> None:
    """A page elsewhere whose name is made to point at 127.0.0.1 (DNS rebinding) reads nothing."""
    port = live_server.rsplit(":", 1)[1]
    for host in ("rebind.example", f"rebind.example:{port}", "127.0.0.1.evil.example"):
        response = httpx.get(f"{live_server}/api/log/games", headers={"Host": host})
        assert response.status_code == 400 and "name" in response.json()["detail"]
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}"):
        assert httpx.get(f"{live_server}/api/games", headers={"Host": host}).status_code == 200


def test_a_photo_posted_by_another_site_is_refused_and_not_kept(
    live_server: str, tmp_path: Path
) -> None:
    upload = {"photo": ("p.jpg", SAMPLE.read_bytes(), "image/jpeg")}
    for origin in ("http://evil.example", "null", "http://127.0.0.1"):
        response = httpx.post(
            f"{live_server}/api/captures/photo",
            files=upload,
            data={"game": "scrabble-cubes"},
            headers={"Origin": origin},
        )
        assert response.status_code == 403 and "other sites" in response.json()["detail"]
    assert photos(tmp_path) == []
    own = httpx.post(f"{live_server}/api/captures/grid", json=GRID, headers={"Origin": live_server})
    assert own.status_code == 200


def test_every_answer_carries_the_security_headers(live_server: str) -> None:
    for path in ("/", "/static/main.js", "/api/games", "/api/captures/0123456789abcdef"):
        headers = httpx.get(live_server + path).headers
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert "default-src 'self'" in headers["content-security-policy"]
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["x-frame-options"] == "DENY"


def test_a_missing_game_is_404_and_errors_name_no_server_path(
    live_server: str, tmp_path: Path
) -> None:
    missing = httpx.get(f"{live_server}/api/log/games/999")
    assert missing.status_code == 404 and "no game 999" in missing.json()["detail"]
    assert str(tmp_path) not in missing.text
    turn = {"capture": "0123456789abcdef", "player": "Ann"}
    assert httpx.post(f"{live_server}/api/log/games/999/turns", json=turn).status_code == 404


def test_a_broken_score_log_is_said_without_its_path(tmp_path: Path) -> None:
    (tmp_path / "log").mkdir()
    with background_server(create_app(tmp_path / "data", tmp_path / "log")) as url:
        response = httpx.get(f"{url}/api/log/games")
    assert response.status_code == 400 and "is a folder" in response.json()["detail"]
    assert str(tmp_path) not in response.text and "/" not in response.json()["detail"]


def test_a_lone_surrogate_in_a_grid_gets_a_sentence(live_server: str) -> None:
    body = b'{"game": "scrabble-cubes", "grid": "TI\\ud800GER"}'
    response = httpx.post(
        f"{live_server}/api/captures/grid",
        content=body,
        headers={"Content-Type": "application/json"},
    )
    assert response.status_code == 422 and "not text" in response.json()["detail"]
    named = httpx.post(
        f"{live_server}/api/captures/grid",
        content=b'{"game": "scrabble\\udfffcubes", "grid": "CAT"}',
        headers={"Content-Type": "application/json"},
    )
    assert named.status_code == 400 and "\\udfff" in named.json()["detail"]


@pytest.fixture
def network_server(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """``cubecam serve --host NAME --no-tls`` (this machine's name) in its own process: what it
    printed, and its URL."""
    name, address = machine_name()
    with socket.socket() as probe:
        probe.bind((address, 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-m", "cubecam", "serve", "--host", name, "--no-tls", "--port"]
    process = subprocess.Popen(
        [*command, str(port), "--db", str(tmp_path / "log.sqlite"), "--data-dir", str(tmp_path)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        lines = [process.stdout.readline() for _ in range(2)]  # the address, "...scan:"
        while line := process.stdout.readline().strip("\n"):  # the QR code, to a blank line
            lines.append(line + "\n")
        printed = "".join(lines)
        url = re.search(r"serving the page at (\S+)", printed).group(1)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                httpx.get(url.split("?")[0])
                break
            except httpx.TransportError:
                time.sleep(0.1)
        yield printed, url
    finally:
        process.terminate()
        process.wait(10)


def test_served_to_the_network_only_the_printed_address_lets_a_phone_in(network_server) -> None:
    printed, url = network_server
    name = re.escape(machine_name()[0])
    base, code = re.fullmatch(rf"(http://{name}:\d+)/\?code=([\w-]{{16,}})", url).groups()
    qr = printed.split("\n", 2)[2]
    assert read_qr_text(qr) == url

    stranger = httpx.Client(base_url=base)
    for path in ("/", "/static/main.js", "/api/games", "/api/log/games"):
        assert stranger.get(path).status_code == 401
    assert stranger.post("/api/captures/grid", json=GRID).status_code == 401
    assert stranger.get("/", params={"code": code[:-1] + "x"}).status_code == 403
    guessing = httpx.Client(base_url=base, cookies={"cubecam_access": "guess"})
    assert guessing.get("/").status_code == 401

    phone = httpx.Client(base_url=base)
    opened = phone.get(url)
    assert opened.status_code == 303 and opened.headers["location"] == "/"
    assert "httponly" in opened.headers["set-cookie"].lower()
    assert phone.get("/").status_code == 200 and phone.get("/api/games").status_code == 200
    assert phone.post("/api/captures/grid", json=GRID, headers={"Origin": base}).status_code == 200
    elsewhere = phone.get("/api/games", headers={"Origin": "http://evil.example"})
    assert elsewhere.status_code == 403


def test_the_page_works_within_its_content_security_policy(live_server: str, chromium) -> None:
    page = chromium.new_page()
    refused = []
    page.on("console", lambda m: refused.append(m.text) if "Security Policy" in m.text else None)
    open_page(page, live_server)
    score_grid(page, "...W.\nTIGER\nOF.A.\nN..V.\n...E.\nunused: T U")
    page.set_input_files("#photo", str(SAMPLE))
    page.wait_for_selector("#annotated")
    wait_until(page, "document.querySelector('#annotated').naturalWidth > 0")
    assert page.inner_text("#final") and refused == []
    page.close()


def test_over_https_the_page_s_own_origin_is_the_https_one(tmp_path: Path) -> None:
    with serving(tmp_path, "--tls") as (port, _):
        cert = tmp_path / "data" / "tls" / "cert.pem"
        deadline = time.monotonic() + 60
        while not cert.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        trusted = ssl.create_default_context(cafile=str(cert))
        get_games(f"https://127.0.0.1:{port}/", trusted)
        with httpx.Client(base_url=f"https://127.0.0.1:{port}", verify=trusted) as client:
            for origin, status in (
                (f"https://127.0.0.1:{port}", 200),
                (f"http://127.0.0.1:{port}", 403),
            ):
                answer = client.post("/api/captures/grid", json=GRID, headers={"Origin": origin})
                assert answer.status_code == status, answer.text
