import cv2
import numpy as np

from cubecam.vision.detect import find_faces
from cubecam.vision.glyph_faces import faces_from_glyphs, glyph_spots, lattice_spots
from cubecam.vision.pipeline import _shows_glyph, read_photo

LETTERS = "AEKRSTMNOPLDGHUB"


def dark_tray(shade: int = 44) -> np.ndarray:
    """Dark cubes touching on a dark tray, light letters: no outline parts them."""
    image = np.full((600, 800, 3), 40, np.uint8)
    rng = np.random.default_rng(0)
    for r in range(4):
        for c in range(4):
            x, y = 200 + c * 90, 120 + r * 90
            grey = int(shade + rng.integers(-6, 7))
            cv2.rectangle(image, (x, y), (x + 89, y + 89), (grey,) * 3, -1)
            cv2.putText(
                image,
                LETTERS[4 * r + c],
                (x + 24, y + 66),
                cv2.FONT_HERSHEY_DUPLEX,
                1.9,
                (225,) * 3,
                3,
            )
    image = cv2.GaussianBlur(image, (3, 3), 0)
    noise = rng.integers(-4, 5, image.shape)
    return np.clip(image.astype(int) + noise, 0, 255).astype(np.uint8)


def test_glyphs_of_touching_dark_cubes_lie_on_a_lattice():
    spots, halves = lattice_spots(glyph_spots(dark_tray()))
    assert len(spots) == 16
    steps = np.linalg.norm(halves, axis=2) * 2
    assert np.allclose(steps, 90, atol=6)


def test_faces_around_glyphs_are_given_only_where_they_outnumber_outlines():
    image = dark_tray()
    assert len(faces_from_glyphs(image, glyph_spots(image), _shows_glyph, outnumbering=4)) == 16
    assert faces_from_glyphs(image, glyph_spots(image), _shows_glyph, outnumbering=16) == []


def test_dark_tray_is_found_and_read():
    image = dark_tray()
    centres = sorted(
        (round(q.center[1] / 90), round(q.center[0] / 90)) for q in find_faces(image, _shows_glyph)
    )
    assert len(set(centres)) == 16
    reading = read_photo(image, detector="threshold")
    assert reading.model_dump(mode="json")["rows"] == [
        list(LETTERS[i : i + 4]) for i in range(0, 16, 4)
    ]
