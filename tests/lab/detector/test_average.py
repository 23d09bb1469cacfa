"""Averaging a detector with one fine-tuned from it, and two networks' outputs."""

from __future__ import annotations

import numpy as np
import pytest

from cubecam.vision.detector.find import MODEL_PATH
from cubecam.vision.detector.verify import VERIFIER_PATH
from cubecam.vision.glyphs.network import MODEL_PATH as READER_PATH
from cubecam.vision.glyphs.network import GlyphNetwork
from cubecam.vision.onnx_model import OnnxModel
from cubecam_lab.synth.dataset import make_scene

onnx = pytest.importorskip("onnx")
numpy_helper = pytest.importorskip("onnx.numpy_helper")


def weights(path) -> list[np.ndarray]:
    return [numpy_helper.to_array(t) for t in onnx.load(str(path)).graph.initializer]


@pytest.fixture
def nudged(tmp_path):
    """The shipped detector with every weight nudged, as a fine-tune would leave it."""
    model = onnx.load(str(MODEL_PATH))
    rng = np.random.default_rng(0)
    for tensor in model.graph.initializer:
        w = numpy_helper.to_array(tensor)
        tensor.CopyFrom(
            numpy_helper.from_array(w + rng.normal(0, 0.01, w.shape).astype(w.dtype), tensor.name)
        )
    path = tmp_path / "tuned.onnx"
    onnx.save(model, str(path))
    return path


def test_each_weight_is_the_share_of_the_start_plus_the_rest_of_the_tuned(tmp_path, nudged) -> None:
    from cubecam_lab.detector.average import main

    out = tmp_path / "mixed.onnx"
    main([str(MODEL_PATH), str(nudged), "--start-share", "0.3", "--out", str(out)])
    for start, tuned, mixed in zip(weights(MODEL_PATH), weights(nudged), weights(out), strict=True):
        assert np.allclose(mixed, 0.3 * start + 0.7 * tuned, atol=1e-6)
        assert not np.allclose(mixed, tuned)


def test_the_whole_share_to_the_start_computes_what_the_start_does(tmp_path, nudged) -> None:
    from cubecam_lab.detector.average import main

    out = tmp_path / "mixed.onnx"
    main([str(MODEL_PATH), str(nudged), "--start-share", "1", "--out", str(out)])
    photo = make_scene("tray", 880003, size=(320, 224), config="wide")[0]
    batch = (photo[..., ::-1].transpose(2, 0, 1)[None] / 255).astype(np.float32)
    got, want = OnnxModel(out).run(batch), OnnxModel(MODEL_PATH).run(batch)
    assert np.abs(got["heat"] - want["heat"]).max() < 1e-5
    assert np.abs(OnnxModel(nudged).run(batch)["heat"] - want["heat"]).max() > 1e-3


def test_averaged_outputs_run_both_networks_on_one_input(tmp_path, nudged) -> None:
    from cubecam_lab.detector.average import main

    out = tmp_path / "both.onnx"
    main([str(MODEL_PATH), str(nudged), "--outputs", "--start-share", "0.3", "--out", str(out)])
    photo = make_scene("tray", 880003, size=(320, 224), config="wide")[0]
    batch = (photo[..., ::-1].transpose(2, 0, 1)[None] / 255).astype(np.float32)
    first, second = OnnxModel(MODEL_PATH).run(batch), OnnxModel(nudged).run(batch)
    got = OnnxModel(out).run(batch)
    assert set(got) == {"heat", "shape"}
    for name, value in got.items():
        assert np.abs(value - (0.3 * first[name] + 0.7 * second[name])).max() < 1e-5
        assert np.abs(value - second[name]).max() > 1e-4
    assert len(weights(out)) == len(weights(MODEL_PATH)) + len(weights(nudged)) + 2


def test_outputs_of_models_that_give_other_outputs_are_refused_in_a_line(tmp_path, capsys) -> None:
    from cubecam_lab.detector.average import main

    out = tmp_path / "both.onnx"
    with pytest.raises(SystemExit) as stop:
        main([str(MODEL_PATH), str(VERIFIER_PATH), "--outputs", "--out", str(out)])
    assert stop.value.code == 2
    assert "not take the same inputs" in capsys.readouterr().err
    assert not out.exists()


def test_two_readers_averaged_keep_their_class_names(tmp_path) -> None:
    from cubecam_lab.detector.average import main

    out = tmp_path / "reader.onnx"
    main([str(READER_PATH), str(READER_PATH), "--outputs", "--out", str(out)])
    crops = np.random.default_rng(0).random((3, 32, 32)).astype(np.float32)
    averaged, shipped = GlyphNetwork(out), GlyphNetwork(READER_PATH)
    assert averaged.classes == shipped.classes
    assert np.allclose(averaged.scores(crops)[0], shipped.scores(crops)[0], atol=1e-5)


def test_readers_with_other_class_names_are_refused_in_a_line(tmp_path, capsys) -> None:
    from cubecam_lab.detector.average import main

    other = onnx.load(str(READER_PATH))
    onnx.helper.set_model_props(other, {"classes": '["A", "B"]'})
    onnx.save(other, str(tmp_path / "other.onnx"))
    out = tmp_path / "reader.onnx"
    with pytest.raises(SystemExit) as stop:
        main([str(READER_PATH), str(tmp_path / "other.onnx"), "--outputs", "--out", str(out)])
    assert stop.value.code == 2
    assert "carry other notes" in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.parametrize(
    ("other", "said"),
    [(VERIFIER_PATH, "not the same network"), (None, "is not an ONNX model")],
)
def test_two_models_that_cannot_be_averaged_are_refused_in_a_line(
    tmp_path, capsys, other, said
) -> None:
    from cubecam_lab.detector.average import main

    if other is None:
        other = tmp_path / "junk.onnx"
        other.write_bytes(b"not a model")
    out = tmp_path / "mixed.onnx"
    with pytest.raises(SystemExit) as stop:
        main([str(MODEL_PATH), str(other), "--out", str(out)])
    assert stop.value.code == 2
    assert said in capsys.readouterr().err
    assert not out.exists()
