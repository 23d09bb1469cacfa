"""scripts/train_detector.sh: the training recipe runs end to end at a share of its size."""

from __future__ import annotations

import os
import subprocess

import numpy as np
import pytest

from cubecam.vision.detector.find import SETTINGS_PATH, DetectorSettings
from cubecam.vision.onnx_model import OnnxModel
from cubecam_lab.synth.dataset import write_set
from tests.conftest import REPO

pytest.importorskip("torch")
pytest.importorskip("onnx")

CONFIGS = ("classic", "tilt-0-20", "tilt-20-55", "one-colour", "mixed-colours", "dark-cubes")
KINDS = ("crossword", "tray", "loose")


def test_the_recipe_writes_its_models_and_settings_beside_out_and_leaves_the_shipped_alone(
    tmp_path,
) -> None:
    work, out = tmp_path / "work", tmp_path / "out"
    out.mkdir()
    # the validation folders, one small render each (the recipe renders those not there)
    for kind in KINDS:
        write_set(kind, 1, 880600, work / "val" / kind, size=(320, 240), config="wide")
        (work / "val" / "closeup-renders" / kind).mkdir(parents=True)
        for config in (*CONFIGS, "blank-faces"):
            folder = work / "val" / f"{config}-{kind}"
            write_set(kind, 1, 880601, folder, size=(320, 240), config=config)
    write_set("loose", 1, 880602, work / "val" / "closeup", size=(320, 240), config="wide")
    shipped = SETTINGS_PATH.read_bytes()
    run = subprocess.run(
        ["bash", str(REPO / "scripts" / "train_detector.sh"), str(out / "model.onnx"), str(work)],
        env=os.environ | {"RECIPE_SHARE": "0.001"},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert SETTINGS_PATH.read_bytes() == shipped
    settings = DetectorSettings.load(out / "detector.toml")
    assert settings.input_side == DetectorSettings.load().input_side and settings.threshold > 0
    photo = np.zeros((1, 3, 256, 256), np.float32)
    assert {"heat", "shape"} <= set(OnnxModel(out / "model.onnx").run(photo))
    for name in ("verifier.onnx", "refiner.onnx"):
        assert (out / name).stat().st_size > 10_000
    assert "wrote " + str(out / "detector.toml") in run.stdout
