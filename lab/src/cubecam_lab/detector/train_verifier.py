"""Train the verifier (is a find a cube's top face?) and write it as ONNX.

Needs PyTorch (``pip install -e '.[train]'``); learns from the patches
:mod:`.verifier_dataset` harvests, a tenth of the photos held out to report on::

    OMP_NUM_THREADS=1 .venv/bin/python -m cubecam_lab.detector.train_verifier \\
        patches.npz --epochs 12 --out verifier.onnx

The network is a small plain CNN (three stages of two 3 × 3 convolutions, pooled to one
score); the patch, cut with the camera's side below where the photo tells it
(:mod:`.patches`), is mirrored left to right at random, never turned (what lies below a
face tells a top from a side), and its light and noise varied.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import torch
from torch import nn

from cubecam.vision.detector.patches import PATCH, network_patches
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

WIDTHS = (16, 32, 64)


def network() -> nn.Module:
    """Patch (N × 3 × PATCH × PATCH) to the odds that it is a top face (N × 1 logits)."""
    layers: list[nn.Module] = []
    c_in = 3
    for width in WIDTHS:
        layers += [*conv_block(c_in, width), *conv_block(width, width), nn.MaxPool2d(2)]
        c_in = width
    layers += [*conv_block(c_in, c_in), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(c_in, 1)]
    return nn.Sequential(*layers)


class _Probability(nn.Module):
    def __init__(self, net: nn.Module) -> None:
        super().__init__()
        self.net = net

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.sigmoid(self.net(x))[:, 0]


def _augmented(patches: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Patches (uint8, N × P × P × 3) mirrored, lit and noised at random."""
    out = patches.copy()
    flip = rng.random(len(out)) < 0.5
    out[flip] = out[flip, :, ::-1]
    return relit(out, rng)


def _scores(net: nn.Module, patches: np.ndarray) -> np.ndarray:
    return torch.sigmoid(torch.from_numpy(outputs(net, patches)[:, 0])).numpy()


def report(scores: np.ndarray, tops: np.ndarray) -> str:
    """How the scores split tops from the rest: those of each kept at a few thresholds."""
    parts = []
    for threshold in (0.1, 0.3, 0.5):
        kept = scores > threshold
        parts.append(
            f"at {threshold}: tops kept {kept[tops].mean():.4f}, others kept {kept[~tops].mean():.4f}"
        )
    return "; ".join(parts)


def train(
    patches: np.ndarray,
    tops: np.ndarray,
    schedule: Schedule,
    blank: np.ndarray | None = None,
    blank_weight: float = 1.0,
) -> nn.Module:
    """The verifier trained on ``patches`` (uint8) marked ``tops`` as ``schedule`` says,
    classes weighed alike, each ``blank`` top (a face with no glyph, where marked) counting
    ``blank_weight`` times."""
    device = schedule.device
    weight = torch.tensor([(~tops).sum() / max(tops.sum(), 1)], dtype=torch.float32, device=device)
    bce = nn.BCEWithLogitsLoss(pos_weight=weight, reduction="none")
    counts = np.ones(len(tops)) if blank is None else np.where(blank, blank_weight, 1.0)

    def loss_of(net: nn.Module, pick: np.ndarray, rng: np.random.Generator) -> torch.Tensor:
        x = torch.from_numpy(network_patches(_augmented(patches[pick], rng))).to(device)
        y = torch.from_numpy(tops[pick].astype(np.float32)).to(device)
        w = torch.from_numpy(counts[pick].astype(np.float32)).to(device)
        return (bce(net(x)[:, 0], y) * w).sum() / w.sum()

    return fit(starting(network, schedule.init, patches), len(patches), loss_of, schedule)


def export(net: nn.Module, out: Path) -> None:
    """Write ``net`` as ONNX: patches in (N × 3 × PATCH × PATCH), probabilities out (N)."""
    patch_export(_Probability(net), out, PATCH, "top")


def main(argv: list[str] | None = None) -> None:
    parser = arguments(__doc__.split("\n\n")[0], "the .npz of patches (verifier_dataset)", 12)
    parser.add_argument(
        "--blank-weight",
        type=float,
        default=1.0,
        help="times a blank top counts in the loss (blanks show no glyph; needs a harvest that"
        " marks them)",
    )
    args, schedule, data, held = command(parser, network, argv)
    patches, tops = data["patches"], data["tops"]
    blank = data.get("blank", np.zeros(len(tops), bool))
    if args.blank_weight != 1.0 and "blank" not in data:
        parser.error(f"{args.data} marks no blank tops: harvest it again to weigh them")
    print(
        f"{int(tops.sum())} top faces ({int(blank.sum())} blank), {int((~tops).sum())} others",
        flush=True,
    )
    net = train(patches[~held], tops[~held], schedule, blank[~held], args.blank_weight)
    if held.any():
        scores = _scores(net, patches[held])
        print(f"held out: {report(scores, tops[held])}")
        if blank[held].any():
            print(f"held-out blank tops kept at 0.3: {(scores[blank[held]] > 0.3).mean():.4f}")
    export(net, args.out)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
