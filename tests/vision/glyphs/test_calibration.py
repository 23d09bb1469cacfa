"""The glyph reader's calibration: reported probabilities that say how often it is right."""

import numpy as np
import pytest

from cubecam.vision.glyphs.calibration import Calibration, calibrated
from cubecam.vision.glyphs.network import shipped_network
from cubecam_lab.glyphs.calibrate import choose_temperature, figures, symbol_probabilities, tempered
from cubecam_lab.glyphs.dataset import real_crops, realdata_root, rendered_crops


def test_the_shipped_calibration_keeps_its_figures_on_fresh_renders():
    images, labels, _ = rendered_crops(400, seed=880_031)
    shipped = Calibration.load().temperature
    assert 0.5 <= shipped <= 4.0
    read = figures(tempered(symbol_probabilities(shipped_network(), images), shipped), labels)
    assert read["ece"] <= 0.02
    assert read["silent"] == 0  # none misread at a confidence a player trusts
    assert read["nuisance"] <= 0.01 * len(labels)  # few read right yet marked unsure


def test_calibrating_keeps_the_order_of_the_readings_and_their_share():
    p = {"K": 0.9, "T": 0.08, "X": 0.01}
    for temperature in (0.7, 1.0, 1.35, 3.0):
        q = calibrated(p, temperature)
        assert sorted(q, key=q.get, reverse=True) == ["K", "T", "X"]
        assert sum(q.values()) == pytest.approx(sum(p.values()))
    assert calibrated(p, 3.0)["K"] < 0.9 < calibrated(p, 0.7)["K"]


def test_the_fit_finds_the_temperature_that_made_overconfident_probabilities():
    rng = np.random.default_rng(880_032)
    logits = rng.normal(0, 3, (3000, 5))
    true = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    labels = np.array([rng.choice(5, p=row) for row in true])
    overconfident = tempered(true, 0.5)  # as a reader twice too sure would say
    assert choose_temperature(overconfident, labels) == pytest.approx(2.0, abs=0.2)


@pytest.mark.skipif(realdata_root() is None, reason="../shared/realdata is absent")
def test_calibrated_probabilities_are_likelier_on_real_crops_never_trained_or_tuned_on():
    images, labels, _ = real_crops("check")
    p = symbol_probabilities(shipped_network(), images)
    shipped = Calibration.load().temperature
    assert figures(tempered(p, shipped), labels)["nll"] <= figures(p, labels)["nll"]
