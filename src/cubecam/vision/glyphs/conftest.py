"""pytest: the training script needs PyTorch and onnx, which only retraining installs."""

import importlib.util

collect_ignore = [] if all(map(importlib.util.find_spec, ("torch", "onnx"))) else ["train.py"]
