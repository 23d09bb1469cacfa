"""``cubecam watch``: it scores crosswords and word hunts; user mistakes are one line."""

from __future__ import annotations

import json

from click.testing import CliRunner

from cubecam.cli import main
from cubecam.grid_format import format_grid, parse_grid
from tests.conftest import SAMPLES


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


def test_watch_scores_a_word_hunt_tray_and_prints_its_grid(tmp_path) -> None:
    import cv2

    from tests.watch.test_video import write_video

    photo = cv2.imread(str(SAMPLES / "swedish-tray.jpg"))
    video = write_video([cv2.resize(photo, (960, 720))] * 40, tmp_path / "tray.avi")
    result = CliRunner().invoke(
        main,
        ["watch", "--video", str(video), "--game", "hunt", "--no-window"],
    )
    assert result.exit_code == 0, result.output
    label = json.loads((SAMPLES / "swedish-tray.json").read_text("utf-8"))
    board = tmp_path / "board.txt"
    board.write_text("kind: tray\n" + "\n".join(" ".join(row) for row in label["rows"]), "utf-8")
    labelled = format_grid(parse_grid(board.read_text("utf-8")), headers=False)
    solved = CliRunner().invoke(main, ["hunt", "--grid", str(board), "--solve"]).stdout.strip()
    settled = result.output.split("steady layout:\n")[-1]
    grid, tally = settled.split("\n\n", 1)
    assert grid == labelled
    assert tally.startswith(solved)


def test_watch_leaves_a_die_off_the_tray_out_of_the_board(tmp_path, tray_and_die_beside) -> None:
    import cv2

    from tests.watch.test_video import write_video

    photo, label = tray_and_die_beside
    frame = cv2.resize(cv2.imread(str(photo)), (960, 720))
    video = write_video([frame] * 40, tmp_path / "tray.avi")
    result = CliRunner().invoke(
        main, ["watch", "--video", str(video), "--game", "hunt", "--no-window"]
    )
    assert result.exit_code == 0, result.output
    board = tmp_path / "board.txt"
    board.write_text("\n".join(" ".join(row) for row in label["rows"]), "utf-8")
    solved = CliRunner().invoke(main, ["hunt", "--grid", str(board), "--solve"]).stdout.strip()
    settled = result.output.split("steady layout:\n")[-1]
    assert "unused: O" in settled
    note, tally = settled.split("\n\n", 1)[1].split("\n", 1)
    assert note == "1 cube lies off the tray (O): left out of the board"
    assert tally.startswith(solved)


def test_watch_s_hunt_takes_the_solid_face_as_any_letter_where_agreed() -> None:
    from cubecam.cli.watch_command import _hunt_scorer

    tray = parse_grid("kind: tray\nÅ R A\nÖ [BLOCK] Ä\nS K A", lowercase_is_wildcard=False)
    _, plain = _hunt_scorer(None, "sv", None, False)(tray)
    _, wild = _hunt_scorer(None, "sv", None, True)(tray)
    assert "äta" in wild.split() and "äta" not in plain.split()
    refused = CliRunner().invoke(
        main, ["watch", "--video", "x.avi", "--game", "adlib", "--block-wild", "--no-window"]
    )
    assert refused.exit_code == 2 and "option of the word hunt" in refused.output
