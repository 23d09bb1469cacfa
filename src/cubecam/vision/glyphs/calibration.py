"""How sure the glyph reader is, said truthfully: its probabilities calibrated.

A network trained to read faces is surer of itself than it is right on faces it never saw
(a K read as T at 100%). Temperature scaling fits one number, :attr:`Calibration.temperature`,
on real crops the reader was never trained on (chosen by ``python -m
cubecam_lab.glyphs.calibrate --choose``): each probability ``p`` is reported as ``p ** (1 / T)``,
renormalised, so that a cube read at 90% is right about nine times in ten. Only what a reading
reports changes (each cube's confidence and its alternatives, hence which cubes are unsure);
the symbols, the turn and the kind are chosen on the reader's own probabilities.

>>> {s: round(p, 3) for s, p in calibrated({"K": 0.98, "T": 0.02}, 2.0).items()}
{'K': 0.875, 'T': 0.125}
>>> calibrated({"K": 0.98, "T": 0.02}, 1.0)
{'K': 0.98, 'T': 0.02}
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cubecam.reading import Probabilities
from cubecam.vision.stage_settings import StageSettings


@dataclass(frozen=True)
class Calibration(StageSettings):
    """The glyph reader's calibration: ``temperature``, by which its probabilities are
    softened (above 1) or sharpened (below 1) before they are reported."""

    temperature: float
    PATH = Path(__file__).with_name("calibration.toml")


def calibrated(probabilities: Probabilities, temperature: float) -> dict[str, float]:
    """``probabilities`` (a cube's likeliest symbols) at ``temperature``, keeping the share of
    the probability they hold together."""
    if temperature == 1.0:
        return dict(probabilities)
    held = sum(probabilities.values())
    tempered = {s: p ** (1.0 / temperature) for s, p in probabilities.items()}
    total = sum(tempered.values()) or 1.0
    return {s: held * p / total for s, p in tempered.items()}
