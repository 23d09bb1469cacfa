import numpy as np

from cubecam.vision.glyphs.classes import CLASSES
from cubecam.vision.glyphs.network import shipped_network
from cubecam_lab.glyphs.dataset import rendered_crops
from cubecam_lab.glyphs.evaluate import accuracy, main
from cubecam_lab.synth.dataset import write_set


def test_labelled_photos_are_read_as_the_cut_stage_reads_them(tmp_path, capsys):
    write_set("loose", 1, 3, tmp_path / "loose", size=(800, 600))
    loose = main([str(tmp_path / "loose")])["loose"]
    assert loose.faces > 0 and loose.from_labels >= 0.9 * loose.faces
    assert capsys.readouterr().out.startswith(f"loose: {loose.faces} faces; read right")


def test_accuracy_compares_the_likeliest_symbol_with_the_label():
    images, labels, _ = rendered_crops(60, seed=4)
    right = accuracy(shipped_network(), images, labels)
    wrong = accuracy(shipped_network(), images, (labels + 1) % len(CLASSES))
    assert right >= 0.9 and wrong <= 0.1
    assert np.isnan(accuracy(shipped_network(), images[:0], labels[:0]))
