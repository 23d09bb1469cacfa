"""``cubecam watch`` on a rendered video: a few seconds of a crossword under a shaking camera."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
from click.testing import CliRunner

from cubecam.cli import main
from cubecam.grid_format import format_grid, parse_grid
from cubecam.lexicon import load_lexicon
from cubecam.rules.crossword import get_game
from cubecam.watch import Watcher
from cubecam.watch.shaky import shaky_clip, write_video

vision = pytest.importorskip("cubecam.vision")
synth = pytest.importorskip("cubecam.synth.dataset")

GRID = "...W.\nTIGER\nOF.A.\nN..V.\n...E.\nunused: T U"
BLURRED = 20


@pytest.fixture(scope="module")
def clip() -> list:
    photo, _ = synth.make_scene(
        "crossword",
        seed=11,
        size=(1280, 720),
        layout=parse_grid(GRID),
        cubeset="scrabble-crossword-cubes",
        effects=False,
    )
    return shaky_clip(photo, 60, seed=3, blurred=(BLURRED,))


def test_votes_settle_on_the_layout_despite_shake_and_a_blurred_frame(clip: list) -> None:
    watcher = Watcher(partial(vision.read_photo, layout="crossword"))
    states = [watcher.feed(frame) for frame in clip]
    assert watcher.steady
    assert format_grid(states[-1].layout, headers=False) == GRID
    assert watcher.reads < len(clip) / 2
    assert not states[BLURRED].read, "the blurred frame was read though sharp ones were at hand"


def test_watch_prints_the_final_tally(clip: list, tmp_path: Path) -> None:
    video = write_video(clip, tmp_path / "shaky.avi")
    result = CliRunner().invoke(
        main, ["watch", "--video", str(video), "--game", "scrabble-cubes", "--no-window"]
    )
    assert result.exit_code == 0, result.output
    expected = get_game("scrabble-cubes").score(parse_grid(GRID), load_lexicon("en")).render()
    assert result.output.split("steady layout:\n")[-1].startswith(expected)
    assert "60 frames" in result.output
