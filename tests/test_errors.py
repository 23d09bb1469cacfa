"""Each specific error class is raised by a real case, is an InputError, and keeps its message;
no module tells errors apart by their message text."""

import ast
from pathlib import Path

import numpy as np
import pytest

import cubecam
from cubecam.cli.photo_input import apply_fixes
from cubecam.cubesets import load_cubeset
from cubecam.errors import BadFile, BadImage, GameOver, InputError, NoCubesFound, UnknownSymbol
from cubecam.layout import Layout, canonical_symbol
from cubecam.scorelog import ScoreLog
from cubecam.user_files import read_user_bytes
from cubecam.vision import load_image, read_photo

SRC = Path(cubecam.__file__).parent


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


def _is_text(node: ast.AST, name: str, texts: set[str]) -> bool:
    """Whether ``node`` uses the text of exception ``name``: ``str(name)``, ``name.args`` or a
    variable in ``texts`` made from either."""
    for part in ast.walk(node):
        if (
            isinstance(part, ast.Call)
            and isinstance(part.func, ast.Name)
            and part.func.id == "str"
            and any(isinstance(a, ast.Name) and a.id == name for a in part.args)
        ):
            return True
        if (
            isinstance(part, ast.Attribute)
            and part.attr == "args"
            and isinstance(part.value, ast.Name)
            and part.value.id == name
        ):
            return True
        if isinstance(part, ast.Name) and part.id in texts:
            return True
    return False


def _compares_message(tree: ast.AST) -> list[int]:
    """Lines where an ``except ... as name`` handler compares the text of ``name`` with ``in``,
    ``==`` or ``.startswith`` and the like."""
    found = []
    for handler in ast.walk(tree):
        if not (isinstance(handler, ast.ExceptHandler) and handler.name):
            continue
        name, texts = handler.name, set[str]()
        for statement in handler.body:
            for node in ast.walk(statement):
                if isinstance(node, ast.Assign) and _is_text(node.value, name, texts):
                    texts |= {t.id for t in node.targets if isinstance(t, ast.Name)}
                if isinstance(node, ast.Compare) and any(
                    _is_text(side, name, texts) for side in (node.left, *node.comparators)
                ):
                    found.append(node.lineno)
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Attribute)
                    and node.func.attr in {"startswith", "endswith", "find", "index", "count"}
                    and _is_text(node.func.value, name, texts)
                ):
                    found.append(node.lineno)
    return found


def test_the_check_finds_a_comparison_of_message_text():
    told_by_text = """
try:
    read()
except InputError as error:
    text = str(error).lower()
    if "busy" in text or str(error).startswith("grid file") or error.args[0] == "x":
        raise
"""
    assert _compares_message(ast.parse(told_by_text)) == [6, 6, 6]


def test_no_module_tells_errors_apart_by_their_message():
    told_by_text = {
        f"{path.relative_to(SRC)}:{line}"
        for path in sorted(SRC.rglob("*.py"))
        for line in _compares_message(ast.parse(path.read_text(encoding="utf-8")))
    }
    assert not told_by_text
