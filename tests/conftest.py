"""Shared fixtures: the real dictionaries, the real sample files."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cubecam.lexicon import Lexicon, load_lexicon
from cubecam.vision.glyphs.dataset import realdata_root

REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "sample_images"


@pytest.fixture(scope="session", autouse=True)
def own_data_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """An empty data folder for the whole run: the user's own sets, looks and score log
    (in theirs) never change what a test sees."""
    with pytest.MonkeyPatch.context() as patch:
        folder = tmp_path_factory.mktemp("cubecam-data")
        patch.setenv("CUBECAM_DATA", str(folder))
        yield folder


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
