"""``cubecam watch``: its user mistakes are one line, never a traceback."""

from __future__ import annotations

from click.testing import CliRunner

from cubecam.cli import main


def test_a_missing_video_is_one_line() -> None:
    result = CliRunner().invoke(
        main, ["watch", "--video", "no-such.avi", "--game", "scrabble-cubes", "--no-window"]
    )
    assert result.exit_code == 2 and "video not found: no-such.avi" in result.output


def test_camera_and_video_together_are_refused() -> None:
    result = CliRunner().invoke(
        main, ["watch", "--camera", "0", "--video", "x.avi", "--game", "adlib", "--no-window"]
    )
    assert result.exit_code == 2 and "not both" in result.output


def test_a_file_that_is_no_video_is_one_line(tmp_path) -> None:
    junk = tmp_path / "junk.avi"
    junk.write_bytes(b"not a video at all")
    result = CliRunner().invoke(
        main, ["watch", "--video", str(junk), "--game", "scrabble-cubes", "--no-window"]
    )
    assert result.exit_code == 2, result.output
    assert "no frames cubecam can read" in result.output or "cannot open" in result.output
