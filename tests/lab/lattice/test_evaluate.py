from cubecam.vision.lattice.fit import LatticeSettings
from cubecam_lab.lattice.evaluate import (
    BESIDE_VERIFIES,
    CONFIRMS,
    EXTENDS,
    SIDE_OFFS,
    SQUARES,
    choose,
    main,
)
from cubecam_lab.synth.dataset import write_set


def test_the_evaluation_counts_photos_right(tmp_path, capsys):
    write_set("tray", 2, 7, tmp_path / "tray", size=(800, 600))
    write_set("loose", 1, 7, tmp_path / "loose", size=(800, 600))
    tallies = main([str(tmp_path / "tray"), str(tmp_path / "loose")])
    assert tallies["tray"].photos == 2
    assert tallies["tray"].from_labels == 2  # the labelled outlines: the stage alone
    assert 0 <= tallies["tray"].from_found <= 2
    assert tallies["loose"].photos == 0  # no grid to check
    assert "tray: 2 photos; squares right from the labelled outlines 2" in capsys.readouterr().out


def test_choosing_the_settings_tries_them_on_the_faces_found(tmp_path, capsys):
    write_set("crossword", 2, 8, tmp_path / "crossword", size=(800, 600))
    chosen = choose([tmp_path / "crossword"], None)
    assert chosen.side_off in SIDE_OFFS and chosen.confirm_above in CONFIRMS
    assert chosen.extend_above in EXTENDS
    assert chosen.square_beyond in SQUARES and chosen.beside_verify in BESIDE_VERIFIES
    lines = capsys.readouterr().out.splitlines()
    tried = len(SIDE_OFFS) * len(CONFIRMS)
    assert len([line for line in lines if line.startswith("side_off")]) == tried
    assert len([line for line in lines if line.startswith("square_beyond")]) == len(SQUARES)


def test_choosing_beside_alone_keeps_the_other_settings(tmp_path, capsys):
    write_set("crossword", 1, 8, tmp_path / "crossword", size=(800, 600))
    chosen = choose([tmp_path / "crossword"], None, beside_only=True)
    shipped = LatticeSettings.load()
    assert chosen.beside_verify in BESIDE_VERIFIES
    assert (chosen.side_off, chosen.extend_above) == (shipped.side_off, shipped.extend_above)
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == [f"beside_verify {v}" for v in BESIDE_VERIFIES]
