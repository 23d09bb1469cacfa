"""Average two networks, weight by weight or output by output, and write one ONNX model.

A detector fine-tuned on scenes its start saw too little of (blank faces, say) learns them,
but may lose a little of what the start knew; the weights between the two keep much of both
(a weight-space ensemble: Wortsman et al., "Robust fine-tuning of zero-shot models", 2022).
It costs nothing at run time: the average is one network of the same size. Both models must be
ones :func:`~cubecam_lab.detector.train.export` wrote of the same network, its batch norms
folded into the convolutions, so that every weight is a convolution's. Two networks trained
apart (from other starts, on other examples) have weights that do not line up: ``--outputs``
makes one model that runs both on the same input and averages what they give (an ensemble,
at twice the cost). Needs onnx (the ``train`` extra: ``pip install -e '.[train]'``)::

    .venv/bin/python -m cubecam_lab.detector.average START.onnx TUNED.onnx \\
        --start-share 0.3 --out model.onnx
    .venv/bin/python -m cubecam_lab.detector.average A.onnx B.onnx --outputs \\
        --start-share 0.5 --out verifier.onnx
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
import onnx
from google.protobuf.message import DecodeError
from onnx import numpy_helper


def convolution_weights(model: onnx.ModelProto) -> list[str]:
    """The names of ``model``'s convolution weights and biases, in the order the graph runs them."""
    return [name for node in model.graph.node if node.op_type == "Conv" for name in node.input[1:]]


def averaged(start: onnx.ModelProto, tuned: onnx.ModelProto, start_share: float) -> onnx.ModelProto:
    """``tuned``'s graph with every convolution weight ``start_share`` of ``start``'s plus the
    rest of ``tuned``'s; raises ``ValueError`` where the two are not the same network.

    >>> import numpy as np
    >>> from onnx import helper
    >>> def one_conv(w):
    ...     x = helper.make_tensor_value_info("x", onnx.TensorProto.FLOAT, [1, 1, 1, 1])
    ...     y = helper.make_tensor_value_info("y", onnx.TensorProto.FLOAT, [1, 1, 1, 1])
    ...     weight = numpy_helper.from_array(np.full((1, 1, 1, 1), w, np.float32), "w")
    ...     conv = helper.make_node("Conv", ["x", "w"], ["y"])
    ...     return helper.make_model(helper.make_graph([conv], "g", [x], [y], [weight]))
    >>> mixed = averaged(one_conv(2.0), one_conv(6.0), 0.25)
    >>> float(numpy_helper.to_array(mixed.graph.initializer[0]).item())
    5.0
    """
    if not 0.0 <= start_share <= 1.0:
        raise ValueError(f"the start's share must lie between 0 and 1, not {start_share}")
    start_names, tuned_names = convolution_weights(start), convolution_weights(tuned)
    if len(start_names) != len(tuned_names):
        raise ValueError(
            f"not the same network: {len(start_names)} convolution weights against "
            f"{len(tuned_names)}"
        )
    start_weights = {t.name: numpy_helper.to_array(t) for t in start.graph.initializer}
    mixed = onnx.ModelProto()
    mixed.CopyFrom(tuned)
    stored = {t.name: t for t in mixed.graph.initializer}
    for start_name, name in zip(start_names, tuned_names, strict=True):
        a, b = start_weights[start_name], numpy_helper.to_array(stored[name])
        if a.shape != b.shape:
            raise ValueError(f"not the same network: a weight of {a.shape} against {b.shape}")
        mean = (start_share * a + (1.0 - start_share) * b).astype(b.dtype)
        stored[name].CopyFrom(numpy_helper.from_array(mean, name))
    return mixed


def outputs_averaged(
    first: onnx.ModelProto, second: onnx.ModelProto, first_share: float
) -> onnx.ModelProto:
    """One graph that runs ``first`` and ``second`` on the same inputs and gives each output
    as ``first_share`` of ``first``'s plus the rest of ``second``'s, with the notes both carry
    (a glyph reader's class names, say); raises ``ValueError`` where the two do not take the
    same inputs, give the same outputs and carry the same notes.

    >>> import numpy as np
    >>> from onnx import helper
    >>> def doubling(w):
    ...     x = helper.make_tensor_value_info("x", onnx.TensorProto.FLOAT, [1])
    ...     y = helper.make_tensor_value_info("y", onnx.TensorProto.FLOAT, [1])
    ...     weight = numpy_helper.from_array(np.full(1, w, np.float32), "w")
    ...     return helper.make_model(
    ...         helper.make_graph([helper.make_node("Mul", ["x", "w"], ["y"])], "g", [x], [y], [weight])
    ...     )
    >>> both = outputs_averaged(doubling(2.0), doubling(6.0), 0.25)
    >>> [node.op_type for node in both.graph.node]
    ['Mul', 'Mul', 'Mul', 'Mul', 'Add']
    """
    if not 0.0 <= first_share <= 1.0:
        raise ValueError(f"the first's share must lie between 0 and 1, not {first_share}")
    inputs = [i.name for i in first.graph.input]
    outputs = [o.name for o in first.graph.output]
    if [i.name for i in second.graph.input] != inputs or [
        o.name for o in second.graph.output
    ] != outputs:
        raise ValueError("the two models do not take the same inputs and give the same outputs")
    notes = {note.key: note.value for note in first.metadata_props}
    if {note.key: note.value for note in second.metadata_props} != notes:
        raise ValueError("the two models carry other notes (a reader's class names, say)")
    nodes: list[onnx.NodeProto] = []
    weights: list[onnx.TensorProto] = []
    for prefix, model, share in (
        ("first/", first, first_share),
        ("second/", second, 1 - first_share),
    ):
        graph = model.graph
        renamed = {t.name: prefix + t.name for t in graph.initializer}
        for node in graph.node:
            renamed.update({name: prefix + name for name in node.output})
        for node in graph.node:
            copy = onnx.NodeProto()
            copy.CopyFrom(node)
            copy.name = prefix + node.name
            copy.input[:] = [renamed.get(name, name) for name in node.input]
            copy.output[:] = [renamed[name] for name in node.output]
            nodes.append(copy)
        for tensor in graph.initializer:
            copy = onnx.TensorProto()
            copy.CopyFrom(tensor)
            copy.name = renamed[tensor.name]
            weights.append(copy)
        weights.append(numpy_helper.from_array(np.array(share, np.float32), prefix + "share"))
        nodes += [
            onnx.helper.make_node(
                "Mul", [renamed[out], prefix + "share"], [prefix + out + "/shared"]
            )
            for out in outputs
        ]
    nodes += [
        onnx.helper.make_node("Add", [f"first/{out}/shared", f"second/{out}/shared"], [out])
        for out in outputs
    ]
    graph = onnx.helper.make_graph(
        nodes, "averaged outputs", first.graph.input, first.graph.output, weights
    )
    both = onnx.helper.make_model(graph, opset_imports=first.opset_import)
    both.ir_version = first.ir_version
    onnx.helper.set_model_props(both, notes)
    onnx.checker.check_model(both)
    return both


def load(path: Path) -> onnx.ModelProto:
    """The ONNX model at ``path``; ``ValueError`` where it is none."""
    try:
        return onnx.load(str(path))
    except DecodeError:
        raise ValueError(f"{path} is not an ONNX model") from None


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("start", type=Path, help="the network the fine-tune started from")
    parser.add_argument("tuned", type=Path, help="the fine-tuned network (or another one)")
    parser.add_argument(
        "--start-share", type=float, default=0.5, help="the start's share of every weight"
    )
    parser.add_argument(
        "--outputs",
        action="store_true",
        help="average the two networks' outputs, not their weights (two trained apart)",
    )
    parser.add_argument("--out", type=Path, required=True, help="where to write the average")
    args = parser.parse_args(argv)
    mix = outputs_averaged if args.outputs else averaged
    try:
        mixed = mix(load(args.start), load(args.tuned), args.start_share)
    except (OSError, ValueError) as error:
        parser.error(str(error))
    onnx.save(mixed, str(args.out))
    print(f"wrote {args.out} ({args.start_share:g} of {args.start}, the rest of {args.tuned})")


if __name__ == "__main__":
    main()
