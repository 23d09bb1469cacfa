"""pytest: the training scripts need PyTorch and onnx, which only retraining installs."""

import importlib.util

TRAINING = [
    "glyphs/train.py",
    "detector/train.py",
    "detector/patch_training.py",
    "detector/train_verifier.py",
    "detector/train_refiner.py",
]
collect_ignore = [] if all(map(importlib.util.find_spec, ("torch", "onnx"))) else TRAINING
