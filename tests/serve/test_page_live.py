"""The live view end to end: Chromium's fake camera plays a rendered video of a shaking
crossword to the page, which shows the voted tally; Hold makes a capture that records a turn.
A word-hunt tray's running score shows over the picture."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

import cv2
import numpy as np
import pytest

from cubecam.cubesets import load_cubeset
from cubecam.grid_format import format_grid, parse_grid
from cubecam.lexicon import load_lexicon
from cubecam.rules.crossword import GameOne
from cubecam.serve.games import board_words
from cubecam.watch.shaky import shaky_clip
from tests.serve.conftest import phone_browser
from tests.serve.test_page import open_page, start_logged_game, wait_until

vision = pytest.importorskip("cubecam.vision")
SAMPLES = Path(__file__).resolve().parents[2] / "sample_images"

GRID = "...W.\nTIGER\nOF.A.\nN..V.\n...E.\nunused: T U"
TRAY = "kind: tray\nHAKT\nDREM\nYLAO\nTASÅ"
LIVE_HUNT_WORDS = 8
"""The best words the page shows over the picture (``LIVE_HUNT_WORDS`` in live.js)."""
SET = "scrabble-crossword-cubes"


def write_y4m(frames: list[np.ndarray], path: Path, fps: int = 10) -> Path:
    """BGR frames as a YUV4MPEG2 (4:2:0) file, the format Chromium's fake camera plays."""
    h, w = frames[0].shape[:2]
    with path.open("wb") as out:
        out.write(f"YUV4MPEG2 W{w} H{h} F{fps}:1 Ip A1:1 C420jpeg\n".encode())
        for frame in frames:
            out.write(b"FRAME\n" + cv2.cvtColor(frame, cv2.COLOR_BGR2YUV_I420).tobytes())
    return path


@contextmanager
def filmed(playwright, tmp_path: Path, photo: np.ndarray):
    """A phone-sized page in Chromium whose camera plays ``photo``, a little shaken."""
    video = write_y4m(shaky_clip(photo, 20, seed=3), tmp_path / "camera.y4m")
    flags = [
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        f"--use-file-for-fake-video-capture={video}",
    ]
    context = phone_browser(playwright, tmp_path / "profile", tuple(flags))
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture
def camera_page(playwright, tmp_path: Path):
    """A phone-sized page in Chromium whose camera plays a rendered crossword; and what a
    still photo of that crossword reads as."""
    synth = pytest.importorskip("cubecam_lab.synth.dataset")
    photo, _ = synth.make_scene(
        "crossword", seed=11, size=(960, 540), layout=parse_grid(GRID), cubeset=SET, effects=False
    )
    still = vision.read_photo(photo, layout="crossword", cubeset=load_cubeset(SET))
    with filmed(playwright, tmp_path, photo) as page:
        yield page, format_grid(still.layout, headers=False)


def test_the_live_view_shows_the_tally_and_hold_records_it(live_server: str, camera_page) -> None:
    page, still = camera_page
    expected = GameOne().score(parse_grid(still), load_lexicon("en")).final
    open_page(page, live_server)
    start_logged_game(page)
    page.click("#live-button")
    page.wait_for_selector("#live:not([hidden])")
    wait_until(page, "document.querySelector('#live').dataset.steady === 'yes'", timeout=120)
    assert page.get_attribute("#live", "data-final") == str(expected)
    assert page.inner_text("#live-final") == str(expected)
    assert page.locator("#live-marks polygon").count() == len(parse_grid(still).faces())
    assert "TIGER" in page.inner_text("#live-words")

    page.click("#hold")
    page.wait_for_selector("#tally:not([hidden])")
    assert page.is_hidden("#live") and page.inner_text("#final") == str(expected)
    assert page.evaluate("capture.grid") == still
    page.click("#accept")
    page.wait_for_selector("#sheet:not([hidden])")
    assert page.inner_text("#sheet-table tfoot").split() == ["Total", str(expected), "0"]
    page.close()


def test_the_live_view_of_a_word_hunt_tray_shows_its_running_score(
    live_server: str, playwright, tmp_path: Path
) -> None:
    """Beside the camera picture: every word on the voted board and the points, as ``cubecam
    watch --game hunt`` prints them."""
    synth = pytest.importorskip("cubecam_lab.synth.dataset")
    photo, _ = synth.make_scene(
        "tray",
        seed=11,
        size=(960, 540),
        layout=parse_grid(TRAY),
        cubeset="swedish-4x4",
        effects=False,
    )
    still = vision.read_photo(photo, layout="tray")
    words = board_words(still.layout, "sv")
    assert len(words) > LIVE_HUNT_WORDS
    with filmed(playwright, tmp_path, photo) as page:
        open_page(page, live_server)
        page.select_option("#game", "hunt")
        page.click("#live-button")
        page.wait_for_selector("#live:not([hidden])")
        wait_until(page, "Boolean(document.querySelector('#live').dataset.final)", timeout=120)
        points = sum(w.points for w, _ in words)
        assert page.get_attribute("#live", "data-final") == str(points)
        assert page.inner_text("#live-final") == str(points)
        assert page.inner_text("#live-tally .score").startswith(
            f"Board total {points} ({len(words)} words)"
        )
        shown = page.locator("#live-words li").all_inner_texts()
        best = [f"{w.word} {w.points}" for w, _ in words[:LIVE_HUNT_WORDS]]
        assert shown == [*best, f"and {len(words) - LIVE_HUNT_WORDS} more"]


def test_the_live_panel_leaves_every_cube_in_view(
    live_server: str, playwright, tmp_path: Path
) -> None:
    """A phone's camera films upright: the picture, a tray's bottom row included, and the
    panel below it fit on the screen together, the panel a strip beside the picture's height."""
    photo = cv2.rotate(cv2.imread(str(SAMPLES / "swedish-tray.jpg")), cv2.ROTATE_90_CLOCKWISE)
    with filmed(playwright, tmp_path, cv2.resize(photo, (720, 960))) as page:
        open_page(page, live_server)
        page.select_option("#game", "hunt")
        page.click("#live-button")
        wait_until(page, "Boolean(document.querySelector('#live').dataset.final)", timeout=120)
        header = page.locator("header").bounding_box()
        picture = page.locator("#live-video").bounding_box()
        panel = page.locator("#live-tally").bounding_box()
        assert picture["y"] >= header["y"] + header["height"]  # not under the page's header
        assert panel["y"] >= picture["y"] + picture["height"]  # not over the picture
        assert panel["y"] + panel["height"] <= page.viewport_size["height"]
        assert panel["height"] < picture["height"] / 3
        final = page.get_attribute("#live", "data-final")
        assert page.inner_text("#live-tally .score").startswith(f"Board total {final} (")
