"""A model file with several members is read as one network, their probabilities averaged."""

from pathlib import Path

import numpy as np
import pytest

from cubecam.errors import CubecamError
from cubecam.vision.glyphs.network import MODEL_PATH, Ensemble, GlyphNetwork, softmax


def one_member(path: Path) -> dict[str, np.ndarray]:
    with np.load(MODEL_PATH) as data:
        weights = {key: data[key] for key in data.files}
    first = sorted({key.split("/")[0] for key in weights if "/" in key})[:1]
    if first:
        weights = {
            k.removeprefix(f"{first[0]}/"): v
            for k, v in weights.items()
            if "/" in k and k.startswith(f"{first[0]}/")
        } | {"classes": weights["classes"]}
    np.savez(path, **weights)
    return weights


def test_members_alike_read_as_one(tmp_path: Path) -> None:
    weights = one_member(tmp_path / "one.npz")
    pair = {f"m{k}/{key}": v for k in range(2) for key, v in weights.items() if key != "classes"}
    np.savez(tmp_path / "two.npz", classes=weights["classes"], **pair)
    single = GlyphNetwork.load(tmp_path / "one.npz")
    both = GlyphNetwork.load(tmp_path / "two.npz")
    assert isinstance(both, Ensemble) and not isinstance(single, Ensemble)
    images = np.random.default_rng(1).random((5, 32, 32)).astype(np.float32)
    assert both.features(images).shape[1] == 2 * single.features(images).shape[1]
    assert np.allclose(softmax(both.logits(images)), softmax(single.logits(images)), atol=1e-5)


def test_a_model_missing_a_layer_is_refused(tmp_path: Path) -> None:
    weights = one_member(tmp_path / "one.npz")
    del weights["fc0_b"]
    np.savez(tmp_path / "broken.npz", **weights)
    with pytest.raises(CubecamError, match="damaged"):
        GlyphNetwork.load(tmp_path / "broken.npz")
