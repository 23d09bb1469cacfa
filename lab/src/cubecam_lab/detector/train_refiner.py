"""Train the refiner (where do a found face's true corners lie?) and write it as ONNX.

Needs PyTorch (``pip install -e '.[train]'``); learns from the outlines
:mod:`.refiner_dataset` harvests, a tenth of the photos held out to report on::

    OMP_NUM_THREADS=1 .venv/bin/python -m cubecam_lab.detector.train_refiner \\
        outlines.npz --epochs 10 --out refiner.onnx

The network is a small plain CNN (four stages of 3 × 3 convolutions, then two dense
layers that keep where things lie) giving the four corners' offsets in face sides, learnt
with an L1 loss; each patch is turned by quarter turns and mirrored at random (a photo may
be taken at any roll), its offsets turned with it, and its light and noise varied.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import torch
from torch import nn

from cubecam.vision.detector.patches import network_patches
from cubecam.vision.detector.refine import PATCH
from cubecam_lab.detector.patch_training import (
    Schedule,
    arguments,
    command,
    conv_block,
    fit,
    outputs,
    relit,
    starting,
)
from cubecam_lab.detector.patch_training import export as patch_export

WIDTHS = (24, 32, 64, 96)


def network() -> nn.Module:
    """Patch (N × 3 × PATCH × PATCH) to its four corners' offsets (N × 8)."""
    layers: list[nn.Module] = []
    c_in = 3
    for k, width in enumerate(WIDTHS):
        layers += conv_block(c_in, width)
        if 0 < k < len(WIDTHS) - 1:
            layers += conv_block(width, width)
        layers.append(nn.MaxPool2d(2))
        c_in = width
    cells = (PATCH // 2 ** len(WIDTHS)) ** 2
    layers += [nn.Flatten(), nn.Linear(c_in * cells, 128), nn.ReLU(), nn.Linear(128, 8)]
    return nn.Sequential(*layers)


_MIRROR = np.array([1, 0, 3, 2])
_TURN = np.array([1, 2, 3, 0])
"""Which corner of the patch before each corner (top-left, clockwise) comes from once it is
mirrored left to right, or turned a quarter turn anticlockwise (as ``np.rot90``)."""


def mirrored(patches: np.ndarray, shifts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Patches (N × P × P × 3) mirrored left to right, and their offsets (N × 4 × 2) with them.

    >>> shifts = np.array([[[0.1, 0.2], [0, 0], [0, 0], [0, 0]]])
    >>> mirrored(np.zeros((1, 4, 4, 3)), shifts)[1][0, 1].tolist()
    [-0.1, 0.2]
    """
    moved = shifts[:, _MIRROR].copy()
    moved[..., 0] *= -1
    return patches[:, :, ::-1], moved


def turned(patches: np.ndarray, shifts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Patches (N × P × P × 3) turned a quarter anticlockwise, and their offsets with them.

    >>> shifts = np.array([[[0.1, 0.2], [0, 0], [0, 0], [0, 0]]])
    >>> turned(np.zeros((1, 4, 4, 3)), shifts)[1][0, 3].tolist()
    [0.2, -0.1]
    """
    moved = shifts[:, _TURN][..., ::-1].copy()
    moved[..., 1] *= -1
    return np.rot90(patches, 1, axes=(1, 2)), moved


def _augmented(
    patches: np.ndarray, shifts: np.ndarray, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray]:
    """A batch turned, mirrored, lit and noised at random (offsets N × 8)."""
    shifts = shifts.reshape(-1, 4, 2)
    out, moved = patches, shifts
    if rng.random() < 0.5:
        out, moved = mirrored(out, moved)
    for _ in range(int(rng.integers(4))):
        out, moved = turned(out, moved)
    return relit(np.ascontiguousarray(out), rng), moved.reshape(-1, 8)


def corner_error(shifts: np.ndarray) -> float:
    """The mean distance of the corners from where they should be, in face sides."""
    return float(np.linalg.norm(shifts.reshape(-1, 4, 2), axis=2).mean())


def predict(net: nn.Module, patches: np.ndarray) -> np.ndarray:
    """The network's offsets (N × 8) for uint8 patches."""
    return outputs(net, patches).reshape(-1, 8)


def train(
    patches: np.ndarray,
    shifts: np.ndarray,
    schedule: Schedule,
) -> nn.Module:
    """The refiner trained on ``patches`` (uint8) and their ``shifts`` as ``schedule`` says."""
    device = schedule.device

    def loss_of(net: nn.Module, pick: np.ndarray, rng: np.random.Generator) -> torch.Tensor:
        pick = np.sort(pick)
        views, wanted = _augmented(patches[pick], shifts[pick], rng)
        x = torch.from_numpy(network_patches(views)).to(device)
        y = torch.from_numpy(wanted.astype(np.float32)).to(device)
        return nn.functional.l1_loss(net(x), y)

    return fit(starting(network, schedule.init, patches), len(patches), loss_of, schedule)


def export(net: nn.Module, out: Path) -> None:
    """Write ``net`` as ONNX: patches in (N × 3 × PATCH × PATCH), offsets out (N × 8)."""
    patch_export(net, out, PATCH, "offsets")


def main(argv: list[str] | None = None) -> None:
    parser = arguments(__doc__.split("\n\n")[0], "the .npz of outlines (refiner_dataset)", 10)
    args, schedule, data, held = command(parser, network, argv)
    patches, shifts = data["patches"], data["offsets"]
    print(f"{int((~held).sum())} outlines to learn from, {int(held.sum())} held out", flush=True)
    net = train(patches[~held], shifts[~held], schedule)
    if held.any():
        left = shifts[held] - predict(net, patches[held])
        print(
            f"held out: corners off by {corner_error(shifts[held]):.4f} sides as found,"
            f" {corner_error(left):.4f} refined"
        )
    export(net, args.out)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
