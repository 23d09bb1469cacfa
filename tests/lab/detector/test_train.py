"""Training from the shipped model (needs the train extra: skipped where PyTorch is absent)."""

from __future__ import annotations

import numpy as np
import pytest

from cubecam.vision.detector.find import MODEL_PATH
from cubecam.vision.onnx_model import OnnxModel
from cubecam_lab.synth.dataset import make_scene

torch = pytest.importorskip("torch")
pytest.importorskip("onnx")


def as_batch(*images: np.ndarray) -> torch.Tensor:
    return (
        torch.from_numpy(np.stack([im[..., ::-1].transpose(2, 0, 1) for im in images]).copy()) / 255
    )


def test_the_network_started_from_the_shipped_model_computes_what_it_does() -> None:
    from cubecam_lab.detector.train import Net, load_onnx

    scenes = [
        make_scene(kind, 880001, size=(256, 192), config="wide")[0] for kind in ("tray", "loose")
    ]
    net = Net()
    load_onnx(net, MODEL_PATH, as_batch(*scenes).float())
    photo = make_scene("crossword", 880000, size=(320, 224), config="wide")[0]
    with torch.no_grad():
        heat, shape = net.eval()(as_batch(photo).float())
    want = OnnxModel(MODEL_PATH).run(as_batch(photo).float().numpy())
    assert np.abs(heat.numpy() - want["heat"]).max() < 1e-3
    assert np.abs(shape.numpy() - want["shape"]).max() < 1e-3


def test_a_network_widened_from_the_shipped_model_computes_what_it_does_and_is_read_back(
    tmp_path,
) -> None:
    from cubecam_lab.detector.train import Net, export, load_onnx, widened, widths_of

    scenes = [
        make_scene(kind, 880001, size=(256, 192), config="wide")[0] for kind in ("tray", "loose")
    ]
    net = Net(*widths_of(MODEL_PATH))
    load_onnx(net, MODEL_PATH, as_batch(*scenes).float())
    wider = tuple(2 * width for width in net.widths)
    wide = widened(net, wider, 2 * net.decoder, as_batch(*scenes).float())
    photo = as_batch(make_scene("crossword", 880000, size=(320, 224), config="wide")[0]).float()
    with torch.no_grad():
        heat, shape = net.eval()(photo)
        wide_heat, wide_shape = wide.eval()(photo)
    assert (heat - wide_heat).abs().max() < 1e-5 and (shape - wide_shape).abs().max() < 1e-5
    export(wide, tmp_path / "wide.onnx")
    assert widths_of(tmp_path / "wide.onnx") == (wider, 2 * net.decoder)
    assert widths_of(MODEL_PATH) != widths_of(tmp_path / "wide.onnx")


def test_a_blank_faces_emphasis_counts_only_its_centre() -> None:
    from cubecam_lab.detector.dataset import emphasis_map, encode_targets
    from cubecam_lab.detector.train import focal_loss

    quads = np.array(
        [[[8, 8], [40, 8], [40, 40], [8, 40]], [[60, 20], [92, 20], [92, 52], [60, 52]]]
    )
    heat, _, _ = encode_targets(quads.astype(float), (64, 128))
    logits = torch.zeros(1, *heat.shape)
    target = torch.from_numpy(heat)[None]
    plain = focal_loss(logits, target)
    once = torch.from_numpy(emphasis_map(quads, np.array([1.0, 1.0]), (64, 128)))[None]
    assert torch.isclose(focal_loss(logits, target, once), plain)
    thrice = torch.from_numpy(emphasis_map(quads, np.array([3.0, 1.0]), (64, 128)))[None]
    assert (thrice > 1).sum() == 1
    assert focal_loss(logits, target, thrice) > plain


def test_a_short_bfloat16_run_is_exported_as_the_network_it_trained(tmp_path) -> None:
    from cubecam_lab.detector.dataset import read_folder
    from cubecam_lab.detector.train import export, train
    from cubecam_lab.synth.dataset import write_set

    write_set("tray", 2, 880002, tmp_path / "renders", size=(256, 192), config="wide")
    samples = list(read_folder(tmp_path / "renders"))
    net = train(samples, steps=3, batch=2, size=128, seed=1, workers=0, init=MODEL_PATH, bf16=True)
    export(net, tmp_path / "trained.onnx")
    photo = make_scene("crossword", 880000, size=(320, 224), config="wide")[0]
    with torch.no_grad():
        heat, shape = net(as_batch(photo).float())
    got = OnnxModel(tmp_path / "trained.onnx").run(as_batch(photo).float().numpy())
    assert np.abs(heat.numpy() - got["heat"]).max() < 1e-3
    assert np.abs(shape.numpy() - got["shape"]).max() < 1e-3
    assert (
        np.abs(got["heat"] - OnnxModel(MODEL_PATH).run(as_batch(photo).numpy())["heat"]).max() > 0
    )


def test_a_widened_run_resumes_from_its_checkpoint_at_its_own_width(tmp_path) -> None:
    from cubecam_lab.detector.dataset import read_folder
    from cubecam_lab.detector.train import train
    from cubecam_lab.synth.dataset import write_set

    write_set("loose", 2, 880003, tmp_path / "renders", size=(256, 192), config="wide")
    samples = list(read_folder(tmp_path / "renders"))
    common = {"steps": 2, "batch": 2, "size": 128, "seed": 1, "workers": 0}
    wide = train(samples, **common, init=MODEL_PATH, widen=1.5, checkpoint=tmp_path / "w.pt")
    assert wide.widths == (18, 36, 72, 96, 144) and wide.decoder == 48
    again = train(samples, **common, init=tmp_path / "w.pt")
    assert again.widths == wide.widths and again.decoder == wide.decoder


def test_a_view_crosses_from_the_loader_as_bytes_and_reaches_the_network_as_floats(
    tmp_path,
) -> None:
    from cubecam_lab.detector.dataset import read_folder
    from cubecam_lab.detector.train import Views, network_images
    from cubecam_lab.synth.dataset import write_set

    write_set("tray", 1, 880002, tmp_path / "renders", size=(256, 192), config="wide")
    views = Views(list(read_folder(tmp_path / "renders")), 96, 4, seed=3)
    image, heat, *_ = views[0]
    assert image.dtype == torch.uint8 and image.shape == (3, 96, 96) and heat.shape == (1, 24, 24)
    assert torch.equal(views[0][0], image)  # the same view for the same index
    floats = network_images(image[None])
    assert floats.dtype == torch.float32 and torch.allclose(floats * 255, image.float())


def test_a_data_folder_that_is_not_there_or_holds_no_labels_is_refused_in_one_line(
    tmp_path, capsys
) -> None:
    from cubecam_lab.detector.train import main

    empty, orphans = tmp_path / "empty", tmp_path / "orphans"
    (empty / "crossword").mkdir(parents=True)
    (orphans / "tray").mkdir(parents=True)
    (orphans / "tray" / "a.json").write_text('{"image": "a.jpg"}')  # its photo is not there
    for folder in (tmp_path / "absent", empty, orphans):
        with pytest.raises(SystemExit) as stop:
            main(["--data", str(folder), "--out", str(tmp_path / "model.onnx")])
        assert stop.value.code == 2
    errors = capsys.readouterr().err
    assert "absent is not a folder" in errors
    assert f"{empty} holds no labels (*.json) at any depth" in errors
    assert f"no labelled photos in {orphans}" in errors  # labels a level down are taken
    assert not (tmp_path / "model.onnx").exists()


def test_an_init_that_is_not_a_detector_or_a_widening_without_one_is_refused_in_one_line(
    tmp_path, capsys
) -> None:
    from cubecam.vision.detector.verify import VERIFIER_PATH
    from cubecam_lab.detector.train import main

    renders = tmp_path / "renders"
    (renders / "tray").mkdir(parents=True)
    (renders / "tray" / "a.json").write_text('{"image": "a.jpg"}')
    for extra in (["--init", str(VERIFIER_PATH)], ["--widen", "2"]):
        with pytest.raises(SystemExit) as stop:
            main(["--data", str(renders), *extra, "--out", str(tmp_path / "model.onnx")])
        assert stop.value.code == 2
    errors = capsys.readouterr().err
    assert f"--init: {VERIFIER_PATH} is not a detector this trainer exported" in errors
    assert "--widen needs --init" in errors
    assert not (tmp_path / "model.onnx").exists()


def test_the_threads_asked_are_capped_by_an_openmp_thread_limit(monkeypatch) -> None:
    from cubecam_lab.detector.train import set_threads

    before = torch.get_num_threads()
    try:
        monkeypatch.setenv("OMP_THREAD_LIMIT", "1")  # as Tesseract's users often set it
        assert set_threads(2) == 1 and torch.get_num_threads() == 1
        monkeypatch.delenv("OMP_THREAD_LIMIT")
        assert set_threads(2) == 2 and torch.get_num_threads() == 2
    finally:
        torch.set_num_threads(before)
