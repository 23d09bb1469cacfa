"""A real server on a free local port, and a real headless Chromium to open its page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from cubecam.serve import create_app
from cubecam.serve.background import background_server

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


@pytest.fixture
def app(tmp_path: Path) -> FastAPI:
    return create_app(tmp_path / "data", tmp_path / "log.sqlite")


@pytest.fixture
def client(app: FastAPI) -> TestClient:
    return TestClient(app)


@pytest.fixture
def live_server(app: FastAPI) -> Iterator[str]:
    """The app served by uvicorn on 127.0.0.1 in a thread; yields its base URL."""
    with background_server(app) as url:
        yield url


@pytest.fixture(scope="session")
def chromium(tmp_path_factory: pytest.TempPathFactory):
    """A phone-sized page in Debian's headless Chromium, with a fresh profile."""
    if not CHROMIUM.exists():
        pytest.skip("chromium is not installed (scripts/setup.sh installs it)")
    playwright_api = pytest.importorskip("playwright.sync_api")
    with playwright_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")),
            executable_path=str(CHROMIUM),
            args=CHROMIUM_FLAGS,
            viewport={"width": 390, "height": 844},
            device_scale_factor=2,
            is_mobile=True,
            has_touch=True,
        )
        yield context
        context.close()
