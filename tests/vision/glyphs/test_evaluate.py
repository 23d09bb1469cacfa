import numpy as np

from cubecam.synth.dataset import write_set
from cubecam.vision.glyphs.classes import CLASSES
from cubecam.vision.glyphs.dataset import rendered_crops
from cubecam.vision.glyphs.evaluate import accuracy, main
from cubecam.vision.glyphs.network import shipped_network


def test_the_evaluation_counts_faces_read_right(tmp_path, capsys):
    write_set("tray", 2, 11, tmp_path / "tray", size=(800, 600))
    tallies = main([str(tmp_path / "tray"), "--detector", "learned"])
    tray = tallies["tray"]
    assert tray.faces >= 2 * 16
    assert tray.from_labels >= 0.95 * tray.faces  # cut through the labels: the stage alone
    assert 0 <= tray.from_found <= tray.faces
    assert f"tray: {tray.faces} faces; read right cut from the labels" in capsys.readouterr().out


def test_a_photo_with_no_cube_found_counts_every_face_misread(tmp_path):
    write_set("loose", 1, 3, tmp_path / "loose", size=(800, 600))
    photo = next((tmp_path / "loose").glob("*.jpg"))
    photo.write_bytes(b"")  # unreadable: no face is found
    tally = main([str(tmp_path / "loose")])["loose"]
    assert tally.faces > 0 and tally.from_found == 0


def test_accuracy_compares_the_likeliest_symbol_with_the_label():
    images, labels, _ = rendered_crops(60, seed=4)
    right = accuracy(shipped_network(), images, labels)
    wrong = accuracy(shipped_network(), images, (labels + 1) % len(CLASSES))
    assert right >= 0.9 and wrong <= 0.1
    assert np.isnan(accuracy(shipped_network(), images[:0], labels[:0]))
