"""Training the verifier (needs the train extra: skipped where PyTorch is absent)."""

import numpy as np
import pytest

from cubecam.vision.detector.patches import PATCH, network_patches
from cubecam.vision.onnx_model import OnnxModel

torch = pytest.importorskip("torch")
pytest.importorskip("onnx")


@pytest.mark.parametrize("bf16", [False, True])
def test_a_short_run_is_exported_as_the_network_it_trained(tmp_path, bf16):
    from cubecam_lab.detector.patch_training import Schedule
    from cubecam_lab.detector.train_verifier import export, train

    rng = np.random.default_rng(0)
    patches = rng.integers(0, 255, (64, PATCH, PATCH, 3), dtype=np.uint8)
    tops = np.arange(64) % 2 == 0
    patches[tops, 16:32, 16:32] = 255  # a bright face in the middle
    net = train(patches, tops, Schedule(epochs=1, batch=16, seed=1, lr=1e-3, bf16=bf16))
    export(net, tmp_path / "verifier.onnx")
    batch = network_patches(patches[:8])
    with torch.no_grad():
        want = torch.sigmoid(net.eval()(torch.from_numpy(batch)))[:, 0].numpy()
    got = OnnxModel(tmp_path / "verifier.onnx").run(batch)["top"]
    assert got.shape == (8,) and np.abs(got - want).max() < 1e-4


def test_the_main_command_trains_on_a_harvest_and_writes_the_model(tmp_path, capsys):
    from cubecam_lab.detector.train_verifier import main

    rng = np.random.default_rng(1)
    patches = rng.integers(0, 255, (40, PATCH, PATCH, 3), dtype=np.uint8)
    np.savez(
        tmp_path / "patches.npz",
        patches=patches,
        tops=np.arange(40) % 3 == 0,
        heat=np.ones(40, np.float32),
        photo=np.arange(40) // 4,
    )
    main(
        [
            str(tmp_path / "patches.npz"),
            "--epochs",
            "1",
            "--batch",
            "8",
            "--out",
            str(tmp_path / "v.onnx"),
        ]
    )
    assert "held out: at 0.1" in capsys.readouterr().out
    assert OnnxModel(tmp_path / "v.onnx").run(network_patches(patches[:2]))["top"].shape == (2,)


def test_blank_tops_weighed_more_are_believed_more():
    from cubecam_lab.detector.patch_training import Schedule
    from cubecam_lab.detector.train_verifier import _scores, train

    rng = np.random.default_rng(2)
    patches = rng.integers(0, 120, (96, PATCH, PATCH, 3), dtype=np.uint8)
    tops = np.arange(96) % 3 != 2
    blank = np.arange(96) % 3 == 1  # no glyph: as plain as the bare table round it
    patches[tops & ~blank, 16:32, 16:32] = 255
    schedule = Schedule(epochs=6, batch=16, seed=1, lr=3e-3)
    alike, weighed = (train(patches, tops, schedule, blank, weight) for weight in (1.0, 8.0))
    assert _scores(weighed, patches[blank]).mean() > _scores(alike, patches[blank]).mean() + 0.2


def test_a_blank_weight_needs_a_harvest_that_marks_blanks(tmp_path, capsys):
    from cubecam_lab.detector.train_verifier import main

    data = tmp_path / "patches.npz"
    np.savez(
        data,
        patches=np.zeros((8, PATCH, PATCH, 3), np.uint8),
        tops=np.arange(8) % 2 == 0,
        photo=np.arange(8),
    )
    with pytest.raises(SystemExit) as stop:
        main([str(data), "--blank-weight", "3", "--out", str(tmp_path / "v.onnx")])
    assert stop.value.code == 2
    assert "harvest it again" in capsys.readouterr().err
    assert not (tmp_path / "v.onnx").exists()
