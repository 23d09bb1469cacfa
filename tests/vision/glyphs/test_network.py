"""The shipped glyph model answers probabilities and features for any batch; a model file
without what the reader needs is refused."""

from pathlib import Path

import numpy as np
import onnx
import pytest

from cubecam.errors import CubecamError
from cubecam.vision.glyphs.classes import CLASSES, SIZE, TURNS
from cubecam.vision.glyphs.network import BATCH, MODEL_PATH, GlyphNetwork, shipped_network


def test_scores_are_probabilities_however_the_batch_is_cut() -> None:
    images = np.random.default_rng(1).random((BATCH + 5, SIZE, SIZE)).astype(np.float32)
    probabilities, features = shipped_network().scores(images)
    assert probabilities.shape == (BATCH + 5, len(CLASSES) * TURNS)
    assert np.allclose(probabilities.sum(axis=1), 1.0, atol=1e-5)
    assert features.shape[0] == BATCH + 5 and (features >= 0).all()
    tail, tail_features = shipped_network().scores(images[BATCH:])
    assert np.allclose(tail, probabilities[BATCH:], atol=1e-6)
    assert np.allclose(tail_features, features[BATCH:], atol=1e-5)


def test_a_model_without_its_classes_is_refused(tmp_path: Path) -> None:
    model = onnx.load(MODEL_PATH)
    del model.metadata_props[:]
    onnx.save(model, tmp_path / "nameless.onnx")
    with pytest.raises(CubecamError, match="damaged: no classes"):
        GlyphNetwork(tmp_path / "nameless.onnx")


def test_a_model_without_features_is_refused(tmp_path: Path) -> None:
    model = onnx.load(MODEL_PATH)
    features = next(o for o in model.graph.output if o.name == "features")
    model.graph.output.remove(features)
    onnx.save(model, tmp_path / "featureless.onnx")
    with pytest.raises(CubecamError, match="damaged: no features"):
        GlyphNetwork(tmp_path / "featureless.onnx")


def test_a_model_for_faces_of_another_size_is_refused(tmp_path: Path) -> None:
    side = SIZE + 16
    shape = ["n", 1, side, side]
    images = onnx.helper.make_tensor_value_info("images", onnx.TensorProto.FLOAT, shape)
    outputs = [
        onnx.helper.make_tensor_value_info(name, onnx.TensorProto.FLOAT, shape)
        for name in ("probabilities", "features")
    ]
    nodes = [onnx.helper.make_node("Identity", ["images"], [o.name]) for o in outputs]
    graph = onnx.helper.make_graph(nodes, "small", [images], outputs)
    model = onnx.helper.make_model(graph, opset_imports=[onnx.helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.helper.set_model_props(model, {"classes": '["A"]'})
    onnx.save(model, tmp_path / "small.onnx")
    with pytest.raises(
        CubecamError, match=f"faces of {side}×{side} pixels, not cubecam's {SIZE}×{SIZE}"
    ):
        GlyphNetwork(tmp_path / "small.onnx")
