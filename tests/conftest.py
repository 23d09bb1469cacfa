"""Shared fixtures: the real dictionaries, the real sample files."""

from __future__ import annotations

import errno
import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

import cv2
import numpy as np
import pytest

from cubecam.lexicon import Lexicon, load_lexicon
from cubecam_lab.glyphs.dataset import realdata_root

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


@pytest.fixture(scope="session")
def tray_and_die_beside(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    """The sample tray photo with a copy of its O die lying on the table beside the tray,
    turned 30°; and the tray's label (whose board leaves that copy out)."""
    image = cv2.imread(str(SAMPLES / "swedish-tray.jpg"))
    label = json.loads((SAMPLES / "swedish-tray.json").read_text("utf-8"))
    cube = next(c for c in label["cubes"] if (c["row"], c["col"]) == (2, 3))
    side = 170
    square = np.float32([[0, 0], [side, 0], [side, side], [0, side]])
    to_square = cv2.getPerspectiveTransform(np.float32(cube["corners"]), square)
    face = cv2.warpPerspective(image, to_square, (side, side))
    turn = np.radians(30)
    turned = (square - side / 2) @ np.array(
        [[np.cos(turn), np.sin(turn)], [-np.sin(turn), np.cos(turn)]]
    )
    to_table = cv2.getPerspectiveTransform(square, np.float32(np.add(turned, (1300, 850))))
    size = image.shape[1::-1]
    placed = cv2.warpPerspective(np.full((side, side), 255, np.uint8), to_table, size) > 0
    image[placed] = cv2.warpPerspective(face, to_table, size)[placed]
    photo = tmp_path_factory.mktemp("beside") / "beside.jpg"
    cv2.imwrite(str(photo), image)
    return photo, label


@pytest.fixture
def tray_cut_off(tmp_path: Path) -> Path:
    """The sample tray photographed with its last column cut off: three columns of four rows."""
    image = cv2.imread(str(SAMPLES / "swedish-tray.jpg"))
    label = json.loads((SAMPLES / "swedish-tray.json").read_text("utf-8"))
    third = max(cube["center"][0] for cube in label["cubes"] if cube["col"] == 2)
    fourth = min(cube["center"][0] for cube in label["cubes"] if cube["col"] == 3)
    cut = tmp_path / "cut.jpg"
    cv2.imwrite(str(cut), image[:, : round(third + fourth) // 2])
    return cut


class _FullFile:
    """A file open for writing on a full disk: every write fails as the disk's would."""

    def __init__(self, file: BinaryIO) -> None:
        self.file = file

    def __enter__(self) -> _FullFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.file.close()

    def write(self, data: bytes) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def __getattr__(self, name: str) -> object:
        return getattr(self.file, name)


def fill_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on, the disk is full for the files cubecam writes (through ``os.fdopen``)."""
    real = os.fdopen
    monkeypatch.setattr(os, "fdopen", lambda *args, **kwargs: _FullFile(real(*args, **kwargs)))


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """A full disk for the files cubecam writes."""
    fill_disk(monkeypatch)


READ_ONLY = 'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" "$0" && exec "$@"'


def read_only(folder: Path, command: list[str]) -> list[str]:
    """``command`` run where ``folder`` is a read-only file system (a bind mount in a mount
    namespace of its own: as root, a folder's mode would not stop a write). The test is
    skipped where the system allows no such namespace."""
    wrapped = ["unshare", "--map-root-user", "--mount", "sh", "-c", READ_ONLY, str(folder)]
    probe = subprocess.run([*wrapped, "true"], capture_output=True, check=False)
    if probe.returncode != 0:
        pytest.skip(f"no read-only mount can be made here: {probe.stderr.decode().strip()}")
    return [*wrapped, *command]


def cubecam_env(**more: str) -> dict[str, str]:
    """The environment of a ``cubecam`` process running this checkout's sources."""
    return {**os.environ, "PYTHONPATH": str(REPO / "src"), **more}
