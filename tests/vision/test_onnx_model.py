"""A shipped ONNX file runs on a batch; a missing or damaged one is a clear error."""

from pathlib import Path

import numpy as np
import onnx
import pytest
from onnx import TensorProto, helper

from cubecam.errors import CubecamError
from cubecam.vision.glyphs.network import MODEL_PATH
from cubecam.vision.onnx_model import OnnxModel


def small_model(path: Path) -> Path:
    """y = relu(x), z = x + 1, with a metadata note."""
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, ["n", 3])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, ["n", 3])
    z = helper.make_tensor_value_info("z", TensorProto.FLOAT, ["n", 3])
    one = helper.make_tensor("one", TensorProto.FLOAT, [1], [1.0])
    graph = helper.make_graph(
        [helper.make_node("Relu", ["x"], ["y"]), helper.make_node("Add", ["x", "one"], ["z"])],
        "small",
        [x],
        [y, z],
        initializer=[one],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    helper.set_model_props(model, {"note": "hello"})
    onnx.save(model, path)
    return path


def test_a_batch_gives_every_output_by_name(tmp_path: Path) -> None:
    model = OnnxModel(small_model(tmp_path / "small.onnx"))
    inputs = np.array([[-1.0, 0.5, 2.0], [3.0, -4.0, 0.0]])
    outputs = model.run(inputs)
    assert model.input_name == "x" and model.output_names == ("y", "z")
    assert np.array_equal(outputs["y"], np.maximum(inputs, 0).astype(np.float32))
    assert np.array_equal(outputs["z"], (inputs + 1).astype(np.float32))
    assert model.metadata == {"note": "hello"}


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(CubecamError, match=r"nothere\.onnx is missing"):
        OnnxModel(tmp_path / "nothere.onnx")


@pytest.mark.parametrize("damage", ["truncated", "garbage", "empty"])
def test_a_damaged_file_is_refused(tmp_path: Path, damage: str) -> None:
    data = MODEL_PATH.read_bytes()
    broken = {"truncated": data[: len(data) // 2], "garbage": b"not a model\n" * 50, "empty": b""}
    path = tmp_path / "broken.onnx"
    path.write_bytes(broken[damage])
    with pytest.raises(CubecamError, match=r"broken\.onnx is damaged"):
        OnnxModel(path)
