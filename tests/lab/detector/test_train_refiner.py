"""Training the refiner (needs the train extra: skipped where PyTorch is absent)."""

import numpy as np
import pytest

from cubecam.vision.detector.patches import network_patches
from cubecam.vision.detector.refine import INNER, MARGIN, PATCH, UNIT
from cubecam.vision.onnx_model import OnnxModel

torch = pytest.importorskip("torch")
pytest.importorskip("onnx")


def _marked(shifts: np.ndarray) -> np.ndarray:
    """A patch with each corner k of the outline ``shifts`` (4 × 2) marked k + 1."""
    patch = np.zeros((PATCH, PATCH, 3), np.uint8)
    for k, (x, y) in enumerate(MARGIN + INNER * (UNIT + shifts)):
        patch[round(y), round(x), 0] = k + 1
    return patch


@pytest.mark.parametrize("how", ["mirrored", "turned"])
def test_a_mirrored_or_turned_patch_keeps_its_corners_on_the_face(how):
    from cubecam_lab.detector import train_refiner

    rng = np.random.default_rng(2)
    shifts = np.round(rng.uniform(-0.2, 0.2, (1, 4, 2)) * INNER) / INNER
    patch, moved = getattr(train_refiner, how)(_marked(shifts[0])[None], shifts)
    where = MARGIN + INNER * (UNIT + moved[0])
    marks = {int(patch[0, round(y), round(x), 0]) for x, y in where}
    assert marks == {1, 2, 3, 4}


def test_a_short_run_is_exported_as_the_network_it_trained(tmp_path):
    from cubecam_lab.detector.patch_training import Schedule
    from cubecam_lab.detector.train_refiner import export, network, predict, train

    rng = np.random.default_rng(0)
    patches = rng.integers(0, 255, (32, PATCH, PATCH, 3), dtype=np.uint8)
    shifts = rng.normal(0, 0.05, (32, 8)).astype(np.float32)
    net = train(patches, shifts, Schedule(epochs=1, batch=8, seed=1, lr=1e-3))
    export(net, tmp_path / "refiner.onnx")
    got = OnnxModel(tmp_path / "refiner.onnx").run(network_patches(patches[:5]))["offsets"]
    assert got.shape == (5, 8) and np.abs(got - predict(net, patches[:5])).max() < 1e-4
    assert sum(p.numel() for p in network().parameters()) < 600_000


@pytest.mark.parametrize("precision", [[], ["--bf16"]])
def test_the_main_command_trains_on_a_harvest_and_reports_the_corners(tmp_path, capsys, precision):
    from cubecam_lab.detector.train_refiner import main

    rng = np.random.default_rng(1)
    patches = rng.integers(0, 255, (40, PATCH, PATCH, 3), dtype=np.uint8)
    shifts = rng.normal(0, 0.05, (40, 8)).astype(np.float32)
    np.savez(tmp_path / "o.npz", patches=patches, offsets=shifts, photo=np.arange(40) // 4)
    main(
        [
            str(tmp_path / "o.npz"),
            "--epochs",
            "1",
            "--batch",
            "8",
            "--out",
            str(tmp_path / "r.onnx"),
            *precision,
        ]
    )
    printed = capsys.readouterr().out
    assert "36 outlines to learn from, 4 held out" in printed
    assert "held out: corners off by" in printed and (tmp_path / "r.onnx").is_file()
