"""Shared fixtures: the real dictionaries, the real sample files."""

from __future__ import annotations

from pathlib import Path

import pytest

from cubecam.lexicon import Lexicon, load_lexicon
from cubecam.vision.glyphs.dataset import realdata_root

REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "sample_images"


@pytest.fixture(scope="session")
def en() -> Lexicon:
    return load_lexicon("en")


@pytest.fixture(scope="session")
def sv() -> Lexicon:
    return load_lexicon("sv")


@pytest.fixture(scope="session")
def realdata() -> Path:
    path = realdata_root()
    if path is None:
        pytest.skip("../shared/realdata is not present")
    return path
