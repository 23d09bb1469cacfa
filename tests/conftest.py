"""Shared fixtures: the real dictionaries, the real sample files."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cubecam.lexicon import Lexicon, load_lexicon

REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "sample_images"


def realdata_dir() -> Path | None:
    """``../shared/realdata`` beside the repository (or ``CUBECAM_REALDATA``), when present."""
    path = Path(os.environ.get("CUBECAM_REALDATA") or REPO.parent / "shared" / "realdata")
    return path if path.is_dir() else None


@pytest.fixture(scope="session")
def en() -> Lexicon:
    return load_lexicon("en")


@pytest.fixture(scope="session")
def sv() -> Lexicon:
    return load_lexicon("sv")


@pytest.fixture(scope="session")
def realdata() -> Path:
    path = realdata_dir()
    if path is None:
        pytest.skip("../shared/realdata is not present")
    return path
