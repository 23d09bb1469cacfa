"""Which runtime runs the shipped glyph model faster, with the same answers: onnxruntime or
OpenCV's ``cv2.dnn``.

    PYTHONPATH=src python bench/glyph_runtime.py [--repeats 30] [--threads 2]

Both run the same ONNX file on the same batch of 128 normalised rendered crops with the same
number of threads; it prints the median milliseconds per batch of each and the largest
difference between their outputs.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import cv2
import numpy as np

from cubecam.vision.glyphs.network import MODEL_PATH, OUTPUTS
from cubecam.vision.onnx_model import OnnxModel
from cubecam_lab.glyphs.dataset import rendered_crops

BATCH = 128


def median_ms(run: Callable[[], object], repeats: int) -> float:
    run()  # the first call allocates
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=30)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    images = rendered_crops(BATCH, seed=31_337)[0][:, None].astype(np.float32)

    ort_model = OnnxModel(MODEL_PATH, threads=args.threads)
    cv2.setNumThreads(args.threads)
    dnn = cv2.dnn.readNetFromONNX(str(MODEL_PATH))

    def run_dnn() -> list[np.ndarray]:
        dnn.setInput(images)
        return dnn.forward(list(OUTPUTS))

    ort_out = ort_model.run(images)
    dnn_out = dict(zip(OUTPUTS, run_dnn(), strict=True))
    print(f"glyph model {MODEL_PATH.name}, {BATCH} crops a batch, {args.threads} threads")
    print(
        f"onnxruntime {ort_model.session.get_providers()[0]}: "
        f"{median_ms(lambda: ort_model.run(images), args.repeats):.2f} ms per {BATCH} crops"
    )
    print(
        f"cv2.dnn (OpenCV {cv2.__version__}): "
        f"{median_ms(run_dnn, args.repeats):.2f} ms per {BATCH} crops"
    )
    for name in OUTPUTS:
        difference = np.abs(ort_out[name] - dnn_out[name]).max()
        print(f"max |onnxruntime - cv2.dnn| on {name}: {difference:.2e}")
    same = (ort_out["probabilities"].argmax(1) == dnn_out["probabilities"].argmax(1)).mean()
    print(f"same best class: {same:.1%}")


if __name__ == "__main__":
    main()
