import numpy as np
import pytest

from cubecam.cubesets import load_cubeset
from cubecam.user_files import CannotWrite
from cubecam.vision import read_photo
from cubecam.vision.glyphs.classes import CLASSES, SIZE
from cubecam.vision.glyphs.network import shipped_network
from cubecam.vision.glyphs.read import GlyphScores
from cubecam.vision.looks import adjust_for_look, load_look, look_path, save_look, stale_look
from tests.conftest import fill_disk
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


def test_a_look_learnt_by_another_model_of_the_same_width_is_stale_and_replaced(tmp_path):
    width = shipped_network().scores(np.zeros((1, SIZE, SIZE), np.float32))[1].shape[1]
    save_look("my-set", np.ones((3, width), np.float32), ["A", "B", "C"])
    assert not stale_look("my-set", width)
    path = look_path("my-set")
    with np.load(path) as data:
        np.savez_compressed(
            path, features=data["features"], labels=data["labels"], model="retrained"
        )
    assert stale_look("my-set", width)
    scores = GlyphScores(np.full((1, len(CLASSES), 4), 1 / (4 * len(CLASSES))), np.ones((1, width)))
    assert adjust_for_look(scores, "my-set") is scores  # a stale look weighs nothing
    save_look("my-set", np.ones((2, width), np.float32), ["D", "E"])
    assert load_look("my-set")[1] == ["D", "E"] and not stale_look("my-set", width)


def test_calibrating_on_a_full_disk_keeps_the_look_as_it_was(monkeypatch):
    save_look("my-set", np.ones((3, 8), np.float32), ["A", "B", "C"])
    kept = look_path("my-set").read_bytes()
    fill_disk(monkeypatch)
    with pytest.raises(CannotWrite, match=r"cannot write look .*my-set\.npz: the disk is full"):
        save_look("my-set", np.ones((2, 8), np.float32), ["D", "E"])
    with pytest.raises(CannotWrite, match="the disk is full"):
        save_look("new-set", np.ones((2, 8), np.float32), ["D", "E"])
    assert look_path("my-set").read_bytes() == kept and not look_path("new-set").exists()
    assert sorted(p.name for p in look_path("my-set").parent.iterdir()) == ["my-set.npz"]
