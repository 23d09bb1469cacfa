from cubecam_lab.crop.evaluate import main
from cubecam_lab.synth.dataset import write_set


def test_the_evaluation_reads_the_cuts_from_the_labels_and_from_the_faces_found(tmp_path, capsys):
    write_set("tray", 2, 11, tmp_path / "tray", size=(800, 600))
    tray = main([str(tmp_path / "tray")])["tray"]
    assert tray.faces >= 2 * 16
    assert tray.from_labels >= 0.95 * tray.faces  # cut through the labels: the cut alone
    assert tray.from_found <= len(tray.corner_errors) <= tray.faces
    assert len(tray.corner_errors) >= 0.8 * tray.faces  # classic trays: nearly all found
    assert sorted(tray.corner_errors)[len(tray.corner_errors) // 2] < 0.1  # within a tenth side
    out = capsys.readouterr().out
    assert f"tray: {tray.faces} faces; read right cut from the labels" in out
    assert f"corners of the {len(tray.corner_errors)} found off by" in out


def test_a_photo_with_no_cube_found_counts_every_face_misread(tmp_path):
    write_set("loose", 1, 3, tmp_path / "loose", size=(800, 600))
    photo = next((tmp_path / "loose").glob("*.jpg"))
    photo.write_bytes(b"")  # unreadable: no face is found
    tally = main([str(tmp_path / "loose")])["loose"]
    assert tally.faces > 0 and tally.from_labels == tally.from_found == 0
    assert tally.corner_errors == []
