"""``cubecam serve`` as a user starts it: a real process on a free local port."""

from __future__ import annotations

import json
import os
import resource
import socket
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path

import pytest
from cryptography import x509

from cubecam.serve.certificate import certificate, subject_names
from cubecam.serve.network import lan_address
from tests.conftest import cubecam_env, read_only

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def serving(
    tmp_path: Path, *options: str, open_files: tuple[int, int] | None = None
) -> Iterator[tuple[int, list]]:
    """``cubecam serve`` in a process of its own until the block ends, started with the
    limits of ``open_files`` (soft, hard) where given; yields its port and the lines it
    printed (complete once the block has ended)."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    command = [sys.executable, "-m", "cubecam", "serve", "--port", str(port), *options]
    command += ["--data-dir", str(tmp_path / "data"), "--db", str(tmp_path / "log.sqlite")]
    limits = partial(resource.setrlimit, resource.RLIMIT_NOFILE, open_files)
    server = subprocess.Popen(
        command,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        preexec_fn=limits if open_files else None,
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


def machine_name() -> tuple[str, str]:
    """This machine's name and the address it resolves to (skips where it resolves to none)."""
    name = socket.gethostname().lower()
    try:
        return name, socket.gethostbyname(name)
    except OSError:
        pytest.skip(f"this machine's name {name!r} resolves to no address")


def refused_until_let_in(url: str, context: ssl.SSLContext | None = None) -> dict:
    """What a server on the network answers a request without its code (asked until the
    server has started, 20 s at most): it must be 401."""
    deadline = time.monotonic() + 20
    while True:
        try:
            urllib.request.urlopen(f"{url}api/games", timeout=2, context=context).close()
            raise AssertionError("a server on the network let in a request without its code")
        except urllib.error.HTTPError as refused:
            assert refused.code == 401
            return json.load(refused)
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def names_of(cert: Path) -> set[str]:
    return subject_names(x509.load_pem_x509_certificate(cert.read_bytes()))


def test_a_named_lan_host_serves_https_unless_told_not_to(tmp_path: Path) -> None:
    """Any --host but the loopback serves the network, so HTTPS, with the kept certificate
    made for that name; --no-tls serves plain HTTP there."""
    name, _ = machine_name()
    cert = tmp_path / "data" / "tls" / "cert.pem"
    with serving(tmp_path, "--host", name) as (port, printed):
        deadline = time.monotonic() + 20
        while not cert.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        context = ssl.create_default_context(cafile=str(cert))
        assert context.check_hostname
        assert "code" in refused_until_let_in(f"https://{name}:{port}/", context)["detail"]
    assert name in names_of(cert)
    output = "\n".join(printed)
    assert f"https://{name}:{port}/?code=" in output and "Proceed" in output
    with serving(tmp_path, "--host", name, "--no-tls") as (port, printed):
        refused_until_let_in(f"http://{name}:{port}/")
    assert f"http://{name}:{port}/?code=" in "\n".join(printed)


def test_a_lan_address_serves_https_with_the_kept_certificate(tmp_path: Path) -> None:
    lan = lan_address()
    if lan is None:
        pytest.skip("this machine has no address on a network")
    cert = tmp_path / "data" / "tls" / "cert.pem"
    kept = certificate(cert.parent, ("laptop.lan",))
    with serving(tmp_path, "--host", lan) as (port, printed):
        deadline = time.monotonic() + 20
        while lan not in names_of(cert) and time.monotonic() < deadline:
            time.sleep(0.1)
        context = ssl.create_default_context(cafile=str(cert))
        refused_until_let_in(f"https://{lan}:{port}/", context)
    assert names_of(cert) >= {lan, "laptop.lan"}
    assert certificate(cert.parent).key.read_bytes() == kept.key.read_bytes()
    assert f"https://{lan}:{port}/?code=" in "\n".join(printed)


def test_another_loopback_address_is_plain_http_for_this_machine(tmp_path: Path) -> None:
    with serving(tmp_path, "--host", "127.0.0.5") as (port, printed):
        games = get_games(f"http://127.0.0.5:{port}/")
        assert {g["name"] for g in games} >= {"scrabble-cubes", "hunt"}
    assert f"http://127.0.0.5:{port}/\n" in "\n".join(printed) + "\n"
    assert not (tmp_path / "data" / "tls").exists()


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


def test_a_damaged_key_is_one_line_before_anything_is_served(tmp_path: Path) -> None:
    data = tmp_path / "data"
    certificate(data / "tls")
    (data / "tls" / "key.pem").write_bytes(b"-----BEGIN PRIVATE KEY-----\ncut here\n")
    command = [sys.executable, "-m", "cubecam", "serve", "--tls", "--data-dir", str(data)]
    result = subprocess.run(command, capture_output=True, text=True, env=cubecam_env(), timeout=60)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("cubecam: error: the HTTPS certificate in")
    assert "key.pem is not a private key" in result.stderr and result.stderr.count("\n") == 1


def test_serve_tls_in_a_read_only_data_folder_is_one_line(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    command = [sys.executable, "-m", "cubecam", "serve", "--tls", "--data-dir", str(data)]
    result = subprocess.run(
        read_only(data, command), capture_output=True, text=True, env=cubecam_env(), timeout=60
    )
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("cubecam: error: cannot write ")
    assert result.stderr.endswith("the folder is read-only\n") and result.stderr.count("\n") == 1
