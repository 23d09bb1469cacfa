"""Each specific error class is raised by a real case, is an InputError, and keeps its message."""

from pathlib import Path

import numpy as np
import pytest

from cubecam.cli.photo_input import apply_fixes
from cubecam.cubesets import load_cubeset
from cubecam.errors import BadFile, BadImage, GameOver, InputError, NoCubesFound, UnknownSymbol
from cubecam.layout import Layout, canonical_symbol
from cubecam.scorelog import ScoreLog
from cubecam.user_files import read_user_bytes
from cubecam.vision import load_image, read_photo


def test_a_flat_grey_image_has_no_cubes():
    with pytest.raises(NoCubesFound) as caught:
        read_photo(np.full((200, 200, 3), 128, np.uint8))
    assert str(caught.value) == (
        "no cubes found in the photo (is it sharp, and are the cubes' tops in view?)"
    )


def test_bytes_that_are_no_picture_are_a_bad_image():
    with pytest.raises(BadImage) as caught:
        load_image(b"GIF89a but not really")
    assert str(caught.value) == (
        "the image is not a photo cubecam can read (JPEG, PNG, WebP, HEIC, TIFF, BMP, GIF)"
    )


def test_a_face_no_cube_shows_is_an_unknown_symbol():
    with pytest.raises(UnknownSymbol) as caught:
        canonical_symbol("7")
    assert str(caught.value).startswith("unknown face symbol '7': faces are Latin letters")
    cubes = load_cubeset("classic-4x4")
    with pytest.raises(UnknownSymbol) as caught:
        apply_fixes(Layout.from_rows(["CAT"]), ["1,1=Å"], cubeset=cubes)
    assert str(caught.value) == f"--fix '1,1=Å': {cubes.lacks(['Å'])}"


def test_a_round_for_a_finished_logged_game_is_game_over(tmp_path):
    with ScoreLog(tmp_path / "scores.sqlite3") as log:
        game = log.new_game("hunt", ["Anna", "Bo"], target=10)
        done = log.record_round(game.id, {"Anna": 12, "Bo": 5})
        with pytest.raises(GameOver) as caught:
            log.record_round(game.id, {"Anna": 1, "Bo": 1})
    assert str(caught.value) == f"game {game.id} is over: {done.standing.result()}"


def test_a_device_is_a_bad_file():
    with pytest.raises(BadFile) as caught:
        read_user_bytes(Path("/dev/null"), "photo")
    assert str(caught.value) == "photo /dev/null is not a regular file (a device, pipe or socket)"


@pytest.mark.parametrize("error", [BadFile, BadImage, GameOver, NoCubesFound, UnknownSymbol])
def test_each_is_an_input_error(error):
    assert issubclass(error, InputError)
