"""Calibrate the glyph reader's probabilities on real crops it was never trained on.

    python -m cubecam_lab.glyphs.calibrate            # the figures, at the shipped calibration
    python -m cubecam_lab.glyphs.calibrate --choose   # fit it and write calibration.toml

Temperature scaling (see :mod:`cubecam.vision.glyphs.calibration`): the temperature that
makes the reader's probabilities likeliest on the ``calibrate`` half of the real crops held
out from training (:func:`~cubecam_lab.glyphs.dataset.split_of`), chosen on a grid. The
figures are those of the ``check`` half, never trained or tuned on, before and after: the
negative log-likelihood, the expected calibration error, and, at the reader's threshold for
unsure, the crops misread yet sure (silent) and those read right yet unsure (the nuisance).
"""

from __future__ import annotations

import argparse

import numpy as np

from cubecam.reading import UNSURE_BELOW
from cubecam.vision.glyphs.calibration import Calibration
from cubecam.vision.glyphs.classes import TURNS
from cubecam.vision.glyphs.network import GlyphNetwork, shipped_network
from cubecam.vision.stage_settings import write_settings
from cubecam_lab.glyphs.dataset import real_crops

TEMPERATURES = np.round(np.arange(0.5, 4.001, 0.05), 2)


def symbol_probabilities(network: GlyphNetwork, images: np.ndarray) -> np.ndarray:
    """Each crop's probability of each symbol, whichever way it is turned (N × classes)."""
    p, _ = network.scores(images)
    return p.reshape(len(images), len(network.classes), TURNS).sum(axis=2)


def tempered(p: np.ndarray, temperature: float) -> np.ndarray:
    """Rows of probabilities ``p`` at ``temperature``, renormalised.

    >>> tempered(np.array([[0.98, 0.02]]), 2.0).round(3).tolist()
    [[0.875, 0.125]]
    """
    q = np.maximum(p, 1e-12) ** (1.0 / temperature)
    return q / q.sum(axis=1, keepdims=True)


def figures(p: np.ndarray, labels: np.ndarray, bins: int = 10) -> dict[str, float]:
    """How well probabilities ``p`` (N × classes) say how often the likeliest is ``labels``.

    >>> figures(np.array([[0.9, 0.1], [0.6, 0.4]]), np.array([0, 1]))["silent"]
    0
    """
    best, sure = p.argmax(axis=1), p.max(axis=1)
    right = best == labels
    nll = float(-np.log(np.maximum(p[np.arange(len(p)), labels], 1e-12)).mean())
    edges = np.minimum((sure * bins).astype(int), bins - 1)
    ece = sum(
        abs(right[edges == b].mean() - sure[edges == b].mean()) * (edges == b).mean()
        for b in range(bins)
        if (edges == b).any()
    )
    return {
        "crops": len(p),
        "right": float(right.mean()),
        "nll": round(nll, 4),
        "ece": round(float(ece), 4),
        "silent": int((~right & (sure >= UNSURE_BELOW)).sum()),
        "misread": int((~right).sum()),
        "nuisance": int((right & (sure < UNSURE_BELOW)).sum()),
    }


def choose_temperature(p: np.ndarray, labels: np.ndarray) -> float:
    """The temperature of :data:`TEMPERATURES` under which ``labels`` are likeliest."""
    nll = [figures(tempered(p, t), labels)["nll"] for t in TEMPERATURES]
    return float(TEMPERATURES[int(np.argmin(nll))])


def main(argv: list[str] | None = None) -> dict[str, dict[str, float]]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--choose", action="store_true", help="fit it and write the settings")
    args = parser.parse_args(argv)
    network = shipped_network()
    fit_images, fit_labels, _ = real_crops("calibrate")
    check_images, check_labels, _ = real_crops("check")
    if not len(fit_images) or not len(check_images):
        parser.error("no real crops: ../shared/realdata/crops is needed")
    temperature = Calibration.load().temperature
    if args.choose:
        temperature = choose_temperature(symbol_probabilities(network, fit_images), fit_labels)
        write_settings(
            Calibration(temperature),
            Calibration.PATH,
            "cubecam_lab.glyphs.calibrate",
            on="the real crops held out from training (its calibrate half)",
        )
    p = symbol_probabilities(network, check_images)
    report = {"uncalibrated": figures(p, check_labels)}
    report[f"temperature {temperature}"] = figures(tempered(p, temperature), check_labels)
    print(f"real crops never trained or tuned on: {len(check_labels)}")
    for name, row in report.items():
        print(f"  {name}: " + ", ".join(f"{k} {v}" for k, v in row.items()))
    return report


if __name__ == "__main__":
    main()
