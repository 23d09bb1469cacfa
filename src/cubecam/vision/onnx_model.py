"""Run a model shipped inside cubecam as an ONNX file: a batch in, its named outputs out.

Every learned stage (the glyph reader, the face detector and its verifier) is one ``.onnx`` file in the package,
run on the CPU with onnxruntime; no deep-learning framework is needed at run time.

>>> from cubecam.vision.glyphs.network import MODEL_PATH
>>> model = OnnxModel(MODEL_PATH)
>>> model.input_name, sorted(model.output_names)
('images', ['features', 'probabilities'])
>>> model.input_shape[1:]
(1, 32, 32)
>>> outputs = model.run(np.zeros((3, 1, 32, 32), np.float32))
>>> outputs["probabilities"].shape[0], outputs["features"].dtype
(3, dtype('float32'))
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np
import onnxruntime
from onnxruntime.capi import onnxruntime_pybind11_state as ort_errors

from cubecam.errors import CubecamError

THREADS = 2
"""Threads one model may use: cubecam's machines have two cores, and a photo is read alone."""

_LOAD_ERRORS = (
    OSError,
    ort_errors.Fail,
    ort_errors.InvalidArgument,
    ort_errors.InvalidGraph,
    ort_errors.InvalidProtobuf,
    ort_errors.NoSuchFile,
    ort_errors.NotImplemented,
    ort_errors.RuntimeException,
)


class OnnxModel:
    """One ONNX file with one input, loaded once and run on batches.

    A missing or damaged file raises :class:`~cubecam.errors.CubecamError` naming it.
    ``metadata`` is the file's own key/value notes (a model's class names, say).
    """

    def __init__(self, path: Path, threads: int = THREADS) -> None:
        self.path = path
        if not path.is_file():
            raise CubecamError(f"the model {path} is missing (reinstall cubecam)")
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        # idle threads that spin hold the two cores the next model (detector, verifier, reader) needs
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        options.log_severity_level = 3  # onnxruntime's own warnings are not the user's business
        try:
            self.session = onnxruntime.InferenceSession(
                str(path), options, providers=["CPUExecutionProvider"]
            )
        except _LOAD_ERRORS as error:
            first_line = str(error).strip().splitlines()[0] if str(error).strip() else "unreadable"
            raise CubecamError(f"the model {path} is damaged: {first_line}") from None
        inputs = self.session.get_inputs()
        if len(inputs) != 1:
            raise CubecamError(f"the model {path} has {len(inputs)} inputs, not one")
        self.input_name: str = inputs[0].name
        self.input_shape: tuple[int | str, ...] = tuple(inputs[0].shape)
        """The input's dimensions: a number where the model fixes one, a name where it does not."""
        self.output_names: tuple[str, ...] = tuple(o.name for o in self.session.get_outputs())
        self.metadata: dict[str, str] = dict(self.session.get_modelmeta().custom_metadata_map)

    def run(self, inputs: np.ndarray) -> dict[str, np.ndarray]:
        """Every output of the model for one batch (float32, shaped as the model's input)."""
        values = self.session.run(None, {self.input_name: np.ascontiguousarray(inputs, np.float32)})
        return dict(zip(self.output_names, values, strict=True))


@cache
def cached_model(path: Path) -> OnnxModel:
    """The model at ``path``, loaded once a process."""
    return OnnxModel(path)
