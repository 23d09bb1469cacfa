"""The named set of fonts scenes are printed in, whatever else the machine has installed."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from cubecam.errors import InputError
from cubecam_lab.synth import fonts
from cubecam_lab.synth.dataset import make_scene
from tests.conftest import REPO


@pytest.fixture
def font_dirs(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Font lookups that see ``CUBECAM_FONT_DIRS`` as each test sets it."""
    fonts.scene_fonts.cache_clear()
    fonts.available_fonts.cache_clear()
    yield
    monkeypatch.delenv("CUBECAM_FONT_DIRS", raising=False)
    fonts.scene_fonts.cache_clear()
    fonts.available_fonts.cache_clear()


def _mirror(root: Path, extra: bool) -> Path:
    """A font folder holding the named set (as links), and with ``extra`` one more font."""
    for path in fonts.scene_fonts():
        name = next(n for files in fonts.SCENE_FONTS.values() for n in files if path.match(n))
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).symlink_to(path)
    if extra:  # a second copy of a font under another name, as fonts-liberation2 adds
        (root / "truetype/more").mkdir(parents=True)
        (root / "truetype/more/AnotherSans-Bold.ttf").symlink_to(fonts.scene_fonts()[0])
    return root


def test_every_named_font_comes_from_a_package_the_set_up_installs() -> None:
    setup = (REPO / "scripts" / "setup.sh").read_text("utf-8")
    installed = set(re.search(r"APT_PACKAGES=\((.*?)\)", setup, re.S).group(1).split())
    assert set(fonts.SCENE_FONTS) <= installed
    assert all(path.suffix in (".ttf", ".otf") for path in fonts.scene_fonts())


def test_scenes_are_the_same_with_one_more_font_installed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, font_dirs: None
) -> None:
    named = [path.name for path in fonts.scene_fonts()]
    photos = {}
    for extra in (False, True):
        monkeypatch.setenv("CUBECAM_FONT_DIRS", str(_mirror(tmp_path / str(extra), extra)))
        fonts.scene_fonts.cache_clear()
        fonts.available_fonts.cache_clear()
        assert [path.name for path in fonts.scene_fonts()] == named
        assert ("AnotherSans-Bold.ttf" in {p.name for p in fonts.available_fonts()}) == extra
        photos[extra] = make_scene("loose", 7, size=(320, 240), config="wide")
    assert np.array_equal(photos[False][0], photos[True][0])
    assert photos[False][1] == photos[True][1]


def test_a_missing_named_font_names_its_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, font_dirs: None
) -> None:
    root = _mirror(tmp_path, extra=False)
    (root / fonts.SCENE_FONTS["fonts-lato"][0]).unlink()
    monkeypatch.setenv("CUBECAM_FONT_DIRS", str(root))
    fonts.scene_fonts.cache_clear()
    with pytest.raises(InputError, match="install fonts-lato"):
        fonts.scene_fonts()
