import math
from dataclasses import replace

import numpy as np

from cubecam.layout import LayoutKind
from cubecam.vision.kind import KindSettings
from cubecam.vision.kind.choose import SETTINGS_PATH
from cubecam.vision.lattice import fit_lattice
from cubecam.vision.quad import Quad
from cubecam.vision.stage_settings import write_settings
from cubecam_lab.kind.evaluate import (
    EVIDENCES,
    TURNED_AWAYS,
    Seen,
    choose,
    choose_evidence,
    main,
    placed,
    right_photos,
    seen_photos,
    tally,
)
from cubecam_lab.synth.dataset import write_set


def test_the_evaluation_checks_each_photo_against_its_scene(tmp_path, capsys):
    write_set("tray", 2, 7, tmp_path / "tray", size=(800, 600))
    write_set("crossword", 2, 7, tmp_path / "crossword", size=(800, 600))
    counts = main([str(tmp_path / "tray"), str(tmp_path / "crossword")])
    assert sum(counts.values()) == 4
    assert counts[("tray", True)] + counts[("tray", False)] == 2
    out = capsys.readouterr().out
    right = counts[("tray", True)] + counts[("crossword", True)]
    assert f"kind right on {right} of 4 photos" in out


def test_choosing_keeps_the_settings_that_get_the_most_kinds_right(tmp_path):
    write_set("loose", 2, 9, tmp_path / "loose", size=(800, 600), config="mixed-colours")
    write_set("tray", 2, 9, tmp_path / "tray", size=(800, 600))
    seen = seen_photos([tmp_path / "loose", tmp_path / "tray"], None)
    assert {photo.want for photo in seen} == {LayoutKind.LOOSE, LayoutKind.TRAY}
    chosen = choose(seen)
    best = right_photos(tally(seen, chosen))
    for other in (KindSettings(1.0, 1.01, 0.0, 0.5, 0.0), KindSettings(0.5, 0.8, 0.75, 0.9, 0.2)):
        assert best >= right_photos(tally(seen, other))
    write_settings(chosen, tmp_path / "kind.toml", "cubecam_lab.kind.evaluate")
    header = SETTINGS_PATH.read_text().splitlines()[:2]
    assert (tmp_path / "kind.toml").read_text().splitlines()[:2] == header
    assert KindSettings.load(tmp_path / "kind.toml") == chosen


def test_each_crossword_face_is_checked_in_the_crossword_or_left_over_as_labelled(tmp_path):
    write_set("crossword", 2, 5, tmp_path / "crossword", size=(800, 600))
    write_set("tray", 1, 5, tmp_path / "tray", size=(800, 600))
    seen = seen_photos([tmp_path / "crossword", tmp_path / "tray"], None)
    crossword = [photo for photo in seen if photo.want is LayoutKind.CROSSWORD]
    labelled = sum(member is not None for photo in crossword for member in photo.members)
    assert labelled >= 15  # most of the cubes of two crosswords found
    assert all(
        member is None for photo in seen if photo not in crossword for member in photo.members
    )
    settings = KindSettings.load(SETTINGS_PATH)
    counts = placed(seen, settings)
    assert counts[True] + counts[False] <= labelled
    assert counts[True] >= 0.9 * labelled
    chosen = choose(seen)
    assert chosen.turned_away in TURNED_AWAYS
    assert placed(seen, chosen)[True] >= placed(seen, settings)[True] or right_photos(
        tally(seen, chosen)
    ) > right_photos(tally(seen, settings))


def touching_pair(want: LayoutKind, evidence: float) -> Seen:
    """Two dice side by side whose letters agree on one turn (the share), as surely as
    ``evidence`` says."""
    faces = [
        Quad(np.array([[x, 100], [x + 40, 100], [x + 40, 140], [x, 140]], float))
        for x in (100, 141)
    ]
    return Seen(want.value, want, fit_lattice(faces), 1.0, evidence, np.ones(2), (None, None))


def test_the_evidence_chosen_tells_a_short_word_from_dice_whose_letters_read_two_ways(tmp_path):
    shipped = KindSettings.load(SETTINGS_PATH)
    word, dice = touching_pair(LayoutKind.CROSSWORD, 2.7), touching_pair(LayoutKind.LOOSE, 1.4)
    chosen = choose_evidence([word, dice], replace(shipped, evidence=-math.inf))
    assert 1.4 < chosen.evidence <= 2.7 and chosen.evidence in EVIDENCES
    assert right_photos(tally([word, dice], chosen)) == 2
    assert choose_evidence([word], shipped).evidence == -math.inf  # the least of equals
    write_settings(
        replace(chosen, evidence=-math.inf), tmp_path / "kind.toml", "cubecam_lab.kind.evaluate"
    )
    assert KindSettings.load(tmp_path / "kind.toml").evidence == -math.inf
