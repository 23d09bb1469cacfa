"""What the patch networks' trainers share (needs the train extra: skipped where PyTorch is
absent)."""

import numpy as np
import pytest

torch = pytest.importorskip("torch")


def test_relit_patches_keep_their_shape_and_vary_each_its_own_way():
    from cubecam_lab.detector.patch_training import relit

    patches = np.full((6, 8, 8, 3), 128, np.uint8)
    out = relit(patches, np.random.default_rng(0))
    assert out.shape == patches.shape and out.dtype == np.uint8
    assert len({float(p.mean()) for p in out}) == 6
    assert (patches == 128).all()  # the patches given are left as they were


def test_the_loop_learns_a_line_and_is_the_same_for_the_same_seed(capsys):
    from torch import nn

    from cubecam_lab.detector.patch_training import Schedule, fit

    x = np.linspace(-1, 1, 64, dtype=np.float32)[:, None]
    y = 3 * x - 1

    def loss_of(net, pick, rng):
        return nn.functional.mse_loss(net(torch.from_numpy(x[pick])), torch.from_numpy(y[pick]))

    runs = [fit(lambda: nn.Linear(1, 1), 64, loss_of, Schedule(40, 8, 3, 0.1)) for _ in range(2)]
    weights = [run.weight.item() for run in runs]
    assert weights[0] == weights[1] and abs(weights[0] - 3) < 0.3
    assert capsys.readouterr().out.count("epoch 40: loss") == 2


def test_in_bfloat16_the_loop_learns_the_line_too_and_gives_back_a_float_network():
    from torch import nn

    from cubecam_lab.detector.patch_training import Schedule, fit

    x = np.linspace(-1, 1, 64, dtype=np.float32).reshape(64, 1, 1, 1)
    y = 3 * x - 1

    def loss_of(net, pick, rng):
        return nn.functional.mse_loss(net(torch.from_numpy(x[pick])), torch.from_numpy(y[pick]))

    net = fit(lambda: nn.Conv2d(1, 1, 1), 64, loss_of, Schedule(40, 8, 3, 0.1, bf16=True))
    assert isinstance(net, nn.Conv2d) and net.weight.dtype == torch.float32
    assert abs(net.weight.item() - 3) < 0.3 and abs(net.bias.item() + 1) < 0.3


def test_fewer_examples_than_a_batch_are_one_batch_of_them_all():
    from torch import nn

    from cubecam_lab.detector.patch_training import Schedule, fit

    seen: list[int] = []

    def loss_of(net, pick, rng):
        seen.append(len(pick))
        return net(torch.ones(len(pick), 1)).pow(2).mean()

    fit(lambda: nn.Linear(1, 1), 5, loss_of, Schedule(2, 8, 0, 0.1))
    assert seen == [5, 5]  # one batch an epoch, none left out


def written_verifier(path):
    """A verifier as its trainer writes one, its batch norms' statistics set at random (the
    shipped verifier averages two networks' outputs: no one network starts from it)."""
    from cubecam_lab.detector import train_verifier

    torch.manual_seed(0)
    net = train_verifier.network()
    for norm in net.modules():
        if isinstance(norm, torch.nn.BatchNorm2d):
            norm.running_mean.uniform_(-0.5, 0.5)
            norm.running_var.uniform_(0.5, 2.0)
            norm.weight.data.uniform_(0.5, 1.5)
            norm.bias.data.uniform_(-0.2, 0.2)
    train_verifier.export(net.eval(), path)
    return path


@pytest.mark.parametrize("trainer", ["verifier", "refiner"])
def test_a_fine_tune_starts_from_a_network_its_trainer_wrote_computing_what_it_does(
    trainer, tmp_path
):
    from cubecam.vision.detector import refine
    from cubecam.vision.detector.patches import PATCH, network_patches
    from cubecam.vision.onnx_model import OnnxModel
    from cubecam_lab.detector import train_refiner, train_verifier
    from cubecam_lab.detector.patch_training import starting

    module, start, side = {
        "verifier": (train_verifier, written_verifier(tmp_path / "verifier.onnx"), PATCH),
        "refiner": (train_refiner, refine.REFINER_PATH, refine.PATCH),
    }[trainer]
    patches = np.random.default_rng(0).integers(0, 256, (24, side, side, 3), dtype=np.uint8)
    batch = network_patches(patches)
    net = starting(module.network, start, patches)().eval()
    with torch.no_grad():
        ours = net(torch.from_numpy(batch)).numpy()
    (theirs,) = OnnxModel(start).run(batch).values()
    if trainer == "verifier":
        ours = 1 / (1 + np.exp(-ours[:, 0]))
    assert np.abs(ours - theirs).max() < 1e-4
    assert starting(module.network, None, patches) is module.network


def test_a_fine_tune_refuses_a_model_of_another_shape():
    from cubecam.vision.detector.refine import REFINER_PATH
    from cubecam_lab.detector import train_verifier
    from cubecam_lab.detector.patch_training import starting

    patches = np.zeros((4, 48, 48, 3), np.uint8)
    with pytest.raises(ValueError, match="convolutions"):
        starting(train_verifier.network, REFINER_PATH, patches)()


@pytest.mark.parametrize("start", ["another", "missing"])
def test_the_trainer_refuses_a_start_it_cannot_take_before_training(tmp_path, capsys, start):
    from cubecam.vision.detector.refine import REFINER_PATH
    from cubecam_lab.detector import train_verifier

    data = tmp_path / "patches.npz"
    np.savez(
        data,
        patches=np.zeros((4, 48, 48, 3), np.uint8),
        tops=np.array([True, False, True, False]),
        photo=np.arange(4),
    )
    init = REFINER_PATH if start == "another" else tmp_path / "none.onnx"
    out = tmp_path / "verifier.onnx"
    with pytest.raises(SystemExit) as stop:
        train_verifier.main([str(data), "--init", str(init), "--out", str(out)])
    assert stop.value.code == 2
    said = capsys.readouterr()
    assert ("convolutions" if start == "another" else "none.onnx") in said.err
    assert "epoch 1" not in said.out and not out.exists()
