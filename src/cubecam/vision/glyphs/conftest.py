"""pytest: the training script's doctests need PyTorch, which only retraining installs."""

import importlib.util

collect_ignore = [] if importlib.util.find_spec("torch") else ["train.py"]
