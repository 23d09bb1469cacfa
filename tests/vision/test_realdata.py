"""The reader on real photos (skipped where ../shared/realdata is absent).

A few photos of each kind by default; ``CUBECAM_REALDATA_ALL=1`` reads every one.
"""

import json
import os

import pytest
from click.testing import CliRunner

from cubecam.cli import main
from cubecam.layout import canonical_symbol
from cubecam.vision import read_photo
from cubecam_lab.glyphs.dataset import realdata_root

ROOT = realdata_root()
pytestmark = pytest.mark.skipif(ROOT is None, reason="../shared/realdata is absent")


def photos(folder: str, few: int) -> list:
    if ROOT is None:
        return []
    found = sorted(
        p for p in (ROOT / folder).glob("*") if p.suffix.lower() in (".jpg", ".jpeg", ".png")
    )
    return found if os.environ.get("CUBECAM_REALDATA_ALL") else found[:few]


@pytest.mark.parametrize(
    "photo",
    photos("trays", 1) + photos("loose", 2) + photos("boards", 1) + photos("tiles", 1),
    ids=lambda p: p.name,
)
def test_read_command_works_on_real_photos(photo):
    result = CliRunner().invoke(main, ["read", str(photo), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["cubes"]


@pytest.mark.parametrize("photo", photos("boards", 2), ids=lambda p: p.name)
def test_scrabble_board_squares_exact_and_letters_read(photo):
    label = json.loads(photo.with_suffix(".json").read_text())
    reading = read_photo(photo, layout="crossword")
    top = min(c["row"] for c in label["cells"])
    left = min(c["col"] for c in label["cells"])
    want = {
        (c["row"] - top, c["col"] - left): canonical_symbol(c["symbol"]) for c in label["cells"]
    }
    got = {square: face.symbol for square, face in reading.layout.cells.items()}
    assert set(got) == set(want)
    assert sum(got[square] == symbol for square, symbol in want.items()) >= 0.9 * len(want)


@pytest.mark.parametrize("photo", photos("loose", 3), ids=lambda p: p.name)
def test_loose_dice_are_all_found(photo):
    label = json.loads(photo.with_suffix(".json").read_text())
    reading = read_photo(photo, layout="loose")
    assert len(reading.cubes) == label["count"]
