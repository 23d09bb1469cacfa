"""The glyph network at run time: small CNNs evaluated with numpy from ``model.npz``.

The file holds one or more members, each under its own prefix ``m{k}/``: for each
convolution ``conv{i}``, a 3×3 kernel ``conv{i}_w`` (out, in, 3, 3) with batch norm folded
in, its bias ``conv{i}_b`` and ``conv{i}_pool`` (1 when a 2×2 max pool follows); then dense
layers ``fc{i}_w`` (out, in) and ``fc{i}_b``; and ``classes`` once. The members, trained
alike from different starts, are read together and their probabilities averaged.
:mod:`cubecam.vision.glyphs.train` writes it; nothing else is needed to run it.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np

from cubecam.errors import CubecamError

MODEL_PATH = Path(__file__).with_name("model.npz")
BATCH = 128


class GlyphNetwork:
    """Scores for every (symbol, quarter turn) of a batch of normalised crops."""

    def __init__(self, weights: dict[str, np.ndarray]) -> None:
        self.classes: tuple[str, ...] = tuple(str(c) for c in weights["classes"])
        self.convs = []
        i = 0
        while f"conv{i}_w" in weights:
            w = weights[f"conv{i}_w"].astype(np.float32)
            self.convs.append(
                (
                    w.reshape(w.shape[0], -1).T.copy(),
                    weights[f"conv{i}_b"],
                    bool(weights[f"conv{i}_pool"]),
                )
            )
            i += 1
        self.dense = []
        i = 0
        while f"fc{i}_w" in weights:
            self.dense.append(
                (
                    weights[f"fc{i}_w"].T.astype(np.float32).copy(),
                    weights[f"fc{i}_b"].astype(np.float32),
                )
            )
            i += 1

    @classmethod
    def load(cls, path: Path = MODEL_PATH) -> GlyphNetwork:
        """The model in ``path``: its one member, or all of them together."""
        try:
            with np.load(path) as data:
                weights = {key: data[key] for key in data.files}
        except (OSError, KeyError, ValueError) as error:
            raise CubecamError(f"the glyph model {path} is missing or damaged: {error}") from None
        prefixes = sorted({key.split("/")[0] for key in weights if "/" in key})
        try:
            members = [
                cls(
                    {
                        key.removeprefix(f"{p}/"): v
                        for key, v in weights.items()
                        if key.startswith(f"{p}/")
                    }
                    | {"classes": weights["classes"]}
                )
                for p in prefixes
            ] or [cls(weights)]
        except KeyError as error:
            raise CubecamError(f"the glyph model {path} is damaged: no {error}") from None
        return members[0] if len(members) == 1 else Ensemble(members)

    def features(self, images: np.ndarray) -> np.ndarray:
        """The penultimate layer for a batch N×H×W (what calibration compares), worked out
        :data:`BATCH` images at a time to bound the memory a board of many faces takes."""
        if len(images) > BATCH:
            return np.concatenate(
                [self.features(images[i : i + BATCH]) for i in range(0, len(images), BATCH)]
            )
        x = images[..., None].astype(np.float32)
        for kernel, bias, pool in self.convs:
            x = np.maximum(_conv3x3(x, kernel) + bias, 0.0)
            if pool:
                n, h, w, c = x.shape
                x = x[:, : h // 2 * 2, : w // 2 * 2].reshape(n, h // 2, 2, w // 2, 2, c).max((2, 4))
        x = x.transpose(0, 3, 1, 2).reshape(len(x), -1)
        for weight, bias in self.dense[:-1]:
            x = np.maximum(x @ weight + bias, 0.0)
        return x

    def logits(self, images: np.ndarray) -> np.ndarray:
        """Scores N × (classes · 4), before softmax."""
        return self.logits_from_features(self.features(images))

    def logits_from_features(self, features: np.ndarray) -> np.ndarray:
        weight, bias = self.dense[-1]
        return features @ weight + bias


def _conv3x3(x: np.ndarray, kernel: np.ndarray) -> np.ndarray:
    """A 'same' 3×3 convolution of N×H×W×C by a (9·C)×OUT kernel matrix."""
    n, h, w, c = x.shape
    padded = np.pad(x, ((0, 0), (1, 1), (1, 1), (0, 0)))
    columns = np.empty((n, h, w, c, 3, 3), np.float32)
    for dy in range(3):
        for dx in range(3):
            columns[..., dy, dx] = padded[:, dy : dy + h, dx : dx + w, :]
    return (columns.reshape(n * h * w, c * 9) @ kernel).reshape(n, h, w, -1)


class Ensemble(GlyphNetwork):
    """Several networks read as one: features side by side, probabilities averaged (the
    logits given are the logarithms of the averaged probabilities)."""

    def __init__(self, members: list[GlyphNetwork]) -> None:
        self.members = members
        self.classes = members[0].classes

    def features(self, images: np.ndarray) -> np.ndarray:
        return np.concatenate([m.features(images) for m in self.members], axis=1)

    def logits_from_features(self, features: np.ndarray) -> np.ndarray:
        widths = np.cumsum([m.dense[-1][0].shape[0] for m in self.members])[:-1]
        parts = np.split(features, widths, axis=1)
        mean = np.mean(
            [softmax(m.logits_from_features(f)) for m, f in zip(self.members, parts, strict=True)],
            axis=0,
        )
        return np.log(np.maximum(mean, 1e-30))


def softmax(logits: np.ndarray) -> np.ndarray:
    shifted = np.exp(logits - logits.max(axis=1, keepdims=True))
    return shifted / shifted.sum(axis=1, keepdims=True)


@cache
def shipped_network() -> GlyphNetwork:
    """The network shipped with cubecam (loaded once)."""
    return GlyphNetwork.load()
