"""``cubecam watch`` on a rendered video: a few seconds of a crossword under a shaking camera."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import cv2
import numpy as np
import pytest
from click.testing import CliRunner

from cubecam.cli import main
from cubecam.cubesets import load_cubeset, write_user_set
from cubecam.grid_format import format_grid, parse_grid
from cubecam.lexicon import load_lexicon
from cubecam.rules.crossword import GameOne
from cubecam.watch import Watcher
from cubecam.watch.motion import move_points
from cubecam.watch.overlay import draw_overlay
from cubecam.watch.shaky import shaky_clip

vision = pytest.importorskip("cubecam.vision")
synth = pytest.importorskip("cubecam_lab.synth.dataset")

GRID = "...W.\nTIGER\nOF.A.\nN..V.\n...E.\nunused: T U"
BLURRED = 30
FRAMES = 75
SET = "scrabble-crossword-cubes"


def write_video(frames: list[np.ndarray], path: Path, fps: float = 30.0) -> Path:
    """Write ``frames`` as a Motion-JPEG AVI."""
    h, w = frames[0].shape[:2]
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), fps, (w, h))
    if not writer.isOpened():
        raise OSError(f"cannot write a video to {path}")
    for frame in frames:
        writer.write(frame)
    writer.release()
    return path


@pytest.fixture(scope="module")
def photo():
    image, _ = synth.make_scene(
        "crossword",
        seed=11,
        size=(1280, 720),
        layout=parse_grid(GRID),
        cubeset=SET,
        effects=False,
    )
    return image


@pytest.fixture(scope="module")
def still(photo) -> str:
    """What the reader makes of the photo itself, without shake: what the votes must settle on."""
    reading = vision.read_photo(photo, layout="crossword", cubeset=load_cubeset(SET))
    grid = format_grid(reading.layout, headers=False)
    assert grid.splitlines()[:5] == GRID.splitlines()[:5]
    return grid


@pytest.fixture(scope="module")
def clip(photo) -> list:
    return shaky_clip(photo, FRAMES, seed=3, blurred=(BLURRED,))


def test_votes_settle_on_the_layout_despite_shake_and_a_blurred_frame(
    clip: list, still: str
) -> None:
    reader = partial(vision.read_photo, layout="crossword", cubeset=load_cubeset(SET))
    watcher = Watcher(reader)
    states = [watcher.feed(frame) for frame in clip]
    assert watcher.steady
    assert format_grid(states[-1].layout, headers=False) == still
    assert watcher.reads < len(clip) / 2
    assert not states[BLURRED].read, "the blurred frame was read though sharp ones were at hand"

    last = states[-1]
    overlay = draw_overlay(clip[-1], last, "score 23")
    cube = last.reading.cubes[0]
    x, y = move_points([cube.center], last.motion)[0].astype(int)
    assert (
        overlay[y - 12 : y + 12, x - 12 : x + 12] != clip[-1][y - 12 : y + 12, x - 12 : x + 12]
    ).any()


def test_watch_prints_the_final_tally(
    clip: list, still: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Played with a set of the user's own, like the shipped one."""
    monkeypatch.setenv("CUBECAM_DATA", str(tmp_path))
    write_user_set("table-cubes", SET)
    video = write_video(clip, tmp_path / "shaky.avi")
    command = ["watch", "--video", str(video), "--game", "scrabble-cubes", "--no-window"]
    result = CliRunner().invoke(main, [*command, "--set", "table-cubes"])
    assert result.exit_code == 0, result.output
    expected = GameOne().score(parse_grid(still), load_lexicon("en")).render()
    assert result.output.split("steady layout:\n")[-1].startswith(f"{still}\n\n{expected}")
    assert f"{FRAMES} frames" in result.output
