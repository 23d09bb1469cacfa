import numpy as np
import pytest

from cubecam.cubesets import load_cubeset
from cubecam.vision import read_photo
from cubecam.vision.looks import load_look, save_look, stale_look
from tests.vision.scenes import scene


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("CUBECAM_DATA", str(tmp_path))


def test_a_look_learnt_by_an_older_model_is_replaced_when_calibrating_again():
    save_look("my-set", np.ones((3, 128), np.float32), ["A", "B", "C"])
    assert stale_look("my-set", 256)
    save_look("my-set", np.ones((2, 256), np.float32), ["D", "E"])
    features, labels = load_look("my-set")
    assert features.shape == (2, 256) and labels == ["D", "E"]
    assert not stale_look("my-set", 256)


def test_a_read_says_when_the_sets_look_is_stale():
    image, label = scene("crossword")
    cubeset = load_cubeset(label["cubeset"])
    save_look(cubeset.name, np.ones((3, 7), np.float32), ["A", "B", "C"])
    notes = read_photo(image, cubeset=cubeset).notes
    assert any("older glyph model" in note and "calibrate" in note for note in notes)
