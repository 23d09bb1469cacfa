"""A real server on a free local port, and a real headless Chromium to open its page."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import uvicorn
from fastapi import FastAPI
from fastapi.testclient import TestClient

from cubecam.serve import create_app

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@contextmanager
def background_server(
    app: FastAPI, timeout: float = 10.0, host: str = "127.0.0.1"
) -> Iterator[str]:
    """Serve ``app`` while the block runs; yields its base URL (``http://HOST:PORT``)."""
    sock = socket.socket()
    sock.bind((host, 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + timeout
        while not server.started:
            if time.monotonic() > deadline or not thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        yield f"http://{host}:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout)
        sock.close()


@pytest.fixture
def app(tmp_path: Path) -> FastAPI:
    return create_app(tmp_path / "data", tmp_path / "log.sqlite")


@pytest.fixture
def client(app: FastAPI) -> TestClient:
    return TestClient(app, base_url="http://127.0.0.1:8000")


@pytest.fixture
def live_server(app: FastAPI) -> Iterator[str]:
    """The app served by uvicorn on 127.0.0.1 in a thread; yields its base URL."""
    with background_server(app) as url:
        yield url


@pytest.fixture(scope="session")
def playwright():
    """Playwright, once for the session (a second one cannot run beside it)."""
    if not CHROMIUM.exists():
        pytest.skip("chromium is not installed (scripts/setup.sh installs it)")
    playwright_api = pytest.importorskip("playwright.sync_api")
    with playwright_api.sync_playwright() as running:
        yield running


def phone_browser(playwright, profile: Path, flags: tuple[str, ...] = ()):
    """Debian's headless Chromium with a fresh ``profile``, a phone's viewport, and ``flags``."""
    return playwright.chromium.launch_persistent_context(
        str(profile),
        executable_path=str(CHROMIUM),
        args=[*CHROMIUM_FLAGS, *flags],
        viewport={"width": 390, "height": 844},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )


@pytest.fixture(scope="session")
def chromium(playwright, tmp_path_factory: pytest.TempPathFactory):
    """A phone-sized page in Debian's headless Chromium, with a fresh profile."""
    context = phone_browser(playwright, tmp_path_factory.mktemp("chromium-profile"))
    yield context
    context.close()
