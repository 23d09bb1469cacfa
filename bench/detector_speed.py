"""How fast faces are found in a 12 MP phone photo: the detector (onnxruntime and OpenCV's
``cv2.dnn`` on the same file, with their largest difference; its verifier and refiner), and the whole
read, beside the time OpenCV takes to decode the photo.

    PYTHONPATH=src python bench/detector_speed.py [--repeats 9]

Targets (issue 14): the detector at most 80 ms; the whole read at most 3× the decode.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import cv2
import numpy as np

from cubecam.vision import read_photo
from cubecam.vision.detector.find import MODEL_PATH, DetectorSettings, find_faces, network_input
from cubecam.vision.detector.refine import refine_corners
from cubecam.vision.detector.verify import top_odds
from cubecam.vision.load.decode import load_scaled
from cubecam.vision.onnx_model import OnnxModel
from cubecam.vision.pipeline import WORKING_SIDE
from glyph_runtime import median_ms

ROOT = Path(__file__).resolve().parents[1]
PHONE_SIZE = (4000, 3000)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=9)
    args = parser.parse_args()
    sample = cv2.imread(str(ROOT / "sample_images" / "game-one-crossword.jpg"))
    with tempfile.TemporaryDirectory() as folder:
        photo = Path(folder) / "phone.jpg"
        cv2.imwrite(str(photo), cv2.resize(sample, PHONE_SIZE, interpolation=cv2.INTER_CUBIC))
        decode = median_ms(lambda: cv2.imread(str(photo)), args.repeats)
        working = load_scaled(photo, WORKING_SIDE).image
        settings = DetectorSettings.load()
        batch, _, _ = network_input(working, settings.input_side)
        ort = OnnxModel(MODEL_PATH)
        cv2.setNumThreads(2)
        dnn = cv2.dnn.readNetFromONNX(str(MODEL_PATH))

        def run_dnn() -> list[np.ndarray]:
            dnn.setInput(batch)
            return dnn.forward(list(ort.output_names))

        ort_out = ort.run(batch)
        difference = max(
            float(np.abs(ort_out[name] - out).max())
            for name, out in zip(ort.output_names, run_dnn(), strict=True)
        )
        print(f"12 MP photo ({PHONE_SIZE[0]}x{PHONE_SIZE[1]}), {args.repeats} runs, medians")
        print(f"  decode with OpenCV (the anchor):      {decode:8.1f} ms")
        print(
            f"  learned network, onnxruntime:         {median_ms(lambda: ort.run(batch), args.repeats):8.1f} ms"
        )
        print(
            f"  learned network, cv2.dnn:             {median_ms(run_dnn, args.repeats):8.1f} ms"
            f"  (largest difference {difference:.1e})"
        )
        print(
            f"  learned detector, decoded to faces:   {median_ms(lambda: find_faces(working), args.repeats):8.1f} ms"
        )
        faces = find_faces(working)
        verify = median_ms(lambda: top_odds(working, faces), args.repeats)
        print(f"  of which the verifier, {len(faces):3d} finds:     {verify:8.1f} ms")
        passes = settings.refine_passes
        refine = median_ms(lambda: refine_corners(working, faces, passes), args.repeats)
        print(f"  of which the refiner, {len(faces):3d} faces:      {refine:8.1f} ms")
        whole = median_ms(lambda: read_photo(photo), args.repeats)
        print(
            f"  whole read                            {whole:8.1f} ms = {whole / decode:.1f}x decode"
        )


if __name__ == "__main__":
    main()
