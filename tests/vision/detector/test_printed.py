"""Letters printed on a flat page are not cubes."""

import cv2
import numpy as np
import pytest

from cubecam.errors import InputError
from cubecam.vision import read_photo
from tests.conftest import SAMPLES

LINES = [
    "Score 22",
    "Across: TIGER 1+1+2+1+1 = 6",
    "Across: OF 1+1 = 2",
    "Down: TON 1+1+1 = 3",
    "Down: WEAVE 4+1+1+4+1 = 11",
    "Total score: 24",
    "2 cubes left over: -2",
    "Final score: 22",
    "Accept: record the turn",
    "Undo the last turn",
    "WORD HUNT",
    "GAME ONE",
]


def page_of_text(width: int = 390, height: int = 844) -> np.ndarray:
    """A phone-sized screenshot of a page of text (OpenCV's own font: no font installed)."""
    page = np.full((height, width, 3), 255, np.uint8)
    for i, line in enumerate(LINES):
        size = 1.2 if i % 3 == 0 else 0.8
        cv2.putText(page, line, (10, 40 + 62 * i), cv2.FONT_HERSHEY_SIMPLEX, size, (40,) * 3, 2)
    return page


def test_a_page_of_text_is_no_photo_of_cubes():
    with pytest.raises(InputError, match="printed on a flat page"):
        read_photo(page_of_text())


def test_a_screenshot_that_shows_a_photo_of_cubes_reads_the_cubes_not_its_text():
    photo = cv2.imread(str(SAMPLES / "game-one-crossword.jpg"))
    shot = np.full((photo.shape[0] + 500, photo.shape[1], 3), 255, np.uint8)
    shot[: photo.shape[0]] = photo
    for i, letter in enumerate("ZAKEW"):  # the page's buttons, a letter each in a frame
        x, y = 60 + 250 * i, photo.shape[0] + 100
        cv2.rectangle(shot, (x, y), (x + 160, y + 160), (90,) * 3, 3)
        cv2.putText(shot, letter, (x + 35, y + 125), cv2.FONT_HERSHEY_SIMPLEX, 4, (40,) * 3, 10)
    alone, shown = read_photo(photo), read_photo(shot)
    assert shown.layout.cells == alone.layout.cells
    assert sorted(c.symbol for c in shown.cubes) == sorted(c.symbol for c in alone.cubes)
